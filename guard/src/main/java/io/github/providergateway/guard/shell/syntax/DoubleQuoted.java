package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.internal.FixedList;
import java.util.List;

/**
 * {@code "text"}: literal text and the expansions within ({@code $x}, {@code ${…}}, {@code $(…)},
 * backquotes, {@code $((…))}), none of them split or globbed. Bash's {@code $"text"} (translated by
 * the locale) is the same with {@link #localized()}.
 *
 * @param parts the parts between the quotes, in order; empty for {@code ""}
 * @param localized whether it was written {@code $"…"}
 * @param start the offset of the {@code $} or opening quote
 * @param end the offset after the closing quote
 */
public record DoubleQuoted(List<WordPart> parts, boolean localized, int start, int end)
    implements WordPart {

  /**
   * Copies.
   *
   * @param parts the parts between the quotes, in order
   * @param localized whether it was written {@code $"…"}
   * @param start the offset of the {@code $} or opening quote
   * @param end the offset after the closing quote
   */
  public DoubleQuoted {
    parts = FixedList.of(parts);
  }
}
