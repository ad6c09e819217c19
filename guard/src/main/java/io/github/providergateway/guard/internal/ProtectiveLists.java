package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A list a protection is made of, changed its weak way (decision 202), for {@link SafeguardEdits}:
 * a list of what is blocked, embargoed, scrubbed, denied or asked consent for, emptied or shortened
 * ({@code blocked_regions: []}, {@code scrub_burned_in_modalities: []}, two countries taken off
 * {@code embargo_countries.yaml}: {@code safeguards.exclusions-emptied}); and a list of what skips
 * a protection or is cancelled without anyone, grown ({@code SKIP_SCREENING} given {@code
 * MT202COV}, {@code cancel_on_opening: classes} given {@code FIRE}: {@code
 * safeguards.protection-off}). A list is read on its key's line ({@code [a, b]}, {@code {"a"}},
 * {@code frozenset({…})}, unquoted items too) or as YAML's items below its key; items the change
 * shows without their key are the list the file is named for; a sed's {@code key: .*} is a list
 * whose items are not known.
 */
final class ProtectiveLists {
  private ProtectiveLists() {}

  /** Words of a list's name whose items a protection holds back. */
  private static final Set<String> HELD_BACK =
      NameSet.of(
          "blocked",
          "blocklist",
          "embargo",
          "embargoed",
          "embargoes",
          "sanctioned",
          "sanctions",
          "scrub",
          "scrubbed",
          "consent",
          "deny",
          "denied",
          "denylist",
          "banned",
          "prohibited",
          "forbidden",
          "quarantine",
          "quarantined",
          "watchlist",
          "restricted",
          "redact",
          "redacted",
          // decision 302: what a court or a legal request had taken down
          "takedown",
          "takedowns",
          "suppressed");

  /** A list's last word that names whom an alarm reaches: {@code notify: [noc-pager]}. */
  private static final Set<String> RECIPIENTS =
      NameSet.of("notify", "page", "recipients", "escalate", "escalation", "oncall", "contacts");

  /** The words of an alarm's place, where a list of whom it reaches emptied silences it. */
  private static final Set<String> ALARMS =
      NameSet.of(
          "alarm", "alarms", "alert", "alerts", "alerting", "critical", "emergency", "safety");

  /**
   * Words of a list's name, or of its file's, that keep people out of a contact (decision 212):
   * {@code exclude_flags} of a call campaign, a suppression file's channels.
   */
  private static final Set<String> KEEPS_OUT =
      NameSet.of(
          "exclude",
          "excluded",
          "exclusion",
          "exclusions",
          "suppress",
          "suppressed",
          "suppression",
          "suppressions");

  /** Words of a list's name or its path that say the list is of contact with people. */
  private static final Set<String> CONTACT =
      NameSet.of(
          "channels",
          "channel",
          "contact",
          "contacts",
          "call",
          "calls",
          "mailing",
          "mailings",
          "campaign",
          "campaigns",
          "appeal",
          "appeals",
          "fundraising",
          "telefundraising",
          "donor",
          "donors",
          "supporter",
          "supporters",
          "recipient",
          "recipients",
          "subscribers",
          "fps",
          "tps",
          "mps");

  /** Words of a list's name that say its items are spared a measure: {@code critical_exempt}. */
  private static final Set<String> SPARED =
      NameSet.of(
          "critical", "protected", "lifesupport", "medical", "essential", "spared", "priority");

  /** Words of a list's name that hold back what would warn someone: {@code suppress_qcodes}. */
  private static final Set<String> SILENCES =
      NameSet.of(
          "suppress",
          "suppressed",
          "mute",
          "muted",
          "silence",
          "silenced",
          "ignore",
          "ignored",
          "filter",
          "filtered",
          "hide",
          "hidden",
          "drop");

  /** Words of a list's name or its path that say what it silences warns someone. */
  private static final Set<String> WARNINGS =
      NameSet.of(
          "notam",
          "notams",
          "alert",
          "alerts",
          "alarm",
          "alarms",
          "paging",
          "incident",
          "incidents",
          "advisory",
          "advisories",
          "sigmet",
          "sigmets",
          "pirep",
          "qcodes");

