package io.github.providergateway.guard.shell;

import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.internal.Runners;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rows of the table of programs that run programs whose reading the table's fields cannot say
 * ({@code "handler": "Runners.…"}): tmux's subcommands, {@code nix develop -c}, {@code sops
 * exec-env}, the secret managers' {@code -- command}, {@code start-stop-daemon --exec}, vim's
 * {@code +cmd}, sqlite3's SQL arguments, apt's hooks, {@code trap}, {@code source} and hyperfine's
 * commands.
 */
final class RunnerHandlers {
  private static final Set<String> TMUX_COMMANDS =
      NameSet.of(
          "new-session",
          "new",
          "new-window",
          "neww",
          "split-window",
          "splitw",
          "respawn-pane",
          "respawnp",
          "respawn-window",
          "respawnw",
          "display-popup",
          "popup");

  /** npm exec's long options that take a value. */
  private static final Set<String> NPM_EXEC_VALUED =
      NameSet.of("--package", "--call", "--workspace", "--prefix");

  private static final Set<String> TMUX_RUN = NameSet.of("run-shell", "run", "if-shell", "if");
  private static final Set<String> TMUX_KEYS = NameSet.of("send-keys", "send");
  private static final Set<String> ENTER = NameSet.of("Enter", "C-m", "KPEnter", "\\n");

  private static final Set<String> BWRAP_TWO =
      NameSet.of(
          "--bind",
          "--bind-try",
          "--dev-bind",
          "--dev-bind-try",
          "--ro-bind",
          "--ro-bind-try",
          "--symlink",
          "--setenv",
          "--file",
          "--bind-data",
          "--ro-bind-data",
          "--chmod");
  private static final Set<String> BWRAP_ONE =
      NameSet.of(
          "--tmpfs",
          "--proc",
          "--dev",
          "--dir",
          "--chdir",
          "--unsetenv",
          "--uid",
          "--gid",
          "--hostname",
          "--remount-ro",
          "--exec-label",
          "--file-label",
          "--seccomp",
          "--info-fd",
          "--json-status-fd",
          "--block-fd",
          "--userns-block-fd",
          "--lock-file",
          "--sync-fd",
          "--cap-add",
          "--cap-drop",
          "--perms",
          "--size",
          "--mqueue",
          "--argv0",
          "--userns",
          "--userns2",
          "--pidns",
          "--add-seccomp-fd",
          "--overlay-src",
          "--tmp-overlay",
          "--ro-overlay");

  private RunnerHandlers() {}

