package io.github.providergateway.guard.shell.programs;

/**
 * Inline code with the escapes of its string literals decoded where the language decodes them
 * ({@code "\x72mtree"} is {@code "rmtree"}, {@code "/home/user/.ss\x68/id_rsa"} the key's path,
 * {@code "DROP\tTABLE"} a tab between the words): the readers of inline code that read its text
 * (the deletes, the secrets' paths, the start-up files, the SQL) read each literal as the program
 * does, not as written (rtc red team). Read before {@link ReversedLiterals} and {@link
 * JoinedLiterals}, so that a decoded piece is reversed and joined as any other.
 *
 * <p>Only a literal of no prefix that decodes to printable text, a tab aside, is rewritten, as one
 * literal of its quote holding the decoded text: a value with its quote, a backslash or another
 * control character in it, or one whose language keeps the backslashes (perl's, php's and ruby's
 * single quotes), is left as written.
 */
final class DecodedLiterals extends LiteralRewrite {
  private DecodedLiterals(InlineLanguage language, String code) {
    super(language, code);
  }

  /**
   * The code with the escapes of its literals decoded.
   *
   * @param language its language
   * @param code the inline code
   * @return the rewritten code, or {@code code} itself where no literal has an escape to decode
   */
  static String of(InlineLanguage language, String code) {
    if (code.indexOf('\\') < 0 || language == InlineLanguage.AWK) {
      return code;
    }
    return new DecodedLiterals(language, code).rewritten();
  }

  @Override
  void literal() {
    int start = pos;
    char quote = s.charAt(pos);
    boolean plain = prefixAt() == 0 && !s.startsWith("" + quote + quote + quote, pos);
    String value = readString();
    if (value == null || !plain) {
      return;
    }
    String text = s.substring(start + 1, pos - 1);
    if (text.indexOf('\\') < 0
        || text.contains("ENV")
        || text.contains("${")
        || !printable(value, quote)) {
      return;
    }
    out().append(s, copied, start).append(quote).append(value).append(quote);
    copied = pos;
  }

  /** Whether the decoded text can stand in a literal of {@code quote} as it is. */
  private static boolean printable(String value, char quote) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == quote || c == '\\' || c == '`' || c < ' ' && c != '\t' || c == 0x7f) {
        return false;
      }
    }
    return true;
  }
}
