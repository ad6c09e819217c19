package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code weakens} rules ask in code (issue 80, decision 95): a change that turns a
 * check off ({@link CheckEdits}), made by an edit tool ({@code edit-check-off}, {@code
 * edit-screening-off}, {@code edit-secret-logged}: of the call) or in place by {@code sed -i},
 * {@code perl -pi} or {@code yq -i} ({@code inplace-…}: of the program); and the machine's security
 * tooling named ({@code names-security-tool}: an EDR, an antivirus, an intrusion detector, a host's
 * audit).
 */
final class WeakenPredicates {
  /** The security tools' services and packages, by the beginning of their names. */
  private static final List<String> SECURITY_TOOLS =
      List.of(
          "falco",
          "osqueryd",
          "osquery",
          "crowdsec",
          "fail2ban",
          "clamav",
          "clamd",
          "freshclam",
          "clamonacc",
          "wazuh",
          "ossec",
          "falcon-sensor",
          "falcond",
          "mdatp",
          "sentinelone",
          "sentinelagent",
          "sentinel-agent",
          "cbagent",
          "cbdaemon",
          "cb-psc-sensor",
          "carbonblack",
          "elastic-agent",
          "elastic-endpoint",
          "elasticendpoint",
          "auditbeat",
          "auditd",
          "audit",
          "apparmor",
          "tetragon",
          "tracee",
          "sysmon",
          "sysmonforlinux",
          "rkhunter",
          "aide",
          "tripwire",
          "suricata",
          "snort",
          "zeek",
          "qualys-cloud-agent",
          "ds_agent",
          "xagt",
          "taniumclient",
          "velociraptor",
          "com.crowdstrike",
          "com.sentinelone",
          "com.microsoft.wdav",
          "com.microsoft.fresno",
          "com.jamf.protect",
          "com.google.santa",
          "com.objective-see",
          "windefend",
          "sense",
          "wdfilter");

  /** A process found by its name, for a kill: {@code $(pidof falco)}, {@code pgrep -f osqueryd}. */
  private static final Pattern FINDS_PROCESS =
      Pattern.compile("\\b(?:pidof|pgrep)(?:\\s+-\\w+)*\\s+['\"]?([\\w.@\\-]{2,80})");

  /** Defender's protections switched off from PowerShell. */
  private static final Pattern DEFENDER_OFF =
      Pattern.compile(
          "(?i)-Disable(?:RealtimeMonitoring|BehaviorMonitoring|IOAVProtection|ScriptScanning"
              + "|IntrusionPreventionSystem|BlockAtFirstSeen)\\s+(?:\\$true|1)|-ExclusionPath\\s+['\"]?[A-Z]:\\\\?['\"]?(?:\\s|$)");

  private static final Set<String> SED_VALUES =
      NameSet.of("-e", "--expression", "-f", "--file", "-l");

  private WeakenPredicates() {}

  /**
   * What a rule reads of a change of text, the weakens' readers' one output: the text taken out,
   * the text put in and the files changed ({@link CheckEdits#of}; {@code customers}' {@link
   * CustomerEdits}).
   *
   * @param <T> what it finds
   */
  @FunctionalInterface
  interface ChangeReader<T> {
    /**
     * What a change holds.
     *
     * @param old the text taken out, empty where not known
     * @param now the text put in
     * @param files the files changed ({@code inline code} where code writes one not known)
     * @return what it found, or {@code null}
     */
    T read(String old, String now, List<String> files);
  }