  static void read(
      String handler,
      Resolver r,
      RawCommand raw,
      List<Word> words,
      Runners.Row row,
      int depth,
      List<String> via)
      throws ShellParseException {
    switch (handler) {
      case "Runners.tmux" -> tmux(r, words, depth, via);
      case "Runners.nix" -> {
        List<Word> after = valueRest(words, Set.of("-c", "--command"));
        if (after != null) {
          r.runCommand(after, depth, via);
        }
      }
      case "Runners.sops" -> {
        if (words.size() > 3 && words.get(1).text().startsWith("exec-")) {
          RunnerCode.code(r, words.get(3), "shell", words, depth, via);
        }
      }
      case "Runners.capsh" -> {
        List<Word> after = RunnerWords.afterDoubleDash(words);
        if (after != null) {
          List<Word> shell = new ArrayList<>(after.size() + 1);
          shell.add(Word.literal("sh")); // capsh passes what follows -- to /bin/bash
          shell.addAll(after);
          r.runCommand(shell, depth, via);
        }
      }
      case "Runners.afterDoubleDash" -> {
        List<Word> after = RunnerWords.afterDoubleDash(words);
        if (after != null) {
          r.runCommand(after, depth, via);
        }
        if (words.size() > 1 && RUN_VERBS.contains(words.get(1).text())) {
          // mise exec -c 'cmd', doppler run --command 'cmd': a shell string instead of -- argv.
          for (Word value : RunnerWords.codeValues(row, words)) {
            RunnerCode.code(r, value, row.language(), words, depth, via);
          }
        }
      }
      case "Runners.bunExec" -> {
        // bun exec 'cmd': the words after exec are a script of Bun Shell, read as bash's.
        if (words.size() > 2 && words.get(1).text().equals("exec")) {
          RunnerCode.code(r, joined(words.subList(2, words.size())), "shell", words, depth, via);
        }
      }
      case "Runners.afterDoubleDashOrRest" -> {
        List<Word> after = RunnerWords.afterDoubleDash(words);
        if (after == null && Resolver.basename(words.get(0).text()).equals("flatpak-spawn")) {
          int at = Wrappers.skipOptions(words, 1, "", Set.of(), null);
          after = at < words.size() ? words.subList(at, words.size()) : null;
        }
        if (after != null) {
          r.runCommand(after, depth, via);
        }
      }
      case "Runners.startStopDaemon" -> startStopDaemon(r, words, depth, via);
      case "Runners.vim" -> vim(r, raw, words, depth, via);
      case "Runners.powershell" -> PowerShellLine.read(r, raw, words, depth, via);
      case "Runners.cmd" -> cmd(r, raw, words, depth, via);
      case "Runners.slashCode" -> slashCode(r, words, row, depth, via);
      case "Runners.sqlite" -> {
        Wrappers.Seen seen = new Wrappers.Seen();
        int at =
            Wrappers.skipOptions(
                words, 1, "", Set.of("-cmd", "-separator", "-newline", "-nullvalue"), seen);
        List<Word> cmd = valueRest(words, Set.of("-cmd"));
        if (cmd != null && !cmd.isEmpty()) {
          RunnerCode.code(r, cmd.get(0), "sql", words, depth, via);
        }
        for (int i = at + 1; i < words.size(); i++) {
          RunnerCode.code(r, words.get(i), "sql", words, depth, via);
        }
        RunnerCode.input(r, raw, "sql", words, depth, via);
      }
      case "Runners.aptHooks" -> {
        for (int i = 1; i + 1 < words.size(); i++) {
          String t = words.get(i).text();
          String option = t.equals("-o") || t.equals("--option") ? words.get(i + 1).text() : null;
          int eq = option == null ? -1 : option.indexOf('=');
          if (eq > 0
              && option.substring(0, eq).toLowerCase(java.util.Locale.ROOT).contains("invoke")) {
            RunnerCode.code(
                r,
                new Word(option.substring(eq + 1), words.get(i + 1).literal()),
                "shell",
                words,
                depth,
                via);
          }
        }
      }
      case "Runners.trap" -> {
        int at = words.size() > 1 && words.get(1).text().equals("--") ? 2 : 1;
        if (words.size() > at + 1) {
          String first = words.get(at).text();
          if (!first.equals("-l")
              && !first.equals("-p")
              && !first.equals("-")
              && !first.isEmpty()) {
            RunnerCode.code(r, words.get(at), "shell", words, depth, via);
          }
        }
      }
      case "Runners.source" -> {
        int at = words.size() > 1 && words.get(1).text().equals("--") ? 2 : 1; // . -- FILE
        if (words.size() > at) {
          String file = words.get(at).text();
          if (Resolver.isStandardInput(file) || isDescriptorFile(file)) {
            RunnerCode.input(r, raw, "shell", words, depth, via);
          } else {
            ShellInputs.processSubstitution(r, words.get(at), words, depth, via);
          }
        }
      }
      case "Runners.positionalCode" -> {
        for (Word value : RunnerWords.codeValues(row, words)) {
          RunnerCode.code(r, value, "shell", words, depth, via);
        }
        Wrappers.Seen seen = new Wrappers.Seen();
        int at = Wrappers.skipOptions(words, 1, row.options(), row.longOptions(), seen);
        for (int i = at; i < words.size(); i++) {
          RunnerCode.code(r, words.get(i), "shell", words, depth, via);
        }
      }
      case "Runners.parallel" -> {
        // parallel … ::: … is read with the code carried in options (CarriedCode); with no
        // command, each line of its input is one.
        int at = Wrappers.skipOptions(words, 1, "jSaIEdnNL", Set.of(), null);
        if (at >= words.size() || words.get(at).text().startsWith(":::")) {
          RunnerCode.input(r, raw, "lines", words, depth, via);
        }
      }
      case "Runners.npm" -> {
        // npm exec/x: the command after its options (or -c CODE); npm explore PKG -- CMD.
        int at = Wrappers.skipOptions(words, 1, "pcw", NPM_EXEC_VALUED, null);
        String verb = at < words.size() ? words.get(at).text() : "";
        if (verb.equals("pkg") || verb.equals("set-script")) {
          // npm pkg set scripts.x='…', npm set-script x '…': a script defined is one npm runs.
          for (int i = at + 1; i < words.size(); i++) {
            String t = words.get(i).text();
            if (t.startsWith("scripts.") && t.indexOf('=') > 0) {
              RunnerCode.code(
                  r,
                  new Word(t.substring(t.indexOf('=') + 1), words.get(i).literal()),
                  "shell",
                  words,
                  depth,
                  via);
            } else if (verb.equals("set-script") && i + 1 == words.size() - 1) {
              RunnerCode.code(r, words.get(i + 1), "shell", words, depth, via);
              break;
            }
          }
        } else if (verb.equals("explore")) {
          List<Word> after = RunnerWords.afterDoubleDash(words);
          if (after != null) {
            r.runCommand(after, depth, via);
          }
        } else if (verb.equals("exec") || verb.equals("x")) {
          List<Word> rest = words.subList(at, words.size());
          // -c/--call CODE, --call=CODE, before the verb or after it (npm reads its options
          // anywhere, by any prefix: --cal).
          List<Word> calls = npmCalls(words);
          for (Word call : calls) {
            RunnerCode.code(r, call, "shell", words, depth, via);
          }
          if (!calls.isEmpty()) {
            return;
          }
          int from =
              Wrappers.skipOptions(
                  rest, 1, "pw", Set.of("--package", "--workspace", "--prefix"), null);
          if (from < rest.size()) {
            r.runCommand(rest.subList(from, rest.size()), depth, via);
          }
        }
      }
      case "Runners.bwrap" -> {
        // bwrap's options take zero, one or two words; the rest is the command it runs.
        int i = 1;
        while (i < words.size()) {
          String t = words.get(i).text();
          if (t.equals("--")) {
            i++;
            break;
          }
          if (!t.startsWith("--")) {
            break;
          }
          i += BWRAP_TWO.contains(t) ? 3 : BWRAP_ONE.contains(t) ? 2 : 1;
        }
        if (i < words.size()) {
          r.runCommand(words.subList(i, words.size()), depth, via);
        }
      }
      case "Runners.dotnet", "Runners.dnx", "Runners.cargo", "Runners.go", "Runners.java" ->
          NamedPrograms.read(handler, r, words, depth, via);
      case "Runners.pager" -> {
        // What a pager runs comes from LESSOPEN and the like: read as code carried in the
        // environment, not from the pager's own words.
      }
      default ->
          throw new IllegalStateException("runners.json names an unknown handler " + handler);
    }
  }

