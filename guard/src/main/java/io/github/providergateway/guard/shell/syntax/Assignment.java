package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * {@code name=value} before a command's words (or alone, setting the shell's variable): {@code
 * x=1}, {@code PATH+=:~/bin}, {@code a[2]=x}, {@code arr=(a b)}.
 *
 * @param name the variable's name
 * @param index the subscript of {@code a[2]=x}, or {@code null}
 * @param append whether it was written {@code +=}
 * @param value the value as written (an empty word for {@code x=}), or {@code null} for an array
 * @param array the array's value, or {@code null} for a word
 * @param start the offset of the name
 * @param end the offset after the value
 */
public record Assignment(
    String name,
    WrittenWord index,
    boolean append,
    WrittenWord value,
    ArrayExpression array,
    int start,
    int end)
    implements Node {

  /**
   * Checks.
   *
   * @param name the variable's name
   * @param index the subscript, or {@code null}
   * @param append whether it was written {@code +=}
   * @param value the value as written, or {@code null} for an array
   * @param array the array's value, or {@code null} for a word
   * @param start the offset of the name
   * @param end the offset after the value
   */
  public Assignment {
    requireNonNull(name, "name");
    if ((value == null) == (array == null)) {
      throw new IllegalArgumentException("an assignment has a word or an array, one of them");
    }
  }
}
