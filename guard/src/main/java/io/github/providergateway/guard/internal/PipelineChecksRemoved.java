package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A check's step taken out of a CI pipeline's job that releases or deploys (round 67: {@code -
 * sdc-check --strict outputs/} taken out of the script before the job stages the release), for
 * {@link SafeguardEdits} ({@code safeguards.check-removed}). A step is a script's item ({@code -
 * cmd}) or a {@code run:}; it is a check where its command's words name one (check, lint, scan,
 * test, verify, validate, audit, a disclosure control's sdc); the job releases where a step the
 * change leaves names a release, a deployment, a publication, a promotion or an upload. A step
 * whose command is still run, changed or moved, is kept; a job that releases nothing is the
 * person's to tidy.
 */
final class PipelineChecksRemoved {
  private PipelineChecksRemoved() {}

  /** A CI pipeline's file: GitHub's or Gitea's workflows, GitLab's, CircleCI's, Azure's, … */
  static final Pattern PIPELINES =
      Pattern.compile(
          "(?i)(?:^|/)(?:\\.gitlab-ci[\\w.\\-]*\\.ya?ml|\\.(?:github|gitea|forgejo)/workflows/[^/]+\\.ya?ml"
              + "|\\.circleci/config\\.ya?ml|azure-pipelines[\\w.\\-]*\\.ya?ml|bitbucket-pipelines\\.ya?ml"
              + "|\\.drone\\.ya?ml|\\.travis\\.ya?ml|\\.buildkite/[^/]+\\.ya?ml|cloudbuild[\\w.\\-]*\\.ya?ml"
              + "|\\.woodpecker(?:/[^/]+)?\\.ya?ml|jenkinsfile[\\w.\\-]*|[\\w.\\-]*pipeline[\\w.\\-]*\\.ya?ml)$");

  /** A step's command: a script's item or a {@code run:}. */
  private static final Pattern STEP =
      Pattern.compile("^(?:-\\s+(?:run:\\s*)?|run:\\s*|sh\\s+['\"])['\"]?([^\\s'\"#][^#]{0,300})");

  /** Words of a command that make it a check. */
  private static final Set<String> CHECKS =
      NameSet.of(
          "check",
          "checks",
          "lint",
          "linter",
          "scan",
          "scanner",
          "test",
          "tests",
          "verify",
          "verification",
          "validate",
          "validation",
          "audit",
          "sdc",
          "disclosure",
          "sast",
          "dast",
          "trivy",
          "grype",
          "gitleaks",
          "semgrep",
          "cosign",
          "pytest",
          "conformance");

  /** Words of a step that release or deploy what the job built. */
  static final Set<String> RELEASES =
      NameSet.of(
          "deploy",
          "deployment",
          "release",
          "publish",
          "stage",
          "promote",
          "upload",
          "ship",
          "rollout",
          "push",
          "apply",
          "production",
          "prod",
          "live");

  /**
   * What a change takes out of a releasing job's checks, or {@code null}.
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
        || !PatternLiterals.finds(PIPELINES, file)) {
      return null;
    }
    List<String> left = commands(now);
    Set<String> running = new HashSet<>();
    boolean releases = false;
    for (String command : left) {
      running.add(program(command));
      releases |= SafeguardEdits.has(SafeguardEdits.words(command), RELEASES);
    }
    if (!releases) {
      return null;
    }
    for (String command : commands(old)) {
      if (!left.contains(command)
          && !running.contains(program(command))
          && SafeguardEdits.has(SafeguardEdits.words(command), CHECKS)) {
        return "the step " + command.strip() + " taken out of a job that releases";
      }
    }
    return null;
  }

  /** The commands of a text's steps. */
  static List<String> commands(String text) {
    List<String> commands = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      Matcher step = STEP.matcher(line.strip());
      if (line.length() <= SafeguardEdits.MAX_LINE && step.find() && commands.size() < 64) {
        commands.add(step.group(1).strip());
      }
    }
    return commands;
  }

  /** Programs that run another's task, named by their next word: {@code make test}. */
  private static final Set<String> RUNNERS =
      NameSet.of(
          "make",
          "npm",
          "yarn",
          "pnpm",
          "npx",
          "python",
          "python3",
          "mvn",
          "./mvnw",
          "gradle",
          "./gradlew",
          "go",
          "cargo",
          "tox",
          "nox",
          "uv",
          "poetry",
          "bundle",
          "rake",
          "docker",
          "bash",
          "sh",
          "just",
          "task",
          "dotnet");

  /** A command's program: its first word, with its task where it runs another's. */
  private static String program(String command) {
    String[] words = command.toLowerCase(Locale.ROOT).split("\\s+", 4);
    if (words.length > 1 && RUNNERS.contains(words[0])) {
      String task = words[1].equals("run") && words.length > 2 ? words[2] : words[1];
      return words[0] + " " + task;
    }
    return words[0];
  }
}
