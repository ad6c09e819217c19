package io.github.providergateway.guard.shell.programs;

/**
 * What the program knowledge reads of a command's word, and gives of the words it finds: the value
 * and whether it is literal. The resolution's {@code ProgramWord} is one; the words found in a
 * program's code are another, which the resolution makes its own.
 */
public interface ProgramWord {

  /** {@return the word's value where literal, its source text where not} */
  String text();

  /** {@return whether {@link #text()} is exactly what the program receives} */
  boolean literal();

  /**
   * {@return a word found in a program's code or arguments}
   *
   * @param text its value where literal, its source text where not
   * @param literal whether {@code text} is exactly what the program receives
   */
  static ProgramWord of(String text, boolean literal) {
    return new FoundWord(text, literal);
  }

  /**
   * {@return a word found in a program's code or arguments, received as it is}
   *
   * @param text the text
   */
  static ProgramWord plain(String text) {
    return new FoundWord(text, true);
  }
}
