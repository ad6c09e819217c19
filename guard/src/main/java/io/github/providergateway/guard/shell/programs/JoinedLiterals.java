package io.github.providergateway.guard.shell.programs;

/**
 * Inline code with its string literals joined where the code joins them at once (decision 186):
 * {@code 'write_' + 'register'} is {@code 'write_register'}, {@code "UPD" + "ATE …"} is {@code
 * "UPDATE …"}, perl's and php's {@code .}, python's and awk's literals side by side ({@code 'a'
 * 'b'}, {@code "curl -X DEL" "ETE"}). What the readers of inline code catch written whole they
 * catch assembled so; code has no need of the pieces but to keep the whole from a reader.
 *
 * <p>Only two literals of the same quote and no prefix are joined, written as one literal of that
 * quote: the text between their quotes is taken out, nothing else changes.
 */
final class JoinedLiterals extends LiteralRewrite {
  private JoinedLiterals(InlineLanguage language, String code) {
    super(language, code);
  }

  /**
   * The code with the literals it joins joined.
   *
   * @return the joined code, or {@code code} itself where it joins none
   */
  static String of(InlineLanguage language, String code) {
    return new JoinedLiterals(language, code).rewritten();
  }

  /** At a literal: past it and the plain literals of its quote joined to it. */
  @Override
  void literal() {
    char quote = s.charAt(pos);
    boolean plain = prefixAt() == 0 && !s.startsWith("" + quote + quote + quote, pos);
    if (readString() == null || !plain) {
      return;
    }
    for (int joins = 0; joins < 64; joins++) {
      int next = nextPiece(quote);
      if (next < 0) {
        return;
      }
      int end = pos; // past the closing quote of the literal so far
      pos = next;
      if (readString() == null) {
        return;
      }
      out().append(s, copied, end - 1); // up to its closing quote
      copied = next + 1; // from past the next one's opening quote
    }
  }

  /**
   * After a literal: where a plain literal of the same quote joined to it opens (past {@code +},
   * perl's and php's {@code .}, or nothing between in python and awk), or -1.
   */
  private int nextPiece(char quote) {
    int at = skipBlanks(pos);
    if (at >= n) {
      return -1;
    }
    boolean sideBySide = language == InlineLanguage.PYTHON || language == InlineLanguage.AWK;
    char joiner =
        language == InlineLanguage.PERL || language == InlineLanguage.PHP
            ? '.'
            : language == InlineLanguage.AWK ? ' ' : '+'; // awk's + adds numbers
    char c = s.charAt(at);
    if (c == joiner) {
      if (at + 1 < n && (s.charAt(at + 1) == '=' || s.charAt(at + 1) == c)) {
        return -1; // +=, ++, .=, ..
      }
      at = skipBlanks(at + 1);
    } else if (!sideBySide) {
      return -1;
    }
    return at < n && s.charAt(at) == quote && !s.startsWith("" + quote + quote + quote, at)
        ? at
        : -1;
  }

  /** Past spaces and tabs on one line: a line's end ends a statement. */
  private int skipBlanks(int i) {
    while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }
}
