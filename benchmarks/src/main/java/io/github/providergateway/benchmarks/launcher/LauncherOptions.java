package io.github.providergateway.benchmarks.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The {@code ./gateway} launcher's JVM options, read from the one file that holds them: the
 * reference app's {@code jvm.options}, which the launcher and a host-started gateway read too. So
 * the gateway the drivers measure runs as the one people run.
 */
public final class LauncherOptions {

  /** The file, from the repository root (where {@code run-load.sh} and {@code run-soak.sh} run). */
  public static final Path FILE =
      Path.of("reference-app/src/main/resources/io/github/providergateway/app/jvm.options");

  private LauncherOptions() {}

  /** The options in {@code file}: its lines, less blank ones and {@code #} comments. */
  public static List<String> read(Path file) throws IOException {
    return Files.readAllLines(file).stream()
        .map(String::strip)
        .filter(line -> !line.isEmpty() && !line.startsWith("#"))
        .toList();
  }
}
