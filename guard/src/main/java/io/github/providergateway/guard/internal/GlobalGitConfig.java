package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import io.github.providergateway.guard.shell.syntax.ShellParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code git config} setting, for every repository of the user or the machine ({@code --global},
 * {@code --system}, or {@code --file} naming one of their files), a key whose value git runs as a
 * program: hooks, the pager, the editor, ssh, filters, diff and merge drivers, credential helpers
 * given as commands, included files. Set in one repository ({@code git config core.hooksPath
 * .husky}) it stays that repository's business; set globally it runs in every repository the person
 * opens, long after the session.
 */
final class GlobalGitConfig {
  /** The files of git's settings read by every repository: {@code persist.git-global}'s. */
  private static final FilePlaces GIT_SETTINGS = FilePlaces.listedBy("persist.git-global");

  /** Keys whose value is a program or a folder of programs, whatever the value. */
  private static final Set<String> RUNS =
      NameSet.of(
          "core.hookspath",
          "core.pager",
          "core.sshcommand",
          "core.editor",
          "core.askpass",
          "core.gitproxy",
          "sequence.editor",
          "init.templatedir",
          "diff.external",
          "include.path",
          "uploadpack.packobjectshook",
          "gpg.program",
          "protocol.ext.allow");

  /** The options of {@code git config} that read, list, remove or edit rather than set. */
  private static final List<String> NOT_SETTING =
      List.of(
          "get",
          "get-all",
          "get-regexp",
          "get-urlmatch",
          "get-color",
          "get-colorbool",
          "list",
          "unset",
          "unset-all",
          "rename-section",
          "remove-section",
          "edit");

  private GlobalGitConfig() {}

  /**
   * Whether a {@code git config} command sets a key that runs code, for every repository.
   *
   * @param scan the call, to resolve a {@code --file}
   * @param step the git program
   * @param args its arguments after {@code config}
   * @return whether it does
   */
  static boolean setsCode(Scan scan, Step step, List<Word> args) {
    Argv argv =
        Argv.of(args, "f", "file", "blob", "type", "default", "comment", "value", "url", "regexp");
    for (String option : NOT_SETTING) {
      if (argv.has(option)) {
        return false;
      }
    }
    if (argv.has('l') || argv.has('e')) {
      return false;
    }
    if (!global(scan, step, argv)) {
      return false;
    }
    List<Word> pos = argv.positionals();
    int key = 0;
    if (!pos.isEmpty() && NOT_SETTING.contains(pos.get(0).text())) {
      return false; // git config get|list|unset|edit … (git 2.46's subcommands)
    }
    if (!pos.isEmpty() && pos.get(0).text().equals("set")) {
      key = 1;
    }
    if (pos.size() < key + 2) {
      return false; // a key without a value reads it
    }
    return runs(pos.get(key).text().toLowerCase(Locale.ROOT), pos.get(key + 1).text());
  }

  /**
   * Whether a {@code git config} command sends, for every repository, the fetches and clones of one
   * place to another ({@code url.https://evil.example/.insteadOf https://github.com/}): every later
   * clone, fetch and submodule of that place comes from the other, code and hooks' scripts with it.
   * A rewrite that keeps the host and path, changing only the protocol or the account ({@code
   * url.git@github.com:.insteadOf https://github.com/}, a token in the URL), is no other place.
   *
   * @param scan the call, to resolve a {@code --file}
   * @param step the git program
   * @param args its arguments after {@code config}
   * @return whether it does
   */
  static boolean redirects(Scan scan, Step step, List<Word> args) {
    Argv argv =
        Argv.of(args, "f", "file", "blob", "type", "default", "comment", "value", "url", "regexp");
    for (String option : NOT_SETTING) {
      if (argv.has(option)) {
        return false;
      }
    }
    if (!global(scan, step, argv)) {
      return false;
    }
    List<Word> pos = argv.positionals();
    int key = !pos.isEmpty() && pos.get(0).text().equals("set") ? 1 : 0;
    if (pos.size() < key + 2) {
      return false;
    }
    String name = pos.get(key).text();
    String lower = name.toLowerCase(Locale.ROOT);
    if (!lower.startsWith("url.")
        || !lower.endsWith(".insteadof") && !lower.endsWith(".pushinsteadof")) {
      return false;
    }
    String base = name.substring(4, name.lastIndexOf('.'));
    return !samePlace(base, pos.get(key + 1).text());
  }

