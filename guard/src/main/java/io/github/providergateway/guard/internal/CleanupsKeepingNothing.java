package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A cleanup told to keep nothing (issue 80 round 75, decision 334, {@code
 * db.cleanup-keeps-nothing}): a program that removes what is older than an age, or keeps the last
 * few, given an age or a count of zero ({@code --older-than 0}, {@code --keep-days=0}, {@code
 * --retention-days 0d}, {@code --keep 0}) and no dry run: every record it reaches goes, whatever
 * its age. A farm's {@code cleanup.py --older-than 0 --yes} pointed at the herd's database deleted
 * every treatment in it.
 *
 * <p>Not read here: an age or a count above zero, a dry run or a listing, a help, a word that says
 * test or development ({@code --env test}: the local test data's notion, {@link
 * Environments#testName}).
 */
final class CleanupsKeepingNothing {
  private CleanupsKeepingNothing() {}

  /** The options of an age or a count to keep. */
  private static final Set<String> KEEPS =
      NameSet.of(
          "--older-than",
          "--keep-days",
          "--retention-days",
          "--retention",
          "--max-age",
          "--keep",
          "--keep-last",
          "--days-to-keep",
          "--keep-for",
          "--age");

  /**
   * The words one of {@link #KEEPS} holds: a clause for any program asks {@link #keepsNothing} only
   * of a call that holds one ({@link CallClues}).
   */
  static final CallClues NAMED = CallClues.of("older", "keep", "retention", "-age");

  /** The words that make the run a look only. */
  private static final Set<String> LOOKS =
      NameSet.of(
          "--dry-run",
          "--dryrun",
          "-n",
          "--list",
          "--preview",
          "--what-if",
          "--help",
          "-h",
          "--check",
          "--simulate",
          "--plan");

  /** Zero, with or without a unit: {@code 0}, {@code 0d}, {@code 00}, {@code 0days}. */
  private static final Pattern ZERO =
      Pattern.compile(
          "(?i)['\"]?0+(?:\\.0+)?(?:[smhdwy]|mins?|minutes?|hours?|days?|weeks?|months?|years?)?"
              + "['\"]?");

  /**
   * Whether a program is given an age or a count of zero to keep, and no look only.
   *
   * @param step the program
   * @return whether it is
   */
  static boolean keepsNothing(Step step) {
    List<Word> args = step.args();
    boolean zero = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (LOOKS.contains(text) || !text.startsWith("-") && Environments.testName(text)) {
        return false; // a look only, or a test's data (--env test)
      }
      int eq = text.indexOf('=');
      String option = eq > 0 ? text.substring(0, eq) : text;
      if (KEEPS.contains(option)) {
        String value =
            eq > 0 ? text.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1).text() : "";
        zero |= value.length() < 24 && PatternLiterals.matches(ZERO, value);
      }
    }
    return zero;
  }
}