  /** The verbs of the secret managers and mise whose code options run a shell string. */
  private static final Set<String> RUN_VERBS = NameSet.of("run", "exec", "x");

  /**
   * Whether {@code file} is a file descriptor's ({@code /dev/fd/3}, {@code /proc/self/fd/3}, {@code
   * /proc/$$/fd/0}): what the command's redirections feed it.
   */
  static boolean isDescriptorFile(String file) {
    return file.startsWith("/dev/fd/")
        || file.startsWith("/proc/") && file.matches("/proc/[^/]+/fd/.*");
  }

  /** npm's {@code -c}/{@code --call} values anywhere in its words, up to {@code --}. */
  private static List<Word> npmCalls(List<Word> words) {
    List<Word> calls = new ArrayList<>(1);
    for (int i = 1; i < words.size(); i++) {
      Word word = words.get(i);
      String t = word.text();
      if (t.equals("--")) {
        break;
      }
      int eq = t.indexOf('=');
      String name = eq < 0 ? t : t.substring(0, eq);
      boolean call = name.equals("-c") || name.length() > 3 && "--call".startsWith(name);
      if (call && eq >= 0) {
        calls.add(new Word(t.substring(eq + 1), word.literal()));
      } else if (call && i + 1 < words.size()) {
        calls.add(words.get(++i));
      }
    }
    return calls;
  }

