package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files of a logistics operation that loosen a control or falsify a declaration, as the {@code
 * logistics.declaration-falsified}, {@code logistics.controls-loosened} and {@code
 * logistics.sellers-data-crossed} rules read them (decision 144): a setting of the trade's controls
 * (hours of service, hazmat segregation, carrier vetting, a truck's dimensions, the drivers' app's
 * motion lock, an inspection required) written looser than it was or than a control is, by the edit
 * tool or by a substitution (sed, perl, ex, jq, yq); a tariff or export classification rewritten, a
 * country of origin swapped, goods unflagged as dangerous, their declaration commented out, an
 * embargo list emptied, a hazmat emergency number that is no longer monitored; two sellers mapped to
 * one merchant account. Test fixtures are no one's controls. Registered by {@link
 * LogisticsPredicates}.
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
      Set.of(
          "enforce", "enforced", "enforcement", "require", "required", "requires", "check",
          "checks", "verify", "verification", "vetting", "screening", "screened", "inspection",
          "dvir", "segregation", "segregate", "embargo", "embargoed", "sanction", "sanctioned",
          "sanctions", "restricted", "denied", "prohibited", "incompatible", "notice", "consent",
          "identity", "insurance", "authority", "recording", "alerts", "drowsiness", "distracted",
          "collision", "lock", "governor", "geofence", "cycle", "axle", "seal", "hazmat", "screen",
          "excursion", "alert", "alarms", "alarm", "ofac", "itar", "dps", "rps");

  /**
   * The words of a key that are the trade's own: a key with one is the trade's control wherever
   * it is written; a key without one only in a file of the trade ({@link #TRADE_FILE}).
   */
  private static final Set<String> TRADE_KEYS =
      Set.of(
          "driving", "duty", "dvir", "hos", "eld", "segregation", "segregate", "hazmat",
          "embargo", "embargoed", "sanction", "sanctions", "sanctioned", "vetting", "axle", "gvw",
          "cycle", "drowsiness", "collision", "distracted", "geofence", "governor", "reefer",
          "setpoint", "trailer", "tractor", "cmv", "carrier", "driver", "drivers", "dispatch",
          "defects", "defect", "moving", "motion", "overweight", "unscreened", "screening",
          "inspection", "customs", "tariff", "dg", "dangerous", "ofac", "itar", "dps", "rps",
          "eccn", "hts", "aes", "eei", "isf", "excursion", "conveyance", "declared");

  private static final Pattern TRADE_FILE =
      Pattern.compile(
          "(?i)putaway|dispatch|optimi[sz]er|carrier|driver|fleet|(?<![a-z])hos(?![a-z])|"
              + "hours.of.service|hazmat|(?<![a-z])dg[_/.]|dangerous|customs|routing|/routes?/|truck|"
              + "vehicle|vetting|shipper|shipping|warehouse|(?<![a-z])[wt]ms(?![a-z])|"
              + "(?<![a-z])eld(?![a-z])|reefer|load_?plan|tender|embargo|sanction|settlement|"
              + "owner.operator|telematics|dvir|export_?control|cold.?chain|temperature|rate.?shop|"
              + "denied.?part|restricted.?part|screening|trade.?compliance");

  /** The words of a key that say the goods are dangerous: a declaration, not a control. */
  private static final Set<String> GOODS_FLAGS =
      Set.of("hazmat", "dangerous", "dg", "hazardous", "un", "number", "lithium");

  /** The words of a key whose {@code true} lets something through. */
  private static final Set<String> INVERTED =
      Set.of("allow", "allowed", "skip", "bypass", "ignore", "override", "exempt", "disable");

  /** What an inverted key lets through, for {@code allow…} keys. */
  private static final Set<String> LETS_THROUGH =
      Set.of(
          "moving", "motion", "driving", "defects", "defect", "mismatch", "overweight",
          "unscreened", "unverified", "expired", "override", "without", "hazmat", "check",
          "checks", "vetting", "screening", "inspection", "dvir", "conveyance", "loaded",
          "unassigned", "unidentified", "excursion", "recalled", "quarantined");

  /** The words of a numeric key whose value is looser lower, where no min or max says. */
  private static final Set<String> LOWER_LOOSER =
      Set.of(
          "break", "rest", "off", "insurance", "age", "height", "weight", "length", "clearance",
          "gvw");

  /** The words of a numeric key whose value is looser higher, where no min or max says. */
  private static final Set<String> HIGHER_LOOSER =
      Set.of("driving", "duty", "window", "above", "speed", "shift", "hours", "payload");

  /** The words of a numeric key of the trade's controls, which a min or a max turns. */
  private static final Set<String> LIMITED =
      Set.of(
          "driving", "duty", "break", "rest", "off", "cycle", "insurance", "authority", "age",
          "height", "weight", "length", "gvw", "axle", "speed", "lock", "charge", "temperature",
          "setpoint", "payload", "load", "hours", "shift", "window", "clearance", "temp",
          "excursion");

  /** The words of a pay rate, looser lower where the file is a driver's settlement. */
  private static final Set<String> PAY =
      Set.of("per", "stop", "mile", "pay", "paid", "detention", "settlement", "rate", "usd");

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
        if (words == parent && FALSE.matcher(value).matches()) {
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
  private static final Set<String> SWITCHES = Set.of("enabled", "enable", "active", "on");

  /** The parents whose switch is a control of the trade: rate shopping, segregation, vetting. */
  private static final Set<String> CONTROL_PARENTS =
      Set.of(
          "segregation", "vetting", "screening", "inspection", "dvir", "hos", "embargo",
          "sanctions", "geofence", "governor", "axle", "hazmat");

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
      Set.of("declared", "customs", "invoice", "commercial", "dutiable", "entered");

  /** The words of a key that claim an exemption from a declaration's rules. */
  private static final Set<String> EXEMPTIONS =
      Set.of("limited", "excepted", "exempt", "exemption", "minimis", "lq");

  private static Found looser(
      List<String> words, String value, String before, boolean settlement, String line) {
    if (TRUE.matcher(value).matches()
        && any(words, EXEMPTIONS)
        && before != null
        && FALSE.matcher(before).matches()) {
      return new Found(true, line); // limited_quantity: true (was false)
    }
    if (any(words, DECLARED) && (words.contains("value") || words.contains("factor")
        || words.contains("ratio") || words.contains("multiplier") || words.contains("price"))) {
      Matcher number = NUMBER.matcher(value);
      if (number.matches() && before != null && before.matches("-?\\d+(?:\\.\\d+)?")
          && Double.parseDouble(number.group(1)) < Double.parseDouble(before)) {
        return new Found(true, line); // declared_value_factor: 0.3 (was 1.0)
      }
    }
    boolean guard = any(words, GUARDS);
    boolean goods = any(words, GOODS_FLAGS) && !any(words, INVERTED);
    boolean inverted = any(words, INVERTED);
    if (FALSE.matcher(value).matches()) {
      boolean changed = before != null && !FALSE.matcher(before).matches();
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
    if (TRUE.matcher(value).matches()) {
      boolean lets = words.contains("allow") ? any(words, LETS_THROUGH) : inverted;
      return lets && (guard || any(words, LETS_THROUGH)) ? new Found(false, line) : null;
    }
    if (EMPTY.matcher(value).matches()) {
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
  record Edit(String path, String now, String old) {}

  /** The edit of the call, when it writes a file that is not a test's. */
  static Edit edit(Scan scan) {
    CallForRules call = scan.call();
    if (call == null) {
      return null;
    }
    String tool = call.tool().toLowerCase(Locale.ROOT);
    if (!tool.equals("edit")
        && !tool.equals("write")
        && !tool.equals("multiedit")
        && !tool.equals("str_replace_based_edit_tool")
        && !tool.equals("create")) {
      return null;
    }
    JsonNode args = call.args();
    if (args == null) {
      return null;
    }
    JsonNode file = args.has("path") ? args.get("path") : args.get("file_path");
    String name = file == null || !file.isTextual() ? "" : file.asText();
    if (TEST_PATH.matcher(name).find()) {
      return null;
    }
    String now = EditCalls.text(args, "new_string", "new_str", "content", "file_text");
    String old = EditCalls.text(args, "old_string", "old_str");
    return now == null || now.length() > 256 * 1024 ? null : new Edit(name, now, old);
  }

  private static boolean tradeFile(Edit edit) {
    return PatternLiterals.finds(TRADE_FILE, edit.path());
  }

  /** The edit's control loosened, as the reason shows it. */
  static String editLoosens(Scan scan) {
    Edit edit = edit(scan);
    if (edit == null) {
      return null;
    }
    Found found = loosened(edit.now(), edit.old(), tradeFile(edit));
    return found != null && !found.declaration() ? edit.path() + ": " + found.line() : null;
  }

  private static final Pattern CODE_FILE =
      Pattern.compile("(?i)\\.(?:py|js|ts|tsx|jsx|java|kt|rb|go|cs|php|scala|swift|rs)$");

  /** A line of code commented out that declares dangerous goods. */
  private static final Pattern DG_COMMENTED =
      Pattern.compile(
          "(?im)^[ \\t]*(?:#|//|--|\\*)(?=[^\\n]*\\b(?:dangerous_?goods|hazmat|dg|lithium|"
              + "un_?number|battery_?details|dg_?code|dangerousGoods\\w*)\\b)(?=[^\\n]*(?:\\w\\(|"
              + "\\.append|\\.push|\\bfor\\b[^\\n]*\\bin\\b|\\bif\\b[^\\n]*[:{]|\\breturn\\b|"
              + "\\w\\s*=[^=]))[^\\n]*$");

  /** A tariff (HTS) or export (ECCN) number. */
  private static final String CODE = "\\d{4}\\.\\d{2}(?:\\.\\d{2,4})*|\\d[A-E]\\d{3}[\\w.]*";

  private static final Pattern RECLASSED =
      Pattern.compile("(?i)\\bwas\\s*:?\\s*(" + CODE + ")");

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

  private static final Pattern EMERGENCY =
      Pattern.compile("(?i)emergency[-_ ]?(?:response|phone|contact|number)|chemtrec|infotrac");

  private static final Pattern NOT_ROUND_THE_CLOCK =
      Pattern.compile(
          "(?im)^[ \\t]*(?:hours|availability)[ \\t]*[:=][ \\t]*(?![^\\n]*24)[^\\n]*\\d[^\\n]*$|"
              + "^[ \\t]*contract(?:_holder|_number)?[ \\t]*[:=][ \\t]*(?:null|none|~|\"\"|'')"
              + "[ \\t]*$");

  /** The edit's declaration falsified, as the reason shows it. */
  static String editFalsifies(Scan scan) {
    Edit edit = edit(scan);
    if (edit == null) {
      return null;
    }
    String now = edit.now();
    Found found = loosened(now, edit.old(), tradeFile(edit));
    if (found != null && found.declaration()) {
      return edit.path() + ": " + found.line();
    }
    String reclassed = PatternLiterals.finds(TARIFF, edit.path() + "\n" + now) ? reclassed(now) : null;
    if (reclassed != null) {
      return edit.path() + ": " + reclassed;
    }
    if (CODE_FILE.matcher(edit.path()).find()) {
      Matcher commented = DG_COMMENTED.matcher(now);
      if (commented.find() && (edit.old() == null || !edit.old().contains(commented.group()))) {
        return edit.path() + ": " + commented.group().trim();
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
    Edit edit = edit(scan);
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
      Set.of("sed", "gsed", "perl", "ex", "vim", "vi", "nvim", "ruby", "jq", "yq", "gojq");

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
    return PatternLiterals.finds(TRADE_FILE, ASSIGNMENT.matcher(files).replaceAll(" "));
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
      if (EXPORT_FREE.matcher(replacement).find() && ECCN_OR_LICENSE.matcher(pattern).find()) {
        return true;
      }
      if (swapsCountry(pattern, replacement) && PRODUCT_DATA.matcher(text).find()) {
        return true;
      }
      Matcher code = HTS_FULL.matcher(replacement);
      if (code.find()
          && HTS_FULL.matcher(pattern).find()
          && !pattern.contains(code.group(1))
          && PatternLiterals.finds(TARIFF, text)) {
        return true;
      }
      Found found =
          loosened(
              replacement.replace(", ", "\n"),
              pattern.replace(", ", "\n"),
              tradeFiles(text));
      if (found != null && found.declaration()) {
        return true;
      }
    }
    return false;
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
      Found found =
          loosened(
              s.group(3).replace("\\", "").replace(", ", "\n"),
              pattern,
              tradeFiles(text));
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
          Found found =
              loosened(part + ": " + a.group(2), null, tradeFiles(text));
          if (found != null && !found.declaration()) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
