package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * Whether a program's words keep it to a dry run ({@link SharedActs#dryRun}, every rule's reading):
 * one of {@code dryRuns} in shape-words.json ({@code --dry-run}, {@code --check}, {@code --help}),
 * not set off ({@code --dry-run=false}: decision 165), or a mode that only shows ({@code --mode
 * audit}: decision 166). Decision 168 (the red team of 162–166): the last word of a dry run's flag
 * decides ({@code --dry-run --no-dry-run} acts); {@code -h} given a host names it ({@code -h
 * cad-app01.example.com}) and {@code help} given to an option is its value ({@code --queue help});
 * a flag that only shows what changes ({@code --diff}, {@code --print}) beside a go-ahead ({@code
 * --apply}, {@code --commit}) shows it while acting.
 */
final class DryRuns {
  private DryRuns() {}

  /** The flags that turn a dry run off again. */
  private static final Set<String> UNDONE =
      NameSet.of("--no-dry-run", "--no-dryrun", "--no-dry_run");

  /** The flags that show what changes without holding it back where a go-ahead is given. */
  private static final Set<String> SHOWING = NameSet.of("--diff", "--print");

  static boolean in(List<Word> args) {
    return in(args, false);
  }

  /**
   * Whether a company's or an unnamed tool's words keep it to a dry run (decision 325): as {@link
   * #in}, except that a dry run's flag given a file or a path names an input ({@code --plan
   * passes/kx4.json}, {@code --sql fixes/x.sql}, {@code --diff baseline.json}: the plan run, the
   * statements run, the baseline compared), and {@code -h} given a word names a host ({@code -h
   * plc07}); a family's program is read by {@link #in}, where {@code ansible-playbook --check
   * site.yml} checks its playbook.
   */
  static boolean inTool(List<Word> args) {
    return in(args, true);
  }

  private static boolean in(List<Word> args, boolean tool) {
    boolean dry = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (UNDONE.contains(text)) {
        dry = false;
        continue;
      }
      if (!ShapeWords.DRY_RUNS.contains(text)
          && !text.startsWith("--dry-run=")
          && !text.startsWith("--dry_run=")) {
        continue;
      }
      if (GoAheadSaidOtherwise.setOff(args, i)) {
        dry = false; // --dry-run=false, --dryrun 0 (decision 165)
      } else if (text.equals("-h") && hostNext(args, i)) {
        continue; // -h cad-app01.example.com: a host
      } else if (text.equals("help") && optionBefore(args, i)) {
        continue; // --queue help: the option's value
      } else if (NAMING.contains(text) && idNext(args, i)) {
        continue; // fdyn mnvr commit --plan MNV-2025-118: the plan named (decision 276)
      } else if (tool && NAMING.contains(text) && fileNext(args, i)) {
        continue; // --plan passes/kx4-w118.json: the plan run (decision 325)
      } else if (tool && text.equals("-h") && wordNext(args, i)) {
        continue; // -h plc07: a host by its short name (decision 325)
      } else if (!SHOWING.contains(text) || !TerminalTyping.anyWord(args, DryRuns::goAhead)) {
        dry = true;
      }
    }
    return dry || GoAheadSaidOtherwise.previewMode(args); // --mode audit (decision 166)
  }

  private static boolean goAhead(String text) {
    return ShapeWords.GO_LIVE.contains(text);
  }

  /**
   * The dry runs' flags that are a thing's name where given a value: a plan, a check, a preview.
   */
  private static final Set<String> NAMING = NameSet.of("--plan", "--check", "--preview", "--sql");

  /**
   * Whether the word after a flag is an identifier it is given ({@code MNV-2025-118}, {@code
   * CAM-031}): literal, no option, with a digit or a capital letter and no path or file's dot; or a
   * name of two words or more ({@code --plan emergency-response}, {@code --plan digital-annual}: a
   * plan of a company's, decision 298).
   */
  private static boolean idNext(List<Word> args, int at) {
    if (at + 1 >= args.size() || !args.get(at + 1).literal()) {
      return false;
    }
    String next = args.get(at + 1).text();
    if (next.isEmpty()
        || next.startsWith("-")
        || next.indexOf('/') >= 0
        || next.indexOf('.') >= 0) {
      return false;
    }
    return next.chars().anyMatch(c -> Character.isDigit(c) || Character.isUpperCase(c))
        || ServiceVerbs.split(next).size() > 1;
  }

  /** Whether the word after a flag is a file or a path it is given: {@code plans/x.json}. */
  private static boolean fileNext(List<Word> args, int at) {
    if (at + 1 >= args.size()) {
      return false;
    }
    String next = args.get(at + 1).text();
    if (next.isEmpty() || next.startsWith("-") || next.length() > 200) {
      return false;
    }
    int dot = next.lastIndexOf('.');
    return next.indexOf('/') >= 0
        || dot > 0 && ShapeWords.EXTENSIONS.contains(next.substring(dot + 1).toLowerCase());
  }

  /** Whether a word that is no option follows: {@code -h plc07}, not {@code -h} alone. */
  private static boolean wordNext(List<Word> args, int at) {
    return at + 1 < args.size()
        && !args.get(at + 1).text().isEmpty()
        && !args.get(at + 1).text().startsWith("-");
  }

  /** Whether the word after {@code -h} names a host: {@code db1.example.com}, {@code host:5432}. */
  private static boolean hostNext(List<Word> args, int at) {
    if (at + 1 >= args.size()) {
      return false;
    }
    String next = args.get(at + 1).text();
    int colon = next.indexOf(':');
    return SharedActs.hostLike(colon > 0 ? next.substring(0, colon) : next);
  }

  /** Whether the word before is an option that takes a value ({@code --queue help}). */
  private static boolean optionBefore(List<Word> args, int at) {
    if (at == 0) {
      return false;
    }
    String option = args.get(at - 1).text();
    return option.startsWith("-")
        && option.indexOf('=') < 0
        && !ShapeWords.ACTING_FLAGS.contains(option)
        && !ShapeWords.EVERYTHING.contains(option)
        && !ShapeWords.DRY_RUNS.contains(option);
  }
}