  /** The words after the first of {@code options}, or null when none is there. */
  private static List<Word> valueRest(List<Word> words, Set<String> options) {
    for (int i = 1; i < words.size(); i++) {
      if (options.contains(words.get(i).text())) {
        return i + 1 < words.size() ? words.subList(i + 1, words.size()) : null;
      }
    }
    return null;
  }

  private static void tmux(Resolver r, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    int at = Wrappers.skipOptions(words, 1, "cfLST", Set.of(), null);
    // tmux -c 'command' runs a shell command as a login shell would.
    for (int i = 1; i + 1 < words.size() && i < at; i++) {
      if (words.get(i).text().equals("-c")) {
        RunnerCode.code(r, words.get(i + 1), "shell", words, depth, via);
      }
    }
    if (at >= words.size()) {
      return;
    }
    String command = words.get(at).text();
    int rest = Wrappers.skipOptions(words, at + 1, "cefFnstxylL", Set.of(), null);
    if (rest >= words.size()) {
      return;
    }
    if (TMUX_COMMANDS.contains(command) || TMUX_RUN.contains(command)) {
      RunnerCode.code(r, joined(words.subList(rest, words.size())), "shell", words, depth, via);
    } else if (TMUX_KEYS.contains(command)) {
      List<Word> keys = new ArrayList<>(words.subList(rest, words.size()));
      keys.removeIf(k -> ENTER.contains(k.text()));
      if (!keys.isEmpty()) {
        RunnerCode.code(r, joined(keys), "shell", words, depth, via);
      }
    }
  }

