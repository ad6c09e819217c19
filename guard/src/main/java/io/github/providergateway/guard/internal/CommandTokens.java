package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A command's text split at blanks and at {@code ; & | ( )}, quotes kept, in one pass: how the
 * families that read a call's text whole (its assignments, a folder changed to, a live instance
 * named) see its tokens. A call's tokens are made once a call ({@link LastSource}), as each of
 * those families asks for them.
 */
final class CommandTokens {
  private CommandTokens() {}

  /** The tokens of the last text read, kept: several families read a call's text whole. */
  private static final LastSource<List<String>> LAST = new LastSource<>(CommandTokens::split);

  /**
   * A call's tokens, made once a call.
   *
   * @param source the command's text
   * @return its tokens, not to be changed
   */
  static List<String> of(String source) {
    return LAST.of(source);
  }

  /**
   * A text's tokens, not kept: for a piece of a call ({@code $(…)}'s inner text).
   *
   * @param source the text
   * @return its tokens
   */
  static List<String> split(String source) {
    List<String> tokens = new ArrayList<>();
    int start = -1;
    for (int i = 0; i <= source.length(); i++) {
      char c = i < source.length() ? source.charAt(i) : ' ';
      boolean separator = CommandSeparators.splitsWords(c);
      if (!separator && start < 0) {
        start = i;
      } else if (separator && start >= 0) {
        tokens.add(source.substring(start, i));
        start = -1;
      }
    }
    return Collections.unmodifiableList(tokens);
  }
}
