package io.github.providergateway.guard.shell.programs;

import io.github.providergateway.guard.shell.internal.GitGlobalOptions;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shell code a program carries in an option's value or runs as a command of its own, found from its
 * words alone: {@code git -c core.fsmonitor='…'}, {@code ssh -o ProxyCommand='…'} and the remote
 * command of {@code ssh host …}, {@code tar --checkpoint-action=exec='…'}, {@code rsync -e '…'},
 * {@code sed 'e …'}, the command of {@code parallel … ::: …}, {@code kubectl exec|debug … -- …} and
 * a shell's {@code -c} inside {@code docker run} or {@code docker exec}. The resolver reads each as
 * commands reached that way, so the rules see them as they see any other.
 */
final class CarriedCode {

  /**
   * Each program read here, with what reads it: one table, so that a program with no reading makes
   * no list at all (every program of a long command is asked).
   */
  private static final Map<String, BiConsumer<List<ProgramWord>, List<CarriedRun>>> READERS =
      Map.ofEntries(
          Map.entry("git", CarriedCode::git),
          Map.entry("ssh", CarriedCode::ssh),
          Map.entry("tar", CarriedCode::tar),
          Map.entry("bsdtar", CarriedCode::tar),
          Map.entry("gtar", CarriedCode::tar),
          Map.entry("rsync", CarriedCode::rsync),
          Map.entry("sed", CarriedCode::sed),
          Map.entry("gsed", CarriedCode::sed),
          Map.entry("parallel", CarriedCode::parallel),
          Map.entry("kubectl", ContainerCarried::kubectlExec),
          Map.entry("oc", ContainerCarried::kubectlExec),
          Map.entry("docker", ContainerCarried::containerShell),
          Map.entry("podman", ContainerCarried::containerShell),
          Map.entry("nerdctl", ContainerCarried::containerShell),
          Map.entry("docker-compose", ContainerCarried::dockerCompose),
          Map.entry("python", ToolSpellings::pythonModule),
          Map.entry("python3", ToolSpellings::pythonModule),
          Map.entry("django-admin", ToolSpellings::djangoAdmin),
          Map.entry("node", ToolSpellings::nodePackageScript),
          Map.entry("nodejs", ToolSpellings::nodePackageScript),
          Map.entry("mvn", ToolSpellings::mavenGoals),
          Map.entry("mvnw", ToolSpellings::mavenGoals),
          Map.entry("gradle", ToolSpellings::gradleTasks),
          Map.entry("gradlew", ToolSpellings::gradleTasks),
          Map.entry("kafka-run-class", ToolSpellings::kafkaRunClass),
          Map.entry("kafka-run-class.sh", ToolSpellings::kafkaRunClass),
          Map.entry("ansible", FleetCarried::ansible),
          Map.entry("fab", FleetCarried::fabric),
          Map.entry("salt", FleetCarried::salt),
          Map.entry("salt-ssh", FleetCarried::salt),
          Map.entry("pdsh", FleetCarried::parallelShell),
          Map.entry("clush", FleetCarried::parallelShell),
          Map.entry("pssh", FleetCarried::parallelShell),
          Map.entry("parallel-ssh", FleetCarried::parallelShell));

  /** Git settings whose value git runs through the shell. */
  private static final Set<String> GIT_CODE_KEYS =
      NameSet.of(
          "core.fsmonitor",
          "core.sshcommand",
          "core.editor",
          "core.pager",
          "sequence.editor",
          "diff.external",
          "credential.helper",
          "gpg.program",
          "pager.log",
          "pager.diff",
          "pager.show");

  /** ssh's options that take a value in the next word. */
  private static final String SSH_WITH_VALUE = "BbcDEeFIiJLlmOoPpQRSWw";

  /** ssh configuration keys whose value runs as a local shell command. */
  private static final Set<String> SSH_CODE_KEYS =
      NameSet.of("proxycommand", "localcommand", "knownhostscommand", "remotecommand");

  /** tar's options whose value it runs as a command. */
  private static final List<String> TAR_CODE_OPTIONS =
      List.of(
          "--checkpoint-action=exec=",
          "--to-command=",
          "--use-compress-program=",
          "--rsh-command=",
          "--info-script=",
          "--new-volume-script=");

