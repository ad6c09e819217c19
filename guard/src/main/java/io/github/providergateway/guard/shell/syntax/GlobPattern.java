package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * An unquoted pattern character of a word: {@code *}, {@code ?}, or a bracket expression {@code
 * [abc]}, {@code [!a-z]}, {@code [[:digit:]]}. As an argument, a {@code for} item or a
 * redirection's target, bash replaces the word by the paths it matches; in a {@code case} pattern
 * and on the right of {@code ==} in {@code [[ … ]]} it is what the word is matched against; in an
 * assignment's value it is kept, and globs where the variable is later expanded unquoted. A bracket
 * expression whose closing {@code ]} comes after quoted or expanded text is its opening {@code [}
 * alone here.
 *
 * @param pattern the pattern as written, its backslashes included
 * @param start the offset of its first character
 * @param end the offset after its last character
 */
public record GlobPattern(String pattern, int start, int end) implements WordPart {

  /**
   * Checks.
   *
   * @param pattern the pattern as written
   * @param start the offset of its first character
   * @param end the offset after its last character
   */
  public GlobPattern {
    requireNonNull(pattern, "pattern");
  }
}
