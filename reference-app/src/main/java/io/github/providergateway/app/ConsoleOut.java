package io.github.providergateway.app;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The console's output: whole lines, so that events from the gateway's threads and command output
 * never interleave, and the {@code > } prompt when a person types.
 */
final class ConsoleOut {
  private final PrintStream out;
  private final boolean interactive;

  ConsoleOut(OutputStream out, boolean interactive) {
    this.out = new PrintStream(out, true, StandardCharsets.UTF_8);
    this.interactive = interactive;
  }

  /** Prints whole lines; events from the gateway loop and command output never interleave. */
  void say(String text) {
    synchronized (out) {
      out.println(text);
    }
  }

  /** Asks for the next command, in a terminal only. */
  void prompt() {
    if (interactive) {
      out.print("> ");
      out.flush();
    }
  }
}
