package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code git config} setting, for every repository of the user or the machine ({@code --global},
 * {@code --system}, or {@code --file} naming one of their files), a key whose value git runs as a
 * program: hooks, the pager, the editor, ssh, filters, diff and merge drivers, credential helpers
 * given as commands, included files. Set in one repository ({@code git config core.hooksPath
 * .husky}) it stays that repository's business; set globally it runs in every repository the person
 * opens, long after the session.
 */
final class GlobalGitConfig {
  /** Keys whose value is a program or a folder of programs, whatever the value. */
  private static final Set<String> RUNS =
      Set.of(
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
      if (PersistentPlaces.written(scan.places().home(), target.path())
          == PersistRules.GIT_GLOBAL) {
        return true;
      }
    }
    return false;
  }

  /** Whether git runs the value of {@code key} (lower case) as a program. */
  static boolean runs(String key, String value) {
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
