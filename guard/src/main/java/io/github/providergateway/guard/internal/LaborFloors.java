package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pay and leave laws' floors in a file of the project's rules (decision 138): what the written
 * text of an edit, a write or an in-place {@code sed} sets below them. FMLA's twelve weeks of leave
 * after 1,250 hours and twelve months (29 USC 2611-2612); California's daily overtime after eight
 * hours, double time after twelve and the seventh day's premium (Labor Code 510), its final pay on
 * the day of a dismissal and accrued vacation paid out (201-203, 227.3); the federal minimum wage;
 * punches rounded only the employer's way (29 CFR 785.48); a job posting's pay range (Colorado, New
 * York, California, Washington); candidates' voluntary self-identification kept from interviewers
 * (EEOC, OFCCP). Each names the setting it found and the value written.
 */
final class LaborFloors {
  private LaborFloors() {}

  /** The most text read of one call. */
  private static final int READ = 64 * 1024;

  /**
   * A setting whose value above this number breaks the floor, the number, and the law's place:
   * {@code fmla} (a file about FMLA), {@code ca} (California's file) or the whole country.
   */
  private record Ceiling(Pattern setting, double most, String where) {}

  /** A setting whose value below this number breaks the floor, and the number. */
  private record Floor(Pattern setting, double least) {}

  /** The settings of leave, overtime and final pay, each with the law's number. */
  private static final Ceiling[] CEILINGS = {
    new Ceiling(setting("(?:fmla\\w*|leave\\w*)?min[-_]?hours\\w*"), 1250, "fmla"),
    new Ceiling(
        setting("(?:fmla\\w*|leave\\w*)?min[-_]?months\\w*|months[-_]?of[-_]?service"), 12, "fmla"),
    new Ceiling(setting("daily[-_ ]?ot\\w*|daily[-_ ]?overtime\\w*"), 8, "ca"),
    new Ceiling(setting("double[-_ ]?time\\w*"), 12, "ca"),
    new Ceiling(setting("weekly[-_ ]?ot\\w*|weekly[-_ ]?overtime\\w*"), 40, ""),
    new Ceiling(setting("involuntary[-_ ]?(?:due|pay)\\w*"), 0, "ca"),
  };

  /** The settings the law sets a least value of. */
  private static final Floor[] FLOORS = {
    new Floor(setting("(?:fmla\\w*)?entitlement[-_ ]?weeks\\w*|fmla[-_ ]?weeks\\w*"), 12),
    new Floor(setting("overtime[-_ ]?(?:multiplier|rate)\\w*|ot[-_ ]?multiplier\\w*"), 1.5),
    new Floor(setting("(?:federal[-_ ]?)?minimum[-_ ]?wage"), 7.25),
  };

  /** California's rules file: its name or its state. */
  private static final Pattern CALIFORNIA =
      Pattern.compile("(?:^|[/_.\\s])ca(?:[/_.\\s]|$)|california|state\\W{1,4}ca\\b");

  /** A setting turned off that California's law requires on. */
  private static final Pattern TURNED_OFF =
      Pattern.compile(
          "(seventh[-_ ]?day[-_ ]?premium|pay[-_ ]?accrued[-_ ]?vacation\\w*|vacation[-_ ]?payout\\w*"
              + "|meal[-_ ]?break[-_ ]?premium\\w*|pay[-_ ]?range[-_ ]?required|split[-_ ]?shift"
              + "[-_ ]?premium)\\W{1,4}(?:false|no|off|0)\\b");

  /** A rule file about pay, leave, time or hiring, where these settings live. */
  private static final Pattern RULES_TEXT =
      Pattern.compile(
          "fmla|leave|overtime|\\bot\\b|_ot_|final[-_ ]?pay|minimum[-_ ]?wage|vacation|punch|clock"
              + "|posting|careers|candidate|interview|scorecard");

  /** Punches rounded in only the employer's favour: clock-ins up, clock-outs down. */
  private static final Pattern ROUNDS_IN_UP =
      Pattern.compile("(?:clock|punch)[-_ ]?ins?\\b[^\\n]{0,60}\\b(?:up|ceil\\w*)\\b");

  private static final Pattern ROUNDS_OUT_DOWN =
      Pattern.compile("(?:clock|punch)[-_ ]?outs?\\b[^\\n]{0,60}\\b(?:down|floor\\w*)\\b");

  /** A job posting's template, and a pay range shown in it. */
  private static final Pattern POSTING = Pattern.compile("job[-_]?post\\w*|postings?/|careers");

