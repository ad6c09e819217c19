package io.github.providergateway.guard.shell;

import static java.util.Objects.requireNonNull;

/**
 * One word of a command after the shell's quote removal: {@code 'a b'} is the word {@code a b},
 * {@code git\ push} the word {@code git push}.
 *
 * @param text the word's value where it is literal; an expansion the guard cannot know (a variable,
 *     a command substitution, a glob, a tilde) is kept as its source text, so {@code "$HOME/x"} is
 *     the text {@code $HOME/x}
 * @param literal whether {@code text} is exactly what the program will receive: no expansion, glob
 *     or tilde in the word
 */
public record Word(String text, boolean literal) {

  /**
   * Checks and copies.
   *
   * @param text the word's value where it is literal; an expansion the guard cannot know (a
   *     variable, a command substitution, a glob, a tilde) is kept as its source text, so {@code
   *     "$HOME/x"} is the text {@code $HOME/x}
   * @param literal whether {@code text} is exactly what the program will receive: no expansion,
   *     glob or tilde in the word
   */
  public Word {
    requireNonNull(text, "text");
  }

  /**
   * A word the program receives as it is.
   *
   * @param text its value
   * @return the word
   */
  public static Word literal(String text) {
    return new Word(text, true);
  }
}
