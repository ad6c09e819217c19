package io.github.providergateway.guard.shell.programs;

/**
 * Inline code with its string literals reversed where the code reverses them at once (decision
 * 242): python's {@code 'fr- mr'[::-1]} is {@code 'rm -rf'}, ruby's {@code 'etirw'.reverse} is
 * {@code 'write'}. Code has no need to write a word backwards but to keep it from a reader; read
 * before {@link JoinedLiterals}, so that a reversed piece joins the others.
 *
 * <p>Only a literal of no prefix and no escape is reversed, written as one literal of its quote:
 * its text reversed, the reversal taken out, nothing else changed.
 */
final class ReversedLiterals extends LiteralRewrite {
  private ReversedLiterals(InlineLanguage language, String code) {
    super(language, code);
  }

  /**
   * The code with the literals it reverses reversed.
   *
   * @param language its language
   * @param code the inline code
   * @return the rewritten code, or {@code code} itself where it reverses none
   */
  static String of(InlineLanguage language, String code) {
    if (language != InlineLanguage.PYTHON && language != InlineLanguage.RUBY) {
      return code;
    }
    if (!code.contains("[::-1]") && !code.contains(".reverse")) {
      return code;
    }
    return new ReversedLiterals(language, code).rewritten();
  }

  /** At a literal: past it, and past its reversal rewritten where one follows. */
  @Override
  void literal() {
    int start = pos;
    char quote = s.charAt(pos);
    boolean plain = prefixAt() == 0 && !s.startsWith("" + quote + quote + quote, pos);
    if (readString() == null || !plain) {
      return;
    }
    String text = s.substring(start + 1, pos - 1);
    int suffix = reversal();
    if (suffix == 0 || text.indexOf('\\') >= 0) {
      return;
    }
    out()
        .append(s, copied, start)
        .append(quote)
        .append(new StringBuilder(text).reverse())
        .append(quote);
    pos += suffix;
    copied = pos;
  }

  /** The length of the reversal right after a literal ({@code [::-1]}, {@code .reverse}), or 0. */
  private int reversal() {
    if (language == InlineLanguage.PYTHON && s.startsWith("[::-1]", pos)) {
      return 6;
    }
    if (language == InlineLanguage.RUBY && s.startsWith(".reverse", pos)) {
      int end = pos + 8;
      boolean whole = end >= n || !Character.isJavaIdentifierPart(s.charAt(end));
      return whole ? 8 : 0;
    }
    return 0;
  }
}
