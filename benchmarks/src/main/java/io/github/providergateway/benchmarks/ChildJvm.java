package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A process the driver started and talks to by lines: it reads the child's stdout, reads its {@code
 * /proc} status, and ends it by closing its stdin.
 */
final class ChildJvm implements AutoCloseable {

  private static final String EOF = "\u0000eof";

  private final Process process;

  /** {@link System#nanoTime()} just before the process was started. */
  final long startedNanos;

  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

  private ChildJvm(Process process, long startedNanos) {
    this.process = process;
    this.startedNanos = startedNanos;
  }

  static ChildJvm start(List<String> command, Path stderrLog) throws IOException {
    Files.createDirectories(stderrLog.getParent());
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectError(ProcessBuilder.Redirect.appendTo(stderrLog.toFile()));
    long t0 = System.nanoTime();
    ChildJvm child = new ChildJvm(builder.start(), t0);
    Thread reader =
        DaemonThreads.start(
            "child-stdout",
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(
                          child.process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                  child.lines.add(line);
                }
              } catch (IOException e) {
                // the process ended; EOF below tells the waiter
              }
              child.lines.add(EOF);
            });
    return child;
  }

  /** The next stdout line, or null at end of output or after {@code timeout}. */
  String nextLine(Duration timeout) throws InterruptedException {
    String line = lines.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
    return line == null || line.equals(EOF) ? null : line;
  }

  /**
   * Reads lines until a JSON line with {@code "event": event}; non-JSON lines are skipped.
   *
   * @throws IllegalStateException when the output ends or the time runs out first
   */
  JsonNode awaitEvent(String event, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      long left = deadline - System.nanoTime();
      String line = left > 0 ? nextLine(Duration.ofNanos(left)) : null;
      if (line == null) {
        throw new IllegalStateException(
            "no \"" + event + "\" from " + process.info().command().orElse("child"));
      }
      if (line.startsWith("{")) {
        JsonNode json = ProtocolCodec.create().parseJson(line);
        if (event.equals(json.path("event").asText())) {
          return json;
        }
      }
    }
  }

  long pid() {
    return process.pid();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Closes the child's stdin, which ends it; destroys it if it has not exited in 10 s. */
  @Override
  public void close() throws InterruptedException {
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // already gone
    }
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroy();
      if (!process.waitFor(3, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }
}
