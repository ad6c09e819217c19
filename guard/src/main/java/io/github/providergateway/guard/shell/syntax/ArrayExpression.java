package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * An array's value, {@code (a b [k]=v)}: in an {@link Assignment} ({@code arr=(a b)}), and in the
 * argument of an assignment builtin, where bash reads it so too ({@code declare -a x=(1 2)}, {@code
 * local a=(…)}, {@code eval}, {@code let}, {@code alias}; there it is a part of the word, after its
 * {@code name=}). Glued to more text ({@code x=(1)y}), bash takes the whole as a word's text, the
 * parentheses in it: then it is the first part of the value's word.
 *
 * @param elements the elements as written, in order ({@code [k]=v} is one word)
 * @param start the offset of the {@code (}
 * @param end the offset after the {@code )}
 */
public record ArrayExpression(List<WrittenWord> elements, int start, int end) implements WordPart {

  /**
   * Copies.
   *
   * @param elements the elements as written, in order
   * @param start the offset of the {@code (}
   * @param end the offset after the {@code )}
   */
  public ArrayExpression {
    elements = FixedList.of(elements);
  }
}
