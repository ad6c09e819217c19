package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * A shell word as written, before any expansion: its parts side by side with nothing between,
 * {@code "$HOME"/x'y'} a {@link DoubleQuoted}, a {@link Literal} and a {@link SingleQuoted}. A word
 * of the script has one part or more; a here-document's body ({@link HereDocument#body()}) may have
 * none.
 *
 * @param parts the parts, in order
 * @param start the offset of its first character
 * @param end the offset after its last character
 */
public record WrittenWord(List<WordPart> parts, int start, int end)
    implements Node, TestExpression {

  /**
   * Copies.
   *
   * @param parts the parts, in order
   * @param start the offset of its first character
   * @param end the offset after its last character
   */
  public WrittenWord {
    parts = FixedList.of(parts);
  }

  /**
   * {@return the word's value when it is all literal text (literal, quoted and ANSI-C parts, and
   * double quotes of nothing else), or {@code null} when an expansion, a glob, a tilde or a brace
   * expansion in it makes its value unknown before the shell runs}
   */
  public String literalValue() {
    StringBuilder value = new StringBuilder();
    return appendLiteral(parts, value) ? value.toString() : null;
  }

  // Java 17 has no switch over a sealed type's records: an instanceof a kind.
  private static boolean appendLiteral(List<WordPart> parts, StringBuilder value) {
    for (WordPart part : parts) {
      if (part instanceof Literal literal) {
        value.append(literal.value());
      } else if (part instanceof SingleQuoted quoted) {
        value.append(quoted.value());
      } else if (part instanceof AnsiCQuoted quoted) {
        value.append(quoted.value());
      } else if (part instanceof DoubleQuoted quoted) {
        if (!appendLiteral(quoted.parts(), value)) {
          return false;
        }
      } else {
        return false;
      }
    }
    return true;
  }
}
