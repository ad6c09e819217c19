package io.github.providergateway.app;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The app in console mode, in-process on streams the test holds: it types lines, reads what a
 * person would see, and waits (boundedly) for lines to appear.
 */
final class ConsoleApp implements AutoCloseable {

  private final ScriptedInput input = new ScriptedInput();
  private final TextRecorder output = new TextRecorder();
  private final CompletableFuture<Integer> exitCode;

  private ConsoleApp(List<String> args) {
    PrintStream err =
        new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
    exitCode = InThreadApp.start("console-app", args, input, output, err);
  }

  /** Starts the console and waits until it invites commands. */
  static ConsoleApp start(Path home, String... extraArgs) {
    List<String> args = new ArrayList<>(List.of("--port", "0", "--home", home.toString()));
    args.addAll(List.of(extraArgs));
    ConsoleApp app = new ConsoleApp(args);
    app.awaitLine("Type 'help'");
    return app;
  }

  /**
   * Opens the console on the gateway running for {@code home} ({@code gateway attach}) and waits
   * until it invites commands; it detaches at the end of its input.
   */
  static ConsoleApp attach(Path home) {
    ConsoleApp app = new ConsoleApp(List.of("attach", "--home", home.toString()));
    app.awaitLine("Type 'help'");
    return app;
  }

  /** Types a line. */
  void type(String line) {
    input.add(line + "\n");
  }

  /** Ends the input, as Ctrl-D or the end of a piped script does. */
  void endInput() {
    input.end();
  }

  /** The first line (from the start) containing {@code text}. */
  String awaitLine(String text) {
    return output.await(text, 0);
  }

  /** The first line containing {@code text} printed after the first {@code after} lines. */
  String awaitLineAfter(int after, String text) {
    return output.await(text, after);
  }

  /** How many lines were printed so far. */
  int lineCount() {
    return output.count();
  }

  /** Everything printed so far. */
  String text() {
    return output.text();
  }

  URI url() {
    return ConsoleBanner.in(text()).url();
  }

  String token() throws Exception {
    return ConsoleBanner.in(text()).token();
  }

  /** The id of the session the console started by itself. */
  String defaultSession() {
    return ConsoleBanner.in(text()).defaultSession();
  }

  int awaitExit() {
    return InThreadApp.awaitExit(exitCode, this::text);
  }

  @Override
  public void close() {
    input.end();
    InThreadApp.awaitExitQuietly(exitCode);
  }

  /** stdout, kept as lines of text. */
  private static final class TextRecorder extends OutputStream {
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    /** Guarded by this. */
    private final List<String> lines = new ArrayList<>();

    @Override
    public synchronized void write(int b) {
      if (b == '\n') {
        lines.add(pending.toString(StandardCharsets.UTF_8));
        pending.reset();
        notifyAll();
      } else {
        pending.write(b);
      }
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) {
      for (int i = offset; i < offset + length; i++) {
        write(bytes[i]);
      }
    }

    synchronized int count() {
      return lines.size();
    }

    synchronized String text() {
      return String.join("\n", lines);
    }

    synchronized String await(String text, int after) {
      long deadline = System.nanoTime() + RpcApp.WAIT.toNanos();
      int checked = after;
      while (true) {
        for (; checked < lines.size(); checked++) {
          if (lines.get(checked).contains(text)) {
            return lines.get(checked);
          }
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new AssertionError(
              "no line with '"
                  + text
                  + "' within "
                  + RpcApp.WAIT
                  + "; the console printed:\n"
                  + text());
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(this, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new AssertionError(e);
        }
      }
    }
  }
}
