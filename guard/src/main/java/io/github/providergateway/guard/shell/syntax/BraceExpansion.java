package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * Unquoted <code>{a,b}</code> or <code>{1..9}</code>, which bash expands into a word per item
 * before any other expansion: <code>rm -rf /{etc,usr}</code> is {@code rm -rf /etc /usr}. Only
 * where bash expands braces: the words of a command, of a {@code for} list, of an array and of a
 * redirection; an assignment's value, a {@code case} word and pattern and the words of a {@code [[
 * … ]]} keep them as text. A brace with no unquoted comma and no sequence is text ({@code {}},
 * <code>{a}</code>).
 *
 * @param items the items: for a list, the words between the commas (items may hold quotes,
 *     expansions and brace expansions of their own); for a sequence, its first and last value and
 *     its step when given
 * @param sequence whether it is a sequence <code>{x..y[..step]}</code> rather than a list
 * @param start the offset of the opening brace
 * @param end the offset after the closing brace
 */
public record BraceExpansion(List<WrittenWord> items, boolean sequence, int start, int end)
    implements WordPart {

  /**
   * Copies.
   *
   * @param items the items, or a sequence's first, last and step
   * @param sequence whether it is a sequence rather than a list
   * @param start the offset of the opening brace
   * @param end the offset after the closing brace
   */
  public BraceExpansion {
    items = FixedList.of(items);
  }
}