  /**
   * An address of a sed command: a line ({@code 5}, {@code first~step}), {@code $}, a regex ({@code
   * /re/I}, {@code \%re%}); {@code tag} names its delimiter's group.
   */
  private static String sedAddress(String tag) {
    return "(?:\\d+(?:~\\d+)?|\\$|/(?:[^/\\\\\\n]|\\\\.)*/[IM]*"
        + "|\\\\(?<"
        + tag
        + ">[^\\s\\\\])(?:\\\\.|(?!\\k<"
        + tag
        + ">).)*\\k<"
        + tag
        + ">[IM]*)";
  }

  /**
   * Where a sed command starts, with its address or range ({@code 1,5}, {@code /a/,+2}, {@code
   * 0,/re/}) and its negations ({@code !}).
   */
  private static final String SED_COMMAND_START =
      "(?:^|[;\\n{}])\\s*(?:"
          + sedAddress("a")
          + "(?:\\s*,\\s*(?:"
          + sedAddress("b")
          + "|[+~]\\d+))?)?\\s*(?:!\\s*)*";

  /**
   * sed's {@code e command} (GNU): an address, a range or nothing, then {@code e} and the command,
   * which is the rest of the line ({@code ;} is the command's).
   */
  private static final Pattern SED_EXECUTE =
      Pattern.compile(SED_COMMAND_START + "e[ \\t]+(?<command>[^\\n]+)");

  /**
   * sed's {@code s} command with the {@code e} flag (GNU): the pattern space once substituted runs
   * as a command; its replacement (group {@code r}) is read as the command ({@code s/.*\/rm -rf
   * ~/e}).
   */
  private static final Pattern SED_SUBSTITUTE_EXECUTE =
      Pattern.compile(
          SED_COMMAND_START
              + "s(?<d>[^\\s\\\\\\n])(?:\\\\.|(?!\\k<d>).)*\\k<d>"
              + "(?<r>(?:\\\\.|(?!\\k<d>).)*)\\k<d>[0-9gpIiMm]*e");

  private CarriedCode() {}

  /** {@return the programs {@link #of} reads} */
  static Set<String> programs() {
    return READERS.keySet();
  }

  /**
   * The code {@code words} carries.
   *
   * @param program the program's name without its folder
   * @param words the program and its arguments
   * @return what it carries, empty for nothing
   */
  static List<CarriedRun> of(String program, List<ProgramWord> words) {
    BiConsumer<List<ProgramWord>, List<CarriedRun>> reader = READERS.get(program);
    if (reader == null) {
      return List.of();
    }
    List<CarriedRun> found = new ArrayList<>();
    reader.accept(words, found);
    return found;
  }

