package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * A command the parser will not read: past a bound (size, nesting, words), or not shell at all (an
 * unterminated quote). The guard denies such a command, never allows it.
 */
public final class ShellParseException extends Exception {
  private static final long serialVersionUID = 1L;

  /** Why the command was not read. */
  public enum Reason {
    /** Longer than {@link ParseLimits#MAX_LENGTH} characters. */
    TOO_LONG,
    /** Nested deeper than {@link ParseLimits#MAX_DEPTH}. */
    TOO_DEEP,
    /** More than {@link ParseLimits#MAX_WORDS} words. */
    TOO_MANY_WORDS,
    /** Not a complete command: an unterminated quote, substitution or here-document. */
    MALFORMED
  }

  /** Why the command was not read. */
  private final Reason reason;

  /**
   * A refusal.
   *
   * @param reason why
   * @param message what the person reads, saying where
   */
  public ShellParseException(Reason reason, String message) {
    super(message);
    this.reason = requireNonNull(reason, "reason");
  }

  /** {@return why the command was not read} */
  public Reason reason() {
    return reason;
  }
}
