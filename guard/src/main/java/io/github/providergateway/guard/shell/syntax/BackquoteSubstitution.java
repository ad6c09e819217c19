package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * {@code `list`}: the old form of {@code $( … )}. Bash takes a level of backslashes off the text
 * between the backquotes ({@code \`}, {@code \$} and {@code \\}, and {@code \"} within double
 * quotes) and reads the result as a script of its own: {@link #script()}, whose source is that text
 * and whose nodes' spans are offsets into it.
 *
 * @param script the script read from the text between the backquotes, unescaped
 * @param start the offset of the opening backquote
 * @param end the offset after the closing backquote
 */
public record BackquoteSubstitution(Script script, int start, int end) implements WordPart {

  /**
   * Checks.
   *
   * @param script the script read from the text between the backquotes
   * @param start the offset of the opening backquote
   * @param end the offset after the closing backquote
   */
  public BackquoteSubstitution {
    requireNonNull(script, "script");
  }
}
