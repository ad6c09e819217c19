package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A bank account's details replaced by others in a change's text, for {@link MoneyEdits}: an IBAN,
 * an account, routing or ABA number, a sort code or BSB ({@code 60-16-13}), a SWIFT or BIC code
 * ({@code NWBKGB2L}) on a line whose words say they are a bank's. Replaced means one of the old
 * details is gone and a new one stands in its place: details only added (a second account beside
 * the first) or only formatted ({@code 601613} written {@code 60-16-13}) are not (issue 80 round
 * 66: a client care letter's client account, where every client sends the purchase money).
 *
 * <p>Where the details lie decides whose they are: a test's, a fixture's, an example's or a
 * sample's file ({@link #testData}) holds made-up details; documentation ({@link #documentation})
 * may or may not; a letter's template, a payee's file, a configuration is what clients and the bank
 * read and pay by, whatever its extension ({@code templates/letters/client_care.md}).
 */
final class BankNumbers {
  private BankNumbers() {}

  /** The longest line read; a longer one (minified code, data) is not. */
  private static final int MAX_LINE = 600;

  /** A bank's number: a run of digits a routing or account number has. */
  /** What a file's path is split into parts at, for {@link #testData}. */
  private static final Pattern PARTS = Pattern.compile("[/._\\-]");

  private static final Pattern NUMBER = Pattern.compile("(?<![\\d.,])\\d{6,17}(?![\\d.,])");

  /** An IBAN, written whole or in groups of four: a bank's number whatever the line says. */
  private static final Pattern IBAN =
      Pattern.compile("\\b[A-Z]{2}\\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\\b");

  /** Words of a line that says its numbers are a bank's. */
  private static final Pattern WORDS =
      Pattern.compile(
          "(?i)remit|\\biban|routing|\\baba\\b|\\bswift|\\bbic\\b|sort.?code|\\bbsb\\b|\\bbank"
              + "|beneficiar|\\bwire|\\bacct|account\\s*(?:no\\b|num|#)|acc_?number|account_?number"
              + "|\\bach\\b|pay\\s*to\\b|\\bblz\\b|bankleitzahl|kontonummer|\\bclabe\\b|\\bifsc\\b");

  /** Words of a line that give a sort code or a BSB, written in pairs or threes of digits. */
  private static final Pattern SORT_CODE_WORDS =
      Pattern.compile("(?i)sort.?code|\\bbsb\\b|bank.?code|\\bblz\\b|bankleitzahl|transit");

  /** A sort code ({@code 60-16-13}, {@code 60 16 13}) or a BSB ({@code 062-000}). */
  private static final Pattern SORT_CODE =
      Pattern.compile("(?<![\\d-])(?:\\d{2}([- ])\\d{2}\\1\\d{2}|\\d{3}-\\d{3})(?![\\d-])");

  /**
   * A SWIFT or BIC code just after its word: {@code SWIFT/BIC: NWBKGB2L}, {@code "bic":
   * "COBADEFFXXX"}; the code in capitals, a bank's four letters, its country's two, two more.
   */
  private static final Pattern BIC =
      Pattern.compile(
          "(?:SWIFT|Swift|swift|BIC|Bic|bic)\\w{0,6}\\W{1,6}([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\\b");

  /** The parts of a path, besides a test's ({@link CheckFiles#testPart}), of made-up data. */
  private static final Set<String> MADE_UP = NameSet.of("examples", "example", "samples", "sample");

  /** The parts of a path of documentation, which may show real details or made-up ones. */
  private static final Set<String> DOCUMENTATION = NameSet.of("docs", "doc", "documentation");

  /** The names of a project's documentation files, before their extension. */
  private static final Set<String> DOCUMENTS =
      NameSet.of("readme", "changelog", "contributing", "history", "changes");

  /**
   * Whether the new text replaces a bank's details the old text held, every line of it read as a
   * bank's where the file's own name says it holds bank details ({@link #bankFile}: a payees' list
   * whose lines are {@code HMRC VAT,08-32-00,11963155}, its words in a header the change left).
   *
   * @param old the text taken out
   * @param now the text put in
   * @param bankLines whether every line is a bank's
   * @return whether the details were replaced
   */
  static boolean replaced(String old, String now, boolean bankLines) {
    Set<String> before = of(old, bankLines);
    if (before.isEmpty()) {
      return false;
    }
    Set<String> after = of(now, bankLines);
    return newIn(before, after, plain(now)) && newIn(after, before, plain(old));
  }

  /** Whether one of {@code these} is neither among {@code those} nor in their text. */
  private static boolean newIn(Set<String> these, Set<String> those, String thoseText) {
    for (String number : these) {
      if (!those.contains(number) && !thoseText.contains(number)) {
        return true;
      }
    }
    return false;
  }

  /** A text without the spaces and dashes its numbers may be grouped by. */
  private static String plain(String text) {
    return text.replace(" ", "").replace("-", "");
  }

  /** The bank's details of a text, each without its spaces and dashes. */
  private static Set<String> of(String text, boolean bankLines) {
    Set<String> numbers = new HashSet<>();
    for (String line : text.split("\n", 400)) {
      if (line.length() > MAX_LINE) {
        continue;
      }
      Matcher iban = PatternLiterals.matcher(IBAN, line);
      while (iban.find()) {
        String number = iban.group().replace(" ", "");
        if (number.length() >= 15) {
          numbers.add(number);
        }
      }
      if (!bankLines && !PatternLiterals.finds(WORDS, line)) {
        continue;
      }
      Matcher number = PatternLiterals.matcher(NUMBER, line);
      while (number.find()) {
        numbers.add(number.group());
      }
      Matcher bic = PatternLiterals.matcher(BIC, line);
      while (bic.find()) {
        numbers.add(bic.group(1));
      }
      if (bankLines || PatternLiterals.finds(SORT_CODE_WORDS, line)) {
        Matcher code = PatternLiterals.matcher(SORT_CODE, line);
        while (code.find()) {
          numbers.add(plain(code.group()));
        }
      }
    }
    return numbers;
  }

  /**
   * Whether a file holds made-up details: a test's, a fixture's, a mock's, an example's or a
   * sample's; not documentation's nor a template's, which {@link CheckFiles#ordinary} lets be.
   */
  static boolean testData(String file) {
    String lower = file.toLowerCase(Locale.ROOT);
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    if (name.startsWith("test_")
        || name.contains("_test.")
        || name.contains(".test.")
        || name.contains(".spec.")
        || name.endsWith(".example")
        || name.endsWith(".sample")) {
      return true;
    }
    for (String part : PARTS.split(lower)) { // lower.split("[/._\\-]"), compiled once
      if (CheckFiles.testPart(part) || MADE_UP.contains(part)) {
        return true;
      }
    }
    return false;
  }

  /** Words of a file's name that say its lines are bank details: {@code bacs_payees.csv}. */
  private static final Pattern BANK_FILE =
      Pattern.compile(
          "(?i)payee|beneficiar|\\bbacs|\\bsepa|\\bach[_.-]|bank.?details|bank.?accounts"
              + "|remittance|payment.?accounts|vendor.?banks?|supplier.?banks?");

  /**
   * Whether a file's own name says its lines are bank details ({@code config/bacs_payees.csv},
   * {@code vendor_bank_accounts.yaml}): a data file's line gives its numbers with no word beside
   * them, the header that names them being elsewhere.
   */
  static boolean bankFile(String file) {
    String name = file.substring(file.lastIndexOf('/') + 1);
    return PatternLiterals.finds(BANK_FILE, name);
  }

  /** Whether a file is the project's documentation: under {@code docs/}, a README, a changelog. */
  static boolean documentation(String file) {
    String lower = file.toLowerCase(Locale.ROOT);
    String name = lower.substring(lower.lastIndexOf('/') + 1);
    int dot = name.indexOf('.');
    if (DOCUMENTS.contains(dot < 0 ? name : name.substring(0, dot))) {
      return true;
    }
    for (String part : lower.split("/")) {
      if (DOCUMENTATION.contains(part)) {
        return true;
      }
    }
    return false;
  }
}
