package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A value's hashing or masking in place taken out of code (issue 80 round 74, for {@code
 * safeguards.check-removed}): {@code row["rider_id"] = hash_id(row["rider_id"], salt=REG_SALT)}
 * deleted from a regulator's export, so the next filing ships identifiable riders. A line that
 * gives a field its own value hashed, pseudonymised, masked, redacted, tokenised or encrypted, with
 * no call of the kind left in the new text (a helper renamed or moved is kept).
 */
final class ValuesUnhashed {
  private ValuesUnhashed() {}

  /** A field given its own value through a call: {@code x = f(x, …)}. */
  private static final Pattern IN_PLACE =
      Pattern.compile(
          "(?m)^[ \\t]*([\\w.\\[\\]\"':]{1,80}?)[ \\t]*=[ \\t]*([A-Za-z_][\\w.:]{0,60})[ \\t]*\\([ \\t]*\\1[ \\t]*[,)]");

  /** A call's dotted name. */
  private static final Pattern CALL = Pattern.compile("([A-Za-z_][\\w.:]{0,60}+)\\s*+\\(");

  /** A cheap first test. */
  private static final Pattern HINT =
      Pattern.compile("(?i)hash|pseudonym|anonymi|mask|redact|tokeni|encrypt|obfuscat|scrub");

  /** The words of a call that hides a value. */
  private static final Set<String> HIDES =
      Set.of(
          "hash",
          "hashed",
          "pseudonymise",
          "pseudonymize",
          "pseudonym",
          "anonymise",
          "anonymize",
          "mask",
          "masked",
          "redact",
          "tokenise",
          "tokenize",
          "encrypt",
          "obfuscate",
          "scrub",
          "hmac",
          "sha256");

  /** The words of a digest, which hides a person's identifier but also keys a cache. */
  private static final Set<String> DIGESTS = Set.of("hash", "hashed", "hmac", "sha256");

  /** A field that holds a person's identifier. */
  private static final Pattern PERSON =
      Pattern.compile(
          "(?i)id\\b|_id|email|phone|ssn|name|user|rider|driver|patient|customer|member|account"
              + "|person|mrn|nhs|dob|address|ip_?addr");

  /**
   * {@return the hiding call the edit takes out, as the reason shows it, or {@code null}}
   *
   * @param old the edit's old text
   * @param now its new text
   */
  static String of(String old, String now) {
    if (old.isEmpty() || !PatternLiterals.finds(HINT, old) || hides(now)) {
      return null;
    }
    Matcher line = PatternLiterals.matcher(IN_PLACE, old);
    while (line.find()) {
      List<String> words = SafeguardEdits.words(line.group(2));
      boolean digest = SafeguardEdits.has(words, DIGESTS);
      if (SafeguardEdits.has(words, HIDES)
          && (!digest || PatternLiterals.finds(PERSON, line.group(1)))) {
        return line.group(2) + "(" + line.group(1) + ", …) taken out";
      }
    }
    return null;
  }

  /** Whether a text still calls something that hides a value. */
  private static boolean hides(String text) {
    Matcher call = PatternLiterals.matcher(CALL, text);
    int calls = 0;
    while (call.find() && calls++ < 64) {
      if (SafeguardEdits.has(SafeguardEdits.words(call.group(1)), HIDES)) {
        return true;
      }
    }
    return false;
  }
}
