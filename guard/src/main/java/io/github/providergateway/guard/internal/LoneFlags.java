package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;

/**
 * The flags that take no value, whatever the tool (decision 325): a negated flag ({@code
 * --no-color}, {@code --no-verify}) and the output and verbosity switches every command line takes
 * alone ({@code --verbose}, {@code --quiet}, {@code --json}). The readings of a tool's command
 * words take the word after any other long option for its value; after one of these, the next word
 * is the command ({@code scadacli --verbose close --valve V-118} closes the valve).
 */
final class LoneFlags {
  private LoneFlags() {}

  /** The switches that stand alone. */
  private static final Set<String> ALONE =
      NameSet.of(
          "--verbose",
          "--quiet",
          "--silent",
          "--json",
          "--yaml",
          "--debug",
          "--trace",
          "--insecure",
          "--pretty",
          "--plain",
          "--raw",
          "--interactive",
          "--non-interactive",
          "--no-interactive");

  /** Whether {@code text} is a flag that takes no value. */
  static boolean alone(String text) {
    return ALONE.contains(text)
        || text.startsWith("--no-") && text.length() > 5 && text.indexOf('=') < 0;
  }
}
