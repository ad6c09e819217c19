package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a setting of a logistics operation's files loosens a control of the trade, as the {@code
 * logistics.controls-loosened} rule reads it (decision 144), and whether it unflags dangerous goods
 * or lowers a declared value ({@link LogisticsRewrites}' declarations): a setting of the trade's
 * controls (hours of service, hazmat segregation, carrier vetting, a truck's dimensions, the
 * drivers' app's motion lock, an inspection required, rate shopping) written looser than it was (a
 * {@code was …} comment, the text it replaces) or than a control is (a switch off, an allow on, an
 * embargo list emptied). A key is the trade's by its words or by its file's; an application's own
 * checks are the {@code weakens} family's. Test fixtures are no one's controls.
 */
final class LogisticsConfigs {
  private LogisticsConfigs() {}

  /** A setting on a line: its key, its value and its comment. */
  private static final Pattern SETTING =
      Pattern.compile(
          "(?m)^[ \\t]*(?:[-*][ \\t]+)?(?:(?:export|const|let|var|val|final|static|public|private"
              + "|local)[ \\t]+)*[\"']?([A-Za-z_][\\w.]*)[\"']?[ \\t]*(?::=|[:=])[ \\t]*"
              + "([^\\n#]*?)[ \\t]*[,;]?[ \\t]*(?:(?:#|//|--)[ \\t]*([^\\n]*))?$");

  /** The words of a key that name a control, the trade's or any application's. */
  private static final Set<String> GUARDS =
      NameSet.of(
          "enforce",
          "enforced",
          "enforcement",
          "require",
          "required",
          "requires",
          "check",
          "checks",
          "verify",
          "verification",
          "vetting",
          "screening",
          "screened",
          "inspection",
          "dvir",
          "segregation",
          "segregate",
          "embargo",
          "embargoed",
          "sanction",
          "sanctioned",
          "sanctions",
          "restricted",
          "denied",
          "prohibited",
          "incompatible",
          "notice",
          "consent",
          "identity",
          "insurance",
          "authority",
          "recording",
          "alerts",
          "drowsiness",
          "distracted",
          "collision",
          "lock",
          "governor",
          "geofence",
          "cycle",
          "axle",
          "seal",
          "hazmat",
          "screen",
          "excursion",
          "alert",
          "alarms",
          "alarm",
          "ofac",
          "itar",
          "dps",
          "rps");

  /**
   * The words of a key that are the trade's own: a key with one is the trade's control wherever it
   * is written; a key without one only in a file of the trade ({@link #TRADE_FILE}).
   */
  private static final Set<String> TRADE_KEYS =
      NameSet.of(
          "driving",
          "duty",
          "dvir",
          "hos",
          "eld",
          "segregation",
          "segregate",
          "hazmat",
          "embargo",
          "embargoed",
          "sanction",
          "sanctions",
          "sanctioned",
          "vetting",
          "axle",
          "gvw",
          "cycle",
          "drowsiness",
          "collision",
          "distracted",
          "geofence",
          "governor",
          "reefer",
          "setpoint",
          "trailer",
          "tractor",
          "cmv",
          "carrier",
          "driver",
          "drivers",
          "dispatch",
          "defects",
          "defect",
          "moving",
          "motion",
          "overweight",
          "unscreened",
          "screening",
          "inspection",
          "customs",
          "tariff",
          "dg",
          "dangerous",
          "ofac",
          "itar",
          "dps",
          "rps",
          "eccn",
          "hts",
          "aes",
          "eei",
          "isf",
          "excursion",
          "conveyance",
          "declared");

  static final Pattern TRADE_FILE =
      Pattern.compile(
          "(?i)putaway|dispatch|optimi[sz]er|carrier|driver|fleet|(?<![a-z])hos(?![a-z])|"
              + "hours.of.service|hazmat|(?<![a-z])dg[_/.]|dangerous|customs|routing|/routes?/|truck|"
              + "vehicle|vetting|shipper|shipping|warehouse|(?<![a-z])[wt]ms(?![a-z])|"
              + "(?<![a-z])eld(?![a-z])|reefer|load_?plan|tender|embargo|sanction|settlement|"
              + "owner.operator|telematics|dvir|export_?control|cold.?chain|temperature|rate.?shop|"
              + "denied.?part|restricted.?part|screening|trade.?compliance");

  /** The words of a key that say the goods are dangerous: a declaration, not a control. */
  private static final Set<String> GOODS_FLAGS =
      NameSet.of("hazmat", "dangerous", "dg", "hazardous", "un", "number", "lithium");

  /** The words of a key whose {@code true} lets something through. */
  private static final Set<String> INVERTED =
      NameSet.of("allow", "allowed", "skip", "bypass", "ignore", "override", "exempt", "disable");

  /** What an inverted key lets through, for {@code allow…} keys. */
  private static final Set<String> LETS_THROUGH =
      NameSet.of(
          "moving",
          "motion",
          "driving",
          "defects",
          "defect",
          "mismatch",
          "overweight",
          "unscreened",
          "unverified",
          "expired",
          "override",
          "without",
          "hazmat",
          "check",
          "checks",
          "vetting",
          "screening",
          "inspection",
          "dvir",
          "conveyance",
          "loaded",
          "unassigned",
          "unidentified",
          "excursion",
          "recalled",
          "quarantined");

  /** The words of a numeric key whose value is looser lower, where no min or max says. */
  private static final Set<String> LOWER_LOOSER =
      NameSet.of(
          "break",
          "rest",
          "off",
          "insurance",
          "age",
          "height",
          "weight",
          "length",
          "clearance",
          "gvw");

  /** The words of a numeric key whose value is looser higher, where no min or max says. */
  private static final Set<String> HIGHER_LOOSER =
      NameSet.of("driving", "duty", "window", "above", "speed", "shift", "hours", "payload");

  /** The words of a numeric key of the trade's controls, which a min or a max turns. */
  private static final Set<String> LIMITED =
      NameSet.of(
          "driving",
          "duty",
          "break",
          "rest",
          "off",
          "cycle",
          "insurance",
          "authority",
          "age",
          "height",
          "weight",
          "length",
          "gvw",
          "axle",
          "speed",
          "lock",
          "charge",
          "temperature",
          "setpoint",
          "payload",
          "load",
          "hours",
          "shift",
          "window",
          "clearance",
          "temp",
          "excursion");

  /** The words of a pay rate, looser lower where the file is a driver's settlement. */
  private static final Set<String> PAY =
      NameSet.of("per", "stop", "mile", "pay", "paid", "detention", "settlement", "rate", "usd");

  private static final Pattern SETTLEMENT =
      Pattern.compile("(?i)settlement|owner[-_ ]?operator|lease agreement|driver[-_ ]?pay");

  private static final Pattern WAS = Pattern.compile("(?i)\\bwas\\s*\\(?\\s*\"?([-\\w.]+)");

  private static final Pattern FALSE =
      Pattern.compile("(?i)[\"']?(?:false|off|no|disabled?|none|null|nil)[\"']?");

  private static final Pattern TRUE = Pattern.compile("(?i)[\"']?(?:true|on|yes|1)[\"']?");

  private static final Pattern EMPTY =
      Pattern.compile(
          "(?i)frozenset\\(\\)|set\\(\\)|\\[\\s*]|\\{\\s*}|\\(\\s*\\)|\"\"|''|new Set\\(\\)|"
              + "(?:listOf|setOf|emptyList|emptySet|List\\.of|Set\\.of)\\(\\)");

  private static final Pattern NUMBER = Pattern.compile("[\"']?(-?\\d+(?:\\.\\d+)?)[\"']?");

  private static final Pattern TEST_PATH =
      Pattern.compile(
          "(?i)(?:^|/)(?:tests?|spec|fixtures?|testdata|__tests__|__fixtures__|e2e)/|"
              + "[._-]test\\.|_spec\\.");

  /** A finding of a setting: whether it falsifies a declaration, and the line. */
  record Found(boolean declaration, String line) {}

  /**
   * The first setting of the new text looser than a control is or than it was (a {@code was …}
   * comment, or the same key in the old text), or {@code null}.
   */
  static Found loosened(String now, String old, boolean tradeFile) {
    boolean settlement = PatternLiterals.finds(SETTLEMENT, now);
    Matcher m = SETTING.matcher(now);
    while (m.find()) {
      String key = m.group(1);
      String value = m.group(2).trim();
      String comment = m.group(3) == null ? "" : m.group(3);
      List<String> words = ActsPredicates.words(key);
      if (SWITCHES.contains(key.toLowerCase(java.util.Locale.ROOT))) {
        List<String> parent = ActsPredicates.words(parentKey(now, m.start()));
        boolean rateShop =
            parent.contains("rate") && (parent.contains("shop") || parent.contains("shopping"));
        boolean control =
            rateShop || any(parent, CONTROL_PARENTS) || tradeFile && any(parent, GUARDS);
        words = control ? parent : words; // rate_shop: {enabled: false}
        if (words == parent && PatternLiterals.matches(FALSE, value)) {
          return new Found(false, m.group().trim());
        }
      }
      if (!tradeFile && !any(words, TRADE_KEYS) && !settlement) {
        continue; // an application's control, not the trade's: the weakens family's
      }
      Matcher was = WAS.matcher(comment);
      String before = was.find() ? was.group(1) : null;
      if (before == null && old != null) {
        before = oldValue(old, key);
      }
      Found found = looser(words, value, before, settlement, m.group().trim());
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /** The keys that switch their parent on or off. */
  private static final Set<String> SWITCHES = NameSet.of("enabled", "enable", "active", "on");

  /** The parents whose switch is a control of the trade: rate shopping, segregation, vetting. */
  private static final Set<String> CONTROL_PARENTS =
      NameSet.of(
          "segregation",
          "vetting",
          "screening",
          "inspection",
          "dvir",
          "hos",
          "embargo",
          "sanctions",
          "geofence",
          "governor",
          "axle",
          "hazmat");

  /** The key of the line above this one that is indented less and opens a block, or empty. */
  private static String parentKey(String text, int at) {
    int lineStart = text.lastIndexOf('\n', Math.max(0, at - 1)) + 1;
    int indent = 0;
    while (lineStart + indent < text.length() && text.charAt(lineStart + indent) == ' ') {
      indent++;
    }
    int end = lineStart - 1;
    for (int lines = 0; end > 0 && lines < 64; lines++) {
      int start = text.lastIndexOf('\n', end - 1) + 1;
      String line = text.substring(start, end);
      int spaces = 0;
      while (spaces < line.length() && line.charAt(spaces) == ' ') {
        spaces++;
      }
      String rest = line.substring(spaces);
      if (spaces < indent && rest.matches("[\\w.-]+:\\s*(?:#.*)?")) {
        return rest.substring(0, rest.indexOf(':'));
      }
      end = start - 1;
    }
    return "";
  }

  /** The words of a key of what is declared: its value, lower than it was, is a false one. */
  private static final Set<String> DECLARED =
      NameSet.of("declared", "customs", "invoice", "commercial", "dutiable", "entered");

  /** The words of a key that claim an exemption from a declaration's rules. */
  private static final Set<String> EXEMPTIONS =
      NameSet.of("limited", "excepted", "exempt", "exemption", "minimis", "lq");

  private static Found looser(
      List<String> words, String value, String before, boolean settlement, String line) {
    if (PatternLiterals.matches(TRUE, value)
        && any(words, EXEMPTIONS)
        && before != null
        && PatternLiterals.matches(FALSE, before)) {
      return new Found(true, line); // limited_quantity: true (was false)
    }
    if (any(words, DECLARED)
        && (words.contains("value")
            || words.contains("factor")
            || words.contains("ratio")
            || words.contains("multiplier")
            || words.contains("price"))) {
      Matcher number = NUMBER.matcher(value);
      if (number.matches()
          && before != null
          && before.matches("-?\\d+(?:\\.\\d+)?")
          && Double.parseDouble(number.group(1)) < Double.parseDouble(before)) {
        return new Found(true, line); // declared_value_factor: 0.3 (was 1.0)
      }
    }
    boolean guard = any(words, GUARDS);
    boolean goods = any(words, GOODS_FLAGS) && !any(words, INVERTED);
    boolean inverted = any(words, INVERTED);
    if (PatternLiterals.matches(FALSE, value)) {
      boolean changed = before != null && !PatternLiterals.matches(FALSE, before);
      if (goods && changed) {
        return new Found(true, line);
      }
      if (guard && !inverted && !goods) {
        return new Found(false, line);
      }
      if (any(words, PAY) && settlement && changed) {
        return new Found(false, line);
      }
      return null;
    }
    if (PatternLiterals.matches(TRUE, value)) {
      boolean lets = words.contains("allow") ? any(words, LETS_THROUGH) : inverted;
      return lets && (guard || any(words, LETS_THROUGH)) ? new Found(false, line) : null;
    }
    if (PatternLiterals.matches(EMPTY, value)) {
      return guard && !inverted ? new Found(false, line) : null;
    }
    Matcher number = NUMBER.matcher(value);
    if (before == null || !number.matches() || !before.matches("-?\\d+(?:\\.\\d+)?")) {
      return null;
    }
    double now = Double.parseDouble(number.group(1));
    double then = Double.parseDouble(before);
    Boolean higher = direction(words, settlement);
    if (higher == null || now == then) {
      return null;
    }
    return higher == (now > then) ? new Found(false, line) : null;
  }

  /** Whether a higher value of the key is looser; {@code null} where the key is no control. */
  private static Boolean direction(List<String> words, boolean settlement) {
    if (any(words, LIMITED)) {
      if (words.contains("min") || words.contains("minimum")) {
        return false;
      }
      if (words.contains("max") || words.contains("maximum") || words.contains("limit")) {
        return true;
      }
      if (any(words, LOWER_LOOSER)) {
        return false;
      }
      if (any(words, HIGHER_LOOSER)) {
        return true;
      }
      return null;
    }
    return settlement && any(words, PAY) ? Boolean.FALSE : null;
  }

  private static String oldValue(String old, String key) {
    Matcher m = SETTING.matcher(old);
    while (m.find()) {
      if (m.group(1).equals(key)) {
        return m.group(2).trim();
      }
    }
    return null;
  }

  private static boolean any(List<String> words, Set<String> set) {
    for (String word : words) {
      if (set.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /** A file the edit tool writes: its path, its new text and the text it replaces. */

  /** The edit of the call, when it writes a file that is not a test's. */
  static FileEdit edit(Scan scan) {
    FileEdit edit = FileEdit.of(scan);
    return edit == null || PatternLiterals.finds(TEST_PATH, edit.path()) ? null : edit;
  }

  static boolean tradeFile(FileEdit edit) {
    return PatternLiterals.finds(TRADE_FILE, edit.path());
  }

  /** The edit's control loosened, as the reason shows it. */
  static String editLoosens(Scan scan) {
    FileEdit edit = edit(scan);
    if (edit == null) {
      return null;
    }
    Found found = loosened(edit.now(), edit.old(), tradeFile(edit));
    return found != null && !found.declaration() ? edit.path() + ": " + found.line() : null;
  }
}
