package io.github.providergateway.guard.shell;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.shell.programs.ProgramWord;

/**
 * One word of a command after the shell's quote removal: {@code 'a b'} is the word {@code a b},
 * {@code git\ push} the word {@code git push}; with the word as the command wrote it, where it was
 * written so ({@link #written()}).
 *
 * <p>Two words are equal when their {@link #text()} and {@link #literal()} are: how a word was
 * written does not make it another word ({@code rm} and {@code 'rm'} run the same program), so a
 * rule's {@code Word.literal("rm")} equals the parser's either way.
 *
 * @param text the word's value where it is literal; an expansion the guard cannot know (a variable,
 *     a command substitution, a glob, a tilde) is kept as its source text, so {@code "$HOME/x"} is
 *     the text {@code $HOME/x}
 * @param literal whether {@code text} is exactly what the program will receive: no expansion, glob
 *     or tilde in the word
 * @param written the word as the command's syntax tree had it, quotes, backslashes and expansions
 *     as typed ({@code "$HOME"/x}, {@code 'rm'}); {@code null} for a word the command did not write
 *     so: a value put in for a variable ({@link Invocation#via()} ends in {@code $var}), an item of
 *     a brace list, a field split at {@code $IFS}, a word a rule or the resolution made
 */
public record Word(String text, boolean literal, String written) implements ProgramWord {

  /**
   * Checks.
   *
   * @param text the word's value where it is literal; an expansion the guard cannot know (a
   *     variable, a command substitution, a glob, a tilde) is kept as its source text, so {@code
   *     "$HOME/x"} is the text {@code $HOME/x}
   * @param literal whether {@code text} is exactly what the program will receive: no expansion,
   *     glob or tilde in the word
   * @param written the word as the command's syntax tree had it, or {@code null} for a word the
   *     command did not write so
   */
  public Word {
    requireNonNull(text, "text");
  }

  /**
   * A word not written so in the command: made by a rule or by the resolution.
   *
   * @param text its value where literal, its source text where not
   * @param literal whether {@code text} is exactly what the program will receive
   */
  public Word(String text, boolean literal) {
    this(text, literal, null);
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

  /**
   * {@return whether the command wrote this word with quotes or backslashes in it ({@code 'a b'},
   * {@code "$X"}, {@code r\m}): its written form is not its text}
   */
  public boolean quoted() {
    return written != null && !written.equals(text);
  }

  /** {@return whether the command wrote this word so: false for a word made or put in} */
  public boolean fromTheTree() {
    return written != null;
  }

  /** Equal by {@link #text()} and {@link #literal()}, however each was written. */
  @Override
  public boolean equals(Object other) {
    return other instanceof Word word && word.literal == literal && word.text.equals(text);
  }

  @Override
  public int hashCode() {
    return 31 * text.hashCode() + Boolean.hashCode(literal);
  }

  /** {@return the word as before its written form was kept: {@code Word[text=…, literal=…]}} */
  @Override
  public String toString() {
    return "Word[text=" + text + ", literal=" + literal + "]";
  }
}
