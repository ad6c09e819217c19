package io.github.providergateway.app;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@link HostProcessMain} run as a real {@code java} process on the test class path: lines it
 * prints are kept and awaited with bounded waits; its stderr goes to a file shown on failure.
 * {@link #close()} kills it if it is still running.
 */
public final class HostProcess implements AutoCloseable {

  public static final Duration WAIT = Duration.ofSeconds(30);

  private final Process process;
  private final Path stderr;
  private final OutputStream stdin;

  /** Lines printed so far. Guarded by this. */
  private final List<String> lines = new ArrayList<>();

  private HostProcess(Process process, Path stderr) {
    this.process = process;
    this.stderr = stderr;
    this.stdin = process.getOutputStream();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader out =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                  synchronized (this) {
                    lines.add(line);
                    notifyAll();
                  }
                }
              } catch (IOException e) {
                // The process is gone.
              }
            },
            "host-process-stdout");
    reader.setDaemon(true);
    reader.start();
  }

  static HostProcess start(Path home, int port, String label, Path logDir, String... gatewayArgs)
      throws IOException {
    List<String> command =
        TestJvm.command(
            HostProcessMain.class, List.of(home.toString(), Integer.toString(port), label));
    command.addAll(List.of(gatewayArgs));
    Path stderr = logDir.resolve("host-" + label + ".err");
    Process process =
        new ProcessBuilder(command)
            .redirectError(ProcessBuilder.Redirect.to(stderr.toFile()))
            .start();
    return new HostProcess(process, stderr);
  }

  /** The first line starting with {@code prefix + " "} at or after line {@code from}; its rest. */
  synchronized String await(String prefix, int from) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      for (int i = from; i < lines.size(); i++) {
        if (lines.get(i).startsWith(prefix + " ")) {
          return lines.get(i).substring(prefix.length() + 1);
        }
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new AssertionError(
            "no "
                + prefix
                + " line within "
                + WAIT
                + "; lines: "
                + lines
                + "\nstderr:\n"
                + stderr());
      }
      try {
        TimeUnit.NANOSECONDS.timedWait(this, left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }

  String await(String prefix) {
    return await(prefix, 0);
  }

  long pid() {
    return process.pid();
  }

  synchronized int lineCount() {
    return lines.size();
  }

  void send(String line) {
    try {
      stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      stdin.flush();
    } catch (IOException e) {
      throw new AssertionError("the host process stopped reading; stderr:\n" + stderr(), e);
    }
  }

  /** Sends {@code quit} and waits for the process to exit. */
  int quit() throws InterruptedException {
    send("quit");
    if (!process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
      throw new AssertionError("the host did not exit; stderr:\n" + stderr());
    }
    return process.exitValue();
  }

  String stderr() {
    try {
      return Files.readString(stderr);
    } catch (IOException e) {
      return "(no stderr: " + e + ")";
    }
  }

  @Override
  public void close() {
    process.destroyForcibly();
    try {
      process.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
