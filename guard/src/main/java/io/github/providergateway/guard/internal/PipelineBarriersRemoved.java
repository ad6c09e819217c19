package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A gate taken out of a CI pipeline by its shape, whatever the check (session 19, helper weaken;
 * round 76's fair-lending step and store-release environment), for {@link SafeguardEdits} ({@code
 * safeguards.check-removed}), beside {@link PipelineChecksRemoved}'s step of a releasing job: a
 * job's protected {@code environment:} (its approvers) taken out, GitLab's {@code when: manual} or
 * Jenkins's {@code input} taken out, a job's {@code needs:} losing a check's job, {@code
 * continue-on-error: true} or {@code allow_failure: true} put on a check, {@code || true} put after
 * a check's command, and a named step that gates (a scan, an audit, a bias or fairness evaluation,
 * a signature) taken out of a pipeline whose file or steps release. A step renamed, a need added, a
 * version bumped, and a check taken out of a pipeline that releases nothing are ordinary.
 */
final class PipelineBarriersRemoved {
  private PipelineBarriersRemoved() {}

  /** Words of a job, step or command that gates what follows. */
  private static final Set<String> GATES =
      NameSet.of(
          "check",
          "checks",
          "scan",
          "scanner",
          "audit",
          "verify",
          "verification",
          "validate",
          "validation",
          "test",
          "tests",
          "lint",
          "gate",
          "fairness",
          "bias",
          "disparity",
          "security",
          "vulnerability",
          "sast",
          "dast",
          "licence",
          "license",
          "licences",
          "licenses",
          "compliance",
          "sbom",
          "sign",
          "signature",
          "cosign",
          "reproducibility",
          "reproducible",
          "accessibility",
          "a11y",
          "pa11y",
          "approval",
          "approve",
          "review",
          "policy",
          "conformance",
          "trivy",
          "grype",
          "gitleaks",
          "semgrep",
          "codeql",
          "snyk",
          "pytest",
          "e2e",
          "qa",
          "evals",
          "evaluation");

  /** A job's needs on one line: {@code needs: [build, scan]} or {@code needs: build}. */
  private static final Pattern NEEDS = Pattern.compile("^needs:\\s*\\[?([^\\]#]{0,300})\\]?\\s*$");

  /** A list item under a key: {@code - build}. */
  private static final Pattern ITEM = Pattern.compile("^-\\s+['\"]?([\\w.\\-]{1,80})['\"]?\\s*$");

  /** A step's name. */
  private static final Pattern NAME = Pattern.compile("^-?\\s*name:\\s*['\"]?([^'\"#]{1,200})");

  /** What lets a check's failure pass. */
  private static final Pattern LET_PASS =
      Pattern.compile(
          "(?:\\|\\|\\s*(?:true|:|exit\\s+0|echo\\b.{0,200})|;\\s*exit\\s+0)\\s*['\"]?$");

  /**
   * What a change takes out of a pipeline's gates, or {@code null}.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @param file the file it changes
   * @return what the reason shows, or {@code null}
   */
  static String of(String old, String now, String file) {
    if (old.isEmpty()
        || old.length() > 8192
        || now.length() > 8192
        || !PatternLiterals.finds(PipelineChecksRemoved.PIPELINES, file)) {
      return null;
    }
    List<String> was = lines(old);
    List<String> is = lines(now);
    String shown = approvalTakenOut(was, is);
    if (shown == null) {
      shown = needsShortened(old, now);
    }
    if (shown == null) {
      shown = failureLetPass(old, was, is);
    }
    if (shown == null) {
      shown = gateStepTakenOut(old, now, was, is, file);
    }
    return shown;
  }

