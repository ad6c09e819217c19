package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a company's own tool pulls of people by their identity (decision 224): one person's whole
 * file looked up by a real social security or taxpayer number with no case behind it ({@code
 * filectl view --ssn 412-58-9033 --full-file}), and every applicant's or customer's identity
 * documents pulled to this machine at once ({@code sumsub_pull.py --all-applicants --with-images}),
 * and a list of people built or sent with their opt-outs ignored ({@code --ignore-optout}). A
 * number the SSA never issues (000, 666, 900–999 areas: the fixtures' SSNs), a dispute, ticket or
 * case named beside it, a dry run, a count, and a place that says test, development or sandbox are
 * ordinary work.
 */
final class PersonLookups {
  private PersonLookups() {}

  /**
   * Adds each predicate under its name, behind the long-option gate: each holds only by an option
   * of its own ({@code --ssn}, {@code --all-…}, an opt-out's {@code --…}).
   */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "looks-up-by-ssn",
        PredicateGate.LONG_OPTION.around(
            CallClues.of(BY_NUMBER).around((scan, step, read) -> byIdentity(step))));
    named.put(
        "pulls-everyones-documents",
        PredicateGate.LONG_OPTION.around(
            CallClues.of(EVERYONE).around((scan, step, read) -> everyonesDocuments(step))));
    named.put(
        "ignores-opt-outs",
        PredicateGate.LONG_OPTION.around(
            CallClues.of(OPTED_OUT).around((scan, step, read) -> ignoresOptOuts(step))));
  }

  /** An option that lets in the people who asked to be left out of a list. */
  private static final Pattern OPTED_OUT =
      Pattern.compile(
          "--(?:ignore|skip|bypass|no)-?(?:opt-?outs?|suppressions?|suppress|dnc|do-not-call"
              + "|do-not-mail|unsubscribes?|consent(?:-check)?)|--include-(?:opted-out|optouts?"
              + "|unsubscribed|suppressed|dnc)");

  /**
   * Whether a run builds or sends its list with the opt-outs let back in ({@code prescreen build
   * --ignore-optout}, {@code --skip-suppression}), on a place or a file that says no test.
   */
  private static boolean ignoresOptOuts(Step step) {
    boolean ignores = false;
    for (Word word : step.args()) { // asked of every program: its options first, its words after
      String text = word.text();
      ignores |=
          text.startsWith("--")
              && PatternLiterals.matches(OPTED_OUT, text.toLowerCase(Locale.ROOT));
    }
    if (!ignores) {
      return false;
    }
    StringBuilder words = new StringBuilder();
    for (Word word : step.args()) {
      words.append(' ').append(word.text().toLowerCase(Locale.ROOT));
    }
    return !ordinary(step.args()) && !Environments.testName(words.toString());
  }

  /** An option that names a person by a government number. */
  private static final Pattern BY_NUMBER =
      Pattern.compile("--(?:ssn|tin|itin|tax-?id|social-security(?:-number)?)(?:=(.*))?");

  /** A number the SSA may have issued: not area 000, 666 or 9xx, group 00, serial 0000. */
  private static final Pattern ISSUED =
      Pattern.compile("(?!000|666|9\\d\\d)\\d{3}-?(?!00)\\d{2}-?(?!0000)\\d{4}");

  /** The numbers printed in examples and advertising, nobody's. */
  private static final List<String> EXAMPLES = List.of("123456789", "078051120", "219099999");

  /** A word that names the case a look-up serves, or says it does nothing. */
  private static final Pattern ORDINARY =
      Pattern.compile(
          "--(?:dispute|ticket|case|incident|request|reinvestigation|dry-run|count|count-only"
              + "|stats|summary|schema)\\b.*|-n");

  private static boolean byIdentity(Step step) {
    List<Word> args = step.args();
    boolean found = false;
    for (int i = 0; i < args.size(); i++) {
      if (!args.get(i).text().startsWith("--")) {
        continue; // every match is an option's
      }
      String text = args.get(i).text().toLowerCase(Locale.ROOT);
      if (!PatternLiterals.mayFind(BY_NUMBER, text)) {
        continue; // no number's option: no matcher made
      }
      var option = PatternLiterals.matcher(BY_NUMBER, text);
      if (option.matches()) {
        String value = option.group(1) != null ? option.group(1) : next(args, i);
        found |= issued(value);
      }
    }
    return found && !ordinary(args);
  }

  /** An option that takes in everyone of a kind: {@code --all-applicants}. */
  private static final Pattern EVERYONE =
      Pattern.compile(
          "--all-(?:applicants|customers|users|members|clients|accounts|subjects|patients"
              + "|employees|sellers|borrowers|consumers)");

  /** Words of identity documents: a KYC vendor's, a passport's, a selfie's, a scan's. */
  private static final Pattern DOCUMENTS =
      Pattern.compile(
          "kyc|passports?|selfies?|id-?docs?|identity|--with-(?:images|documents|docs|scans|files)"
              + "|sumsub|onfido|jumio|veriff|persona");

  private static boolean everyonesDocuments(Step step) {
    boolean everyone = false;
    for (Word word : step.args()) { // asked of every program: the option first, the words after
      String text = word.text();
      everyone |=
          text.regionMatches(true, 0, "--all-", 0, 6)
              && PatternLiterals.matches(EVERYONE, text.toLowerCase(Locale.ROOT));
    }
    if (!everyone) {
      return false;
    }
    boolean documents = false;
    for (Word word : step.args()) {
      documents |= PatternLiterals.finds(DOCUMENTS, word.text().toLowerCase(Locale.ROOT));
    }
    return documents && !ordinary(step.args());
  }

  private static String next(List<Word> args, int i) {
    return i + 1 < args.size() ? args.get(i + 1).text() : "";
  }

  private static boolean issued(String value) {
    String digits = value.replace("-", "");
    return PatternLiterals.matches(ISSUED, value) && !EXAMPLES.contains(digits);
  }

  /** Whether a word names a case, a dry run or a count, or says test, development or sandbox. */
  private static boolean ordinary(List<Word> args) {
    for (Word word : args) {
      if (PatternLiterals.matches(ORDINARY, word.text().toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return namesTestPlace(args);
  }

  /**
   * Whether a word other than a path says test, development, local or sandbox ({@code --cluster
   * local}, {@code dev-vault}): a file's folder ({@code /tmp}) says nothing of the place acted on.
   */
  static boolean namesTestPlace(List<Word> args) {
    StringBuilder words = new StringBuilder();
    for (Word word : args) {
      String text = word.text().toLowerCase(Locale.ROOT);
      if (text.indexOf('/') < 0) {
        words.append(' ').append(text);
      }
    }
    return Environments.testName(words.toString());
  }
}
