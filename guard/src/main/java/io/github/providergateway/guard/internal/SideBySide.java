package io.github.providergateway.guard.internal;

/**
 * What a text must hold for {@link AssembledWords}' pattern of two names put side by side to match
 * at all, read by a walk over its {@code +} and {@code $} signs instead of the pattern's three
 * alternatives tried at every character of a long command (most of {@code words-assembled}'s time
 * on a 4 KiB command). Each test is loose: it may hold where the pattern finds nothing, never the
 * other way, so the pattern is skipped only where it would not match.
 */
final class SideBySide {
  private SideBySide() {}

  /**
   * Whether the text may hold {@code a + b} ({@code \w\s*\+\s*[A-Za-z_]}): a {@code +} with a
   * word's character before it and a letter or {@code _} after it, blanks between.
   *
   * @param text the text
   * @return {@code false} only where no name is added to another
   */
  static boolean added(String text) {
    for (int plus = text.indexOf('+'); plus >= 0; plus = text.indexOf('+', plus + 1)) {
      int before = plus - 1;
      while (before >= 0 && blank(text.charAt(before))) {
        before--;
      }
      int after = plus + 1;
      while (after < text.length() && blank(text.charAt(after))) {
        after++;
      }
      if (before >= 0
          && word(text.charAt(before))
          && after < text.length()
          && (letter(text.charAt(after)) || text.charAt(after) == '_')) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the text may hold two shell variables side by side ({@code \$\{?\w+\}?\$}): a {@code
   * $}, a name (in braces or not), then another {@code $}.
   *
   * @param text the text
   * @return {@code false} only where no variable is put beside another
   */
  static boolean dollars(String text) {
    for (int dollar = text.indexOf('$'); dollar >= 0; dollar = text.indexOf('$', dollar + 1)) {
      int at = dollar + 1;
      if (at < text.length() && text.charAt(at) == '{') {
        at++;
      }
      int name = at;
      while (at < text.length() && word(text.charAt(at))) {
        at++;
      }
      if (at == name) {
        continue;
      }
      if (at < text.length() && text.charAt(at) == '}') {
        at++;
      }
      if (at < text.length() && text.charAt(at) == '$') {
        return true;
      }
    }
    return false;
  }

  /** A blank as a pattern's {@code \s} reads one. */
  private static boolean blank(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
  }

  /** A word's character as a pattern's {@code \w} reads one. */
  private static boolean word(char c) {
    return letter(c) || c >= '0' && c <= '9' || c == '_';
  }

  private static boolean letter(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
  }
}
