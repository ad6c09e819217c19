package io.github.providergateway.app.console;

import io.github.providergateway.app.cli.LineQueue;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * The console's output: whole lines, so that events from the gateway's threads and command output
 * never interleave, and the {@code > } prompt when a person types without line editing. Lines are
 * written by a thread of their own ({@link LineQueue}), so a terminal or pipe that is not read
 * never blocks the gateway loop: timeline lines beyond {@link #MAX_QUEUED_CHARS} waiting are
 * dropped and counted, everything else waits, and the command reader reads no new command
 * meanwhile. On a terminal with line editing that thread prints each line above the prompt and what
 * is being typed ({@link ConsoleTerminal#sink}).
 */
final class ConsoleOut {

  /** Characters that may wait for a console that is not being read: 1 Mi. */
  static final long MAX_QUEUED_CHARS = 1024L * 1024;

  private static final Duration LAST_LINES_WAIT = Duration.ofSeconds(5);

  private final LineQueue lines;

  /** Lines to {@code out}. */
  ConsoleOut(OutputStream out) {
    this(streamSink(out));
  }

  /** Lines to {@code sink}, on the queue's writer thread. */
  ConsoleOut(LineQueue.Sink sink) {
    this.lines =
        new LineQueue(
            "gateway-console",
            MAX_QUEUED_CHARS,
            sink,
            (key, count) ->
                "("
                    + count
                    + " timeline line"
                    + (count == 1 ? "" : "s")
                    + " dropped: the console was not keeping up)"
                    + System.lineSeparator());
  }

  /** Writes to {@code out}; fails once it is closed (a broken pipe). */
  static LineQueue.Sink streamSink(OutputStream out) {
    PrintStream printer = new PrintStream(out, false, StandardCharsets.UTF_8);
    return new LineQueue.Sink() {
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
    };
  }

  /**
   * Writes to {@code meanwhile} until {@code ready} has completed, then (for good) to the sink it
   * completed with: the console's first lines need not wait for a terminal being opened. {@code
   * meanwhile} is flushed before the switch, so lines keep their order. Writer thread only.
   */
  static LineQueue.Sink switching(
      LineQueue.Sink meanwhile, CompletableFuture<LineQueue.Sink> ready) {
    return new LineQueue.Sink() {
      /** Where lines go now. Writer thread only. */
      private LineQueue.Sink current = meanwhile;

      private boolean switched;

      @Override
      public void write(String text) throws IOException {
        if (!switched && ready.isDone()) {
          switched = true;
          meanwhile.flush();
          current = ready.join();
        }
        current.write(text);
      }

      @Override
      public void flush() throws IOException {
        current.flush();
      }
    };
  }

  /** Prints whole lines, never dropped. */
  void say(String text) {
    lines.put(text + System.lineSeparator());
  }

  /** Prints a timeline line, dropped (and counted) while the console is not being read. */
  void timeline(String text) {
    lines.offer(text + System.lineSeparator(), "");
  }

  /** Asks for the next command (a terminal without line editing). */
  void prompt() {
    lines.put(ConsoleTerminal.PROMPT);
  }

  /**
   * Waits up to {@code limit} for the lines queued so far to be written, so a terminal's prompt is
   * drawn after a command's output rather than redrawn under it.
   */
  void settle(Duration limit) throws InterruptedException {
    lines.drain(limit);
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
