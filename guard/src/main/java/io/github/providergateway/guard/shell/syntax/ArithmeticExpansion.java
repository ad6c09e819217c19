package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * {@code $(( expression ))}, or the old {@code $[ expression ]}: the value of the expression.
 *
 * @param expression the expression
 * @param bracket whether it was written {@code $[ … ]}
 * @param start the offset of the {@code $}
 * @param end the offset after the closing {@code ))} or {@code ]}
 */
public record ArithmeticExpansion(
    ArithmeticExpression expression, boolean bracket, int start, int end) implements WordPart {

  /**
   * Checks.
   *
   * @param expression the expression
   * @param bracket whether it was written {@code $[ … ]}
   * @param start the offset of the {@code $}
   * @param end the offset after the closing {@code ))} or {@code ]}
   */
  public ArithmeticExpansion {
    requireNonNull(expression, "expression");
  }
}
