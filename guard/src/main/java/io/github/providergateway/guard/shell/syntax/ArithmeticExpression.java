package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * The expression of {@code $(( … ))}, {@code (( … ))}, {@code $[ … ]} or a part of {@code for (( …
 * ))}: its text as {@link Literal} runs, and the expansions in it ({@code $x}, {@code ${…}}, {@code
 * $(…)}, backquotes, nested {@code $((…))}) and quoted parts as they stand. Bash evaluates the
 * expression after expanding them; this tree does not take the operators apart (unlike mvdan/sh's),
 * as no rule reads them, but every substitution in it is here.
 *
 * @param parts the expression's parts, in order; empty for an empty expression
 * @param start the offset of its first character
 * @param end the offset after its last character
 */
public record ArithmeticExpression(List<WordPart> parts, int start, int end) implements Node {

  /**
   * Copies.
   *
   * @param parts the expression's parts, in order
   * @param start the offset of its first character
   * @param end the offset after its last character
   */
  public ArithmeticExpression {
    parts = FixedList.of(parts);
  }
}