  /** Check edits' reader of a substitution: a check turned off, or a host repointed. */
  private static final ChangeReader<CheckEdits.Found> IN_PLACE =
      SwitchesCommentedOut.alsoCommented(
          (old, now, files) -> {
            CheckEdits.Found found = CheckEdits.of(old, now, files);
            return found != null ? found : CheckEdits.repointed(old, now, files);
          });

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    // The four read one reading of the call, kept for the call it was made of.
    named.put("edit-screening-off", scan -> shown(edited(scan), CheckEdits.Kind.SCREENING));
    named.put("edit-check-off", scan -> shown(edited(scan), CheckEdits.Kind.CHECK));
    named.put( // decision 308: an enforcing mode made a watching one, a protection's enabled off
        "edit-enforcement-lowered", scan -> EditCalls.read(scan.call(), EnforcementLowered::found));
    named.put(
        "edit-tests-at-production",
        scan -> shown(edited(scan), CheckEdits.Kind.TESTS_AT_PRODUCTION));
    named.put("edit-secret-logged", scan -> shown(edited(scan), CheckEdits.Kind.SECRET_LOGGED));
  }

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "inplace-screening-off",
        (scan, step, read) -> kindOf(inPlace(step)) == CheckEdits.Kind.SCREENING);
    named.put(
        "inplace-check-off", (scan, step, read) -> kindOf(inPlace(step)) == CheckEdits.Kind.CHECK);
    named.put( // decision 326: decision 317's reading of a value moved, made by an editor in place
        "inplace-live-setting-changed",
        (scan, step, read) ->
            inPlace(
                    step,
                    (old, now, files) ->
                        LiveSettingChanges.of(
                            old,
                            now,
                            EditCalls.inProject(
                                files, scan.call() == null ? null : scan.call().project())))
                != null);
    named.put(
        "inplace-secret-logged",
        (scan, step, read) -> kindOf(inPlace(step)) == CheckEdits.Kind.SECRET_LOGGED);
    named.put(
        "written-check-off",
        (scan, step, read) -> kindOf(written(scan, step)) == CheckEdits.Kind.CHECK);
    named.put(
        "written-screening-off",
        (scan, step, read) -> kindOf(written(scan, step)) == CheckEdits.Kind.SCREENING);
    named.put(
        "code-check-off",
        (scan, step, read) -> kindOf(replacedOrSetByCode(step)) == CheckEdits.Kind.CHECK);
    named.put(
        "code-screening-off",
        (scan, step, read) -> kindOf(replacedOrSetByCode(step)) == CheckEdits.Kind.SCREENING);
    named.put(
        "code-secret-logged",
        (scan, step, read) -> kindOf(replacedByCode(step)) == CheckEdits.Kind.SECRET_LOGGED);
    named.put(
        "turns-cluster-guard-off",
        (scan, step, read) -> clusterGuardOff(step) && !Environments.localTestData(scan, step));
    named.put(
        "kills-security-tool",
        (scan, step, read) -> {
          String source = scan.source();
          if (source == null || source.length() > 64 * 1024) {
            return false;
          }
          Matcher found = FINDS_PROCESS.matcher(source);
          while (found.find()) {
            if (securityTool(found.group(1))) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "disables-defender",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            if (PatternLiterals.finds(DEFENDER_OFF, word.text())) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "inplace-tests-at-production",
        (scan, step, read) -> kindOf(inPlace(step)) == CheckEdits.Kind.TESTS_AT_PRODUCTION);
    named.put(
        "names-security-tool",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            if (securityTool(word.text())) {
              return true;
            }
          }
          return false;
        });
  }

  /** What an edit tool's call turns off, read once a call however many rules ask. */
  private static CheckEdits.Found edited(Scan scan) {
    return scan.once("WeakenPredicates.edited", s -> CheckEdits.ofEdit(s.call()));
  }

  private static String shown(CheckEdits.Found found, CheckEdits.Kind kind) {
    return found != null && found.kind() == kind ? found.shown() : null;
  }

  private static CheckEdits.Kind kindOf(CheckEdits.Found found) {
    return found == null ? null : found.kind();
  }

  /**
   * Whether a word names a security tool's service or package: {@code falco-modern-bpf.service}.
   */
  static boolean securityTool(String text) {
    String name = text.replace("'", "").replace("\"", "").toLowerCase(Locale.ROOT);
    if (name.startsWith("-") || name.length() > 200) {
      return false;
    }
    name = name.substring(name.lastIndexOf('/') + 1);
    for (String tool : SECURITY_TOOLS) {
      if (name.equals(tool)
          || name.startsWith(tool + "-")
          || name.startsWith(tool + ".")
          || name.startsWith(tool + "@")
          || name.startsWith(tool + "*")
          || name.startsWith(tool + ":")
          || name.startsWith(tool + "_")
          || tool.startsWith("com.") && name.startsWith(tool)) {
        return true;
      }
    }
    return false;
  }

  /**
   * What text a program writes to a file turns off: {@code echo}'s or {@code printf}'s words, or a
   * here-document, sent to a file by a redirection or {@code tee}. What the file held before is not
   * known, so every line is read as added.
   */
  private static CheckEdits.Found written(Scan scan, Step step) {
    return written(scan, step, CheckEdits::of);
  }

  /** What text a program writes to a file holds, as the reader reads it. */
  static <T> T written(Scan scan, Step step, ChangeReader<T> reader) {
    List<Redirect> redirects = step.invocation().redirects();
    boolean tee = step.program().equals("tee");
    if (!tee && !MayChangeFiles.byRedirection(redirects)) {
      return null; // asked of every program by a dozen readers: most write no file
    }
    // What the program writes, and where, is the same for every reader: read once a program.
    Map<Step, Written> read = scan.once("WeakenPredicates.written", s -> new IdentityHashMap<>());
    Written text = read.get(step);
    if (text == null) {
      text = written(scan, step, redirects, tee);
      read.put(step, text);
    }
    return text.files().isEmpty() ? null : reader.read("", text.body(), text.files());
  }

  /** A program's text written to files, and their paths (none where there is no text). */
  private record Written(String body, List<String> files) {}

  private static Written written(Scan scan, Step step, List<Redirect> redirects, boolean tee) {
    List<Word> targets = new ArrayList<>();
    String body = null;
    for (Redirect redirect : redirects) {
      if (redirect.writes() && redirect.target() != null) {
        targets.add(redirect.target());
      }
      if (redirect.body() != null) {
        body = redirect.body();
      }
    }
    if (targets.isEmpty() && !tee) {
      return new Written(null, List.of());
    }
    if (tee) {
      for (Word word : step.args()) {
        if (!word.text().startsWith("-")) {
          targets.add(word);
        }
      }
    }
    if (body == null && tee) {
      body = pipedHereDocument(scan, step); // cat <<'EOF' | tee file: cat's text is what tee writes
    }
    if (body == null && !tee && !step.program().equals("cat")) {
      StringBuilder text = new StringBuilder();
      for (Word word : step.args()) {
        text.append(word.text()).append(' ');
      }
      body = text.toString().replace("\\n", "\n");
    }
    if (body == null) {
      return new Written(null, List.of());
    }
    List<String> files = new ArrayList<>();
    for (Word word : targets) {
      for (Target target : scan.targets(step, word)) {
        if (target.known() && !target.path().startsWith("/dev")) {
          files.add(target.path().toString());
        }
      }
    }
    return new Written(body, List.copyOf(files));
  }

  /**
   * The here-document a {@code cat} right before {@code step} is handed and writes to no file, the
   * text a {@code tee} after it in a pipeline writes (decision 203), or null.
   */
  private static String pipedHereDocument(Scan scan, Step step) {
    List<Step> steps = scan.steps();
    int at = steps.indexOf(step);
    if (at <= 0 || !steps.get(at - 1).program().equals("cat")) {
      return null;
    }
    String body = null;
    for (Redirect redirect : steps.get(at - 1).invocation().redirects()) {
      if (redirect.writes()) {
        return null; // cat <<EOF > a.txt: its text went to a file, not to the tee
      }
      body = redirect.body() != null ? redirect.body() : body;
    }
    return body;
  }

  /** A literal replaced by another in inline code: {@code s.replace('A', 'B')}, {@code re.sub}. */
  private static final Pattern CODE_REPLACE =
      Pattern.compile(
          "(?:\\.replace(?:All)?|re\\.sub|\\.gsub!?|\\.sub!?)\\(\\s*(?:r?(['\"])(.{1,200}?)\\1|/(.{1,200}?)/\\w*)"
              + "\\s*,\\s*r?(['\"])(.{0,200}?)\\4");

  /** Inline code that writes a file. */
  private static final Pattern CODE_WRITES =
      Pattern.compile("write(?:_text|FileSync|File)?\\s*\\(|File\\.write|fs\\.promises");

  /**
   * What inline code that writes a file turns off by the replacements it makes: each literal it
   * replaces read as the text taken out, its replacement as the text put in; the file is not known.
   */
  private static CheckEdits.Found replacedByCode(Step step) {
    return replacedByCode(step, CheckEdits::of);
  }

  /** What inline code turns off by its replacements, or by a key it sets in a file it dumps. */
  private static CheckEdits.Found replacedOrSetByCode(Step step) {
    CheckEdits.Found found = replacedByCode(step);
    return found != null ? found : setByCode(step, CheckEdits::of);
  }

  /** What inline code's replacements hold, as the reader reads them. */
  static <T> T replacedByCode(Step step, ChangeReader<T> reader) {
    StringBuilder code = new StringBuilder();
    for (Word word : step.args()) {
      if (code.length() + word.text().length() > 16 * 1024) {
        break;
      }
      code.append(word.text()).append('\n');
    }
    String text = code.toString();
    if (!(text.contains("replace") || text.contains("sub(") || text.contains("sub!("))
        || !CODE_WRITES.matcher(code).find()) {
      return null;
    }
    Matcher replace = CODE_REPLACE.matcher(code);
    int count = 0;
    while (replace.find() && count++ < 16) {
      String old = replace.group(2) != null ? replace.group(2) : replace.group(3);
      T found = reader.read(old, replace.group(5), List.of("inline code"));
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /**
   * What inline code that loads a file, sets a key and writes it back sets, read as the lines it
   * adds to the first file it names (decision 221 for its statements joined by {@code ;}): {@code
   * d=yaml.safe_load(open(p));d['sanctions_screening']=False;yaml.safe_dump(d,open(p,'w'))}.
   */
  static <T> T setByCode(Step step, ChangeReader<T> reader) {
    String code = InterpreterCode.of(step);
    if (code == null || code.length() > MAX_CODE || !PatternLiterals.finds(DUMPS, code)) {
      return null;
    }
    Matcher path = CODE_PATH.matcher(code);
    return reader.read(
        "",
        STATEMENTS.matcher(code).replaceAll("\n"), // one statement a line: a;b, a; b
        List.of(path.find() ? path.group(1) : "inline code"));
  }

  /** The longest inline code read as a whole. */
  private static final int MAX_CODE = 16 * 1024;

  /** Statements' separator in one line of code. */
  private static final Pattern STATEMENTS = Pattern.compile(";\\s*");

  /** Code that writes a structure or text back to a file. */
  private static final Pattern DUMPS =
      Pattern.compile(
          "(?:yaml\\.(?:safe_)?dump|json\\.dump|toml\\.dump|write_text|writeFileSync|\\.write)\\s*\\(");

  /** The first file inline code names. */
  private static final Pattern CODE_PATH =
      Pattern.compile("['\"]([\\w.\\-]{0,100}/[\\w./\\-]{1,200}\\.\\w{1,8})['\"]");

  /** The kinds of a cluster's objects that are its security controls. */
  private static final Set<String> GUARD_KINDS =
      NameSet.of(
          "validatingwebhookconfiguration",
          "validatingwebhookconfigurations",
          "mutatingwebhookconfiguration",
          "mutatingwebhookconfigurations",
          "networkpolicy",
          "networkpolicies",
          "netpol",
          "clusterpolicy",
          "clusterpolicies",
          "constrainttemplate",
          "constrainttemplates",
          "peerauthentication",
          "peerauthentications",
          "authorizationpolicy",
          "authorizationpolicies");

  /** The names a cluster's admission, policy and runtime security go by. */
  private static final Pattern GUARD_NAMES =
      Pattern.compile(
          "(?i)\\b(?:falco|gatekeeper|kyverno|opa|trivy-operator|kube-bench|neuvector|kubearmor"
              + "|tetragon|policy-controller|sysdig|aqua)");

  /**
   * Whether a kubectl turns a cluster's security control off: its admission webhooks, network or
   * admission policies, mesh authentication deleted; its security tooling deleted or scaled to
   * nothing; a namespace's pod security labelled privileged.
   */
  private static boolean clusterGuardOff(Step step) {
    boolean delete = false;
    boolean scaleToZero = false;
    boolean label = false;
    boolean guardKind = false;
    boolean guardName = false;
    for (Word word : step.args()) {
      String text = word.text().toLowerCase(Locale.ROOT);
      if (text.length() > 300) {
        continue;
      }
      delete |= text.equals("delete");
      label |= text.equals("label");
      scaleToZero |= text.equals("--replicas=0");
      for (String part : text.split("[/,]")) {
        guardKind |= GUARD_KINDS.contains(part);
      }
      guardName |= PatternLiterals.finds(GUARD_NAMES, text);
      if (label && text.startsWith("pod-security.kubernetes.io/enforce=privileged")) {
        return true;
      }
    }
    return delete && (guardKind || guardName) || scaleToZero && guardName;
  }

  /** What a sed, perl or yq changing files in place turns off. */
  private static CheckEdits.Found inPlace(Step step) {
    return inPlace(step, IN_PLACE);
  }

  /** What a sed, perl or yq changing files in place holds, as the reader reads each change. */
  static <T> T inPlace(Step step, ChangeReader<T> reader) {
    String program = step.program();
    List<Word> args = step.args();
    InPlaceEditors.Edit editor = InPlaceEditors.of(step); // ex, vim, gawk, ruby, sd: decision 326
    if (editor != null) {
      return substituted(editor.scripts(), editor.files(), reader);
    }
    if (!MayChangeFiles.inPlace(args)) {
      return null; // asked of every program by a dozen readers: most have no such option
    }
    boolean inPlace = false;
    List<String> scripts = new ArrayList<>();
    List<String> files = new ArrayList<>();
    boolean scriptGiven = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-") && !text.startsWith("--") && text.length() > 1) {
        String letters = text.substring(1);
        inPlace |=
            letters.indexOf('i') >= 0
                && (program.equals("perl")
                    || letters.startsWith("i")
                    || letters.matches("[nErsuz]*i.*"));
        if ((letters.endsWith("e") || letters.equals("e")) && i + 1 < args.size()) {
          scripts.add(args.get(++i).text());
          scriptGiven = true;
        } else if (SED_VALUES.contains(text) && i + 1 < args.size()) {
          i++;
        }
      } else if (text.startsWith("--")) {
        inPlace |= text.startsWith("--in-place") || text.equals("--inplace");
        if (text.startsWith("--expression=")) {
          scripts.add(text.substring("--expression=".length()));
          scriptGiven = true;
        }
      } else if (program.equals("yq")
          && !scriptGiven
          && files.isEmpty()
          && (text.equals("e")
              || text.equals("eval")
              || text.equals("eval-all")
              || text.equals("ea"))) {
        continue; // yq's own subcommand
      } else if (!scriptGiven) {
        scripts.add(text);
        scriptGiven = true;
      } else {
        files.add(text);
      }
    }
    if (files.isEmpty() && step.reachedBy("xargs")) {
      files.add("files from xargs"); // grep -rl … | xargs sed -i: decision 326
    }
    if (!inPlace || scripts.isEmpty() || files.isEmpty()) {
      return null;
    }
    if (program.equals("yq")) {
      for (String script : scripts) {
        T found = script.length() > 4096 ? null : reader.read("", script, files);
        if (found == null && script.length() <= 4096 && script.contains("|=")) {
          // |= sets as = does (decision 326): .backup.encrypt |= false
          found = reader.read("", script.replace("|=", "="), files);
        }
        if (found != null) {
          return found;
        }
      }
      return null;
    }
    if (program.equals("perl")) {
      for (String script : List.copyOf(scripts)) {
        scripts.addAll(InPlaceEditors.perlScripts(script)); // print unless /re/, $_ = "…" if /re/
      }
    }
    return substituted(scripts, files, reader);
  }

  /** What sed scripts' changes to the files hold, as the reader reads each change. */
  private static <T> T substituted(
      List<String> scripts, List<String> files, ChangeReader<T> reader) {
    for (String script : scripts) {
      if (script.length() > 4096) {
        continue;
      }
      for (String[] change : SedSubstitutions.of(script)) {
        T found = reader.read(change[0], change[1], files);
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }
}
