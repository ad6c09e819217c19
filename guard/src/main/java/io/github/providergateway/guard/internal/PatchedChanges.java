package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a patch applied from a here-document changes (decision 204): {@code git apply <<'EOF'} or
 * {@code patch -p1 <<'EOF'} with a unified diff, each file's hunks read as an edit, its {@code -}
 * lines and context the old text, its {@code +} lines and context the new, for the readers of
 * changes ({@link WeakenPredicates.ChangeReader}). A check ({@code git apply --check}, {@code patch
 * --dry-run}) or a summary changes nothing; a reversed patch ({@code -R}) takes out what its {@code
 * +} lines hold. A patch in a file is {@link Patches}' to read for the guard's own files.
 */
final class PatchedChanges {
  private PatchedChanges() {}

  /** The most of one diff read. */
  private static final int MAX_DIFF = 64 * 1024;

  /** A file's new name in a diff: {@code +++ b/servicing/eligibility.py}. */
  private static final Pattern NEW_FILE = Pattern.compile("^\\+\\+\\+ (?:[ab]/)?(\\S+)");

  /** Options of {@code git apply} that only look. */
  private static final List<String> LOOKS =
      List.of("--check", "--stat", "--numstat", "--summary", "--dry-run");

  /**
   * What the reader finds in the changes a patch program applies, or null.
   *
   * @param scan the call's scan: a diff written to a file by an earlier part of the call
   * @param step the program
   * @param reader what reads each file's change
   * @param <T> what it finds
   * @return what it found
   */
  static <T> T read(Scan scan, Step step, WeakenPredicates.ChangeReader<T> reader) {
    String program = step.program();
    List<Word> args;
    if (program.equals("git")) {
      GitCommand git = GitCommand.of(step.args());
      if (!git.subcommand().equals("apply")) {
        return null;
      }
      args = git.args();
    } else if (program.equals("patch")) {
      args = step.args();
    } else {
      return null;
    }
    boolean reverse = false;
    boolean looks = false;
    boolean apply = false;
    for (Word word : args) {
      String text = word.text();
      reverse |= text.equals("-R") || text.equals("--reverse");
      looks |= LOOKS.contains(text);
      apply |= text.equals("--apply");
    }
    if (looks && !apply) {
      return null;
    }
    for (String diff : diffs(scan, step, args)) {
      T found =
          hunks(diff.length() > MAX_DIFF ? diff.substring(0, MAX_DIFF) : diff, reverse, reader);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /**
   * The diffs the program applies that the call shows: its own here-document, and a file it reads
   * (an argument, or its input redirected) that an earlier part of the call wrote from a
   * here-document ({@code cat > /tmp/p.diff <<'EOF' … EOF} then {@code git apply /tmp/p.diff}: the
   * red team of decisions 202–205).
   */
  private static List<String> diffs(Scan scan, Step step, List<Word> args) {
    List<String> diffs = new ArrayList<>();
    List<Word> read = new ArrayList<>();
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null) {
        diffs.add(redirect.body());
      } else if (redirect.operator().equals("<")) {
        read.add(redirect.target());
      }
    }
    for (Word word : args) {
      if (word.text() != null && !word.text().startsWith("-")) {
        read.add(word);
      }
    }
    Set<String> files = new HashSet<>();
    for (Word word : read) {
      for (Target target : scan.targets(step, word)) {
        if (target.known()) {
          files.add(target.path().toString());
        }
      }
    }
    for (Step other : scan.steps()) {
      if (other != step && !files.isEmpty()) {
        String body =
            WeakenPredicates.written(
                scan, other, (old, now, written) -> anyOf(written, files) ? now : null);
        if (body != null) {
          diffs.add(body);
        }
      }
    }
    return diffs;
  }

  private static boolean anyOf(List<String> written, Set<String> files) {
    return written.stream().anyMatch(files::contains);
  }

  /** Each file's change in a diff, as the reader reads it. */
  private static <T> T hunks(
      String diff, boolean reverse, WeakenPredicates.ChangeReader<T> reader) {
    String file = null;
    StringBuilder old = new StringBuilder();
    StringBuilder now = new StringBuilder();
    for (String line : (diff + "\n+++ /end").split("\r?\n")) {
      Matcher named = NEW_FILE.matcher(line);
      if (named.find()) {
        if (file != null && (old.length() > 0 || now.length() > 0)) {
          T found =
              reverse
                  ? reader.read(now.toString(), old.toString(), List.of(file))
                  : reader.read(old.toString(), now.toString(), List.of(file));
          if (found != null) {
            return found;
          }
        }
        file = named.group(1);
        old.setLength(0);
        now.setLength(0);
      } else if (file != null && !line.startsWith("--- ") && !line.startsWith("@@")) {
        EditCalls.addToSides(line, old, now);
      }
    }
    return null;
  }
}
