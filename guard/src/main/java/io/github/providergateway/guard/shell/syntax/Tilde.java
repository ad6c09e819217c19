package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * An unquoted {@code ~} that bash replaces by a home folder: at a word's start ({@code ~/.ssh},
 * {@code ~root}), and in an assignment's value or a word shaped like one ({@code a=~/x}, {@code
 * PATH=a:~/bin}) after the {@code =} and after each {@code :}. It takes the characters up to the
 * next {@code /} (or {@code :} in an assignment), none of them quoted.
 *
 * @param user the login name after the {@code ~}: empty for the user's own home; {@code +} and
 *     {@code -} for {@code $PWD} and {@code $OLDPWD}
 * @param start the offset of the {@code ~}
 * @param end the offset after the login name
 */
public record Tilde(String user, int start, int end) implements WordPart {

  /**
   * Checks.
   *
   * @param user the login name after the {@code ~}
   * @param start the offset of the {@code ~}
   * @param end the offset after the login name
   */
  public Tilde {
    requireNonNull(user, "user");
  }
}