  private static final Pattern PAY_RANGE =
      Pattern.compile(
          "\\{\\{[^}]{0,80}(?:salary|pay|comp\\w*|range|wage)[^}]{0,80}}}|\\$\\s?\\d[\\d,]*\\s*[-–]");

  private static final Pattern PAY_WORDS = Pattern.compile("salary|compensation|\\bpay\\b");

  /** Candidates' voluntary self-identification shown where interviewers read. */
  private static final Pattern SELF_ID =
      Pattern.compile("eeo\\??\\.(?:gender|race|ethnicity|veteran\\w*|disability\\w*)");

  private static final Pattern INTERVIEWERS =
      Pattern.compile("candidate\\w*|interview\\w*|scorecard\\w*|hiring");

  private static Pattern setting(String name) {
    return Pattern.compile(
        "(?<![\\w])(" + name + ")['\"]?\\s*[:=]\\s*['\"]?(\\d[\\d_,]*(?:\\.\\d+)?)");
  }

  /** The text an edit or a write tool's call writes, lower case, or {@code null}. */
  static String written(CallForRules call) {
    String[] edit = LoosenedEdits.edit(call);
    return edit != null ? edit[2].toLowerCase(Locale.ROOT) : null;
  }

  /** What of a pay or leave floor the call's written text breaks, or {@code null}. */
  static String broken(Scan scan) {
    String path;
    String text;
    if (scan.source() == null) {
      String[] edit = LoosenedEdits.edit(scan.call());
      if (edit == null) {
        return null;
      }
      path = edit[0].toLowerCase(Locale.ROOT);
      text = edit[2].toLowerCase(Locale.ROOT);
    } else {
      text = inPlaceSed(scan);
      path = text;
    }
    if (text == null || text.length() > READ || !PatternLiterals.finds(RULES_TEXT, path + text)) {
      return null;
    }
    if (path.contains("/test") || path.contains("fixture")) {
      return null;
    }
    boolean california =
        PatternLiterals.finds(CALIFORNIA, path) || PatternLiterals.finds(CALIFORNIA, text);
    String found = numbers(text, california, (path + text).contains("fmla"));
    if (found == null && california) {
      Matcher off = TURNED_OFF.matcher(text);
      found = off.find() ? off.group() : null;
    }
    if (found == null
        && PatternLiterals.finds(ROUNDS_IN_UP, text)
        && PatternLiterals.finds(ROUNDS_OUT_DOWN, text)) {
      found = "punches rounded in the employer's favour only";
    }
    if (found == null
        && PatternLiterals.finds(POSTING, path)
        && PatternLiterals.finds(PAY_WORDS, text)
        && !PatternLiterals.finds(PAY_RANGE, text)) {
      found = "a job posting without its pay range";
    }
    if (found == null
        && PatternLiterals.finds(INTERVIEWERS, path)
        && PatternLiterals.finds(SELF_ID, text)) {
      found = "candidates' self-identification shown to interviewers";
    }
    return found;
  }

  /** The words of an in-place sed's call (its expressions and files), or {@code null}. */
  private static String inPlaceSed(Scan scan) {
    for (Step step : scan.steps()) {
      if (!step.program().equals("sed") && !step.program().equals("gsed")) {
        continue;
      }
      StringBuilder words = new StringBuilder();
      boolean inPlace = false;
      for (io.github.providergateway.guard.shell.Word word : step.args()) {
        inPlace |= word.text().startsWith("-i") || word.text().equals("--in-place");
        words.append(' ').append(word.text());
      }
      if (inPlace) {
        return replacements(words.toString().toLowerCase(Locale.ROOT));
      }
    }
    return null;
  }

  /** A sed's words with each {@code s/old/new/} read as its new side only. */
  private static String replacements(String words) {
    return words.replaceAll("s([/|#])((?:\\\\.|(?!\\1).)*)\\1((?:\\\\.|(?!\\1).)*)\\1", "$3");
  }

  private static String numbers(String text, boolean california, boolean fmla) {
    for (Ceiling ceiling : CEILINGS) {
      if (ceiling.where().equals("ca") && !california || ceiling.where().equals("fmla") && !fmla) {
        continue;
      }
      Matcher m = ceiling.setting().matcher(text);
      while (m.find()) {
        if (value(m.group(2)) > ceiling.most()) {
          return m.group(1) + " " + m.group(2);
        }
      }
    }
    for (Floor floor : FLOORS) {
      Matcher m = floor.setting().matcher(text);
      while (m.find()) {
        if (value(m.group(2)) < floor.least()) {
          return m.group(1) + " " + m.group(2);
        }
      }
    }
    return null;
  }

  private static double value(String number) {
    try {
      return Double.parseDouble(number.replace("_", "").replace(",", ""));
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
