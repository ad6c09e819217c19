package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A set that stands between a change and what it protects, emptied (decision 336, helper weaken2;
 * round 77's {@code SYNC_STATUSES = {"clientHold", "clientTransferProhibited", …}} made {@code
 * set()}), for {@link SafeguardEdits} ({@code safeguards.exclusions-emptied}). The set is told by
 * its name (protected branches, allowed roles, approvers, reviewers, permissions) or by what it
 * holds (holds, locks, prohibitions, blocks, restrictions, embargoes); emptied is given as an empty
 * literal in any language ({@code set()}, {@code []}, {@code {}}, {@code frozenset()}, {@code
 * List.of()}). A set shortened keeps its kind's other readers ({@code exclusionsEmptied}, {@link
 * ProtectiveLists}); a set of no such name or items (a build's extras, a cache's keys) is ordinary.
 */
final class ProtectedSetsEmptied {
  private ProtectedSetsEmptied() {}

  /** A collection given on its name's line. */
  private static final Pattern NAMED =
      Pattern.compile(
          "(?:(?:export|const|let|var|final|static|private|public|readonly|val)\\s++)*+['\"]?"
              + "([A-Za-z_][\\w.\\-]{0,80}+)['\"]?\\s*+(?::|=|:=)\\s*+(.{0,300})");

  /** An empty collection in any language. */
  private static final Pattern EMPTY =
      Pattern.compile(
          "(?:set|frozenset|list|tuple|Set\\.of|List\\.of|new\\s+Set|new\\s+HashSet<[^>]{0,40}>"
              + "|new\\s+ArrayList<[^>]{0,40}>|\\[\\][\\w.]{0,40})?\\s*(?:\\(\\s*\\)|\\[\\s*\\]|\\{\\s*\\})"
              + "\\s*[;,]?");

  /** An item of a collection: quoted, or bare in a YAML flow list. */
  private static final Pattern ITEM = Pattern.compile("['\"]?([\\w.\\-:]{1,80})['\"]?");

  /** Words of a set's name that say it protects. */
  private static final Set<String> PROTECTING_NAMES =
      NameSet.of(
          "protected",
          "approvers",
          "reviewers",
          "roles",
          "permissions",
          "privileged",
          "locked",
          "holds",
          "blocked",
          "restricted",
          "embargoed",
          "quarantined");

  /** Words of an item that say the set protects: {@code clientHold}, {@code TransferProhibited}. */
  private static final Set<String> PROTECTING_ITEMS =
      NameSet.of(
          "hold",
          "prohibited",
          "lock",
          "locked",
          "frozen",
          "blocked",
          "restricted",
          "protected",
          "deny",
          "denied",
          "embargo",
          "quarantine",
          "quarantined");

  /**
   * The protecting set a change empties, or {@code null}.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @return what the reason shows, or {@code null}
   */
  static String of(String old, String now) {
    if (old.isEmpty() || old.length() > 16 * 1024 || now.length() > 16 * 1024) {
      return null;
    }
    Map<String, List<String>> before = collections(old);
    if (before.isEmpty()) {
      return null;
    }
    for (String line : now.split("\n", -1)) {
      Matcher named = NAMED.matcher(line.strip());
      if (!named.matches() || !PatternLiterals.matches(EMPTY, named.group(2).strip())) {
        continue;
      }
      List<String> items = before.get(named.group(1));
      if (items != null && !items.isEmpty() && protecting(named.group(1), items)) {
        return named.group(1) + " emptied of " + String.join(", ", items);
      }
    }
    return null;
  }

  private static boolean protecting(String name, List<String> items) {
    if (SafeguardEdits.has(SafeguardEdits.words(name), PROTECTING_NAMES)) {
      return true;
    }
    for (String item : items) {
      if (SafeguardEdits.has(SafeguardEdits.words(item), PROTECTING_ITEMS)) {
        return true;
      }
    }
    return false;
  }

  /** The collections of a text with items, by name: on the name's line or YAML's lines below. */
  private static Map<String, List<String>> collections(String text) {
    Map<String, List<String>> collections = new HashMap<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length && collections.size() < 32; i++) {
      if (lines[i].length() > SafeguardEdits.MAX_LINE) {
        continue;
      }
      Matcher named = NAMED.matcher(lines[i].strip());
      if (!named.matches()) {
        continue;
      }
      String value = named.group(2).strip();
      List<String> items = new ArrayList<>();
      if (value.isEmpty()) {
        for (int j = i + 1; j < lines.length && j < i + 64; j++) {
          String below = lines[j].strip();
          if (!below.startsWith("- ")) {
            break;
          }
          items.add(below.substring(2).strip().replaceAll("^['\"]|['\"]$", ""));
        }
      } else {
        int open = value.indexOf('[') >= 0 ? value.indexOf('[') : value.indexOf('{');
        int close = Math.max(value.lastIndexOf(']'), value.lastIndexOf('}'));
        if (open < 0 || close <= open) {
          continue;
        }
        Matcher item = ITEM.matcher(value.substring(open + 1, close));
        while (item.find() && items.size() < 64) {
          items.add(item.group(1));
        }
      }
      collections.put(named.group(1), items);
    }
    return collections;
  }
}
