package io.github.providergateway.app.cli;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What every command of the app runs with: its streams, its environment, the app as it runs here,
 * and where to say what a stop signal should do. {@code Main} makes one per run and hands it to
 * each command it parses (the app's {@code CommandFactory}), so that no command reads {@code Main}:
 * the process's own streams for {@code gateway ...}, a test's when it runs the app in process.
 *
 * @param in the app's standard input
 * @param out the app's standard output
 * @param err the app's standard error
 * @param env the environment the app runs in ({@code COPILOT_HOME} picks the default home)
 * @param terminal whether stdin and stdout are a terminal (the console then edits lines)
 * @param runningApp the app as {@code gateway service install} copies it, and its system
 * @param signalStops takes what a command without a front end does when a signal stops the process
 */
public record CommandContext(
    InputStream in,
    OutputStream out,
    PrintStream err,
    Map<String, String> env,
    boolean terminal,
    RunningApp runningApp,
    Consumer<Runnable> signalStops) {

  /**
   * Standard output as a stream of lines, flushed at each: what a command prints its answer on.
   *
   * @return a new print stream on {@link #out}, UTF-8
   */
  public PrintStream stdout() {
    return new PrintStream(out, true, StandardCharsets.UTF_8);
  }

  /**
   * Runs {@code stop} when a signal (SIGTERM, Ctrl-C) stops the process: a command that serves
   * until then (the MCP front door) stops what it serves.
   *
   * @param stop what to run on the signal
   */
  public void onSignal(Runnable stop) {
    signalStops.accept(stop);
  }
}