  /** Words of a list's name that make its items eligible for a claim, a relief or a payment. */
  private static final Set<String> ELIGIBLE =
      NameSet.of("eligible", "eligibility", "qualifying", "claimable", "reclaimable");

  /** Words of a list's name or its path that say the claim is a tax's or a public body's. */
  private static final Set<String> RELIEFS =
      NameSet.of(
          "giftaid",
          "gasds",
          "hmrc",
          "tax",
          "relief",
          "reliefs",
          "subsidy",
          "subsidies",
          "rebate",
          "rebates",
          "reimbursement",
          "reimbursable",
          "deductible",
          "grant");

  /** Words of a list's name that make it a match's keys: {@code MATCH_KEYS}. */
  private static final Set<String> MATCHING =
      NameSet.of("match", "matching", "merge", "dedup", "dedupe", "linkage", "link");

  /** Words of a list's name that say its items are what two records must share to match. */
  private static final Set<String> CRITERIA =
      NameSet.of("keys", "fields", "criteria", "attributes", "columns", "identifiers");

  /** Words of a list's name or its path that say what a match does acts on a person's record. */
  private static final Set<String> RECORDS_OF_PEOPLE =
      NameSet.of(
          "death",
          "deceased",
          "voter",
          "voters",
          "patient",
          "patients",
          "person",
          "persons",
          "mpi",
          "empi",
          "identity",
          "purge",
          "cancel",
          "duplicate",
          "duplicates",
          "sanctions");

  /** Words of a list's name whose items skip a protection, with a protection's word beside them. */
  private static final Set<String> SKIPS =
      NameSet.of("skip", "bypass", "exempt", "exempted", "exemption", "exemptions");

  /** Words of a list's name whose items are closed without anyone, on their own. */
  private static final Set<String> CANCELLED =
      NameSet.of("cancel", "cancelled", "autoclose", "unscreened", "unmonitored");

  /** A protection's words, which a skip list names. */
  private static final Set<String> PROTECTIONS =
      NameSet.of(
          "screening",
          "screen",
          "sanctions",
          "sanction",
          "aml",
          "kyc",
          "review",
          "approval",
          "approvals",
          "verification",
          "verify",
          "audit",
          "scan",
          "scanning",
          "supervision",
          "dispatch",
          "moderation",
          "deid",
          "consent",
          "encryption",
          "mfa",
          "authentication",
          "signature",
          "monitoring",
          "callback",
          "callbacks",
          "otp",
          "cosign",
          "countersign",
          "hold",
          "holds");

  /**
   * Words of a list's name that say its items are what a protection is required for (decision 223):
   * {@code callback_required_for}, {@code mandatory_review_on}.
   */
  private static final Set<String> REQUIRED =
      NameSet.of("required", "require", "requires", "mandatory", "enforced", "enforce");

  /** Words that make a list one of files or code, a build's or a linter's, not of data. */
  private static final Set<String> FILES =
      NameSet.of(
          "path",
          "paths",
          "dir",
          "dirs",
          "file",
          "files",
          "glob",
          "globs",
          "pattern",
          "patterns",
          "modules",
          "packages",
          "tests",
          "extensions",
          "branches");

  /** The items of a list whose items the change does not show: a sed's {@code key: .*}. */
  private static final Set<String> ANY = Collections.unmodifiableSet(new LinkedHashSet<>());

  /** A key given a value: {@code blocked_regions: [US-IL]}, {@code SKIP = {"A"}}. */
  private static final Pattern KEYED =
      Pattern.compile(
          "(?:(?:export|const|let|var|final|static|private|public|readonly|val)\\s++)*+['\"]?"
              + "([A-Za-z_][\\w.\\-]{0,120}+)['\"]?\\s*+(?::=|:|=)\\s*+(.{0,300})");

  /** A type before a value: {@code string[] = [...]}. */
  private static final Pattern TYPED = Pattern.compile("[\\w<>\\[\\]., |]{1,80}?\\s*=\\s*(.*)");

  /** A collection's constructor around its items. */
  private static final Pattern CONSTRUCTOR =
      Pattern.compile("^(?:frozenset|set|list|tuple|Set\\.of|List\\.of|new\\s+Set|new\\s+List)\\(");

