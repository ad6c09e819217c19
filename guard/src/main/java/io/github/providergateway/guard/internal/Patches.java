package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files a patch changes ({@code guard.self} when one is the ground: issue 64's red team for a
 * patch fed on the line, issue 75 for one in a file). {@code patch} and {@code git apply|am} read
 * their diff from a here-document ({@code git apply <<EOF}), their standard input ({@code patch -p1
 * < x.patch}, {@code cat x.diff | git apply}) or a file they are given ({@code patch -i x.patch},
 * {@code patch FILE x.patch}, {@code git apply x.patch}); a file is read through the disk ({@link
 * DiskView#text}, at most {@link ScriptsRun#MAX_FILES} a call, each to {@link ScriptsRun#MAX_CHARS}
 * characters). Each file the diff names ({@code +++ b/x}, {@code --- a/x}, git's headers, {@code
 * rename to}) is judged with up to three of its leading folders taken off, as {@code -p} takes
 * them, in the folder the patch is applied in ({@code -d DIR}). With no disk a file's diff is not
 * read.
 */
final class Patches {
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  private Patches() {}

  /** The files a unified or git diff names: {@code +++ b/x}, {@code --- a/x}, git's headers. */
  private static final Pattern PATCHED =
      Pattern.compile(
          "(?m)^(?:\\+\\+\\+|---) (?:[ab]/)?(\\S+)|^diff --git a/(\\S+) b/(\\S+)"
              + "|^(?:rename|copy) to (\\S+)");

  /** The most leading folders taken off a path named in a diff, as {@code -p3} would. */
  private static final int MOST_STRIPPED = 3;

  /**
   * Judges what a patch program changes.
   *
   * @param scan the call's scan
   * @param step {@code patch}, or {@code git} with {@code apply} or {@code am}
   */
  static void judge(Scan scan, Step step) {
    List<String> diffs = new ArrayList<>();
    List<Word> files = new ArrayList<>();
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null) {
        diffs.add(redirect.body());
      } else if (redirect.operator().equals("<")) {
        files.add(redirect.target());
      }
    }
    String folder = null;
    if (step.program().equals("patch")) {
      Argv argv = Argv.of(step.args(), "pdiorBDFVYzgx", "directory", "input", "output", "strip");
      String input = argv.value('i') != null ? argv.value('i') : argv.value("input");
      if (input != null) {
        files.add(Word.literal(input));
      }
      List<Word> positionals = argv.positionals();
      if (positionals.size() >= 2) {
        files.add(positionals.get(1));
      }
      folder = argv.value('d') != null ? argv.value('d') : argv.value("directory");
    } else {
      GitCommand git = GitCommand.of(step.args());
      for (Word word : Argv.of(git.args(), "pC", "directory", "exclude", "include").positionals()) {
        if (!word.text().equals("-")) {
          files.add(word);
        }
      }
    }
    if (diffs.isEmpty() && files.isEmpty()) {
      files.addAll(catted(scan)); // cat x.diff | git apply
    }
    for (Word file : files) {
      read(scan, step, file).ifPresent(diffs::add);
    }
    for (String diff : diffs) {
      if (touchesGround(scan, step, folder, diff)) {
        return;
      }
    }
  }

  /** The files a reader of the call prints, as a patch program reading its input takes them. */
  private static List<Word> catted(Scan scan) {
    List<Word> out = new ArrayList<>();
    for (Step step : scan.steps()) {
      String program = step.program();
      if (program.equals("cat") || program.equals("zcat") || program.equals("gunzip")) {
        for (Word word : step.args()) {
          if (!word.text().startsWith("-")) {
            out.add(word);
          }
        }
      }
    }
    return out;
  }

  /** A diff file's text, through the disk, within the call's bound of files read. */
  private static Optional<String> read(Scan scan, Step step, Word file) {
    if (scan.places().disk().none()) {
      return Optional.empty();
    }
    for (Target target : scan.targets(step, file)) {
      if (target.path() != null && target.glob() == null && scan.callDisk().readPatch()) {
        return scan.places().disk().text(target.path(), ScriptsRun.MAX_CHARS);
      }
    }
    return Optional.empty();
  }

  /** Whether a file the diff names, with its leading folders taken off or not, is the ground. */
  private static boolean touchesGround(Scan scan, Step step, String folder, String diff) {
    Matcher m = PATCHED.matcher(diff);
    while (m.find()) {
      for (int g = 1; g <= m.groupCount(); g++) {
        String file = m.group(g);
        if (file == null || file.equals("/dev/null")) {
          continue;
        }
        for (String stripped : stripped(file)) {
          String at =
              folder == null || stripped.startsWith("/") ? stripped : folder + "/" + stripped;
          for (Target target : scan.targets(step, Word.literal(at))) {
            if (ground(scan, target)) {
              scan.hit(SELF, step, target);
              return true;
            }
          }
        }
      }
    }
    return false;
  }

  /** {@code file}, and it with one to three leading folders taken off. */
  private static List<String> stripped(String file) {
    List<String> out = new ArrayList<>();
    out.add(file);
    String rest = file;
    for (int i = 0; i < MOST_STRIPPED && !rest.startsWith("/") && rest.indexOf('/') > 0; i++) {
      rest = rest.substring(rest.indexOf('/') + 1);
      out.add(rest);
    }
    return out;
  }

  private static boolean ground(Scan scan, Target target) {
    Path path = target.path();
    Places places = scan.places();
    return GroundReach.changesGround(places, target)
        || path != null
            && (path.startsWith(places.gatewayHome()) || places.gatewayFiles().contains(path));
  }
}
