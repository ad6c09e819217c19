package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;

/**
 * The options some tools take their command in (decision 263): {@code irt-admin --cmd=UNBLIND
 * --args=…}, {@code opsctl --action close --id 7}. The value is a command word, read as one.
 */
final class CommandOptions {
  private CommandOptions() {}

  /** The options whose value is the command. */
  private static final Set<String> NAMES =
      NameSet.of("--cmd", "--command", "--action", "--op", "--operation", "-cmd", "-action");

  /**
   * {@return the command an option gives with {@code =} ({@code --cmd=UNBLIND}: {@code UNBLIND}),
   * or null}
   */
  static String value(String text) {
    int eq = text.indexOf('=');
    if (eq < 2 || eq + 1 >= text.length() || !NAMES.contains(text.substring(0, eq))) {
      return null;
    }
    String value = text.substring(eq + 1);
    return Character.isLetter(value.charAt(0)) && value.length() <= 64 ? value : null;
  }

  /** Whether the option takes the command as the next word: {@code --action close}. */
  static boolean named(String text) {
    return NAMES.contains(text);
  }
}
