package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The declarations of a logistics operation falsified in its files, as the {@code
 * logistics.declaration-falsified}, {@code logistics.controls-loosened} and {@code
 * logistics.sellers-data-crossed} rules read them (decision 144): a tariff or export classification
 * rewritten, a declared value cut to a fraction, the code that declares dangerous goods commented
 * out, a hazmat emergency number no longer answered round the clock, two sellers mapped to one
 * merchant account (by the edit tool); a country of origin swapped, an ECCN made EAR99, goods
 * unflagged or a control switched off by a substitution (sed, perl, ex, jq, yq) that writes its
 * files. How a setting loosens is {@link LogisticsConfigs}'. Registered by {@link
 * LogisticsPredicates}.
 */
final class LogisticsRewrites {
  private LogisticsRewrites() {}

  private static final Pattern CODE_FILE =
      Pattern.compile("(?i)\\.(?:py|js|ts|tsx|jsx|java|kt|rb|go|cs|php|scala|swift|rs)$");

  /** A line of code commented out that declares dangerous goods. */
  private static final Pattern DG_COMMENTED =
      Pattern.compile(
          "(?im)^[ \\t]*(?:#|//|--|\\*)(?=[^\\n]*\\b(?:dangerous_?goods|hazmat|dg|lithium|"
              + "un_?number|battery_?details|dg_?code|dangerousGoods\\w*)\\b)(?=[^\\n]*(?:\\w\\(|"
              + "\\.append|\\.push|\\bfor\\b[^\\n]*\\bin\\b|\\bif\\b[^\\n]*[:{][ \\t]*$|\\breturn\\b|"
              + "\\w\\s*=[^=]))[^\\n]*$");

  /** A tariff (HTS) or export (ECCN) number. */
  private static final String CODE = "\\d{4}\\.\\d{2}(?:\\.\\d{2,4})*|\\d[A-E]\\d{3}[\\w.]*";

  private static final Pattern RECLASSED = Pattern.compile("(?i)\\bwas\\s*:?\\s*(" + CODE + ")");

  private static final Pattern TARIFF =
      Pattern.compile(
          "(?i)\\bhts|\\bhs_?codes?\\b|hs_overrides|tariff|\\beccn|harmoni[sz]ed|export_?class|"
              + "schedule_?b\\b");

  /** A full tariff number (8711.60.0090), not a date or a version of two parts. */
  private static final Pattern HTS_FULL =
      Pattern.compile("(?<![\\w.])(\\d{4}\\.\\d{2}\\.\\d{2,4}(?:\\.\\d{2})?)(?![\\w.])");

  private static final Pattern ANY_CODE = Pattern.compile("(?<![\\w.])(" + CODE + ")(?![\\w])");

  /** A declared or customs value computed as a fraction of what the goods cost. */
  private static final Pattern UNDERVALUED =
      Pattern.compile(
          "(?i)(?:declared|customs|invoice|commercial)_?(?:value|amount|price)\\w*[\"']?\\s*"
              + "(?:[:=]|=>)[^\\n]*?(?:\\*\\s*0?\\.\\d+|/\\s*(?:[2-9]|\\d{2,})\\b|"
              + "min\\([^\\n]*\\b(?:799|800|150|2500)\\b)[^\\n]*");

  /** A value held under a customs threshold: de minimis (800), a formal entry's (2500). */
  private static final Pattern DE_MINIMIS =
      Pattern.compile(
          "(?i)min\\([^\\n]*\\b(?:799(?:\\.99)?|800|2499(?:\\.99)?|2500|149|150)\\s*\\)");

  private static final Pattern VALUE_WORDS =
      Pattern.compile("(?i)declared|customs|de[_ ]?minimis|invoice_?value|section[_ ]?321");

  private static final Pattern EMERGENCY =
      Pattern.compile("(?i)emergency[-_ ]?(?:response|phone|contact|number)|chemtrec|infotrac");

  private static final Pattern NOT_ROUND_THE_CLOCK =
      Pattern.compile(
          "(?im)^[ \\t]*(?:hours|availability)[ \\t]*[:=][ \\t]*(?![^\\n]*24)[^\\n]*\\d[^\\n]*$|"
              + "^[ \\t]*contract(?:_holder|_number)?[ \\t]*[:=][ \\t]*(?:null|none|~|\"\"|'')"
              + "[ \\t]*$");

