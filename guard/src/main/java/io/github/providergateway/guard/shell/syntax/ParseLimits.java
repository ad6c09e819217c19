package io.github.providergateway.guard.shell.syntax;

import io.github.providergateway.guard.shell.syntax.ShellParseException.Reason;

/**
 * The bounds of one parse, shared by every nested reading of it (substitutions, {@code bash -c}
 * strings, inline code): how deep it may nest and how many words it may read in all.
 */
public final class ParseLimits {
  /**
   * The longest command read, in characters: 128 Ki. Here, not only in the public {@code
   * ShellParser}, which reads this package: the readers here bound themselves without reading it
   * back.
   */
  public static final int MAX_LENGTH = 128 * 1024;

  /** The deepest nesting read (substitutions, subshells, {@code bash -c} within each other). */
  public static final int MAX_DEPTH = 16;

  /** The most words read, over all nesting. */
  public static final int MAX_WORDS = 16_384;

  /** The deepest nesting allowed. */
  private final int maxDepth;

  /** The most words allowed over the whole parse. */
  private final int maxWords;

  /** Words read so far, over every nested reading. Owned by the one parse. */
  private int words;

  /**
   * Bounds for one parse.
   *
   * @param maxDepth the deepest nesting allowed
   * @param maxWords the most words allowed
   */
  public ParseLimits(int maxDepth, int maxWords) {
    this.maxDepth = maxDepth;
    this.maxWords = maxWords;
  }

  /**
   * Counts one word read at {@code at} of the text described by {@code where}.
   *
   * @param at the word's offset in its text
   * @param where where the text sits, for the message: empty at the top, " in …" when nested
   * @throws ShellParseException when the parse has read more words than allowed
   */
  public void word(int at, String where) throws ShellParseException {
    if (++words > maxWords) {
      throw new ShellParseException(
          Reason.TOO_MANY_WORDS,
          "the command has more than " + maxWords + " words (at character " + at + where + ")");
    }
  }

  /** Takes back a word counted by a look ahead. */
  void unword() {
    words--;
  }

  /**
   * Checks that {@code depth} is allowed for a nesting that opens at {@code at}.
   *
   * @param depth the nesting's depth
   * @param at where it opens in its text
   * @param what what nests, for the message
   * @param where where the text sits, for the message: empty at the top, " in …" when nested
   * @throws ShellParseException when it is deeper than allowed
   */
  public void depth(int depth, int at, String what, String where) throws ShellParseException {
    if (depth > maxDepth) {
      throw new ShellParseException(
          Reason.TOO_DEEP,
          "the command nests deeper than "
              + maxDepth
              + " levels ("
              + what
              + " at character "
              + at
              + where
              + ")");
    }
  }

  static ShellParseException malformed(String what, int at, String where) {
    return new ShellParseException(
        Reason.MALFORMED, "not a complete command: " + what + " at character " + at + where);
  }
}
