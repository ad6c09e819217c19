package io.github.providergateway.app.console;

import io.github.providergateway.app.ConsoleBanner;
import io.github.providergateway.app.InThreadApp;
import io.github.providergateway.app.Main;
import io.github.providergateway.app.RpcApp;
import io.github.providergateway.app.ScriptedInput;
import io.github.providergateway.app.WsProvider;
import io.github.providergateway.app.run.AppOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The console with line editing, in-process on a virtual terminal (JLine's own, with a line
 * discipline: echo, Ctrl-C as SIGINT): the test presses keys and reads what the terminal was sent,
 * escape sequences and all, or with them stripped.
 */
final class TerminalConsoleApp implements AutoCloseable {

  /** Arrow up as an xterm sends it once JLine put it in keypad-transmit mode. */
  static final String UP = "\u001bOA";

  static final String TAB = "\t";
  static final String ENTER = "\r";
  static final String CTRL_C = "\u0003";
  static final String CTRL_D = "\u0004";

  private static final Pattern ESCAPES =
      Pattern.compile("\u001b(\\[[0-9;?]*[ -/]*[@-~]|[()][0-9A-Za-z]|[=>78])");

  private final ScriptedInput keys = new ScriptedInput();
  private final Screen screen = new Screen();
  private final Terminal terminal;
  private final CompletableFuture<Integer> exitCode;

  private TerminalConsoleApp(Path home) throws IOException {
    terminal =
        TerminalBuilder.builder()
            .system(false)
            // The exec provider makes a JLine line discipline on the streams (Ctrl-C raises INT);
            // jni would open a real pty, whose Ctrl-C signals no process.
            .providers("exec")
            .streams(keys, screen)
            .type("xterm-256color")
            .size(new Size(160, 50))
            .encoding(StandardCharsets.UTF_8)
            .build();
    PrintStream err =
        new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
    ConsoleHost console = new ConsoleHost(new ConsoleTerminal(terminal, () -> {}), err);
    AppOptions options = Main.options(Map.of(), "--port", "0", "--home", home.toString());
    exitCode = InThreadApp.start("terminal-console-app", () -> console.run(options));
  }

  /** Starts the console and waits until its prompt is drawn after the banner. */
  static TerminalConsoleApp start(Path home) throws IOException {
    TerminalConsoleApp app = new TerminalConsoleApp(home);
    app.awaitText(0, "Type 'help'");
    app.awaitText(app.screen.text().indexOf("Type 'help'"), ConsoleTerminal.PROMPT);
    return app;
  }

  /** Presses keys: text, {@link #TAB}, {@link #ENTER}, {@link #CTRL_C}, ... */
  void press(String typed) {
    keys.add(typed);
  }

  /** Where the text shown so far ends: a mark for {@link #awaitText(int, String)}. */
  int mark() {
    return screen.text().length();
  }

  /**
   * The screen's text (escape sequences stripped) from {@code from}, once it holds {@code text}.
   */
  String awaitText(int from, String text) {
    return screen.await(from, text);
  }

  /** Everything the terminal was sent, escape sequences stripped. */
  String text() {
    return screen.text();
  }

  /** A provider bound to the console's own session as {@code name}, with {@code helloFields}. */
  WsProvider bind(String name, String helloFields) throws IOException {
    ConsoleBanner banner = ConsoleBanner.in(text());
    return WsProvider.bound(
        banner.url(), banner.token(), banner.defaultSession(), name, helloFields);
  }

  String defaultSession() {
    return ConsoleBanner.in(text()).defaultSession();
  }

  int awaitExit() {
    return InThreadApp.awaitExit(exitCode, this::text);
  }

  @Override
  public void close() throws IOException {
    if (!exitCode.isDone()) {
      press(CTRL_D);
      InThreadApp.awaitExitQuietly(exitCode);
    }
    keys.end();
    terminal.close();
  }

  /** What the terminal was sent. */
  private static final class Screen extends OutputStream {
    /** Guarded by this. */
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    @Override
    public synchronized void write(int b) {
      bytes.write(b);
      notifyAll();
    }

    @Override
    public synchronized void write(byte[] buffer, int offset, int length) {
      bytes.write(buffer, offset, length);
      notifyAll();
    }

    synchronized String text() {
      return ESCAPES
          .matcher(bytes.toString(StandardCharsets.UTF_8))
          .replaceAll("")
          .replace("\r", "");
    }

    synchronized String await(int from, String text) {
      long deadline = System.nanoTime() + RpcApp.WAIT.toNanos();
      while (true) {
        String shown = text();
        int at = shown.indexOf(text, Math.min(from, shown.length()));
        if (at >= 0) {
          return shown.substring(Math.min(from, shown.length()));
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new AssertionError(
              "'" + text + "' not shown within " + RpcApp.WAIT + "; the screen shows:\n" + shown);
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
