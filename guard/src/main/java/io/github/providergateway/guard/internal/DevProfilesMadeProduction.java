package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A development profile pointed at production (issue 80 round 74, for {@code
 * safeguards.rehearsal-pointed-live}): a dbt profile's {@code dev} target's {@code database:
 * DEV_JDOE} made {@code ANALYTICS}, its project {@code acme-dev} made {@code acme-prod}, a Rails
 * {@code database.yml}'s development database made the production one. Every routine run against
 * the development target ({@code dbt run --target dev}, a migration, a seed) now writes the tables
 * the business reads. Read in a profile's file (dbt's {@code profiles.yml}, a {@code
 * database.yml}): a database's, an account's, a host's, a project's, a dataset's or a catalog's
 * value under a development or test target (by its name, or by its old value where the edit does
 * not show the target) changed from a development name to one that is not, or to a production one.
 * Not a development value changed for another (a second sandbox), nor a production target edited.
 */
final class DevProfilesMadeProduction {
  private DevProfilesMadeProduction() {}

  /** A profile's file. */
  private static final Pattern PROFILE =
      Pattern.compile("(?i)(?:^|/)(?:profiles|databases?)\\.ya?ml$");

  /** A line of a key and its value, with its indentation. */
  private static final Pattern PAIR =
      Pattern.compile(
          "^([ \\t]*)([\\w-]{1,40})[ \\t]*:[ \\t]*['\"]?([^'\"#\\n]{0,120}?)['\"]?[ \\t]*$");

  /** The keys that say where a target's data lives. */
  private static final Pattern WHERE_KEY =
      Pattern.compile("(?i)database|dbname|account|host|project|dataset|catalog|server|url");

  /** A development's or a test's name. */
  private static final Pattern DEV =
      Pattern.compile(
          "(?i)(?:^|[\\W_])(?:dev|devel|development|sandbox|scratch|test|testing|ci|local|localhost"
              + "|127\\.0\\.0\\.1|tmp|staging|stg|qa)(?:$|[\\W_\\d])|^dbt_|^dev");

  /** A production's name. */
  private static final Pattern PROD =
      Pattern.compile("(?i)(?:^|[\\W_])(?:prod|production|prd|live)(?:$|[\\W_\\d])");

  /**
   * {@return the value the call points a development target at, as the reason shows it, or {@code
   * null}}
   *
   * @param scan the call
   */
  static String pointed(Scan scan) {
    JsonNode args = scan.call().args();
    EditCalls.Replacement edit = EditCalls.replacement(args, 8192);
    if (edit == null || !PatternLiterals.finds(PROFILE, edit.path())) {
      return null;
    }
    String old = edit.old();
    String now = edit.now();
    Map<String, String> before = values(old);
    for (Map.Entry<String, String> each : values(now).entrySet()) {
      String was = before.get(each.getKey());
      String is = each.getValue();
      if (was == null || was.equals(is) || is.isEmpty()) {
        continue;
      }
      String target = each.getKey().substring(0, each.getKey().indexOf('/'));
      boolean devTarget =
          target.isEmpty() ? PatternLiterals.finds(DEV, was) : PatternLiterals.finds(DEV, target);
      if (!devTarget || PatternLiterals.finds(DEV, is)) {
        continue;
      }
      if (PatternLiterals.finds(DEV, was) || PatternLiterals.finds(PROD, is)) {
        return (target.isEmpty() ? "a development target" : target)
            + "'s "
            + each.getKey().substring(each.getKey().indexOf('/') + 1)
            + " made "
            + is;
      }
    }
    return null;
  }

  /** A text's values of where-keys, by their target's name (or none) and key. */
  private static Map<String, String> values(String text) {
    Map<String, String> found = new HashMap<>();
    String target = "";
    int targetIndent = -1;
    for (String line : text.split("\n")) {
      Matcher pair = PAIR.matcher(line);
      if (!pair.matches()) {
        continue;
      }
      int indent = pair.group(1).length();
      String key = pair.group(2).toLowerCase(Locale.ROOT);
      String value = pair.group(3).strip();
      if (indent <= targetIndent) {
        target = "";
        targetIndent = -1;
      }
      if (value.isEmpty()) {
        target = key;
        targetIndent = indent;
      } else if (PatternLiterals.finds(WHERE_KEY, key)) {
        found.putIfAbsent(target + "/" + key, value);
      }
    }
    return found;
  }
}
