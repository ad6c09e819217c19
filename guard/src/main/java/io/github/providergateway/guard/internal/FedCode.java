package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.GitGlobalOptions;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Text a command writes and runs as code in the same call, read as the commands it is: {@code sh -c
 * "$(echo rm -rf /)"}, {@code echo 'rm -rf ~' > x.sh && bash x.sh}, {@code git config alias.x '!rm
 * -rf ~'}. One level deep; text that does not parse is left to the other rules.
 */
final class FedCode {
  /** The most texts read as code from one command. */
  private static final int MAX_TEXTS = 64;

  private FedCode() {}

  /**
   * The programs of the code the command feeds itself, each reached via what fed it.
   *
   * @param steps the command's programs, as the scan reads them
   * @return the fed code's programs, empty for none
   */
  static List<Invocation> of(List<Step> steps) {
    boolean runner = false;
    boolean printer = false;
    boolean git = false;
    // The last program to run each file, so a write is paired with a later run in one pass.
    Map<String, Integer> lastRun = null; // made for the first file run: most commands run none
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      String program = step.program();
      // One switch on the name (its hash is kept by the string): most programs are none of these.
      switch (program) {
        case "eval", "source", "." -> runner = true;
        case "echo", "printf", "cat", "tee", "sponge", "sed", "ed", "ex" -> printer = true;
        case "git" -> git = true;
        default -> {
          runner |=
              step.is(ProgramKind.SHELL)
                  && isShell(program)
                  && step.invocation().args().contains("-c");
          printer |= step.interpreter(); // inline code may write a start-up file
        }
      }
      String file = runs(step);
      if (file != null) {
        if (lastRun == null) {
          lastRun = new HashMap<>();
        }
        lastRun.put(file, i);
      }
    }
    boolean runsLater = printer && writesRunLater(steps);
    if (!git && !(printer && (runner || lastRun != null || runsLater))) {
      // No git (whose aliases are code), and nothing runs what a program prints: no text is read.
      return List.of();
    }
    List<String[]> texts = new ArrayList<>();
    for (int i = 0; i < steps.size(); i++) {
      Invocation invocation = steps.get(i).invocation();
      String program = steps.get(i).program();
      switch (program) { // one switch on the name, as above
        case "echo", "printf", "cat" -> {
          addPrinted(invocation, program, i, runner, lastRun, texts);
          if (runsLater) {
            addRunLater(steps, i, texts);
          }
        }
        case "git" -> gitAlias(invocation.args(), texts);
        default -> {
          if (runsLater) {
            LaterWrites.add(steps.get(i), texts);
          }
        }
      }
    }
    List<Invocation> fed = new ArrayList<>();
    // The same text fed the same way twice (a function's body read again at each call) is read
    // once: only different texts count toward the bound.
    Set<List<String>> distinct = new LinkedHashSet<>();
    for (String[] text : texts) {
      distinct.add(List.of(text));
    }
    if (distinct.size() < texts.size()) {
      texts = new ArrayList<>();
      for (List<String> text : distinct) {
        texts.add(text.toArray(String[]::new));
      }
    }
    if (texts.size() > MAX_TEXTS) {
      // Past the bound the rest would go unread: the command is not read in part, it is refused.
      throw new Unreadable(
          "the command feeds itself more than " + MAX_TEXTS + " texts to run as code");
    }
    for (String[] text : texts) {
      try {
        // As a shell runs it: the complete commands before one it cannot read run.
        for (Invocation invocation : ShellParser.parseRunnable(text[0]).invocations()) {
          List<String> via = new ArrayList<>();
          via.add(text[1]);
          via.addAll(invocation.via());
          fed.add(
              new Invocation(
                  invocation.words(), invocation.wrappers(), invocation.redirects(), via));
        }
      } catch (ShellParseException e) {
        // Text past a bound is not read; the other rules still apply.
      }
    }
    return fed;
  }

  /**
   * Adds what a printer prints as code, where something runs it: a runner it is substituted into,
   * or a later program that runs the file it writes. What it prints is read only then: a long
   * command prints a lot.
   */
  private static void addPrinted(
      Invocation invocation,
      String program,
      int at,
      boolean runner,
      Map<String, Integer> lastRun,
      List<String[]> texts) {
    boolean fedToRunner = runner && substituted(invocation);
    List<String> filesRun = List.of();
    List<Redirect> redirects = invocation.redirects();
    for (int r = 0; lastRun != null && r < redirects.size(); r++) {
      Redirect redirect = redirects.get(r);
      String file = base(redirect.target().text());
      if (redirect.writes() && lastRun.getOrDefault(file, -1) > at) {
        if (filesRun.isEmpty()) {
          filesRun = new ArrayList<>(1);
        }
        filesRun.add(file);
      }
    }
    String text = fedToRunner || !filesRun.isEmpty() ? printed(invocation) : null;
    if (text == null) {
      return;
    }
    if (fedToRunner) {
      texts.add(new String[] {text, program + " › code"});
    }
    for (String file : filesRun) {
      texts.add(new String[] {text, program + " › " + file});
    }
  }

  /**
   * Files whose text runs later, in every shell or at every commit: a shell's start-up files (and
   * its logout files, and the folders of files its start-up files source: {@code ~/.bashrc.d},
   * fish's {@code conf.d}), direnv's {@code direnvrc}, {@code /etc/profile.d}, a repository's
   * hooks. Text written there is code, read now.
   */
  static boolean runsLater(String path) {
    String name = base(path);
    return switch (name) {
      case ".bashrc",
          ".bash_profile",
          ".bash_login",
          ".bash_logout",
          ".profile",
          ".zshrc",
          ".zprofile",
          ".zshenv",
          ".zlogin",
          ".zlogout",
          ".kshrc",
          "config.fish",
          "bash.bashrc",
          "direnvrc",
          ".direnvrc" ->
          true;
      default ->
          path.contains("/etc/profile.d/")
              || path.contains(".git/hooks/")
              || path.contains("/.bashrc.d/")
              || path.contains("/.zshrc.d/")
              || path.contains("/fish/conf.d/")
              || path.contains("/fish/functions/")
              || path.contains("/direnv/lib/");
    };
  }

  /**
   * Whether a program writes a file that runs later ({@link #runsLater}), by redirection or tee.
   */
  private static boolean writesRunLater(List<Step> steps) {
    for (int i = 0; i < steps.size(); i++) {
      if (laterFile(steps.get(i)) != null) {
        return true;
      }
    }
    return false;
  }

  /** The file that runs later a program writes, by a redirection or as tee's argument; or null. */
  private static String laterFile(Step step) {
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.writes() && runsLater(redirect.target().text())) {
        return redirect.target().text();
      }
    }
    if (step.program().equals("tee")) {
      for (Word word : step.args()) {
        if (!word.text().startsWith("-") && runsLater(word.text())) {
          return word.text();
        }
      }
    }
    return LaterWrites.file(step);
  }

  /**
   * What a printer writes into a file that runs later, by its own redirection or through the tee it
   * is piped into, read as code: {@code echo 'curl … | sh' >> ~/.bashrc} runs in every shell after.
   */
  private static void addRunLater(List<Step> steps, int at, List<String[]> texts) {
    Step printer = steps.get(at);
    String file = laterFile(printer);
    if (file == null && at + 1 < steps.size() && steps.get(at + 1).program().equals("tee")) {
      file = laterFile(steps.get(at + 1));
    }
    String text = file == null ? null : printed(printer.invocation());
    if (text != null) {
      texts.add(new String[] {text, printer.program() + " › " + base(file) + " (runs later)"});
    }
  }

  /** Whether a program's output is a command substitution's: the code a runner is handed. */
  private static boolean substituted(Invocation invocation) {
    List<String> vias = invocation.via();
    for (int i = 0; i < vias.size(); i++) { // indexed: no iterator a printer
      String via = vias.get(i);
      if (via.startsWith("$(") || via.startsWith("`")) {
        return true;
      }
    }
    return false;
  }

  private static boolean isShell(String program) {
    return switch (program) {
      case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash" -> true;
      default -> false;
    };
  }

  /**
   * What echo, printf or a here-document to cat prints, an expansion as written ({@code ~}, {@code
   * $HOME}, a glob): read again as shell, it means what its value would, and {@code sh -c "$(echo
   * rm -rf ~)"} was allowed while its words were taken as unknowable.
   */
  private static String printed(Invocation invocation) {
    if (invocation.program().equals("cat")) {
      for (Redirect redirect : invocation.redirects()) {
        if (redirect.body() != null) {
          return redirect.body();
        }
      }
      return null;
    }
    List<Word> words = invocation.words();
    StringBuilder out = new StringBuilder();
    boolean printf = invocation.program().equals("printf");
    for (int k = 1; k < words.size(); k++) {
      String t = words.get(k).text();
      if (!printf && out.length() == 0 && (t.equals("-n") || t.equals("-e") || t.equals("-E"))) {
        continue;
      }
      if (printf && k == 1) {
        t = t.replace("\\n", "\n").replace("\\t", "\t").replace("%s", "");
      }
      out.append(out.length() == 0 ? "" : " ").append(t);
    }
    return out.toString();
  }

  /** Inline code's call that runs a file of its language, by its path. */
  private static final java.util.regex.Pattern RUNS_FILE =
      java.util.regex.Pattern.compile(
          "\\b(?:run_path|execfile|exec\\s*\\(\\s*open|load|require_relative|dofile|loadfile"
              + "|include|include_once|require_once|import)\\s*\\(?\\s*['\"]([^'\"]{1,400})['\"]");

  /**
   * The file a program runs as a script: itself ({@code ./f}), or a shell's, an interpreter's or
   * {@code source}'s script ({@code sh f}, {@code python3 f}, {@code . f}), or the file its inline
   * code runs ({@code runpy.run_path('f')}), without its folder.
   *
   * @param step the program
   * @return the file's name, or {@code null}
   */
  static String runs(Step step) {
    List<Word> words = step.invocation().words();
    if (words.isEmpty()) {
      return null;
    }
    String program = step.program();
    if (program.length() != words.get(0).text().length()) {
      // The program's word names a folder (its name is what follows the last '/'): no search.
      return program;
    }
    String code = step.interpreter() ? InterpreterCode.of(step) : null;
    java.util.regex.Matcher file = code == null ? null : RUNS_FILE.matcher(code);
    if (file != null && file.find()) {
      return base(file.group(1)); // runpy.run_path('/tmp/x.py'), load "/tmp/x.rb": that file runs
    }
    if (step.interpreter() || program.equals("source") || program.equals(".")) {
      for (Word word : words.subList(1, words.size())) {
        if (!word.text().startsWith("-")) {
          return base(word.text());
        }
      }
    }
    return null;
  }

  /**
   * {@code git config alias.x '!cmd'} and {@code git -c alias.x='!cmd'}: cmd is shell. An alias of
   * git's own ({@code alias.fp 'push --force'}) is read as the git command it stands for, so that
   * defining it is judged as running it would be: {@code git fp} in this call or any later one is
   * that command, and a later call shows only {@code git fp}.
   */
  private static void gitAlias(List<String> args, List<String[]> texts) {
    for (int k = 0; k < args.size(); k++) {
      String a = args.get(k);
      String value = null;
      if (GitGlobalOptions.isAliasKey(a) && a.indexOf('=') > 0) {
        value = a.substring(a.indexOf('=') + 1);
      } else if (GitGlobalOptions.isAliasKey(a) && k + 1 < args.size()) {
        value = args.get(k + 1);
      }
      if (value != null && value.startsWith("!")) {
        texts.add(new String[] {value.substring(1), "git alias"});
      } else if (value != null && !value.isBlank()) {
        texts.add(new String[] {"git " + value, "git alias"});
      }
    }
  }

  static String base(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }
}
