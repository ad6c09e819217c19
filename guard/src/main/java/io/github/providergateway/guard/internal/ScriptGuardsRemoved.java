package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A shell script's guard taken out (issue 80 round 72, for {@code safeguards.check-removed}): a
 * line that stops the script when a check fails ({@code verify_checksums "$DEST" || { echo 'verify
 * failed, NOT formatting card'; exit 1; }}, {@code restic check || exit 1}, {@code gpg --verify …
 * || die 'bad signature'}) deleted, with no line left that runs the same check. What came after it
 * (formatting the card, pruning the backups, releasing the tarball) now runs whatever the check
 * would have said. Not a check that a tool is installed ({@code command -v jq || exit 1}) nor a
 * {@code cd} or {@code mkdir} that stops on failure (a shell's idiom, not a guard), and a check
 * moved or reworded in the same edit is still there, unless it is commented out or told to ignore
 * its failure ({@code || true}).
 */
final class ScriptGuardsRemoved {
  private ScriptGuardsRemoved() {}

  /** A line whose command, failing, stops the script: {@code X || exit 1}, {@code X || die …}. */
  private static final Pattern GUARDED =
      Pattern.compile(
          "(?m)^[ \\t]*([^\\n|#][^\\n]{0,300}?)[ \\t]*\\|\\|[ \\t]*(?:\\{[^}\\n]{0,200}?\\b(?:exit|return)"
              + "(?:[ \\t]+[1-9]\\d*)?[ \\t]*;?[ \\t]*\\}|exit(?:[ \\t]+[1-9]\\d*)?\\b|return[ \\t]+[1-9]"
              + "|die\\b|fail\\b|abort\\b|fatal\\b|panic\\b)");

  /** The first words of a command that stops on failure by the shell's idiom, not as a check. */
  private static final Set<String> IDIOMS =
      NameSet.of(
          "command", "which", "type", "hash", "cd", "pushd", "popd", "mkdir", "source", ".", "set",
          "shift", "trap", "read", "export", "local", "declare");

  /**
   * {@return the guard an edit takes out of a shell script, as the reason shows it, or {@code
   * null}}
   *
   * @param old the edit's old text
   * @param now its new text
   * @param file the file's path, or {@code null}
   */
  static String of(String old, String now, String file) {
    if (file == null || !script(file) || old.length() > 64 * 1024) {
      return null;
    }
    Matcher guard = GUARDED.matcher(old);
    while (guard.find()) {
      String command = guard.group(1).strip();
      String first = command.split("[ \\t]+", 2)[0];
      if (command.isEmpty() || IDIOMS.contains(first) || stillChecked(command, now)) {
        continue;
      }
      return "the guard `" + shorter(command) + " || …` taken out of " + file;
    }
    return null;
  }

  /** A failure let through: {@code verify || true}, {@code verify || :}. */
  private static final Pattern IGNORED = Pattern.compile("\\|\\|[ \\t]*(?:true|:)[ \\t]*(?:;|$)");

  /**
   * Whether the new text still runs the check, not commented out ({@code # verify …}) and not told
   * to ignore its failure ({@code verify … || true}).
   */
  private static boolean stillChecked(String command, String now) {
    for (String line : now.split("\n")) {
      String kept = line.strip();
      if (kept.contains(command) && !kept.startsWith("#") && !IGNORED.matcher(kept).find()) {
        return true;
      }
    }
    return false;
  }

  /** Whether a file is a shell script by its name: {@code ingest.sh}, {@code bin/backup.bash}. */
  private static boolean script(String file) {
    String name = file.substring(file.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    return name.endsWith(".sh") || name.endsWith(".bash") || name.endsWith(".zsh");
  }

  private static String shorter(String command) {
    return command.length() <= 60 ? command : command.substring(0, 57) + "...";
  }
}