  /**
   * What a change does to a protection's list.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @param file the file it changes, not a test's or a rehearsal's
   * @return what it was found to do, or {@code null}
   */
  static SafeguardEdits.Found of(String old, String now, String file) {
    if (old.isEmpty()) {
      return null;
    }
    Map<String, Set<String>> before = lists(old);
    if (before.isEmpty()) {
      return null;
    }
    Map<String, Set<String>> after = lists(now);
    if (before.containsKey("") && !after.containsKey("") && now.isBlank()) {
      after.put("", new LinkedHashSet<>()); // every item the change showed taken out
    }
    for (Map.Entry<String, Set<String>> list : before.entrySet()) {
      Set<String> items = after.get(list.getKey());
      if (items == null || items == ANY) {
        continue;
      }
      String name = list.getKey().isEmpty() ? CheckFiles.stem(file) : list.getKey();
      List<String> words = SafeguardEdits.words(name);
      Set<String> was = list.getValue();
      List<String> placed = new ArrayList<>(words);
      placed.addAll(SafeguardEdits.words(file));
      if (!words.isEmpty() && RECIPIENTS.contains(words.get(words.size() - 1))) {
        if (was != ANY && !was.isEmpty() && items.isEmpty() && SafeguardEdits.has(placed, ALARMS)) {
          return new SafeguardEdits.Found(SafeguardEdits.Kind.PROTECTION_OFF, name + " emptied");
        }
        continue; // critical: notify: [] in alarm-routing.yaml (decision 247)
      }
      if (words.isEmpty()
          || words.size() < 2 && !HELD_BACK.contains(words.get(0))
          || SafeguardEdits.has(words, FILES)) {
        continue; // blocked: [AU] in jurisdictions.yaml is a list on its own (decision 247)
      }
      if ((SafeguardEdits.has(words, HELD_BACK)
              || heldBackFrom(words, placed, SafeguardEdits.words(CheckFiles.stem(file))))
          && shortened(was, items)) {
        Set<String> gone = new LinkedHashSet<>(was);
        gone.removeAll(items);
        String shown =
            was == ANY || items.isEmpty()
                ? name + " emptied"
                : name + " loses " + String.join(", ", gone);
        return new SafeguardEdits.Found(SafeguardEdits.Kind.EXCLUSIONS_EMPTIED, shown);
      }
      boolean skips =
          SafeguardEdits.has(words, SKIPS) && SafeguardEdits.has(words, PROTECTIONS)
              || SafeguardEdits.has(words, CANCELLED)
              || SafeguardEdits.has(words, SILENCES) && SafeguardEdits.has(placed, WARNINGS)
              || SafeguardEdits.has(words, ELIGIBLE) && SafeguardEdits.has(placed, RELIEFS);
      if (skips && was != ANY && items.containsAll(was) && items.size() > was.size()) {
        Set<String> added = new LinkedHashSet<>(items);
        added.removeAll(was);
        return new SafeguardEdits.Found(
            SafeguardEdits.Kind.PROTECTION_OFF, name + " gains " + String.join(", ", added));
      }
    }
    return null;
  }

  /**
   * Whether a list holds back from a measure people it must spare (decision 212): whom a contact
   * excludes ({@code exclude_flags} of a call campaign, a suppression file's channels), what a
   * measure spares ({@code critical_exempt}), what two records must share to be one person's
   * ({@code MATCH_KEYS} of a death match); what a protection is required for ({@code
   * callback_required_for}: decision 223).
   */
  private static boolean heldBackFrom(List<String> words, List<String> placed, List<String> stem) {
    List<String> named = new ArrayList<>(words);
    named.addAll(stem);
    return SafeguardEdits.has(named, KEEPS_OUT) && SafeguardEdits.has(placed, CONTACT)
        || SafeguardEdits.has(words, SKIPS) && SafeguardEdits.has(words, SPARED)
        || SafeguardEdits.has(words, MATCHING)
            && SafeguardEdits.has(words, CRITERIA)
            && SafeguardEdits.has(placed, RECORDS_OF_PEOPLE)
        || SafeguardEdits.has(words, REQUIRED) && SafeguardEdits.has(words, PROTECTIONS);
  }

