package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * A test of two words: {@code a == b*} (the right a pattern), {@code a =~ regex}, {@code a < b},
 * {@code 1 -lt 2}, {@code f -nt g}.
 *
 * @param operator the operator as written: {@code =}, {@code ==}, {@code !=}, {@code =~}, {@code
 *     <}, {@code >}, {@code -eq}, {@code -ne}, {@code -lt}, {@code -le}, {@code -gt}, {@code -ge},
 *     {@code -nt}, {@code -ot}, {@code -ef}
 * @param left the word on the left
 * @param right the word on the right (for {@code =~}, a regular expression, in which bash takes
 *     parentheses, {@code |} and blanks within parentheses as part of the word)
 * @param start the offset of the left word
 * @param end the offset after the right word
 */
public record BinaryTest(String operator, WrittenWord left, WrittenWord right, int start, int end)
    implements TestExpression {

  /**
   * Checks.
   *
   * @param operator the operator as written
   * @param left the word on the left
   * @param right the word on the right
   * @param start the offset of the left word
   * @param end the offset after the right word
   */
  public BinaryTest {
    requireNonNull(operator, "operator");
    requireNonNull(left, "left");
    requireNonNull(right, "right");
  }
}
