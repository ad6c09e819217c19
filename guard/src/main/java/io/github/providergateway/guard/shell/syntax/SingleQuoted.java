package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * {@code 'text'}: every character between the quotes as it is.
 *
 * @param value the characters between the quotes
 * @param start the offset of the opening quote
 * @param end the offset after the closing quote
 */
public record SingleQuoted(String value, int start, int end) implements WordPart {

  /**
   * Checks.
   *
   * @param value the characters between the quotes
   * @param start the offset of the opening quote
   * @param end the offset after the closing quote
   */
  public SingleQuoted {
    requireNonNull(value, "value");
  }
}