  /**
   * {@code cmd /c …} and {@code cmd /k …}: every word after the option is the code, in cmd's
   * language ({@code /c"…"} too); with neither, cmd runs what comes on its input.
   */
  private static void cmd(Resolver r, RawCommand raw, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (t.length() >= 2 && t.charAt(0) == '/' && "ckrCKR".indexOf(t.charAt(1)) >= 0) {
        List<Word> code = new ArrayList<>(words.subList(i + 1, words.size()));
        if (t.length() > 2) {
          code.add(0, new Word(t.substring(2), words.get(i).literal()));
        }
        if (!code.isEmpty()) {
          RunnerCode.code(r, joined(code), "cmd", words, depth, via);
        }
        return;
      }
      if (!t.startsWith("/")) {
        return;
      }
    }
    RunnerCode.input(r, raw, "cmd", words, depth, via);
  }

  /**
   * Windows' programs whose options begin with a slash, in any case: {@code forfiles /c "cmd /c …"}
   * (the row's {@code code} options, their value in the row's language) and {@code runas /user:X
   * "cmd /c …"} (no code option: its first word that is no option is the command line).
   */
  private static void slashCode(
      Resolver r, List<Word> words, Runners.Row row, int depth, List<String> via)
      throws ShellParseException {
    for (int i = 1; i < words.size(); i++) {
      String t = words.get(i).text();
      if (!t.startsWith("/")) {
        if (row.code().isEmpty()) {
          RunnerCode.code(
              r, joined(words.subList(i, words.size())), row.language(), words, depth, via);
          return;
        }
        continue;
      }
      for (String option : row.code()) {
        if (t.equalsIgnoreCase(option) && i + 1 < words.size()) {
          Word code = words.get(++i);
          RunnerCode.code(r, foundFiles(code, words), row.language(), words, depth, via);
          break;
        }
      }
    }
  }

  /** forfiles's names of the file it found: {@code @path}, {@code @file}, … */
  private static final Pattern FOUND = Pattern.compile("(?i)@(?:path|file|fname|relpath)\\b");

  /**
   * forfiles's code with the file it found read as any file of its folder ({@code /p}, this one by
   * default): {@code rd /s /q @path} under {@code /p C:\Users} deletes what {@code C:\Users\*}
   * names.
   */
  private static Word foundFiles(Word code, List<Word> words) {
    if (code.text().indexOf('@') < 0 || !FOUND.matcher(code.text()).find()) {
      return code;
    }
    String folder = null;
    boolean literal = code.literal();
    for (int i = 1; i + 1 < words.size(); i++) {
      if (words.get(i).text().equalsIgnoreCase("/p")) {
        folder = words.get(i + 1).text();
        literal &= words.get(i + 1).literal();
      }
    }
    String any = folder == null ? "*" : folder.replaceAll("[\\\\/]+$", "") + "\\*";
    return new Word(FOUND.matcher(code.text()).replaceAll(Matcher.quoteReplacement(any)), literal);
  }

  /** The words as one, joined by spaces: literal when every one of them is. */
  static Word joined(List<Word> words) {
    StringBuilder text = new StringBuilder();
    boolean literal = true;
    for (Word word : words) {
      text.append(text.length() == 0 ? "" : " ").append(word.text());
      literal &= word.literal();
    }
    return new Word(text.toString(), literal);
  }

  private static void startStopDaemon(Resolver r, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    Word program = null;
    for (int i = 1; i + 1 < words.size(); i++) {
      String t = words.get(i).text();
      if (t.equals("--exec") || t.equals("-x") || t.equals("--startas") || t.equals("-a")) {
        program = words.get(i + 1);
      } else if (t.startsWith("--exec=") || t.startsWith("--startas=")) {
        program = new Word(t.substring(t.indexOf('=') + 1), words.get(i).literal());
      }
    }
    if (program == null) {
      return;
    }
    List<Word> command = new ArrayList<>();
    command.add(program);
    List<Word> after = RunnerWords.afterDoubleDash(words);
    if (after != null) {
      command.addAll(after);
    }
    r.runCommand(command, depth, via);
  }

  private static void vim(Resolver r, RawCommand raw, List<Word> words, int depth, List<String> via)
      throws ShellParseException {
    boolean silentMode = false;
    for (int i = 1; i < words.size(); i++) {
      Word word = words.get(i);
      String t = word.text();
      if ((t.equals("-c") || t.equals("--cmd") || t.matches("-[a-zA-Z]+c"))
          && i + 1 < words.size()) {
        silentMode |= t.length() > 2 && t.matches("-[a-zA-Z]*[es][a-zA-Z]*c"); // ex -sc '…'
        RunnerCode.code(r, words.get(++i), "vim", words, depth, via);
      } else if (t.startsWith("+") && t.length() > 1 && !t.substring(1).matches("[0-9]+|/.*")) {
        RunnerCode.code(r, new Word(t.substring(1), word.literal()), "vim", words, depth, via);
      } else if (t.equals("-es") || t.equals("-e") || t.equals("-Es") || t.equals("-s")) {
        silentMode = true;
      } else if (t.equals("--")) {
        break;
      }
    }
    if (silentMode || Resolver.basename(words.get(0).text()).equals("ex")) {
      RunnerCode.input(r, raw, "vim", words, depth, via);
    }
  }
}