  private static boolean shortened(Set<String> was, Set<String> items) {
    if (was == ANY) {
      return items.isEmpty();
    }
    return !was.isEmpty() && was.containsAll(items) && items.size() < was.size();
  }

  /**
   * The lists of a text by their names, their sections before them ({@code cancel_on_opening.
   * classes}); the items shown without a key under the name {@code ""}.
   */
  static Map<String, Set<String>> lists(String text) {
    Map<String, Set<String>> lists = new LinkedHashMap<>();
    Set<String> maps = new LinkedHashSet<>();
    List<String> sections = new ArrayList<>();
    List<Integer> indents = new ArrayList<>();
    for (String raw : text.split("\n", -1)) {
      String line = raw.strip();
      if (line.isEmpty()
          || raw.length() > SafeguardEdits.MAX_LINE
          || CheckEdits.comment(line)
          || lists.size() > 64) {
        continue;
      }
      int indent = raw.length() - raw.stripLeading().length();
      boolean item = line.startsWith("- ") || line.equals("-");
      while (!indents.isEmpty() && indents.get(indents.size() - 1) >= indent + (item ? 1 : 0)) {
        indents.remove(indents.size() - 1);
        sections.remove(sections.size() - 1);
      }
      String here = String.join(".", sections);
      if (item) {
        String value = uncommented(line.substring(1)).strip();
        if (value.endsWith(":")) {
          maps.add(here); // a list of maps: its items are no one value each
          continue;
        }
        // A map's first pair stands for its item (- ref: landing-rights-missing/IN), so a list of
        // maps emptied or shortened is seen (decision 212).
        lists.computeIfAbsent(here, k -> new LinkedHashSet<>()).add(unquoted(value));
        continue;
      }
      Matcher keyed = KEYED.matcher(line);
      if (!keyed.matches()) {
        continue;
      }
      String key = keyed.group(1);
      String rest = uncommented(keyed.group(2)).strip();
      Matcher typed = TYPED.matcher(rest);
      if (typed.matches() && !rest.startsWith("[") && !rest.startsWith("{")) {
        rest = typed.group(1).strip(); // const LIST: string[] = [...]
      }
      String name = here.isEmpty() ? key : here + "." + key;
      if (rest.isEmpty() || rest.equals("{")) {
        sections.add(key);
        indents.add(indent);
        continue;
      }
      if (rest.equals(".") || rest.equals(".*")) {
        lists.put(name, ANY);
        continue;
      }
      Set<String> items = flow(rest);
      if (items != null) {
        lists.put(name, items);
      }
    }
    lists.keySet().removeAll(maps);
    return lists;
  }

  /** The items of a list given on its key's line, or {@code null} where the value is no list. */
  private static Set<String> flow(String value) {
    String rest = value.replaceAll("[,;]+$", "").strip();
    Matcher constructor = CONSTRUCTOR.matcher(rest);
    if (constructor.find() && rest.endsWith(")")) {
      rest = rest.substring(constructor.end(), rest.length() - 1).strip();
      if (rest.isEmpty()) {
        return new LinkedHashSet<>();
      }
    }
    if (rest.length() < 2) {
      return null;
    }
    char open = rest.charAt(0);
    char close = rest.charAt(rest.length() - 1);
    if (!(open == '[' && close == ']'
        || open == '{' && close == '}'
        || open == '(' && close == ')')) {
      return null;
    }
    Set<String> items = new LinkedHashSet<>();
    for (String part : rest.substring(1, rest.length() - 1).split(",")) {
      String item = part.strip();
      if (item.isEmpty()) {
        continue;
      }
      if (item.contains(":") && !item.startsWith("\"") && !item.startsWith("'")
          || item.contains("[")
          || item.contains("{")) {
        return null; // a map's pairs or a nested value, not a list of names
      }
      items.add(unquoted(item));
    }
    return items;
  }

  private static String unquoted(String value) {
    return value.replaceAll("^['\"]|['\"]$", "").strip();
  }

  /** A value without a comment after it: {@code [US, SC] # burned-in modalities}. */
  private static String uncommented(String value) {
    int hash = value.indexOf(" #");
    return hash < 0 ? value : value.substring(0, hash);
  }
}