  /** {@code git -c key=value} and {@code git config key value} of a key git runs as shell. */
  private static void git(List<ProgramWord> words, List<CarriedRun> found) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      String setting = null;
      String value = null;
      if (t.equals("-c") && i + 1 < words.size()) {
        setting = words.get(i + 1).text();
      } else if (t.startsWith("-c") && t.length() > 2) {
        setting = t.substring(2);
      } else if (t.equals("config") && i + 2 < words.size()) {
        int key = i + 1;
        while (key < words.size() && words.get(key).text().startsWith("-")) {
          key++;
        }
        if (key + 1 < words.size()) {
          setting = words.get(key).text() + "=" + words.get(key + 1).text();
        }
      }
      int eq = setting == null ? -1 : setting.indexOf('=');
      if (eq > 0) {
        value = setting.substring(eq + 1);
        String key = setting.substring(0, eq).toLowerCase(Locale.ROOT);
        if (key.equals("credential.helper") && !value.startsWith("!")) {
          continue; // a helper's name, not shell
        }
        if (GIT_CODE_KEYS.contains(key) || key.startsWith("pager.") || runsCode(key)) {
          found.add(
              new CarriedRun(
                  "git " + key, value.startsWith("!") ? value.substring(1) : value, null));
        }
      }
    }
    gitSubcommand(words, found);
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      int ext = t.indexOf("ext::");
      if (ext >= 0) {
        found.add(
            new CarriedRun(
                "git ext::", null, extArguments(t.substring(ext + 5), words.get(i).literal())));
      }
    }
  }

  /**
   * Git settings of a driver or a hook whose value git runs (git-config(1)): {@code
   * filter.<driver>.clean|smudge|process}, {@code diff.<driver>.textconv|command}, {@code
   * merge.<driver>.driver}, {@code difftool|mergetool.<tool>.cmd}, {@code
   * remote.<name>.uploadpack|receivepack}, {@code credential.<url>.helper}, {@code
   * gpg.<format>.program}, {@code trailer.<token>.command|cmd}, {@code core.gitProxy}, {@code
   * core.askPass}, {@code uploadpack.packObjectsHook}, {@code interactive.diffFilter}.
   */
  private static boolean runsCode(String key) {
    return key.equals("core.gitproxy")
        || key.equals("core.askpass")
        || key.equals("uploadpack.packobjectshook")
        || key.equals("interactive.difffilter")
        || key.startsWith("filter.")
            && (key.endsWith(".clean") || key.endsWith(".smudge") || key.endsWith(".process"))
        || key.startsWith("diff.") && (key.endsWith(".textconv") || key.endsWith(".command"))
        || key.startsWith("merge.") && key.endsWith(".driver")
        || (key.startsWith("difftool.") || key.startsWith("mergetool.")) && key.endsWith(".cmd")
        || key.startsWith("remote.")
            && (key.endsWith(".uploadpack") || key.endsWith(".receivepack"))
        || key.startsWith("credential.") && key.endsWith(".helper")
        || key.startsWith("gpg.") && key.endsWith(".program")
        || key.startsWith("trailer.") && (key.endsWith(".command") || key.endsWith(".cmd"));
  }

  /**
   * The commands git's subcommands run (git-submodule(1) foreach, git-rebase(1) --exec,
   * git-bisect(1) run, --upload-pack and --receive-pack, git-difftool(1) --extcmd, git-grep(1)
   * --open-files-in-pager, git-filter-branch(1)'s filters, git-archive(1) --exec).
   */
  private static void gitSubcommand(List<ProgramWord> words, List<CarriedRun> found) {
    int at = 1;
    while (at < words.size() && words.get(at).text().startsWith("-")) {
      at += GitGlobalOptions.takesValue(words.get(at).text()) ? 2 : 1;
    }
    if (at >= words.size()) {
      return;
    }
    String sub = words.get(at).text();
    List<ProgramWord> rest = words.subList(at + 1, words.size());
    switch (sub) {
      case "submodule" -> {
        int foreach = indexOf(rest, "foreach");
        if (foreach >= 0) {
          int from = foreach + 1;
          while (from < rest.size() && rest.get(from).text().startsWith("--")) {
            from++;
          }
          if (from < rest.size()) {
            found.add(
                new CarriedRun(
                    "git submodule foreach", joinedTexts(rest.subList(from, rest.size())), null));
          }
        }
      }
      case "bisect" -> {
        if (!rest.isEmpty() && rest.get(0).text().equals("run") && rest.size() > 1) {
          found.add(new CarriedRun("git bisect run", null, rest.subList(1, rest.size())));
        }
      }
      default -> {
        for (int i = 0; i < rest.size(); i++) {
          String t = rest.get(i).text();
          String value = t.startsWith("--") ? gitCodeOption(t, rest, i) : null;
          boolean shortExec =
              (t.equals("-x") && (sub.equals("rebase") || sub.equals("difftool")))
                  || (t.equals("-u")
                      && (sub.equals("clone") || sub.equals("fetch") || sub.equals("ls-remote")))
                  || (t.equals("-O") && sub.equals("grep"));
          if (shortExec && i + 1 < rest.size()) {
            value = rest.get(i + 1).text();
          } else if (t.startsWith("-O") && t.length() > 2 && sub.equals("grep")) {
            value = t.substring(2);
          }
          if (value != null && !value.isEmpty()) {
            found.add(new CarriedRun("git " + sub, value, null));
          }
        }
      }
    }
  }

  /** Git's subcommands' options whose value is a command: the word after, or after {@code =}. */
  private static final List<String> GIT_CODE_OPTIONS =
      List.of(
          "--exec",
          "--upload-pack",
          "--receive-pack",
          "--extcmd",
          "--open-files-in-pager",
          "--tree-filter",
          "--index-filter",
          "--msg-filter",
          "--env-filter",
          "--commit-filter",
          "--parent-filter",
          "--tag-name-filter");

  /**
   * {@return the command {@code t}, the word at {@code i} of {@code rest}, gives one of {@link
   * #GIT_CODE_OPTIONS}, or null} Asked of every {@code --} word of every git command: no option's
   * text is made to compare it (no option is the start of another).
   */
  private static String gitCodeOption(String t, List<ProgramWord> rest, int i) {
    for (int o = 0; o < GIT_CODE_OPTIONS.size(); o++) {
      String option = GIT_CODE_OPTIONS.get(o);
      if (t.startsWith(option)) {
        if (t.length() == option.length()) {
          return i + 1 < rest.size() ? rest.get(i + 1).text() : null;
        }
        if (t.charAt(option.length()) == '=') {
          return t.substring(option.length() + 1);
        }
      }
    }
    return null;
  }

  /**
   * An {@code ext::} remote's command as git-remote-ext(1) splits it: blanks part the arguments,
   * {@code "% "} is a blank within one, {@code "%%"} a percent sign.
   */
  private static List<ProgramWord> extArguments(String command, boolean literal) {
    List<ProgramWord> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < command.length(); i++) {
      char c = command.charAt(i);
      if (c == '%' && i + 1 < command.length()) {
        char next = command.charAt(++i);
        word.append(next);
      } else if (c == ' ') {
        if (word.length() > 0) {
          words.add(ProgramWord.of(word.toString(), literal));
          word.setLength(0);
        }
      } else {
        word.append(c);
      }
    }
    if (word.length() > 0) {
      words.add(ProgramWord.of(word.toString(), literal));
    }
    return words;
  }

  private static int indexOf(List<ProgramWord> words, String text) {
    for (int i = 0; i < words.size(); i++) {
      if (words.get(i).text().equals(text)) {
        return i;
      }
    }
    return -1;
  }

  private static String joinedTexts(List<ProgramWord> words) {
    StringBuilder out = new StringBuilder();
    for (ProgramWord w : words) {
      out.append(out.length() == 0 ? "" : " ").append(w.text());
    }
    return out.toString();
  }

  /** ssh's {@code -o Key=value} or {@code -oKey value} that runs code, and its remote command. */
  private static void ssh(List<ProgramWord> words, List<CarriedRun> found) {
    int i = 1;
    for (; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.equals("--")) {
        i++;
        break;
      }
      if (!t.startsWith("-") || t.length() < 2) {
        break;
      }
      String option = null;
      if (t.startsWith("-o")) {
        option =
            t.length() > 2 ? t.substring(2) : i + 1 < words.size() ? words.get(++i).text() : "";
        sshOption(option, found);
        continue;
      }
      char last = t.charAt(t.length() - 1);
      if (SSH_WITH_VALUE.indexOf(last) >= 0 && t.length() == 2) {
        i++;
      }
    }
    // The host, then the command it runs there: destructive wherever it runs.
    if (i + 1 < words.size()) {
      StringBuilder remote = new StringBuilder();
      for (int k = i + 1; k < words.size(); k++) {
        remote.append(k > i + 1 ? " " : "").append(words.get(k).text());
      }
      found.add(new CarriedRun("ssh", remote.toString(), null));
    }
  }

  private static void sshOption(String option, List<CarriedRun> found) {
    int split = 0;
    while (split < option.length() && option.charAt(split) != '=' && option.charAt(split) != ' ') {
      split++;
    }
    if (split >= option.length()) {
      return;
    }
    String key = option.substring(0, split).toLowerCase(Locale.ROOT);
    if (SSH_CODE_KEYS.contains(key)) {
      found.add(new CarriedRun("ssh -o " + key, option.substring(split + 1).strip(), null));
    }
  }

  /** tar's options that run a command: checkpoint actions, filters, compressors, scripts. */
  private static void tar(List<ProgramWord> words, List<CarriedRun> found) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      for (String option : TAR_CODE_OPTIONS) {
        if (t.startsWith(option)) {
          found.add(new CarriedRun("tar " + option, t.substring(option.length()), null));
        }
      }
      if ((t.equals("-I") || t.equals("-F")) && i + 1 < words.size()) {
        found.add(new CarriedRun("tar " + t, words.get(i + 1).text(), null));
      }
    }
  }

  /** rsync's remote shell ({@code -e}, {@code --rsh}) and {@code --rsync-path}. */
  private static void rsync(List<ProgramWord> words, List<CarriedRun> found) {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.equals("-e") && i + 1 < words.size()) {
        found.add(new CarriedRun("rsync -e", words.get(i + 1).text(), null));
      } else if (t.startsWith("--rsh=") || t.startsWith("--rsync-path=")) {
        found.add(new CarriedRun("rsync", t.substring(t.indexOf('=') + 1), null));
      }
    }
  }

  /** GNU sed's {@code e command} in a script: the command runs through the shell. */
  private static void sed(List<ProgramWord> words, List<CarriedRun> found) {
    List<String> scripts = new ArrayList<>();
    boolean scriptGiven = false;
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if ((t.equals("-e") || t.equals("--expression")) && i + 1 < words.size()) {
        scripts.add(words.get(++i).text());
        scriptGiven = true;
      } else if (t.startsWith("--expression=")) {
        scripts.add(t.substring(13));
        scriptGiven = true;
      } else if (!t.startsWith("-") && !scriptGiven) {
        scripts.add(t);
        scriptGiven = true;
      }
    }
    for (String script : scripts) {
      Matcher m = SED_EXECUTE.matcher(script);
      while (m.find()) {
        found.add(new CarriedRun("sed e", m.group("command").strip(), null));
      }
      Matcher s = SED_SUBSTITUTE_EXECUTE.matcher(script);
      while (s.find()) {
        found.add(new CarriedRun("sed s///e", s.group("r").replace("\\", ""), null));
      }
    }
  }

  /** GNU parallel's options that take the next word as their value ({@code --jobs 8}). */
  private static final Set<String> PARALLEL_VALUED =
      Set.of(
          "-j",
          "--jobs",
          "-P",
          "--max-procs",
          "-a",
          "--arg-file",
          "--argfile",
          "-S",
          "--sshlogin",
          "--sshloginfile",
          "--slf",
          "-I",
          "-C",
          "--colsep",
          "-d",
          "--delimiter",
          "-n",
          "--max-args",
          "-N",
          "--delay",
          "--timeout",
          "--results",
          "--res",
          "--joblog",
          "--tmpdir",
          "--workdir",
          "--wd",
          "--retries",
          "--halt",
          "-E",
          "--tagstring",
          "--env",
          "--basefile",
          "--bf",
          "--memfree",
          "--load",
          "-L",
          "--max-lines",
          "--block",
          "--rpl",
          "--sqlmaster",
          "--sqlandworker",
          "--transferfile",
          "--tf",
          "--return",
          "--header",
          "--nice",
          "--ssh",
          "--sshdelay",
          "--termseq",
          "--limit");

  /**
   * Where GNU parallel's command starts: the first word that is no option nor an option's value
   * (decision 301: {@code parallel --jobs 8 -a cmds.txt} gives none, and runs each line it reads).
   *
   * @param words parallel and its arguments
   * @return the command's first word's index, the words' count where it gives none
   */
  static int parallelCommand(List<? extends ProgramWord> words) {
    int at = 1;
    while (at < words.size()
        && words.get(at).text().startsWith("-")
        && !words.get(at).text().startsWith(":::")) {
      at += PARALLEL_VALUED.contains(words.get(at).text()) ? 2 : 1;
    }
    return Math.min(at, words.size());
  }

  /** GNU parallel: its command with the arguments after {@code :::} as xargs would give them. */
  private static void parallel(List<ProgramWord> words, List<CarriedRun> found) {
    int at = parallelCommand(words);
    List<ProgramWord> command = new ArrayList<>();
    int k = at;
    for (; k < words.size() && !words.get(k).text().startsWith(":::"); k++) {
      command.add(words.get(k));
    }
    if (command.isEmpty()) {
      return;
    }
    for (k++; k < words.size(); k++) {
      if (!words.get(k).text().startsWith(":::")) {
        command.add(words.get(k));
      }
    }
    found.add(new CarriedRun("parallel", null, command));
  }
}