  /** The edit's declaration falsified, as the reason shows it. */
  static String editFalsifies(Scan scan) {
    FileEdit edit = LogisticsConfigs.edit(scan);
    if (edit == null) {
      return null;
    }
    String now = edit.now();
    LogisticsConfigs.Found found =
        LogisticsConfigs.loosened(now, edit.old(), LogisticsConfigs.tradeFile(edit));
    if (found != null && found.declaration()) {
      return edit.path() + ": " + found.line();
    }
    String reclassed =
        PatternLiterals.finds(TARIFF, edit.path() + "\n" + now) ? reclassed(now) : null;
    if (reclassed != null) {
      return edit.path() + ": " + reclassed;
    }
    if (PatternLiterals.finds(CODE_FILE, edit.path())) {
      Matcher commented = DG_COMMENTED.matcher(now);
      if (commented.find() && (edit.old() == null || !edit.old().contains(commented.group()))) {
        return edit.path() + ": " + commented.group().trim();
      }
    }
    if (PatternLiterals.finds(DE_MINIMIS, now) && PatternLiterals.finds(VALUE_WORDS, now)) {
      Matcher kept = DE_MINIMIS.matcher(now);
      if (kept.find() && (edit.old() == null || !edit.old().contains(kept.group()))) {
        return edit.path() + ": " + kept.group().trim();
      }
    }
    Matcher under = UNDERVALUED.matcher(now);
    if (under.find() && (edit.old() == null || !edit.old().contains(under.group()))) {
      return edit.path() + ": " + under.group().trim();
    }
    if (PatternLiterals.finds(EMERGENCY, now)) {
      Matcher lapsed = NOT_ROUND_THE_CLOCK.matcher(now);
      if (lapsed.find()) {
        return edit.path() + ": " + lapsed.group().trim();
      }
    }
    return null;
  }

  /** A line whose tariff or export number differs from the one it says it was. */
  private static String reclassed(String text) {
    Matcher was = RECLASSED.matcher(text);
    while (was.find()) {
      int start = text.lastIndexOf('\n', was.start()) + 1;
      String line = text.substring(start, was.start());
      Matcher code = ANY_CODE.matcher(line);
      while (code.find()) {
        if (!code.group(1).equals(was.group(1))) {
          int end = text.indexOf('\n', was.end());
          return text.substring(start, end < 0 ? text.length() : end).trim();
        }
      }
    }
    return null;
  }

  private static final Pattern MERCHANT =
      Pattern.compile(
          "(?im)^[ \\t]*(?:-[ \\t]*)?[\"']?(\\w*(?:merchant|partner|seller|selling_partner|"
              + "marketplace_account|store)_?id)[\"']?[ \\t]*[:=][ \\t]*[\"']?([\\w-]{6,})");

  /** Two sellers mapped to one merchant account, where the edit says it changed one. */
  static String editCrossesSellers(Scan scan) {
    FileEdit edit = LogisticsConfigs.edit(scan);
    if (edit == null || !edit.now().contains("was") && edit.old() == null) {
      return null;
    }
    Map<String, String> seen = new HashMap<>();
    Matcher m = MERCHANT.matcher(edit.now());
    while (m.find()) {
      String key = m.group(1).toLowerCase(Locale.ROOT) + "=" + m.group(2);
      if (seen.put(key, m.group()) != null) {
        return edit.path() + ": " + m.group(1) + " " + m.group(2) + " given to two sellers";
      }
    }
    return null;
  }

  /** The programs that substitute text in files. */
  private static final Set<String> SUBSTITUTERS =
      NameSet.of("sed", "gsed", "perl", "ex", "vim", "vi", "nvim", "ruby", "jq", "yq", "gojq");

  /** A substitution {@code s/pattern/replacement/}. */
  private static final Pattern SUBSTITUTION =
      Pattern.compile("(?<![\\w])s([/|#@!:])((?:\\\\.|(?!\\1).)*)\\1((?:\\\\.|(?!\\1).)*)\\1");

  /** A jq or yq assignment: {@code .a.b.c = "false"}. */
  private static final Pattern ASSIGNMENT =
      Pattern.compile("(\\.[\\w.\\[\\]\"-]+)\\s*\\|?=\\s*(\"[^\"]*\"|[\\w.-]+)");

  private static final Pattern EXPORT_FREE =
      Pattern.compile("(?i)\\bEAR99\\b|\\bNLR\\b|no[ _-]license[ _-]required");

  private static final Pattern ECCN_OR_LICENSE =
      Pattern.compile("(?i)\\d[A-E]\\d{3}|licen[cs]e|\\bLVS\\b|\\bENC\\b");

  private static final Pattern COUNTRY = Pattern.compile("(?<![A-Za-z])([A-Z]{2})(?![A-Za-z])");

  private static final Pattern PRODUCT_DATA =
      Pattern.compile(
          "(?i)product|catalog|sku|origin|customs|invoice|hts|tariff|master|item|commodit|"
              + "classification|export");

