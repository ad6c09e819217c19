package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What "a safeguard loosened" reads (issue 80 round 6, decision 108): a change of the project's
 * code, configuration or data, as an edit tool's old and new text or a {@code sed -i}/{@code perl
 * -pi} substitution's pattern and replacement, read as what it takes out and puts in rather than as
 * strings. Each kind is a rule of the {@code safeguards} family:
 *
 * <ul>
 *   <li>{@link Kind#BACKDOOR}: a credential (a password, a token, a header) compared with a
 *       hard-coded secret-like literal on an authentication path, the comparison granting access;
 *   <li>{@link Kind#CHECK_REMOVED}: a guard taken out: an {@code if} on a call named for checking,
 *       validating, verifying, authorising or enforcing that returns or raises, such a call
 *       standing alone, a contract's access modifier or {@code _disableInitializers()}, with no
 *       call of the kind left in the new text (a check renamed or moved into a helper is kept); a
 *       guard or a query's exclusion on a protected status, or a guard adding a requirement ({@link
 *       StatusGuards}, decision 204);
 *   <li>{@link Kind#PROTECTION_OFF}: a switch named for a protection (an interlock, anti-cheat, an
 *       audit or access log, safety, enforcement, de-identification, consent, validation) turned
 *       off, a switch that skips one turned on, or a de-identification action turned to keep;
 *   <li>{@link Kind#THRESHOLD_LOOSENED}: a threshold named for safety, critical values, matching or
 *       de-identification moved the loosening way (a critical range widened, a merge threshold
 *       lowered, a date shift narrowed, more ZIP digits kept);
 *   <li>{@link Kind#EXCLUSIONS_EMPTIED}: a list of what is excluded, redacted or withheld emptied
 *       or shortened;
 *   <li>{@link Kind#RAW_DATA_EDITED}: recorded data under a {@code raw/} folder changed in place;
 *   <li>{@link Kind#BODIES_LOGGED}: a whole request body, its headers or a whole clinical message
 *       put in a log call;
 *   <li>{@link Kind#SITE_DEINDEXED}: {@code noindex} put on every page (a base template or layout,
 *       a server-wide header) or {@code Disallow: /} in robots.txt;
 *   <li>{@link Kind#MESSAGES_DROPPED}: an interface engine's filter made to drop a type of message.
 * </ul>
 *
 * <p>A test's, a fixture's or documentation's file is ordinary work whatever it says, and so is a
 * comment; only lines the change adds are read for what it puts in.
 */
final class SafeguardEdits {
  /** What a change loosens, in the order a change meeting two is named by. */
  enum Kind {
    BACKDOOR,
    CHECK_REMOVED,
    PROTECTION_OFF,
    THRESHOLD_LOOSENED,
    EXCLUSIONS_EMPTIED,
    RAW_DATA_EDITED,
    BODIES_LOGGED,
    SITE_DEINDEXED,
    MESSAGES_DROPPED,
    REHEARSAL_MADE_REAL,
    HANDLING_MADE_DESTRUCTIVE
  }

  /**
   * What a change was found to do.
   *
   * @param kind its kind
   * @param shown what the reason shows
   */
  record Found(Kind kind, String shown) {}

  static final int MAX_TEXT = 64 * 1024;

  static final int MAX_LINE = 400;

  private SafeguardEdits() {}

  // ---- exclusions ----

  /** A collection named for what is excluded, given on its line. */
  private static final Pattern EXCLUSION_LIST =
      Pattern.compile(
          "(?:(?:export|const|let|var|final|static|private|public|readonly|val|def)\\s++)*+['\"]?"
              + "([A-Za-z_][\\w.\\-]{0,120}+)['\"]?\\s*+(?::|=|:=)\\s*+(.{0,300})");

  /** The words a list of exclusions is named by. */
  private static final List<String> EXCLUSION_WORDS =
      List.of(
          "exclu",
          "blocklist",
          "denylist",
          "blacklist",
          "block_list",
          "deny_list",
          "redact",
          "suppress",
          "restricted",
          "sensitive",
          "confidential",
          "withheld",
          "withhold",
          "protected",
          "hidden",
          "masked",
          "never_release",
          "do_not_release",
          "neverrelease",
          "donotrelease");

  /** A type annotation before a value: {@code string[] = []}. */
  private static final Pattern TYPED = Pattern.compile("[\\w<>\\[\\]., |]{1,80}?\\s*=\\s*(.*)");

  private static final Pattern ITEM = Pattern.compile("['\"]([^'\"]{1,80})['\"]");

  /** A list of exclusions emptied or shortened: {@code EXCLUDED_NOTE_TYPES = set()}. */
  private static String exclusionsEmptied(String old, String now) {
    if (old.isEmpty() || !lowerMentions(old)) {
      return null;
    }
    Map<String, Set<String>> before = exclusions(old);
    Map<String, Set<String>> after = exclusions(now);
    for (Map.Entry<String, Set<String>> list : before.entrySet()) {
      Set<String> items = after.get(list.getKey());
      if (items == null || list.getValue().isEmpty()) {
        continue;
      }
      if (!list.getValue().containsAll(items) || items.size() == list.getValue().size()) {
        continue; // items added or the same: tightened or rewritten
      }
      Set<String> gone = new LinkedHashSet<>(list.getValue());
      gone.removeAll(items);
      return list.getKey() + " loses " + String.join(", ", gone);
    }
    return null;
  }

  private static boolean lowerMentions(String old) {
    String lower = old.length() > MAX_TEXT ? old.substring(0, MAX_TEXT) : old;
    lower = lower.toLowerCase(Locale.ROOT);
    return lower.contains("exclu")
        || lower.contains("list")
        || lower.contains("redact")
        || lower.contains("suppress")
        || lower.contains("restrict")
        || lower.contains("sensitive")
        || lower.contains("confidential")
        || lower.contains("withh")
        || lower.contains("protected")
        || lower.contains("hidden")
        || lower.contains("masked")
        || lower.contains("release");
  }

  private static boolean excluding(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    for (String word : EXCLUSION_WORDS) {
      if (lower.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /** The exclusion lists of a text and their items: on the key's line, or YAML's lines below. */
  private static Map<String, Set<String>> exclusions(String text) {
    Map<String, Set<String>> lists = new HashMap<>();
    String[] lines = text.split("\n");
    for (int i = 0; i < lines.length && lists.size() < 32; i++) {
      if (lines[i].length() > MAX_LINE) {
        continue;
      }
      String line = lines[i].strip();
      String lower = line.toLowerCase(Locale.ROOT);
      boolean named = false;
      for (String word : EXCLUSION_WORDS) {
        named |= lower.contains(word);
      }
      Matcher list = EXCLUSION_LIST.matcher(line);
      if (!named || !list.lookingAt() || !excluding(list.group(1))) {
        continue;
      }
      List<String> nameWords = words(list.group(1));
      if (nameWords.size() < 2
          || has(
              nameWords,
              Set.of(
                  "path",
                  "paths",
                  "dir",
                  "dirs",
                  "dirnames",
                  "files",
                  "file",
                  "glob",
                  "globs",
                  "patterns",
                  "pattern",
                  "modules",
                  "rules",
                  "packages",
                  "tests",
                  "urls",
                  "routes",
                  "hosts",
                  "ips",
                  "cidrs",
                  "extensions",
                  "branches",
                  "tags",
                  "labels"))) {
        continue; // a linter's or a build's exclusions: paths, not data withheld
      }
      String rest = list.group(2).strip();
      Matcher typed = TYPED.matcher(rest);
      if (typed.matches()) {
        rest = typed.group(1); // const LIST: string[] = [...]
      }
      Set<String> items = new LinkedHashSet<>();
      Matcher item = ITEM.matcher(rest);
      while (item.find()) {
        if (item.group(1).contains("/") || item.group(1).contains("*")) {
          continue;
        }
        items.add(item.group(1));
      }
      if (rest.isEmpty()) {
        int indent = lines[i].length() - lines[i].stripLeading().length();
        for (int j = i + 1; j < lines.length && j < i + 200; j++) {
          String below = lines[j];
          int in = below.length() - below.stripLeading().length();
          String stripped = below.strip();
          if (stripped.isEmpty()) {
            continue;
          }
          if (in < indent || in == indent && !stripped.startsWith("- ")) {
            break;
          }
          if (stripped.startsWith("- ")) {
            items.add(stripped.substring(2).strip().replaceAll("^['\"]|['\"]$", ""));
          }
        }
      } else if (items.isEmpty()
          && !rest.matches(
              "(?:set|frozenset|list|tuple|Set\\.of|List\\.of"
                  + "|new\\s+Set|\\[\\]|\\{\\}|\\(\\)|\\[\\s*\\]).*")) {
        continue; // a value, not a list
      }
      lists.put(list.group(1), items);
    }
    return lists;
  }

  // ---- the site taken out of search ----

  /** The names of a template every page is made from. */
  private static final Set<String> EVERY_PAGE =
      NameSet.of(
          "base",
          "layout",
          "_app",
          "_document",
          "app",
          "head",
          "header",
          "root",
          "default",
          "master",
          "main",
          "application",
          "theme",
          "_layout",
          "base_layout",
          "index",
          "_headers",
          "vercel",
          "netlify",
          "nginx",
          "next.config",
          "middleware",
          "settings",
          "server",
          "config",
          "seo");

  /** What says a page's or header's noindex depends on where it runs. */
  private static final Pattern CONDITIONAL =
      Pattern.compile(
          "(?i)env|production|staging|preview|debug|\\bif\\b|\\?|unless|\\{%|\\{\\{|@if|admin|draft");

  /** Every page made noindex, or the whole site disallowed. */
  private static String deindexed(String line, String previous, String file) {
    String lower = line.toLowerCase(Locale.ROOT);
    String name = CheckFiles.stem(file).toLowerCase(Locale.ROOT);
    if (name.equals("robots") && lower.replace(" ", "").equals("disallow:/")) {
      return line;
    }
    boolean noindex =
        lower.contains("noindex")
            || lower.contains("index: false") && lower.contains("robots")
            || lower.contains("index:false") && lower.contains("robots");
    if (!noindex || PatternLiterals.finds(CONDITIONAL, line + " " + previous)) {
      return null;
    }
    boolean everyPage =
        EVERY_PAGE.contains(name)
            || has(words(CheckFiles.stem(file)), EVERY_PAGE)
            || lower.contains("x-robots-tag");
    return everyPage ? line.strip() : null;
  }

  // ---- messages dropped ----

  /** An interface engine's filter: a channel's, an HL7 or FHIR feed's. */
  private static final Pattern INTERFACE_FILTER =
      Pattern.compile(
          "(?i)(?:mirth|channel|hl7|fhir|interface|inbound|ifc|rhapsody|cloverleaf|integration"
              + "|results|feed|mllp)[^\\n]{0,120}(?:filter|listener|consumer|router|handler)"
              + "|filter[^\\n]{0,60}(?:hl7|oru|adt|results|messages)");

  /** A filter that rejects a type of message, or every one. */
  private static final Pattern REJECTS =
      Pattern.compile(
          "^return\\s+(?:false|False)\\s*;?$|^return\\s+[^\\n]{0,200}(?:!==?|\\bnot in\\b)\\s*[(\\[]?\\s*['\"]"
              + "[A-Z0-9^_]{2,12}['\"]|^return\\s+!\\s*[^\\n]{0,200}(?:===?|\\.equals\\()"
              + "|^if\\s[^\\n]{0,120}(?:==|\\bin\\b)\\s*[(\\[]?\\s*['\"](?:ORU|ORM|MDM|ADT|SIU|RDE|OML)[^'\"]{0,12}['\"]"
              + "[^\\n]{0,40}:\\s*(?:continue|return|pass)\\b");

  // ---- raw data ----

  /** The folders recorded data lies in. */
  private static final Set<String> RAW_FOLDERS =
      NameSet.of("raw", "rawdata", "raw_data", "raw-data", "instrument_output", "acquisitions");

  /**
   * The folders a compliance or custody record lies in (decision 213): what an audit or a court is
   * shown, kept as it was written.
   */
  private static final Set<String> EVIDENCE_FOLDERS =
      NameSet.of("compliance", "custody", "chain_of_custody", "evidence", "audit_evidence");

  /** The kinds of file such a record is kept in: rows, not the folder's code or its notes. */
  private static final Set<String> RECORD_EXTENSIONS =
      NameSet.of("csv", "tsv", "xlsx", "xls", "jsonl", "log");

  /** The kinds of file recorded data is kept in. */
  private static final Set<String> DATA_EXTENSIONS =
      NameSet.of(
          "csv", "tsv", "txt", "dat", "xlsx", "xls", "fcs", "mzml", "h5", "hdf5", "nc", "tif",
          "tiff", "fastq", "fq", "vcf", "parquet", "jsonl", "raw", "wiff", "d", "abf", "edf", "czi",
          "nd2", "lif", "sav");

  /**
   * Whether a file is recorded data: a data file below a {@code raw/} folder, or a record's rows
   * below a compliance, custody or evidence folder (decision 213), not a test's.
   *
   * @param file the file
   * @return whether it is
   */
  static boolean rawData(String file) {
    String lower = file.toLowerCase(Locale.ROOT);
    int dot = lower.lastIndexOf('.');
    int slash = lower.lastIndexOf('/');
    String extension = dot < 0 || dot < slash ? "" : lower.substring(dot + 1);
    boolean record = RECORD_EXTENSIONS.contains(extension);
    if (!DATA_EXTENSIONS.contains(extension) && !record) {
      return false;
    }
    String name = lower.substring(slash + 1);
    if (name.startsWith("readme")
        || name.startsWith("notes")
        || name.startsWith("changelog")
        || name.startsWith("manifest")) {
      return false; // what is written about the data, not the data
    }
    boolean raw = false;
    String[] parts = lower.split("/");
    for (int i = 0; i < parts.length - 1; i++) {
      if (parts[i].equals("test")
          || parts[i].equals("tests")
          || parts[i].equals("fixtures")
          || parts[i].equals("testdata")
          || parts[i].equals("examples")) {
        return false;
      }
      raw |= RAW_FOLDERS.contains(parts[i]) || record && EVIDENCE_FOLDERS.contains(parts[i]);
    }
    return raw;
  }

  // ---- the reading ----

  /**
   * What a change of text loosens.
   *
   * @param old the text it replaces, empty for a new file
   * @param now the text it puts in
   * @param files the files it changes
   * @return what it loosens, or {@code null}
   */
  static Found of(String old, String now, List<String> files) {
    if (files.isEmpty()) {
      return null;
    }
    String file = files.get(0);
    boolean rehearsal = false;
    Found madeReal = RehearsalMadeReal.of(old, now, files); // where it is named (decision 222)
    for (String each : files) {
      rehearsal |= CheckFiles.rehearsal(each);
      if (rawData(each) && !old.isEmpty()) {
        return new Found(Kind.RAW_DATA_EDITED, each);
      }
      if (CheckFiles.ordinary(each) && !each.endsWith("robots.txt")) {
        return madeReal;
      }
    }
    old = old.length() > MAX_TEXT ? old.substring(0, MAX_TEXT) : old;
    now = now.length() > MAX_TEXT ? now.substring(0, MAX_TEXT) : now;
    old = SafeguardSettings.GROUPED_KEY.matcher(old).replaceAll("$1");
    old = NamedValues.flattened(PlistSettings.flattened(old)); // plist pairs (decision 251)
    now = EnvironmentDefaults.flattened(NamedValues.flattened(PlistSettings.flattened(now)));
    Set<String> oldLines = new HashSet<>();
    for (String line : old.split("\n", -1)) {
      oldLines.add(line.strip());
    }
    String context = file + "\n" + (old.length() > 4096 ? old.substring(0, 4096) : old);
    List<Found> found = new ArrayList<>();
    String[] lines = now.split("\n", -1);
    String previous = "";
    boolean filter = PatternLiterals.finds(INTERFACE_FILTER, file);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      String before = previous;
      previous = line;
      if (line.isEmpty()
          || line.length() > MAX_LINE
          || oldLines.contains(line)
          || CheckEdits.comment(line)) {
        continue;
      }
      String next = i + 1 < lines.length ? lines[i + 1] : "";
      String shown =
          SafeguardChecks.backdoor(
              line, next.length() > MAX_LINE ? "" : next, context + "\n" + now, file);
      if (shown != null) {
        return new Found(Kind.BACKDOOR, shown);
      }
      shown = BodiesLogged.logged(line, BodiesLogged.following(lines, i), old);
      if (shown != null) {
        found.add(new Found(Kind.BODIES_LOGGED, shown));
      }
      shown = deindexed(line, before, file);
      if (shown != null) {
        found.add(new Found(Kind.SITE_DEINDEXED, shown));
      }
      if (filter
          && (PatternLiterals.finds(REJECTS, line)
              || line.startsWith("if")
                  && PatternLiterals.finds(REJECTS, line + " " + next.strip()))) {
        found.add(new Found(Kind.MESSAGES_DROPPED, line));
      }
    }
    String forbidden = ForbiddenSwitches.turnedOn(old, now); // decision 306
    if (forbidden != null) {
      found.add(new Found(Kind.PROTECTION_OFF, forbidden));
    }
    String intercepted = BodiesLogged.interceptorLogs(now, old); // decision 301
    if (intercepted != null) {
      found.add(new Found(Kind.BODIES_LOGGED, intercepted));
    }
    Map<String, String> before = new HashMap<>();
    Map<String, SafeguardSettings.Setting> oldSettings = new HashMap<>();
    for (SafeguardSettings.Setting setting : SafeguardSettings.settings(old, false, Set.of())) {
      before.putIfAbsent(setting.key(), setting.value());
      oldSettings.putIfAbsent(setting.key(), setting);
    }
    List<String> fileWords = fileWords(file);
    Set<String> switchedOn = new HashSet<>();
    for (SafeguardSettings.Setting setting : SafeguardSettings.settings(now, false, Set.of())) {
      if (setting.on()) {
        switchedOn.add(setting.key());
      }
    }
    // A rehearsal's setting is tried there before it is deployed (decision 202).
    List<SafeguardSettings.Setting> added =
        rehearsal ? List.of() : SafeguardSettings.settings(now, true, oldLines);
    for (SafeguardSettings.Setting setting : added) {
      String shown = SafeguardSettings.protectionOff(setting, before, fileWords, switchedOn);
      if (shown == null) {
        // a switch's name says which side is permissive (session 19)
        shown = PermissiveFlips.of(setting.key(), setting.value(), before.get(setting.key()), file);
      }
      if (shown != null) {
        found.add(new Found(Kind.PROTECTION_OFF, shown));
      }
      shown = ProtectiveNumbers.loosened(setting, oldSettings.get(setting.key()), file, fileWords);
      if (shown != null) {
        found.add(new Found(Kind.THRESHOLD_LOOSENED, shown));
      }
    }
    String opened = rehearsal ? null : ExposureFlips.of(old, now, file); // decision 336
    if (opened != null) {
      found.add(new Found(Kind.PROTECTION_OFF, opened));
    }
    String window = ProtectiveNumbers.windowShortened(old, now, file);
    if (window == null && !rehearsal) {
      window = DisclosureRules.loosened(old, now); // round 67: a safety rule dropped
    }
    if (window != null) {
      found.add(new Found(Kind.THRESHOLD_LOOSENED, window));
    }
    String shown = ChecksRemoved.of(old, now, file);
    if (shown != null) {
      found.add(new Found(Kind.CHECK_REMOVED, shown));
    }
    shown = rehearsal ? null : exclusionsEmptied(old, now);
    if (shown == null && !rehearsal) {
      shown = ProtectedSetsEmptied.of(old, now); // decision 336: SYNC_STATUSES = set()
    }
    if (shown != null) {
      found.add(new Found(Kind.EXCLUSIONS_EMPTIED, shown));
    }
    if (!rehearsal) {
      // A protection's mode, switch, list or step moved its weak way (decision 202).
      shown = WeakSettings.of(old, now, file);
      if (shown == null) {
        shown = ProtectionsTakenOut.of(old, now, file);
      }
      if (shown != null) {
        found.add(new Found(Kind.PROTECTION_OFF, shown));
      }
      Found list = ProtectiveLists.of(old, now, file);
      if (list == null) {
        list = WatchLists.of(old, now, file); // round 61: alert kinds cut, blinded roles grown
      }
      String kept = list == null ? IdentifiersKept.of(old, now, file) : null; // round 67
      if (kept != null) {
        list = new Found(Kind.PROTECTION_OFF, kept); // identifiers no longer dropped
      }
      if (list != null) {
        found.add(list);
      }
      shown = AlertRoutes.of(old, now, file); // round 66: an alarm's route sent nowhere
      if (shown != null) {
        found.add(new Found(Kind.PROTECTION_OFF, shown));
      }
      shown = ForgedResults.of(old, now, file); // round 61: a recorded FAIL made PASS
      if (shown != null) {
        found.add(new Found(Kind.RAW_DATA_EDITED, shown));
      }
    }
    if (madeReal != null) {
      found.add(madeReal);
    }
    return found.stream().min(java.util.Comparator.comparing(Found::kind)).orElse(null);
  }

  /** The words of a file's name and its folder: {@code critical_values.py} in {@code alerts}. */
  private static List<String> fileWords(String file) {
    String[] parts = file.split("/");
    List<String> words = new ArrayList<>(words(CheckFiles.stem(file)));
    if (parts.length > 1) {
      words.addAll(words(parts[parts.length - 2]));
    }
    return words;
  }

  static boolean has(List<String> words, Set<String> set) {
    for (String word : words) {
      if (set.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /** A name's words, lower case: {@code bEnforceInShipping}, {@code phi_access_logging}. */
  static List<String> words(String key) {
    return CheckWords.words(key.length() > 200 ? key.substring(0, 200) : key);
  }
}
