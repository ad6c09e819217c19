package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * A whole script: the statements of a command line or of a file, in order. Its span is its source,
 * from 0 to the source's length.
 *
 * @param source the text read, as given
 * @param statements its statements, in order
 */
public record Script(String source, List<Statement> statements) implements Node {

  /**
   * Checks and copies.
   *
   * @param source the text read, as given
   * @param statements its statements, in order
   */
  public Script {
    requireNonNull(source, "source");
    statements = FixedList.of(statements);
  }

  @Override
  public int start() {
    return 0;
  }

  @Override
  public int end() {
    return source.length();
  }

  /**
   * {@return the text of {@code node}'s span: {@code source().substring(node.start(), node.end())}}
   *
   * @param node a node of this script (not one within a backquoted substitution's script)
   */
  public String text(Node node) {
    return source.substring(node.start(), node.end());
  }

  /**
   * {@return the line of the character at {@code offset}, counting from 1: one more than the
   * newlines before it}
   *
   * @param offset from 0 to the source's length
   * @throws IndexOutOfBoundsException when the offset is outside the source
   */
  public int line(int offset) {
    checkOffset(offset);
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (source.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }

  /**
   * {@return the column of the character at {@code offset}, counting from 1: one more than the
   * characters between it and the newline before it}
   *
   * @param offset from 0 to the source's length
   * @throws IndexOutOfBoundsException when the offset is outside the source
   */
  public int column(int offset) {
    checkOffset(offset);
    return offset - source.lastIndexOf('\n', offset - 1);
  }

  private void checkOffset(int offset) {
    if (offset < 0 || offset > source.length()) {
      throw new IndexOutOfBoundsException(
          "offset " + offset + " is outside the source, 0 to " + source.length());
    }
  }
}