  /** Whether two repository URL prefixes name the same host and path, whatever the protocol. */
  private static boolean samePlace(String a, String b) {
    return place(a).equals(place(b));
  }

  /** A URL prefix's host and path: {@code github.com/acme/} for {@code git@github.com:acme/}. */
  private static String place(String url) {
    String u = url;
    int scheme = u.indexOf("://");
    if (scheme >= 0) {
      u = u.substring(scheme + 3);
    } else if (u.indexOf(':') > 0
        && u.indexOf(':') < (u.indexOf('/') < 0 ? u.length() : u.indexOf('/'))) {
      u = u.replaceFirst(":", "/"); // scp's form: git@github.com:acme/
    }
    int at = u.indexOf('@');
    int slash = u.indexOf('/');
    if (at >= 0 && (slash < 0 || at < slash)) {
      u = u.substring(at + 1);
    }
    slash = u.indexOf('/');
    String host = slash < 0 ? u : u.substring(0, slash);
    String path = slash < 0 ? "" : u.substring(slash + 1);
    int colon = host.indexOf(':');
    host = colon < 0 ? host : host.substring(0, colon); // a port
    if (path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    return host.toLowerCase(Locale.ROOT) + "/" + path;
  }

  /** Whether the settings written are the user's or the machine's, not one repository's. */
  private static boolean global(Scan scan, Step step, Argv argv) {
    if (argv.has("global") || argv.has("system")) {
      return true;
    }
    String file = argv.value('f') != null ? argv.value('f') : argv.value("file");
    if (file == null) {
      return false;
    }
    for (Target target : scan.targets(step, new Word(file, true))) {
      if (GIT_SETTINGS.lists(scan.places().home(), target.path())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Editors git may be given ({@code core.editor}, {@code sequence.editor}), with the options each
   * may have there: the ones that make it wait, open a window or stay in the terminal, none that
   * runs a command of its own ({@code vim -c}, {@code emacs --eval}).
   */
  private static final Map<String, Set<String>> EDITORS =
      Map.ofEntries(
          Map.entry("vim", Set.of("-f", "--nofork")),
          Map.entry("vi", Set.of("-f")),
          Map.entry("nvim", Set.of()),
          Map.entry("gvim", Set.of("-f", "--nofork")),
          Map.entry("mvim", Set.of("-f", "--nofork")),
          Map.entry("nano", Set.of()),
          Map.entry("micro", Set.of()),
          Map.entry("hx", Set.of()),
          Map.entry("helix", Set.of()),
          Map.entry("kak", Set.of()),
          Map.entry("emacs", Set.of("-nw", "-q")),
          Map.entry("emacsclient", Set.of("-t", "-c", "-nw", "--tty", "--create-frame")),
          Map.entry("code", Set.of("-w", "--wait", "-n", "--new-window", "-r", "--reuse-window")),
          Map.entry(
              "code-insiders",
              Set.of("-w", "--wait", "-n", "--new-window", "-r", "--reuse-window")),
          Map.entry("codium", Set.of("-w", "--wait", "-n", "--new-window", "-r", "--reuse-window")),
          Map.entry("cursor", Set.of("-w", "--wait", "-n", "--new-window", "-r", "--reuse-window")),
          Map.entry("subl", Set.of("-w", "--wait", "-n", "--new-window")),
          Map.entry("mate", Set.of("-w", "--wait")),
          Map.entry("zed", Set.of("-w", "--wait", "-n", "--new")),
          Map.entry("gedit", Set.of("-s", "--standalone", "-w", "--wait")),
          Map.entry("kate", Set.of("-b", "--block", "-n", "--new")));

  /** Pagers git may be given ({@code core.pager}, {@code pager.<command>}). */
  private static final Set<String> PAGERS =
      NameSet.of(
          "less",
          "more",
          "most",
          "delta",
          "diff-so-fancy",
          "diff-highlight",
          "bat",
          "batcat",
          "cat",
          "moar",
          "ov",
          "riff",
          "ydiff");

  /** A pager's option that names no file and no command: {@code -R}, {@code --tabs=4}. */
  private static final Pattern PAGER_OPTION =
      Pattern.compile("-[A-Za-z0-9]+|--[A-Za-z0-9-]+(=[A-Za-z0-9,._-]*)?");

  /** Folders of the system's own programs, where an editor or pager named by its path may be. */
  private static final List<String> SYSTEM_BINS =
      List.of("/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/", "/snap/bin/");

  /**
   * Whether a value git runs through the shell is only a known editor or pager (a pipeline of
   * pagers, for a pager: {@code diff-so-fancy | less --tabs=4 -RFX}) with options that run nothing:
   * a person's everyday setting (fp-015, fp-016 of the red team), no code of the agent's.
   */
  static boolean knownProgram(String key, String value) {
    boolean editor = key.equals("core.editor") || key.equals("sequence.editor");
    boolean pager = key.equals("core.pager") || key.startsWith("pager.");
    if (!editor && !pager) {
      return false;
    }
    List<Invocation> programs;
    try {
      programs = ShellParser.parse(value).invocations();
    } catch (ShellParseException e) {
      return false;
    }
    if (programs.isEmpty() || editor && programs.size() > 1) {
      return false;
    }
    for (Invocation program : programs) {
      if (!program.via().isEmpty()
          || !program.wrappers().isEmpty()
          || !program.redirects().isEmpty()) {
        return false;
      }
      List<Word> words = program.words();
      String first = words.get(0).text();
      int slash = first.lastIndexOf('/');
      if (slash >= 0 && !SYSTEM_BINS.contains(first.substring(0, slash + 1))) {
        return false;
      }
      String name = program.program();
      Set<String> options = editor ? EDITORS.get(name) : PAGERS.contains(name) ? Set.of() : null;
      if (options == null) {
        return false;
      }
      for (Word word : words.subList(1, words.size())) {
        String t = word.text();
        boolean fine =
            word.literal()
                && (editor ? options.contains(t) : PatternLiterals.matches(PAGER_OPTION, t));
        if (!fine) {
          return false;
        }
      }
    }
    return true;
  }

  /** Whether git runs the value of {@code key} (lower case) as a program. */
  static boolean runs(String key, String value) {
    if (knownProgram(key, value)) {
      return false;
    }
    if (RUNS.contains(key)) {
      return true;
    }
    if (key.equals("core.fsmonitor")) {
      // true and false choose git's own file-system monitor; anything else is a program.
      return !value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false");
    }
    if (key.startsWith("credential.") && key.endsWith(".helper")
        || key.equals("credential.helper")) {
      // store, cache, osxkeychain, manager: git's own helpers by name; a command or a path runs.
      return value.startsWith("!") || value.indexOf('/') >= 0;
    }
    return key.startsWith("pager.")
        || key.startsWith("includeif.") && key.endsWith(".path")
        || key.startsWith("diff.") && (key.endsWith(".textconv") || key.endsWith(".command"))
        || key.startsWith("merge.") && key.endsWith(".driver")
        || key.startsWith("filter.")
            && (key.endsWith(".clean") || key.endsWith(".smudge") || key.endsWith(".process"))
        || key.startsWith("gpg.") && key.endsWith(".program")
        || key.startsWith("remote.")
            && (key.endsWith(".uploadpack") || key.endsWith(".receivepack"))
        || key.startsWith("difftool.") && key.endsWith(".cmd")
        || key.startsWith("mergetool.") && key.endsWith(".cmd");
  }
}
