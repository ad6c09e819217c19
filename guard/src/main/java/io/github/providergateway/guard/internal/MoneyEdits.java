package io.github.providergateway.guard.internal;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a change to the project's code or configuration does to the company's money (issue 80 round
 * 6, decision 106): read of the text an edit writes, as the {@code weakens} readers hand it on
 * ({@link WeakenPredicates.ChangeReader}: an edit tool's old and new text, a {@code sed -i} or
 * {@code perl -pi} substitution, inline code's replacements). A value is compared with the one the
 * same key held before ({@code pro_monthly_cents: 2900} to {@code 290000}), so only a change is
 * read, never a value added where none was; a test's, a fixture's, a document's or an example's
 * file ({@link CheckFiles#ordinary}) is ordinary work, except for a bank's details, which a
 * letter's template or a document holds for clients to pay by ({@link BankNumbers}, round 66).
 */
final class MoneyEdits {
  /** What a change does to the money, one a rule of the {@code money} family. */
  enum Kind {
    /** A bank's number (IBAN, routing, account) customers or the bank pay to, replaced. */
    BANK_DETAILS,
    /** The same in the project's documentation, where they may be an example's (round 66). */
    BANK_DETAILS_IN_DOCUMENTATION,
    /** A tax rate changed: {@code "CA": Decimal("0.0725")} to {@code Decimal("0")}. */
    TAX_RATE,
    /** A price, fee or amount multiplied or divided tenfold or more, or made zero. */
    PRICE_JUMP,
    /** How revenue is recognised changed: {@code ratable} to {@code point_in_time}. */
    REVENUE_RECOGNITION,
    /** An exchange rate the books convert by changed: {@code EUR: 1.0713} to {@code 0.81}. */
    FX_RATE
  }

  /** The longest text read; the rest of a longer one is not. */
  private static final int MAX_TEXT = 32 * 1024;

  /** The longest line read; a longer one (minified code, data) is not. */
  private static final int MAX_LINE = 600;

  /** A key and the number it is set to: {@code "CA": Decimal("0.0725")}, {@code fee = 2.5}. */
  private static final Pattern KEYED_NUMBER =
      Pattern.compile(
          "([A-Za-z_][\\w.-]{0,60})['\"]?\\s*[:=]>?\\s*(?:[A-Za-z_.]{1,20}\\(\\s*)?['\"]?"
              + "(-?\\d[\\d_]{0,15}(?:\\.\\d{1,12})?)(?![\\w.])");

  /** A tax's words, of a key, a line or the file's path. */
  private static final Pattern TAX_WORDS =
      Pattern.compile(
          "(?i)tax|(?<![a-z])vat(?![a-z])|(?<![a-z])gst(?![a-z])|(?<![a-z])hst(?![a-z])"
              + "|(?<![a-z])pst(?![a-z])|withholding|excise|nexus");

  /** A price's, fee's or amount's words, of a key or the file's path. */
  private static final Pattern PRICE_WORDS =
      Pattern.compile(
          "(?i)price|pricing|amount|cents|cost|(?<![a-z])fees?(?![a-z])|charge|tariff|monthly|annual"
              + "|yearly|(?<![a-z])plans?(?![a-z])|subtotal|discount|(?<![a-z])mrr|(?<![a-z])arr(?![a-z])"
              + "|(?<![a-z])sku|billing|per_?seat|per_?unit|payout|commission|markup|margin");

  /** A key that is no money, though its file's path speaks of prices: a limit, a time, a size. */
  private static final Pattern NOT_MONEY =
      Pattern.compile(
          "(?i)timeout|retr(?:y|ies)|limit|size|max|min|port|ttl|seconds|secs|millis|ms$|interval"
              + "|workers|threads|page|count|version|days|hours|minutes|batch|concurrency");

  /** The currencies most books convert. */
  private static final String CODES =
      "USD|EUR|GBP|JPY|CHF|CAD|AUD|NZD|CNY|HKD|SGD|SEK|NOK|DKK|PLN|CZK|HUF|INR|BRL|MXN|ZAR|KRW|TRY|ILS|AED|SAR|THB|IDR|MYR|PHP|TWD|RON|CLP|COP|ARS";

  /** A currency's code as a key: {@code EUR}, {@code USD_EUR}, {@code eur_usd}. */
  private static final Pattern CURRENCY =
      Pattern.compile("(?i)(?:" + CODES + ")(?:[_/-]?(?:to[_-])?(?:" + CODES + "))?(?:_?rate)?");

  /** An exchange rate's words, of a key. */
  private static final Pattern FX_WORDS =
      Pattern.compile(
          "(?i)(?<![a-z])fx|exchange_?rate|conversion_?rate|currency_?rate|revaluation");

  /** A currency's rate in a row of a CSV: {@code EUR,1.0713}. */
  private static final Pattern CSV_RATE =
      Pattern.compile("^\\s*(" + CODES + ")\\s*[,;\\t]\\s*(\\d{1,9}\\.\\d{1,12})\\s*$");

  /** How revenue is recognised: its words. */
  private static final Pattern REVENUE_WORDS =
      Pattern.compile(
          "(?i)recogni(?:[sz]|tion)|ratabl|point_?in_?time|rev_?rec|revrec|deferr|amorti[sz]|straight_?line"
              + "|performance_?obligation|ssp\\b|standalone_?selling");

  private MoneyEdits() {}

  /**
   * What a change does to the money.
   *
   * @param old the text taken out, empty where not known
   * @param now the text put in
   * @param files the files changed
   * @return what it does; empty for nothing
   */
  static Set<Kind> of(String old, String now, List<String> files) {
    Set<Kind> found = EnumSet.noneOf(Kind.class);
    if (old.isEmpty() || now.isEmpty() || files.isEmpty()) {
      return found; // a value is read only as changed from the one it replaces
    }
    String path = String.join(" ", files);
    String before = old.length() > MAX_TEXT ? old.substring(0, MAX_TEXT) : old;
    String after = now.length() > MAX_TEXT ? now.substring(0, MAX_TEXT) : now;
    boolean testData = false;
    boolean documentation = false;
    boolean ordinary = false;
    boolean bankFile = false;
    for (String file : files) {
      testData |= BankNumbers.testData(file);
      documentation |= BankNumbers.documentation(file);
      ordinary |= CheckFiles.ordinary(file);
      bankFile |= BankNumbers.bankFile(file);
    }
    if (!testData && BankNumbers.replaced(before, after, bankFile)) {
      found.add(documentation ? Kind.BANK_DETAILS_IN_DOCUMENTATION : Kind.BANK_DETAILS);
    }
    if (ordinary) {
      return found; // a template's or a letter's bank details are read above, nothing else is
    }
    if (WalletAddresses.replaced(before, after, path)) {
      found.add(Kind.BANK_DETAILS);
    }
    Map<String, String> was = keyed(before);
    Map<String, String> is = keyed(after);
    boolean taxPath = PatternLiterals.finds(TAX_WORDS, path);
    boolean pricePath = PatternLiterals.finds(PRICE_WORDS, path);
    for (Map.Entry<String, String> value : is.entrySet()) {
      String prior = was.get(value.getKey());
      if (prior == null || prior.equals(value.getValue())) {
        continue;
      }
      String key = value.getKey();
      if (taxPath || PatternLiterals.finds(TAX_WORDS, key)) {
        found.add(Kind.TAX_RATE);
      } else if (PatternLiterals.matches(CURRENCY, key) || PatternLiterals.finds(FX_WORDS, key)) {
        found.add(Kind.FX_RATE);
      } else if ((PatternLiterals.finds(PRICE_WORDS, key)
              || pricePath && !PatternLiterals.finds(NOT_MONEY, key))
          && jumps(prior, value.getValue())) {
        found.add(Kind.PRICE_JUMP);
      }
    }
    if (revenueChanged(before, after, path)) {
      found.add(Kind.REVENUE_RECOGNITION);
    }
    return found;
  }

  /** The numbers a text sets by key, the first of each; keys in a line's order. */
  private static Map<String, String> keyed(String text) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : text.split("\n", 400)) {
      if (line.length() > MAX_LINE) {
        continue;
      }
      Matcher keyed = PatternLiterals.matcher(KEYED_NUMBER, line);
      while (keyed.find()) {
        values.putIfAbsent(keyed.group(1), keyed.group(2).replace("_", ""));
      }
      Matcher row = PatternLiterals.matcher(CSV_RATE, line);
      if (row.matches()) {
        values.putIfAbsent(row.group(1), row.group(2));
      }
    }
    return values;
  }

  /** Whether a value went to zero or moved tenfold or more, either way. */
  static boolean jumps(String before, String after) {
    double was;
    double is;
    try {
      was = Double.parseDouble(before);
      is = Double.parseDouble(after);
    } catch (NumberFormatException e) {
      return false;
    }
    if (was == 0) {
      return false;
    }
    if (is == 0) {
      return true;
    }
    double ratio = Math.abs(is / was);
    return ratio >= 10 || ratio <= 0.1;
  }

  /** Whether a line of revenue recognition's words is replaced by another. */
  private static boolean revenueChanged(String old, String now, String path) {
    boolean revenuePath = PatternLiterals.finds(REVENUE_WORDS, path);
    Set<String> before = new HashSet<>();
    for (String line : old.split("\n", 400)) {
      if (line.length() <= MAX_LINE
          && (revenuePath || PatternLiterals.finds(REVENUE_WORDS, line))) {
        before.add(line.strip().toLowerCase(Locale.ROOT));
      }
    }
    if (before.isEmpty()) {
      return false;
    }
    for (String line : now.split("\n", 400)) {
      String l = line.strip().toLowerCase(Locale.ROOT);
      if (line.length() <= MAX_LINE
          && !l.isEmpty()
          && !before.contains(l)
          && PatternLiterals.finds(REVENUE_WORDS, line)) {
        return true;
      }
    }
    return false;
  }
}
