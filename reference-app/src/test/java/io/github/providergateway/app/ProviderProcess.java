package io.github.providergateway.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A provider written in another language, run as a real process. Its stdout and stderr go to a log
 * file, shown when an assertion about it fails.
 */
final class ProviderProcess implements AutoCloseable {

  private final Process process;
  private final Path log;

  private ProviderProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /**
   * Starts {@code command} in {@code dir}, with {@code env} added to the environment and every
   * {@code TAP_*} variable of ours removed (the test decides what the provider sees).
   */
  static ProviderProcess start(List<String> command, Path dir, Map<String, String> env, Path log)
      throws IOException {
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.to(log.toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    builder
        .environment()
        .keySet()
        .removeIf(name -> name.startsWith("TAP_") || name.equals("COPILOT_HOME"));
    builder.environment().putAll(env);
    return new ProviderProcess(builder.start(), log);
  }

  /** The exit code, waiting at most {@code wait}; fails when it is still running. */
  int awaitExit(Duration wait) throws InterruptedException {
    if (!process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new AssertionError(
          "the provider is still running after " + wait + "; its output:\n" + output());
    }
    return process.exitValue();
  }

  /** What the provider printed so far. */
  String output() {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "(cannot read " + log + ": " + e + ")";
    }
  }

  @Override
  public void close() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    try {
      process.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
