package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A function named for a check or a validation whose body is made a constant pass (round 67: {@code
 * def passes_dominance(cell, …): return sorted(…)[0] / cell.total <= k} made {@code return True}),
 * for {@link SafeguardEdits} ({@code safeguards.check-removed}). {@link ConstantConditions} reads a
 * returned condition by its words; here the function's own name says it checks ({@code passes_…},
 * {@code is_valid}, {@code check_…}, {@code verify_…}, {@code …_allowed}): a computed answer made
 * {@code True}, or a check that raised made to {@code pass} or to return nothing. A test's or a
 * fixture's file is not read ({@link SafeguardEdits} leaves them), nor a function whose old answer
 * was itself a constant.
 */
final class CheckFunctionsHollowed {
  private CheckFunctionsHollowed() {}

  /** A function's header and its name: Python's, JavaScript's, Go's, Rust's, a typed boolean's. */
  private static final Pattern HEADER =
      Pattern.compile(
          "(?m)^\\s*(?:export\\s+)?(?:async\\s+)?(?:(?:def|function|func|fn)\\s+|(?:(?:public|private"
              + "|protected|static|internal|final)\\s+)*(?:bool|boolean|Boolean)\\s+)([A-Za-z_]\\w{0,80})\\s*\\(");

  /** A return of a value. */
  private static final Pattern RETURN = Pattern.compile("^return\\s++(.{1,300}?)\\s*;?$");

  /** Words of a function's name that say it answers whether something passes a check. */
  private static final Set<String> CHECKING =
      NameSet.of(
          "passes",
          "pass",
          "check",
          "checks",
          "valid",
          "validate",
          "validates",
          "verify",
          "verifies",
          "verified",
          "allowed",
          "permitted",
          "authorized",
          "authorised",
          "authorize",
          "authorise",
          "eligible",
          "compliant",
          "safe",
          "meets",
          "satisfies",
          "sufficient",
          "acceptable",
          "approved",
          "ensure",
          "require",
          "enforce",
          "assert");

  /** What a check returns to let everything through. */
  private static final Set<String> ALLOWING = Set.of("true", "1", "!0");

  private static final Set<String> CONSTANTS =
      Set.of("false", "true", "0", "1", "none", "nil", "null", "!1", "!0");

  /**
   * What a change hollows of a check's function, or {@code null}.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @return what the reason shows, or {@code null}
   */
  static String of(String old, String now) {
    if (old.isEmpty() || now.isEmpty() || old.length() > 16_000 || now.length() > 16_000) {
      return null;
    }
    Matcher header = HEADER.matcher(now);
    if (!header.find()) {
      return null;
    }
    String name = header.group(1);
    List<String> words = SafeguardEdits.words(name);
    if (!SafeguardEdits.has(words, CHECKING) || !HEADER.matcher(old).find()) {
      return null;
    }
    String body = now.substring(header.end());
    String before = old.substring(Math.max(0, old.indexOf(name)));
    String was = computedReturn(before);
    String is = firstStatement(body);
    if (was != null && is != null) {
      Matcher returned = RETURN.matcher(is);
      if (returned.matches()
          && ALLOWING.contains(returned.group(1).toLowerCase(Locale.ROOT))
          && !now.contains(was)) {
        return name + ": return " + was + " → " + is;
      }
    }
    boolean raised = before.contains("raise ") || before.contains("throw ");
    if (raised
        && is != null
        && (is.equals("pass") || is.equals("return") || is.equalsIgnoreCase("return None"))
        && !body.contains("raise ")
        && !body.contains("throw ")) {
      return name + ": its refusal made " + is;
    }
    return null;
  }

  /** The first value a text returns that is no constant, or {@code null}. */
  private static String computedReturn(String text) {
    for (String raw : text.split("\n")) {
      Matcher returned = RETURN.matcher(raw.strip());
      if (returned.matches()
          && !CONSTANTS.contains(returned.group(1).strip().toLowerCase(Locale.ROOT))) {
        return returned.group(1).strip();
      }
    }
    return null;
  }

  /** The first statement after a header: a line with neither the header's rest nor a docstring. */
  private static String firstStatement(String body) {
    boolean header = true;
    for (String raw : body.split("\n")) {
      String line = raw.strip();
      if (header) {
        header = false;
        int colon = line.lastIndexOf("):");
        int brace = line.lastIndexOf('{');
        String rest =
            colon >= 0 ? line.substring(colon + 2) : brace >= 0 ? line.substring(brace + 1) : "";
        rest = rest.replaceAll("}\\s*$", "").strip();
        if (!rest.isEmpty()) {
          return rest.replaceAll(";$", "");
        }
        continue;
      }
      if (line.isEmpty()
          || line.startsWith("#")
          || line.startsWith("//")
          || line.startsWith("\"\"\"")
          || line.startsWith("'''")) {
        continue;
      }
      return line.replaceAll(";$", "");
    }
    return null;
  }
}
