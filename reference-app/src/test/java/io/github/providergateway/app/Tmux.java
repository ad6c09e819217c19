package io.github.providergateway.app;

import io.github.providergateway.app.console.ConsoleTerminal;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A real terminal for a test: a tmux server of the test's own (its socket in a temporary directory,
 * no user config) running one command in one pane, keys sent with {@code send-keys}, the screen
 * read with {@code capture-pane}. Closing kills that server only.
 */
final class Tmux implements AutoCloseable {

  private static final String PANE = "console";

  private final Path socket;

  private Tmux(Path socket) {
    this.socket = socket;
  }

  /** Whether tmux can be run here. */
  static boolean installed() {
    try {
      Process version = new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start();
      version.getInputStream().readAllBytes();
      return version.waitFor(10, TimeUnit.SECONDS) && version.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Runs {@code command} in a pane of {@code columns} by {@code rows}, its server's socket in
   * {@code dir}.
   */
  static Tmux start(Path dir, List<String> command, int columns, int rows) throws IOException {
    Tmux tmux = new Tmux(dir.resolve("tmux.sock"));
    List<String> args =
        new ArrayList<>(List.of("-f", "/dev/null", "new-session", "-d", "-s", PANE));
    args.addAll(List.of("-x", Integer.toString(columns), "-y", Integer.toString(rows)));
    args.add(shellCommand(command));
    tmux.run(args);
    // Keep the pane (and what it shows) when the command ends, for the test to read.
    tmux.run(List.of("set-option", "-t", PANE, "remain-on-exit", "on"));
    return tmux;
  }

  /** Types {@code text} as it is. */
  void type(String text) throws IOException {
    run(List.of("send-keys", "-t", PANE, "-l", text));
  }

  /** Types {@code line} and presses Enter. */
  void enter(String line) throws IOException {
    type(line);
    press("Enter");
  }

  /** Presses keys by tmux's names: {@code Enter}, {@code Tab}, {@code Up}, {@code C-c}. */
  void press(String... keys) throws IOException {
    List<String> args = new ArrayList<>(List.of("send-keys", "-t", PANE));
    args.addAll(List.of(keys));
    run(args);
  }

  /** The pane's text, its scrollback included, wrapped lines joined. */
  String screen() throws IOException {
    return run(List.of("capture-pane", "-p", "-J", "-S", "-", "-t", PANE));
  }

  /** The screen once it shows {@code text}; fails after {@code limit}. */
  String await(String text, Duration limit) throws IOException, InterruptedException {
    return awaitScreen(screen -> screen.contains(text), "'" + text + "'", limit);
  }

  /** The screen once its last line that is not blank is {@code line}; fails after {@code limit}. */
  String awaitLastLine(String line, Duration limit) throws IOException, InterruptedException {
    return awaitScreen(
        screen -> lastLine(screen).strip().equals(line), "last line '" + line + "'", limit);
  }

  /**
   * The screen once the console's prompt is the last line: it is reading the next command. Keys
   * sent before that reach a terminal still in cooked mode, where the tty echoes them and an arrow
   * key arrives in the form JLine does not bind outside its keypad mode, as a person typing ahead
   * would find; a test waits for the prompt as the person waits to see it.
   */
  String awaitPrompt(Duration limit) throws IOException, InterruptedException {
    return awaitLastLine(ConsoleTerminal.PROMPT.strip(), limit);
  }

  /** The exit status of the pane's command once it has ended; fails after {@code limit}. */
  int awaitExit(Duration limit) throws IOException {
    String server = run(List.of("display-message", "-p", "#{pid}")).strip();
    String status =
        Await.value(
            limit,
            () -> {
              nudgeServer(server);
              String dead =
                  run(List.of(
                          "display-message", "-p", "-t", PANE, "#{pane_dead} #{pane_dead_status}"))
                      .strip();
              return dead.startsWith("1 ") ? dead.substring(2) : null;
            },
            () -> "the console's end; the screen shows:\n" + lastScreen());
    return Integer.parseInt(status);
  }

  /**
   * Sends the tmux server the SIGCHLD its pane's exit sent. tmux 3.3a loses one now and then on a
   * busy machine (seen in CI and at load 8 on 2 cores: the console's JVM a zombie for 30 s, the
   * pane still alive; a SIGCHLD sent by hand had it reaped at once, exit 0), and a pane is dead
   * only once tmux has reaped it. A SIGCHLD with no child to reap is a no-op for it.
   */
  private static void nudgeServer(String server) throws IOException {
    try {
      new ProcessBuilder("kill", "-CHLD", server).redirectErrorStream(true).start().waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  private String awaitScreen(Predicate<String> shows, String what, Duration limit) {
    // A screen is polled: tmux has nothing to wait on.
    return Await.value(
        limit,
        () -> {
          String screen = screen();
          return shows.test(screen) ? screen : null;
        },
        () -> what + " on the screen; it shows:\n" + lastScreen());
  }

  private String lastScreen() {
    try {
      return screen();
    } catch (IOException | RuntimeException unreadable) {
      return unreadable.toString();
    }
  }

  private static String lastLine(String screen) {
    String[] lines = screen.split("\n");
    for (int i = lines.length - 1; i >= 0; i--) {
      if (!lines[i].isBlank()) {
        return lines[i];
      }
    }
    return "";
  }

  @Override
  public void close() throws IOException {
    run(List.of("kill-server"));
  }

  private String run(List<String> args) throws IOException {
    List<String> command = new ArrayList<>(List.of("tmux", "-S", socket.toString()));
    command.addAll(args);
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
        if (args.get(0).equals("kill-server")) {
          return output; // gone already
        }
        throw new IOException(String.join(" ", command) + " failed: " + output);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    return output;
  }

  private static String shellCommand(List<String> command) {
    List<String> quoted = new ArrayList<>();
    for (String arg : command) {
      quoted.add("'" + arg.replace("'", "'\\''") + "'");
    }
    return String.join(" ", quoted);
  }
}
