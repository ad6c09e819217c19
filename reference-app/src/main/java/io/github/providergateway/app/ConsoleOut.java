package io.github.providergateway.app;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The console's output: whole lines, so that events from the gateway's threads and command output
 * never interleave, and the {@code > } prompt when a person types. Lines are written by a thread
 * of their own ({@link LineQueue}), so a terminal or pipe that is not read never blocks the
 * gateway loop: timeline lines beyond {@link #MAX_QUEUED_CHARS} waiting are dropped and counted,
 * everything else waits, and the command reader reads no new command meanwhile.
 */
final class ConsoleOut {

  /** Characters that may wait for a console that is not being read: 1 Mi. */
  static final long MAX_QUEUED_CHARS = 1024L * 1024;
  private static final Duration LAST_LINES_WAIT = Duration.ofSeconds(5);

  private final LineQueue lines;
  private final boolean interactive;

  ConsoleOut(OutputStream out, boolean interactive) {
    PrintStream printer = new PrintStream(out, false, StandardCharsets.UTF_8);
    this.lines =
        new LineQueue(
            "gateway-console",
            MAX_QUEUED_CHARS,
            new LineQueue.Sink() {
              @Override
              public void write(String text) throws IOException {
                printer.print(text);
                if (printer.checkError()) {
                  throw new IOException("the console's output is closed");
                }
              }

              @Override
              public void flush() {
                printer.flush();
              }
            },
            (key, count) -> "(" + count + " timeline line" + (count == 1 ? "" : "s")
                + " dropped: the console was not keeping up)" + System.lineSeparator());
    this.interactive = interactive;
  }

  /** Prints whole lines, never dropped. */
  void say(String text) {
    lines.put(text + System.lineSeparator());
  }

  /** Prints a timeline line, dropped (and counted) while the console is not being read. */
  void timeline(String text) {
    lines.offer(text + System.lineSeparator(), "");
  }

  /** Asks for the next command, in a terminal only. */
  void prompt() {
    if (interactive) {
      lines.put("> ");
    }
  }

  /** Blocks the command reader while the console is not being read. */
  void awaitRoom() throws InterruptedException {
    lines.awaitRoom();
  }

  /** Waits a little for what is queued to be written: the app is about to return. */
  void finish() {
    lines.putLast("");
    try {
      lines.drain(LAST_LINES_WAIT);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
