package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * Bash's {@code $'text'}: backslash escapes decoded as in C ({@code \n}, {@code \t}, {@code \x72},
 * {@code \162}, {@code \u00e9}, {@code \cA}, …), so {@code $'\x72m'} is {@code rm}.
 *
 * @param value the decoded text, as bash decodes it: an escape it does not know kept as written,
 *     the text cut at a decoded NUL
 * @param text the text between the quotes as written
 * @param start the offset of the {@code $}
 * @param end the offset after the closing quote
 */
public record AnsiCQuoted(String value, String text, int start, int end) implements WordPart {

  /**
   * Checks.
   *
   * @param value the decoded text
   * @param text the text between the quotes as written
   * @param start the offset of the {@code $}
   * @param end the offset after the closing quote
   */
  public AnsiCQuoted {
    requireNonNull(value, "value");
    requireNonNull(text, "text");
  }
}
