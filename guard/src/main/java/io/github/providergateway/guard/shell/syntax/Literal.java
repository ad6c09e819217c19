package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * Text with no quotes around it: unquoted in a word, or between the expansions of a double-quoted
 * string, a here-document's body, an arithmetic expression or an expansion's word.
 *
 * @param text the text as written, its backslashes included: the source of its span
 * @param value the text as the shell takes it where it stands: unquoted, a backslash quotes the
 *     next character and a backslash-newline is nothing; in double quotes and here-documents, only
 *     before {@code $}, a backquote, a newline, a backslash (and {@code "} in double quotes); the
 *     tabs {@code <<-} strips are not in it
 * @param start the offset of its first character
 * @param end the offset after its last character
 */
public record Literal(String text, String value, int start, int end) implements WordPart {

  /**
   * Checks.
   *
   * @param text the text as written
   * @param value the text as the shell takes it where it stands
   * @param start the offset of its first character
   * @param end the offset after its last character
   */
  public Literal {
    requireNonNull(text, "text");
    requireNonNull(value, "value");
  }
}