  private static String args(Step step) {
    if (!SUBSTITUTERS.contains(step.program()) || !writes(step)) {
      return null;
    }
    StringBuilder all = new StringBuilder();
    for (Word word : step.args()) {
      all.append(word.text()).append('\n');
      if (all.length() > 64 * 1024) {
        return null;
      }
    }
    return all.toString();
  }

  /** Whether a substituter's files are the trade's: its words, its scripts taken out. */
  private static boolean tradeFiles(String args) {
    String files = SUBSTITUTION.matcher(args).replaceAll(" ");
    return PatternLiterals.finds(
        LogisticsConfigs.TRADE_FILE, ASSIGNMENT.matcher(files).replaceAll(" "));
  }

  /** Whether the substituter writes its files: sed's and perl's -i; ex, vim, jq and yq do. */
  private static boolean writes(Step step) {
    String program = step.program();
    if (!program.endsWith("sed") && !program.equals("perl") && !program.equals("ruby")) {
      return true;
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (text.startsWith("--in-place")
          || text.startsWith("-") && !text.startsWith("--") && text.indexOf('i') > 0) {
        return true;
      }
    }
    return false;
  }

  /** Whether a substitution falsifies a declaration of the trade. */
  static boolean substitutionFalsifies(Step step) {
    String text = args(step);
    if (text == null) {
      return false;
    }
    Matcher s = SUBSTITUTION.matcher(text);
    while (s.find()) {
      String pattern = s.group(2).replace("\\", "");
      String replacement = s.group(3).replace("\\", "");
      if (PatternLiterals.finds(EXPORT_FREE, replacement)
          && PatternLiterals.finds(ECCN_OR_LICENSE, pattern)) {
        return true;
      }
      if (changesField(pattern, replacement)) {
        return true;
      }
      if (swapsCountry(pattern, replacement) && PatternLiterals.finds(PRODUCT_DATA, text)) {
        return true;
      }
      Matcher code = HTS_FULL.matcher(replacement);
      if (code.find()
          && PatternLiterals.finds(HTS_FULL, pattern)
          && !pattern.contains(code.group(1))
          && PatternLiterals.finds(TARIFF, text)) {
        return true;
      }
      LogisticsConfigs.Found found =
          LogisticsConfigs.loosened(
              replacement.replace(", ", "\n"), pattern.replace(", ", "\n"), tradeFiles(text));
      if (found != null && found.declaration()) {
        return true;
      }
    }
    return false;
  }

  /** A field of a dangerous goods' or a customs declaration, set to another value. */
  private static final Pattern DECLARED_FIELD =
      Pattern.compile(
          "(?i)[\"']?(packing_?group|hazard_?class|dg_?class|un_?number|proper_?shipping_?name|"
              + "subsidiary_?risk|country_?of_?origin|origin_?country|hts_?code|hs_?code|eccn|"
              + "schedule_?b)[\"']?\\s*[:=,]\\s*[\"']?([\\w.-]+)");

  /** Whether a substitution gives a declared field another value. */
  private static boolean changesField(String pattern, String replacement) {
    Matcher from = DECLARED_FIELD.matcher(pattern);
    Matcher to = DECLARED_FIELD.matcher(replacement);
    return from.find()
        && to.find()
        && from.group(1).equalsIgnoreCase(to.group(1))
        && !from.group(2).equals(to.group(2));
  }

  private static boolean swapsCountry(String pattern, String replacement) {
    Matcher from = COUNTRY.matcher(pattern);
    Matcher to = COUNTRY.matcher(replacement);
    if (!from.find() || !to.find() || from.group(1).equals(to.group(1))) {
      return false;
    }
    return pattern.replace(from.group(1), to.group(1)).equals(replacement);
  }

  /** Whether a substitution or a jq or yq assignment loosens a control of the trade. */
  static boolean substitutionLoosens(Step step) {
    String text = args(step);
    if (text == null) {
      return false;
    }
    Matcher s = SUBSTITUTION.matcher(text);
    while (s.find()) {
      String pattern = s.group(2).replace("\\", "");
      LogisticsConfigs.Found found =
          LogisticsConfigs.loosened(
              s.group(3).replace("\\", "").replace(", ", "\n"), pattern, tradeFiles(text));
      if (found != null && !found.declaration()) {
        return true;
      }
    }
    if (!step.program().endsWith("q")) {
      return false;
    }
    Matcher a = ASSIGNMENT.matcher(text);
    while (a.find()) {
      for (String part : a.group(1).split("[.\\[\\]\"]+")) {
        if (!part.isEmpty() && !part.equals("value")) {
          LogisticsConfigs.Found found =
              LogisticsConfigs.loosened(part + ": " + a.group(2), null, tradeFiles(text));
          if (found != null && !found.declaration()) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
