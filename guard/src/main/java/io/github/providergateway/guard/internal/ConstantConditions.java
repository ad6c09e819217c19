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

  /** A return of a value: its keyword and the value, a statement's end left out. */
  private static final Pattern RETURN = Pattern.compile("^return\\s++(.{1,200}?)\\s*;?$");

  /** What makes a returned value a condition: a comparison, a logical operator, a predicate. */
  private static final Pattern TESTS =
      Pattern.compile(
          "==|!=|===|!==|<=|>=|&&|\\|\\||\\b(?:and|or|not|in|is)\\b|\\b(?:is|has|can|may)_?[A-Za-z]"
              + "|\\.(?:is|has|can|may)[A-Z_]|\\.(?:includes|contains|indexOf)\\(");

  /** The words of a file's path that say its code decides who may do what. */
  private static final Set<String> ACCESS_FILES =
      NameSet.of(
          "permission",
          "permissions",
          "perms",
          "authz",
          "authorization",
          "authorisation",
          "authorize",
          "access",
          "acl",
          "acls",
          "policy",
          "policies",
          "guard",
          "guards",
          "entitlement",
          "entitlements",
          "tenancy",
          "isolation",
          "rbac",
          "abac");

  /**
   * A check's returned condition made {@code True} (decision 300): {@code return matter.client_id
   * == user.client_id and user.is_active} made {@code return True} in {@code
   * src/extranet/permissions.py}. The function still runs and is still called, so no check looks
   * removed; it now lets everyone through. Read where the condition names a protection, or the file
   * is one that decides access ({@link #ACCESS_FILES}); a constant returned for another, or a
   * condition made a constant in a file of another kind ({@code return x > 0} in a formatter), is
   * none of this.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @param file the file's path
   * @return the return and its constant, shown, or {@code null}
   */
  static String returned(String old, String now, String file) {
    if (old == null
        || now == null
        || file == null
        || old.isEmpty()
        || now.isEmpty()
        || old.length() > 64_000
        || now.length() > 64_000) {
      return null;
    }
    boolean madeTrue = false;
    for (String raw : now.split("\n")) {
      Matcher made = RETURN.matcher(raw.strip());
      if (made.matches() && ALLOWING.contains(made.group(1).strip().toLowerCase(Locale.ROOT))) {
        madeTrue = true;
        break;
      }
    }
    if (!madeTrue) {
      return null;
    }
    boolean accessFile = SafeguardEdits.has(SafeguardEdits.words(file), ACCESS_FILES);
    for (String raw : old.split("\n")) {
      Matcher was = RETURN.matcher(raw.strip());
      if (!was.matches()) {
        continue;
      }
      String condition = was.group(1).strip();
      if (CONSTANTS.contains(condition.toLowerCase(Locale.ROOT))
          || !PatternLiterals.finds(TESTS, condition)) {
        continue;
      }
      if (accessFile || protective(SafeguardEdits.words(condition))) {
        return "return " + condition + " → return True";
      }
    }
    return null;
  }

  /** What a check returns to let everyone through. */
  private static final Set<String> ALLOWING = Set.of("true", "1", "!0");

  private static boolean protective(List<String> words) {
    return SafeguardEdits.has(words, PROTECTIVE) || SafeguardSettings.protection(words);
  }
}