  private static List<String> lines(String text) {
    List<String> lines = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      if (line.length() <= SafeguardEdits.MAX_LINE && lines.size() < 256) {
        lines.add(line.strip());
      }
    }
    return lines;
  }

  /** A job's protected environment, a manual gate or an input step, no longer in the text. */
  private static String approvalTakenOut(List<String> was, List<String> is) {
    for (String line : was) {
      String kind =
          line.startsWith("environment:")
              ? "environment:"
              : line.replace(" ", "").equals("when:manual")
                  ? "when:"
                  : line.matches("(?:steps\\s*\\{\\s*)?input[\\s(].{0,200}") ? "input" : null;
      if (kind == null) {
        continue;
      }
      if (kind.equals("environment:") && movedAway(line, is)) {
        return "the protected " + line + " moved to " + environment(is);
      }
      boolean kept = false;
      for (String left : is) {
        kept |= left.replace(" ", "").startsWith(kind.replace(" ", "")) || left.equals(line);
      }
      if (!kept) {
        return "the gate " + line + " taken out of the pipeline";
      }
    }
    return null;
  }

  /** Names of an environment its approvers protect. */
  private static final Set<String> PROTECTED =
      NameSet.of("prod", "production", "prd", "live", "release", "store", "public");

  /**
   * A protected environment's name swapped for one of none: {@code production} to {@code preview}.
   */
  private static boolean movedAway(String line, List<String> is) {
    String to = environment(is);
    return to != null
        && SafeguardEdits.has(SafeguardEdits.words(line), PROTECTED)
        && !SafeguardEdits.has(SafeguardEdits.words(to), PROTECTED)
        && !to.replace("environment:", "").isBlank();
  }

  /** The new text's environment line, or {@code null}. */
  private static String environment(List<String> is) {
    for (String line : is) {
      if (line.startsWith("environment:")) {
        return line;
      }
    }
    return null;
  }

  /** A job's needs losing a check's job: {@code needs: [build, scan]} to {@code [build]}. */
  private static String needsShortened(String old, String now) {
    Set<String> before = needs(old);
    if (before.isEmpty()) {
      return null;
    }
    Set<String> after = needs(now);
    for (String need : before) {
      if (!after.contains(need) && SafeguardEdits.has(SafeguardEdits.words(need), GATES)) {
        return "needs: " + need + " taken out";
      }
    }
    return null;
  }

  /** The jobs a text's {@code needs:} name, on its line or in the list below it. */
  private static Set<String> needs(String text) {
    Set<String> needs = new LinkedHashSet<>();
    boolean list = false;
    for (String line : lines(text)) {
      Matcher one = NEEDS.matcher(line);
      if (one.matches()) {
        String items = one.group(1).strip();
        list = items.isEmpty();
        for (String item : items.split(",")) {
          String need = item.strip().replaceAll("^['\"]|['\"]$", "");
          if (!need.isEmpty()) {
            needs.add(need);
          }
        }
        continue;
      }
      Matcher item = ITEM.matcher(line);
      if (list && item.matches()) {
        needs.add(item.group(1));
      } else {
        list = false;
      }
    }
    return needs;
  }

  /**
   * {@code continue-on-error: true}, {@code allow_failure: true}, {@code if: false} or {@code ||
   * true} put on a check.
   */
  private static String failureLetPass(String old, List<String> was, List<String> is) {
    Set<String> before = new HashSet<>(was);
    boolean checks = SafeguardEdits.has(SafeguardEdits.words(old), GATES);
    for (String line : is) {
      if (before.contains(line)) {
        continue;
      }
      String flat = line.replace(" ", "").toLowerCase(Locale.ROOT);
      if (checks
          && (flat.equals("continue-on-error:true")
              || flat.equals("allow_failure:true")
              || flat.matches("-?(?:if:(?:false|\\$\\{\\{false}}|'false'|0)|when:never)"))) {
        return line + " put on a check";
      }
      Matcher pass = LET_PASS.matcher(line);
      if (pass.find()) {
        String command = line.substring(0, pass.start()).strip();
        if (command.length() > 2
            && before.contains(command)
            && SafeguardEdits.has(SafeguardEdits.words(command), GATES)) {
          return line + ": the check's failure let pass";
        }
      }
    }
    return null;
  }

  /**
   * A step named for a gate, or a command of one, taken out of a pipeline whose file's name or
   * steps release: {@code - name: Fair lending disparity check} with its {@code run:}.
   */
  private static String gateStepTakenOut(
      String old, String now, List<String> was, List<String> is, String file) {
    List<String> fileWords = SafeguardEdits.words(file.substring(file.lastIndexOf('/') + 1));
    boolean releases = SafeguardEdits.has(fileWords, PipelineChecksRemoved.RELEASES);
    for (String command : PipelineChecksRemoved.commands(now + "\n" + old)) {
      releases |= SafeguardEdits.has(SafeguardEdits.words(command), PipelineChecksRemoved.RELEASES);
    }
    if (!releases) {
      return null;
    }
    Set<String> left = new HashSet<>(is);
    List<String> gone = new ArrayList<>();
    if (names(is) < names(was)) {
      for (String line : was) {
        Matcher name = NAME.matcher(line);
        if (name.find() && !left.contains(line)) {
          gone.add(name.group(1).strip());
        }
      }
    }
    List<String> commands = PipelineChecksRemoved.commands(now);
    if (commands.size() < PipelineChecksRemoved.commands(old).size()) {
      for (String command : PipelineChecksRemoved.commands(old)) {
        if (!commands.contains(command)) {
          gone.add(command);
        }
      }
    }
    if (was.size() == 1 && PipelineChecksRemoved.commands(old).isEmpty() && now.isBlank()) {
      gone.add(old.strip().replaceAll("\\(\\)$", "")); // sed's /trivy image/d: the pattern
    }
    for (String step : gone) {
      if (SafeguardEdits.has(SafeguardEdits.words(step), GATES)) {
        return "the step " + step + " taken out of a pipeline that releases";
      }
    }
    return null;
  }

  /** How many steps a text names. */
  private static int names(List<String> lines) {
    int names = 0;
    for (String line : lines) {
      names += NAME.matcher(line).find() ? 1 : 0;
    }
    return names;
  }
}
