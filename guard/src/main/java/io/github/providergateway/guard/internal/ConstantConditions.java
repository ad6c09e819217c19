package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A condition that names a protection made a constant (decision 247), for {@code
 * safeguards.check-removed}: {@code if settings.SANCTIONS_SCREENING_ENABLED:} made {@code if
 * False:}, {@code if (!user.isVerified())} made {@code if (false)}, {@code unless kyc_passed?} made
 * {@code unless true}. The guarded block is still in the file, so no check looks removed; but it
 * never runs, or always does, whatever the protection says. A condition is matched by its line with
 * the condition alone changed; a constant replaced by another, or a condition that names no
 * protection ({@code if DEBUG:}), is none of this.
 */
final class ConstantConditions {
  private ConstantConditions() {}

  /** A condition's line: its keyword, the condition, and what ends it. */
  private static final Pattern CONDITION =
      Pattern.compile(
          "^(}?\\s*(?:else\\s+)?(?:if|elif|elsif|while|unless|when))\\s*+(\\(?)(.{1,200}?)(\\)?\\s*(?::|\\{|then)?)$");

  /** The constants a condition may be made. */
  private static final Set<String> CONSTANTS =
      Set.of("false", "true", "0", "1", "none", "nil", "null", "!1", "!0");

  /** Words of a condition beyond the settings' protections that say it protects. */
  private static final Set<String> PROTECTIVE =
      NameSet.of(
          "screening",
          "screen",
          "sanctions",
          "sanction",
          "ofac",
          "aml",
          "kyc",
          "fraud",
          "verified",
          "authorized",
          "authorised",
          "authenticated",
          "permitted",
          "permission",
          "permissions",
          "blocked",
          "banned",
          "excluded",
          "exclusion",
          "suspended",
          "locked",
          "limit",
          "limits",
          "exceeded",
          "underage",
          "minor",
          "geofence",
          "geoblock",
          "compliance",
          "compliant");

  /**
   * What a change makes constant of a condition that names a protection, or {@code null}.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @return the condition and its constant, shown
   */
  static String of(String old, String now) {
    if (old.isEmpty() || now.isEmpty() || old.length() > 64_000 || now.length() > 64_000) {
      return null;
    }
    Map<String, String> made = new HashMap<>();
    for (String raw : now.split("\n")) {
      Matcher condition = CONDITION.matcher(raw.strip());
      if (condition.matches()) {
        String value = condition.group(3).strip().toLowerCase(Locale.ROOT);
        if (CONSTANTS.contains(value)) {
          made.put(condition.group(1) + "|" + condition.group(4).strip(), condition.group(3));
        }
      }
    }
    if (made.isEmpty()) {
      return null;
    }
    for (String raw : old.split("\n")) {
      Matcher condition = CONDITION.matcher(raw.strip());
      if (!condition.matches()) {
        continue;
      }
      String was = condition.group(3).strip();
      String constant = made.get(condition.group(1) + "|" + condition.group(4).strip());
      if (constant != null
          && !CONSTANTS.contains(was.toLowerCase(Locale.ROOT))
          && protective(SafeguardEdits.words(was))) {
        return condition.group(1) + " " + was + " → " + constant;
      }
    }
    return null;
  }

  private static boolean protective(List<String> words) {
    return SafeguardEdits.has(words, PROTECTIVE) || SafeguardSettings.protection(words);
  }
}
