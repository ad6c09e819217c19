package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A protective call left in place but given nothing to protect (decision 221, from the red team of
 * decisions 202–205), for {@code safeguards.check-removed}: {@code apply_privacy_zones(frame,
 * zones)} made {@code apply_privacy_zones(frame, [])}, {@code redact(text, fields)} made {@code
 * redact(text, None)}. The call is still there, so {@link SafeguardChecks} reads the check as kept;
 * an argument that named what it covers, now an empty list, map, string or nothing, covers none.
 */
final class EmptiedArguments {
  private EmptiedArguments() {}

  /** A call with arguments that hold no call of their own. */
  private static final Pattern CALL =
      Pattern.compile("([A-Za-z_][\\w.]{0,100}+)\\s*+\\(([^()\\n]{1,300})\\)");

  /** What an argument is when it is nothing. */
  private static final Pattern EMPTY =
      Pattern.compile(
          "\\[\\s*]|\\{\\s*}|\\(\\s*\\)|''|\"\"|None|null|nil|undefined|set\\(\\)|list\\(\\)"
              + "|(?:\\w+\\s*=\\s*)(?:\\[\\s*]|\\{\\s*}|''|\"\"|None|null|nil)");

  /**
   * The protective call the new text empties, or {@code null}.
   *
   * @param old the text taken out
   * @param now the text put in
   * @return what the reason shows
   */
  static String of(String old, String now) {
    if (old.isEmpty() || now.length() > SafeguardEdits.MAX_TEXT) {
      return null;
    }
    for (String line : now.split("\n")) {
      if (line.length() > SafeguardEdits.MAX_LINE) {
        continue;
      }
      Matcher call = CALL.matcher(line);
      while (call.find()) {
        String name = call.group(1);
        List<String> given = arguments(call.group(2));
        if (given.stream().noneMatch(a -> PatternLiterals.matches(EMPTY, a))
            || !SafeguardChecks.protective(name) && !SafeguardChecks.shields(name)) {
          continue;
        }
        String emptied = emptied(old, name, given);
        if (emptied != null) {
          return name + "(…, " + emptied + ") given nothing to cover";
        }
      }
    }
    return null;
  }

  /** The empty argument, where the old text called {@code name} with the same others. */
  private static String emptied(String old, String name, List<String> given) {
    Matcher before =
        Pattern.compile(Pattern.quote(name) + "\\s*+\\(([^()\\n]{1,300})\\)").matcher(old);
    while (before.find()) {
      List<String> had = arguments(before.group(1));
      if (had.size() != given.size()) {
        continue;
      }
      String emptied = null;
      boolean same = true;
      for (int i = 0; i < had.size() && same; i++) {
        if (had.get(i).equals(given.get(i))) {
          continue;
        }
        boolean nowEmpty = PatternLiterals.matches(EMPTY, given.get(i));
        same = nowEmpty && !PatternLiterals.matches(EMPTY, had.get(i)) && emptied == null;
        emptied = given.get(i);
      }
      if (same && emptied != null) {
        return emptied;
      }
    }
    return null;
  }

  private static List<String> arguments(String text) {
    return java.util.Arrays.stream(text.split(",")).map(String::strip).toList();
  }
}
