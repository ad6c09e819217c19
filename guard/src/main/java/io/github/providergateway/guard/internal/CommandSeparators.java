package io.github.providergateway.guard.internal;

/**
 * Where the guard's readers of a command's whole text split it: into words at blanks and at {@code
 * ; & | ( )}, and into commands at {@code ; & | (} and a line's end, quotes not kept apart. The
 * readers that take a call's assignments and production's names from its text ({@link
 * CommandAssignments}, {@link FrameworkEnvironments}, {@link CommandTokens}) ask it of every
 * character, so it is a switch, not a look-up in a string.
 */
final class CommandSeparators {
  private CommandSeparators() {}

  /** {@return whether the character ends a word: a blank, or {@code ; & | ( )}} */
  static boolean splitsWords(char c) {
    return switch (c) {
      case ';', '&', '|', '(', ')' -> true;
      default -> (c <= ' ' || c >= 0x80) && Character.isWhitespace(c);
    };
  }

  /** {@return whether the character ends a command: {@code ; & | (} or a line's end} */
  static boolean endsCommand(char c) {
    return c == ';' || c == '&' || c == '|' || c == '(' || c == '\n';
  }
}
