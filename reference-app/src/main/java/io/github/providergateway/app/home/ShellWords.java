package io.github.providergateway.app.home;

import java.util.regex.Pattern;

/**
 * Words of a POSIX shell command line that the app prints for a person to paste or a service
 * manager to run ({@code gateway mcp --print-config}, the console's hints, a launchd command): each
 * quoted only when it must be, so that the common line stays readable and an odd path still stays
 * one word.
 */
public final class ShellWords {

  /** What a shell takes as one word with no quoting. */
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./=:@%+-]+");

  private ShellWords() {}

  /**
   * {@return {@code word} as one word of a POSIX shell line, quoted only when it must be}
   *
   * @param word the word
   */
  public static String quote(String word) {
    if (PLAIN.matcher(word).matches()) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
