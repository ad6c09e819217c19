package io.github.providergateway.guard.shell.programs;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shell commands in code of the languages that programs running programs take ({@link
 * Runners}): vim's and ex's commands ({@code :!cmd}, {@code call system('cmd')}, {@code py3 …}),
 * gdb's ({@code shell cmd}, {@code !cmd}, {@code python …}), lldb's ({@code platform shell}), the
 * SQL clients' meta commands ({@link SqlClientCode}: {@code \! cmd}, {@code system cmd}, {@code
 * .shell cmd}, {@code COPY … PROGRAM 'cmd'}), ed's and ftp's {@code !cmd}, Emacs Lisp's {@code
 * shell-command} and {@code call-process}, Lua's {@code os.execute}, Tcl's {@code exec} and {@code
 * spawn}, R's {@code system}, AppleScript's {@code do shell script}, PowerShell's download-and-run,
 * and crontab lines. A best-effort reading: a construct that runs something the reading cannot make
 * out is reported as such ({@link ForeignRun#opaque()}), never dropped.
 */
final class ForeignCode {
  private static final Pattern QUOTED = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"|'([^']*)'");
  private static final Pattern CALL_SYSTEM =
      Pattern.compile(
          "\\b(?:system|systemlist|execute|jobstart|termopen)\\s*\\(\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*')");
  private static final Pattern EMACS_SHELL =
      Pattern.compile(
          "\\((?:shell-command|shell-command-to-string|async-shell-command)\\s+(\"(?:[^\"\\\\]|\\\\.)*\")");
  private static final Pattern EMACS_PROCESS =
      Pattern.compile(
          "\\((?:call-process|process-lines|start-process|make-process)\\s+((?:\"(?:[^\"\\\\]|\\\\.)*\"|nil|t|\\s)+)");
  private static final Pattern EMACS_DELETE =
      Pattern.compile("\\(delete-directory\\s+(\"(?:[^\"\\\\]|\\\\.)*\")");

  /** A julia command literal: {@code `rm -rf x`}. */
  private static final Pattern JULIA_COMMAND = Pattern.compile("`([^`]{1,4000})`");

  /** A julia call that runs a command, of any argument. */
  private static final Pattern JULIA_ANY =
      Pattern.compile("\\b(?:run|read|success|pipeline|open|Cmd)\\s*\\(\\s*(?!`)[A-Za-z_$]");

  private static final Pattern LUA_RUN =
      Pattern.compile(
          "\\b(?:os\\.execute|io\\.popen)\\s*\\(?\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*'|\\[\\[.*?\\]\\])",
          Pattern.DOTALL);
  private static final Pattern LUA_ANY =
      Pattern.compile("\\b(?:os\\.execute|io\\.popen)\\b|\\b(?:os|io)\\s*\\[");
  private static final Pattern TCL_EXEC =
      Pattern.compile("(?:^|[\\[;\\n{])\\s*(?:exec|spawn)\\s+([^\\]\\n;}]+)");

  /** expect's {@code system cmd…}: the words, joined, run by the shell. */
  private static final Pattern TCL_SYSTEM =
      Pattern.compile("(?:^|[\\[;\\n{])\\s*system\\s+([^\\]\\n;}]+)");

  private static final Pattern R_SYSTEM =
      Pattern.compile("\\bsystem2?\\s*\\(\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|'[^']*')");
  private static final Pattern APPLESCRIPT =
      Pattern.compile("do shell script\\s+(\"(?:[^\"\\\\]|\\\\.)*\")");
  private static final Pattern PS_DOWNLOAD =
      Pattern.compile(
          "(?i)\\b(?:iwr|irm|curl|wget|invoke-webrequest|invoke-restmethod|downloadstring|downloadfile)\\b[^;|]*?(https?://[^\\s'\")]+)");
  private static final Pattern PS_RUN =
      Pattern.compile("(?i)\\b(?:iex|invoke-expression|start-process|invoke-command|&\\s*\\()");
  private static final Pattern R_UNLINK =
      Pattern.compile("\\bunlink\\s*\\(\\s*(\"[^\"]*\"|'[^']*')[^)]*recursive\\s*=\\s*T(?:RUE)?");
  private static final Pattern TCL_DELETE =
      Pattern.compile("(?:^|[\\[;\\n{])\\s*file\\s+delete\\s+([^\\]\\n;}]+)");
  private static final Pattern VIM_DELETE =
      Pattern.compile(
          "\\bdelete\\s*\\(\\s*(?:expand\\s*\\(\\s*[\"']([^\"']*)[\"']\\s*\\)|[\"']([^\"']*)[\"'])"
              + "\\s*(?:,\\s*[\"']([a-z]*)[\"'])?");
  private static final Pattern EMACS_DELETE_EXPANDED =
      Pattern.compile("\\(delete-directory\\s+\\(expand-file-name\\s+(\"(?:[^\"\\\\]|\\\\.)*\")");

  /** PowerShell's cmdlets and aliases with the shell's program they stand for. */
  private static final String[][] PS_CMDLETS = {
    {"Remove-Item", "rm"},
    {"ri", "rm"},
    {"rd", "rm"},
    {"del", "rm"},
    {"erase", "rm"},
    {"Get-Content", "cat"},
    {"gc", "cat"},
    {"type", "cat"},
    {"Copy-Item", "cp"},
    {"cpi", "cp"},
    {"Move-Item", "mv"},
    {"mi", "mv"},
    {"Set-Content", "tee"},
    {"Out-File", "tee"},
    {"Invoke-WebRequest", "curl"},
    {"iwr", "curl"},
    {"Invoke-RestMethod", "curl"},
    {"irm", "curl"},
    {"Get-ChildItem", "ls"},
    {"gci", "ls"},
    {"Add-Content", "tee -a"},
    {"ac", "tee -a"},
    {"Clear-Content", "truncate -s 0"},
    {"clc", "truncate -s 0"},
    {"Get-Process", "ps"},
    {"gps", "ps"},
    {"Stop-Process", "kill"},
    {"spps", "kill"}
  };

  private ForeignCode() {}

  /**
   * What {@code code} in {@code language} runs.
   *
   * @param language the table's language name
   * @param code the code
   * @return what it runs, in order; empty for nothing
   */
  static List<ForeignRun> extract(String language, String code) {
    List<ForeignRun> found = new ArrayList<>();
    switch (language) {
      case "shell" -> found.add(ForeignRun.shell(code));
      case "lines" -> {
        for (String line : code.split("\n")) {
          if (!line.isBlank()) {
            found.add(ForeignRun.shell(line));
          }
        }
      }
      case "vim" -> {
        for (String line : code.split("\n")) {
          vimLine(line, found);
        }
      }
      case "gdb" -> {
        for (String line : code.split("\n")) {
          gdb(line.strip(), found);
        }
      }
      case "lldb" -> {
        for (String line : code.split("\n")) {
          String l = line.strip();
          if (l.startsWith("platform shell ")) {
            found.add(ForeignRun.shell(l.substring(15)));
          } else if (l.startsWith("shell ")) {
            found.add(ForeignRun.shell(l.substring(6)));
          } else if (l.startsWith("script ")) {
            found.add(ForeignRun.inline(InlineLanguage.PYTHON, l.substring(7)));
          }
        }
      }
      case "sql" -> SqlClientCode.extract(code, found);
      case "ed" -> {
        for (String line : code.split("\n")) {
          String l = line.strip();
          int bang = l.indexOf('!');
          if (bang >= 0 && l.substring(0, bang).matches("[0-9,$.]*\\s*[rweR]?\\s*")) {
            found.add(ForeignRun.shell(l.substring(bang + 1)));
          }
        }
      }
      case "emacs" -> emacs(code, found);
      case "lua" -> {
        Matcher m = LUA_RUN.matcher(code);
        int count = 0;
        while (m.find()) {
          found.add(ForeignRun.shell(unquote(m.group(1))));
          count++;
        }
        if (count == 0 && LUA_ANY.matcher(code).find()) {
          found.add(ForeignRun.opaque("lua code that runs a command it builds"));
        }
        clientActs(code, found); // socket.http's request(u, body)
      }
      case "julia" -> {
        // julia's commands are backquoted literals: run(`…`), read(`…`, String), pipeline(`…`).
        Matcher m = JULIA_COMMAND.matcher(code);
        int count = 0;
        while (m.find()) {
          found.add(ForeignRun.shell(m.group(1)));
          count++;
        }
        if (count == 0 && JULIA_ANY.matcher(code).find()) {
          found.add(ForeignRun.opaque("julia code that runs a command it builds"));
        }
      }
      case "tcl" -> {
        Matcher m = TCL_EXEC.matcher(code);
        while (m.find()) {
          found.add(ForeignRun.argv(tclWords(m.group(1))));
        }
        Matcher system = TCL_SYSTEM.matcher(code);
        while (system.find()) {
          // expect's system: its words joined, run by /bin/sh
          found.add(ForeignRun.shell(String.join(" ", tclWords(system.group(1)))));
        }
        Matcher delete = TCL_DELETE.matcher(code);
        while (delete.find()) {
          List<String> argv = new ArrayList<>(List.of("rm", "-rf"));
          for (String word : tclWords(delete.group(1))) {
            if (!word.startsWith("-")) {
              argv.add(word); // file delete -force PATH
            }
          }
          found.add(ForeignRun.argv(argv));
        }
      }
      case "r" -> {
        Matcher m = R_SYSTEM.matcher(code);
        while (m.find()) {
          found.add(ForeignRun.shell(unquote(m.group(1))));
        }
        Matcher unlink = R_UNLINK.matcher(code);
        while (unlink.find()) {
          found.add(ForeignRun.argv(List.of("rm", "-rf", unquote(unlink.group(1)))));
        }
        clientActs(code, found); // httr's POST(u, body = upload_file(p)), a store's delete
      }
      case "applescript" -> {
        Matcher m = APPLESCRIPT.matcher(code);
        while (m.find()) {
          found.add(ForeignRun.shell(unquote(m.group(1))));
        }
      }
      case "powershell" -> powershell(code, found);
      case "cmd" -> CmdCode.extract(code, found);
      case "cron" -> cron(code, found);
      case "program" -> found.add(ForeignRun.argv(List.of(code)));
      case "gjs", "scheme", "erlang", "elixir", "octave", "gnuplot" ->
          found.addAll(InterpreterRunCalls.extract(language, code));
      default -> found.add(ForeignRun.opaque("code in " + language));
    }
    return found;
  }

  /**
   * A line of vim's commands, split at its {@code |}s but where a command takes the rest of the
   * line as a shell command: {@code :!}, {@code :r !}, {@code :w !} and {@code :terminal} pass the
   * {@code |} to the shell (vim's {@code :help :bar}), so {@code :!curl … | sh} runs the pipe.
   */
  private static void vimLine(String line, List<ForeignRun> found) {
    String[] parts = line.split("(?<!\\\\)\\|", -1);
    for (int p = 0; p < parts.length; p++) {
      if (VIM_SHELL_COMMAND.matcher(bare(parts[p])).matches()) {
        vim(String.join("|", java.util.Arrays.copyOfRange(parts, p, parts.length)).strip(), found);
        return;
      }
      vim(parts[p].strip(), found);
    }
  }

  /** The commands of vim that see a {@code |} as part of their shell command. */
  private static final Pattern VIM_SHELL_COMMAND =
      Pattern.compile(
          "^(?:!|(?:\\d*,?\\d*|%)?\\s*(?:r|read|w|write)\\s*!|(?:te|terminal|term)\\s).*",
          Pattern.DOTALL);

  /** A vim command without its colons and its {@code silent} and {@code execute}. */
  private static String bare(String command) {
    String c = command.strip();
    while (c.startsWith(":")) {
      c = c.substring(1).strip();
    }
    for (String prefix : new String[] {"silent!", "silent", "sil!", "sil", "exe", "execute"}) {
      if (c.startsWith(prefix + " ")) {
        c = c.substring(prefix.length()).strip();
        if (prefix.startsWith("exe") && c.startsWith("\"") && c.endsWith("\"")) {
          c = c.substring(1, c.length() - 1);
        }
      }
    }
    return c;
  }

  private static void vim(String command, List<ForeignRun> found) {
    String c = bare(command);
    if (c.startsWith("!")) {
      found.add(ForeignRun.shell(c.substring(1)));
      return;
    }
    Matcher readWrite =
        Pattern.compile("^(?:\\d*,?\\d*|%)?\\s*(?:r|read|w|write|te|terminal|term)\\s*!?\\s*(.*)$")
            .matcher(c);
    if (c.matches("^(?:r|read|w|write)\\s*!.*")) {
      found.add(ForeignRun.shell(c.substring(c.indexOf('!') + 1)));
      return;
    }
    if (c.matches("^(?:te|terminal|term)\\s+.*") && readWrite.matches()) {
      found.add(ForeignRun.shell(readWrite.group(1)));
      return;
    }
    for (String python : new String[] {"py3 ", "python3 ", "py ", "python ", "pyx ", "pythonx "}) {
      if (c.startsWith(python)) {
        found.add(ForeignRun.inline(InlineLanguage.PYTHON, c.substring(python.length())));
        return;
      }
    }
    if (c.startsWith("perl ")) {
      found.add(ForeignRun.inline(InlineLanguage.PERL, c.substring(5)));
      return;
    }
    if (c.startsWith("ruby ")) {
      found.add(ForeignRun.inline(InlineLanguage.RUBY, c.substring(5)));
      return;
    }
    if (c.startsWith("lua ")) {
      found.addAll(extract("lua", c.substring(4)));
      return;
    }
    if (c.equals("sh") || c.equals("shell")) {
      found.add(ForeignRun.opaque("vim's interactive shell"));
      return;
    }
    Matcher m = CALL_SYSTEM.matcher(c);
    while (m.find()) {
      found.add(ForeignRun.shell(unquote(m.group(1))));
    }
    Matcher delete = VIM_DELETE.matcher(c);
    while (delete.find()) {
      // delete(expand("~"), "rf"): vim's recursive delete.
      String path = delete.group(1) != null ? delete.group(1) : delete.group(2);
      boolean recursive = delete.group(3) != null && delete.group(3).contains("r");
      found.add(ForeignRun.argv(List.of("rm", recursive ? "-rf" : "-f", path)));
    }
  }

  private static void gdb(String line, List<ForeignRun> found) {
    if (line.startsWith("shell ")) {
      found.add(ForeignRun.shell(line.substring(6)));
    } else if (line.startsWith("!")) {
      found.add(ForeignRun.shell(line.substring(1)));
    } else if (line.startsWith("python ") || line.startsWith("pi ") || line.startsWith("py ")) {
      found.add(ForeignRun.inline(InlineLanguage.PYTHON, line.substring(line.indexOf(' ') + 1)));
    } else if (line.startsWith("pipe ") || line.startsWith("| ")) {
      int bar = line.indexOf('|', line.startsWith("| ") ? 1 : 0);
      if (bar >= 0) {
        found.add(ForeignRun.shell(line.substring(bar + 1)));
      }
    } else {
      Matcher m = CALL_SYSTEM.matcher(line);
      while (m.find()) {
        found.add(ForeignRun.shell(unquote(m.group(1))));
      }
    }
  }

  private static void emacs(String code, List<ForeignRun> found) {
    Matcher shell = EMACS_SHELL.matcher(code);
    while (shell.find()) {
      found.add(ForeignRun.shell(unquote(shell.group(1))));
    }
    Matcher process = EMACS_PROCESS.matcher(code);
    while (process.find()) {
      List<String> strings = new ArrayList<>();
      Matcher q = QUOTED.matcher(process.group(1));
      while (q.find()) {
        strings.add(q.group(1) != null ? unescape(q.group(1)) : q.group(2));
      }
      // start-process and make-process name the process first: its program is the next string.
      if (process.group(0).startsWith("(start-process") && !strings.isEmpty()) {
        strings.remove(0);
      }
      if (!strings.isEmpty()) {
        found.add(ForeignRun.argv(strings));
      }
    }
    Matcher delete = EMACS_DELETE.matcher(code);
    while (delete.find()) {
      found.add(ForeignRun.argv(List.of("rm", "-rf", unquote(delete.group(1)))));
    }
    Matcher expanded = EMACS_DELETE_EXPANDED.matcher(code);
    while (expanded.find()) {
      found.add(ForeignRun.argv(List.of("rm", "-rf", unquote(expanded.group(1)))));
    }
  }

  /** What a library's client in {@code code} does, as the command line that does it. */
  private static void clientActs(String code, List<ForeignRun> found) {
    for (String act : InlineCode.clientActs(code)) {
      found.add(ForeignRun.clientCall(act));
    }
  }

  private static void powershell(String code, List<ForeignRun> found) {
    String text = code;
    if (text.length() >= 8 && text.length() <= 65_536 && ENCODED.matcher(text).matches()) {
      // -EncodedCommand, -enc, -e: the code is base64 of UTF-16LE text, read as what it decodes to.
      String decoded = decodePowershell(text);
      if (decoded == null || decoded.chars().anyMatch(c -> c < 9 || c > 0xFFFD)) {
        found.add(ForeignRun.opaque("PowerShell code encoded as the guard cannot read"));
        return;
      }
      text = decoded;
    }
    Matcher download = PS_DOWNLOAD.matcher(text);
    boolean runs = PS_RUN.matcher(text).find();
    if (download.find() && runs) {
      found.add(ForeignRun.shell("curl -s " + download.group(1) + " | sh"));
      return;
    }
    if (runs) {
      found.add(ForeignRun.opaque("PowerShell code that runs what it builds"));
      return;
    }
    // Plain commands: PowerShell's statements, its cmdlets and aliases read as the shell's
    // programs.
    PowerShellStatements.Reading statements = PowerShellStatements.read(text);
    if (statements.opaque() != null) {
      found.add(ForeignRun.opaque(statements.opaque()));
      return;
    }
    String shell = subexpressions(statements.shell());
    for (String[] alias : PS_CMDLETS) {
      shell =
          shell.replaceAll(
              "(?i)(^|[;|]\\s*(?:xargs\\s+)?|\\$\\(\\s*)" + alias[0] + "\\b", "$1" + alias[1]);
    }
    shell =
        shell
            .replaceAll("(?i)\\s-(?:Path|LiteralPath|FilePath)\\b", "")
            .replaceAll("(?i)\\s-(?:recurse|r)\\b", " -r")
            .replaceAll("(?i)\\s-(?:force|fo)\\b", " -f")
            // Invoke-RestMethod's and Invoke-WebRequest's parameters as curl's: the file it
            // uploads, its body, its method and its address (-Uri names no option of curl's).
            .replaceAll("(?i)\\s-InFile\\b", " --upload-file")
            .replaceAll("(?i)\\s-Body\\b", " --data")
            .replaceAll("(?i)\\s-Method\\b", " -X")
            .replaceAll("(?i)\\s-Uri\\b", "");
    found.add(ForeignRun.shell(backslashesKept(shell)));
  }

  /**
   * A cmdlet's call in parentheses as an argument, with the members it reads after ({@code
   * (Get-Date).AddDays(-2)}): read as the shell's {@code $(Get-Date)}, its command still seen.
   */
  private static final Pattern PS_CALL_VALUE =
      Pattern.compile(
          "\\((\\s*[A-Za-z]{2,12}-[A-Za-z][A-Za-z0-9]{0,60}\\b[^()'\"$;|]{0,400})\\)"
              + "(?:\\.[A-Za-z_][A-Za-z0-9_]{0,60}(?:\\([^()'\";|]{0,200}\\))?){0,8}");

  /** The code with its cmdlets' calls in parentheses, outside strings, as substitutions. */
  static String subexpressions(String code) {
    if (code.indexOf('(') < 0 || code.length() > 65_536) {
      return code;
    }
    StringBuilder out = new StringBuilder(code.length() + 16);
    Matcher call = PS_CALL_VALUE.matcher(code);
    char quote = 0;
    int i = 0;
    while (i < code.length()) {
      char c = code.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '('
          && i > 0
          && Character.isWhitespace(code.charAt(i - 1))
          && call.region(i, code.length()).lookingAt()) {
        out.append("$(").append(call.group(1)).append(')');
        i = call.end();
        continue;
      }
      out.append(c);
      i++;
    }
    return out.toString();
  }

  /**
   * PowerShell's code with its backslashes kept through the shell's reading: PowerShell escapes
   * with a backtick, so {@code C:\Users\m\.aws} and {@code \\wsl.localhost\Ubuntu\home} are paths
   * as written (decision 137), where the shell would read each backslash as an escape. Each is
   * doubled outside single quotes, where the shell keeps them as they are.
   */
  static String backslashesKept(String code) {
    if (code.indexOf('\\') < 0) {
      return code;
    }
    StringBuilder out = new StringBuilder(code.length() + 16);
    boolean single = false;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (c == '\'') {
        single = !single;
      }
      out.append(c);
      if (c == '\\' && !single) {
        out.append('\\');
      }
    }
    return out.toString();
  }

  /** A PowerShell code word that is base64 alone: an encoded command. */
  private static final Pattern ENCODED = Pattern.compile("[A-Za-z0-9+/]+={0,2}");

  /** PowerShell's {@code -EncodedCommand}: base64 of UTF-16LE text; null when it is not. */
  static String decodePowershell(String encoded) {
    try {
      return new String(Base64.getDecoder().decode(encoded.strip()), StandardCharsets.UTF_16LE);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static void cron(String code, List<ForeignRun> found) {
    for (String line : code.split("\n")) {
      String l = line.strip();
      if (l.isEmpty() || l.startsWith("#") || l.matches("[A-Za-z_][A-Za-z0-9_]*\\s*=.*")) {
        continue;
      }
      if (l.startsWith("@")) {
        int space = l.indexOf(' ');
        if (space > 0) {
          found.add(ForeignRun.shell(l.substring(space + 1)));
        }
        continue;
      }
      String[] fields = l.split("\\s+", 6);
      if (fields.length == 6) {
        found.add(ForeignRun.shell(fields[5]));
      } else {
        found.add(ForeignRun.opaque("a crontab line the guard cannot read"));
      }
    }
  }

  /** Tcl's words of a command: blanks split, braces and quotes group. */
  private static List<String> tclWords(String text) {
    List<String> words = new ArrayList<>();
    Matcher m = Pattern.compile("\\{([^}]*)\\}|\"([^\"]*)\"|(\\S+)").matcher(text.strip());
    while (m.find()) {
      words.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
    }
    return words;
  }

  private static String unquote(String quoted) {
    if (quoted.startsWith("[[")) {
      return quoted.substring(2, quoted.length() - 2);
    }
    String inner = quoted.substring(1, quoted.length() - 1);
    return quoted.charAt(0) == '"' ? unescape(inner) : inner;
  }

  private static String unescape(String text) {
    return text.replace("\\\"", "\"").replace("\\\\", "\\");
  }
}
