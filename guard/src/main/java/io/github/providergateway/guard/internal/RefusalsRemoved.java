package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A guard clause that refuses taken out of code by its shape, whatever the check (session 19,
 * helper weaken; round 76's cross-origin frame's {@code return FillDecision.Deny}), for {@link
 * SafeguardEdits} ({@code safeguards.check-removed}): an {@code if}, {@code unless} or {@code
 * guard} whose statement returns, raises or sends a refusal (deny, forbidden, unauthorised, 401,
 * 403, rejected, unprocessable, a bad signature), taken out with no refusal and no check's call
 * left in the new text. A check moved into a helper ({@code if (!canAdminister(user)) return 403}),
 * a guard returning an empty value, and a validation's own error are not read here.
 */
final class RefusalsRemoved {
  private RefusalsRemoved() {}

  /** Words of a statement that refuses. */
  private static final Set<String> REFUSALS =
      NameSet.of(
          "deny",
          "denied",
          "forbid",
          "forbidden",
          "unauthorized",
          "unauthorised",
          "unauthenticated",
          "reject",
          "rejected",
          "refuse",
          "refused",
          "permission",
          "401",
          "403",
          "unprocessable",
          "disallowed",
          "blocked",
          "untrusted");

  /** Words of a statement's failure that refuse with a signature's or a token's name. */
  private static final Set<String> BAD = NameSet.of("bad", "invalid", "mismatch", "expired");

  private static final Set<String> CREDENTIALS =
      NameSet.of("signature", "token", "origin", "csrf", "hmac", "nonce", "certificate");

  /** Words of a call left in the new text that still checks ({@link GuardClausesDropped} too). */
  static final Set<String> CHECKING =
      NameSet.of(
          "verify",
          "check",
          "validate",
          "authorize",
          "authorise",
          "authorized",
          "permit",
          "permits",
          "allowed",
          "can",
          "ensure",
          "enforce",
          "require",
          "guard",
          "policy",
          "assert");

  /** A function's, a method's or a route's definition: {@code app.get('/x', (req, res) => {}. */
  private static final Pattern DEFINITION =
      Pattern.compile(
          "^(?:export\\s+)?(?:async\\s+)?(?:function|def|func|fn)\\s"
              + "|^(?:public|private|protected)\\s[^=;]{0,200}\\)\\s*(?:throws\\s[^{]{0,200})?\\{\\s*$"
              + "|\\.(?:get|post|put|delete|patch|route)\\s*\\(\\s*['\"/]|^@\\w+\\.(?:route|get|post)\\b");

  /** What a statement leads with when it ends a call's path. */
  private static final List<String> EXITS =
      List.of("return", "raise", "throw", "abort", "halt", "head", "render", "response.senderror");

  /**
   * The refusing guard a change takes out, or {@code null}.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @return what the reason shows, or {@code null}
   */
  static String of(String old, String now) {
    if (old.isEmpty() || old.length() > 16 * 1024 || now.length() > 16 * 1024) {
      return null;
    }
    String[] lines = old.split("\n", -1);
    Set<String> left = new HashSet<>();
    for (String line : now.split("\n", -1)) {
      left.add(line.strip());
    }
    List<String> nowWords = SafeguardEdits.words(now);
    if (SafeguardEdits.has(nowWords, REFUSALS) || SafeguardEdits.has(nowWords, CHECKING)) {
      return null; // a refusal or a check is still there: moved, reworded, or another
    }
    String previous = "";
    for (String raw : lines) {
      String line = raw.strip();
      if (!left.contains(line) && PatternLiterals.finds(DEFINITION, line)) {
        return null; // the handler taken out whole, its guard with it: no longer reachable
      }
      String before = previous;
      if (!line.isEmpty() && !line.equals("{")) {
        previous = line;
      }
      if (line.isEmpty() || line.length() > SafeguardEdits.MAX_LINE || left.contains(line)) {
        continue;
      }
      if (!refuses(line)) {
        continue;
      }
      if (guarded(line) || guarded(before)) {
        return (guarded(line) ? line : before + " " + line).strip() + " taken out";
      }
    }
    return null;
  }

  /** Whether a line defines a function, a method or a route: its guards go with it. */
  static boolean definition(String line) {
    return PatternLiterals.finds(DEFINITION, line);
  }

  /** Whether a statement ends a call's path with a refusal. */
  private static boolean refuses(String line) {
    String lower = line.toLowerCase(Locale.ROOT);
    boolean exits = false;
    for (String exit : EXITS) {
      exits |= lower.contains(exit);
    }
    exits |= lower.contains("status(") || lower.contains("forbid(") || lower.contains("senderror");
    if (!exits) {
      return false;
    }
    List<String> words = SafeguardEdits.words(line);
    return SafeguardEdits.has(words, REFUSALS)
        || SafeguardEdits.has(words, BAD) && SafeguardEdits.has(words, CREDENTIALS)
        || words.contains("err") && SafeguardEdits.has(words, CREDENTIALS);
  }

  /** Whether a line is a guard's condition: {@code if (…)}, {@code … unless …}, {@code guard}. */
  private static boolean guarded(String line) {
    return line.matches("(?:\\}\\s*)?(?:else\\s+)?(?:if|unless|guard|elif|when)\\b.{0,390}")
        || line.matches(".{1,300}\\s(?:if|unless)\\s.{1,200}");
  }
}
