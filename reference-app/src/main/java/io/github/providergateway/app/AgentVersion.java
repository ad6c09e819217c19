package io.github.providergateway.app;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which version of an agent is installed: its binary found on {@code PATH} (the environment's, as
 * the person's shell would find it) and its {@code --version} run with a short time-out.
 *
 * @param binary the binary's name, e.g. {@code claude}
 * @param path where it was found, or null when it is not on the PATH
 * @param version the first {@code N.N.N} its {@code --version} printed, or null
 * @param problem why there is no version (not found, timed out, no version printed), or null
 */
record AgentVersion(String binary, Path path, String version, String problem) {

  private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");

  /** How long {@code --version} may take: an agent that starts slowly still answers in this. */
  static final Duration TIMEOUT = Duration.ofSeconds(10);

  /** Finds {@code binary} on the {@code PATH} of {@code env} and asks its version. */
  static AgentVersion probe(String binary, Map<String, String> env, Duration timeout) {
    Path found = onPath(binary, env.getOrDefault("PATH", ""));
    if (found == null) {
      return new AgentVersion(binary, null, null, binary + " is not on the PATH");
    }
    Path output = null;
    try {
      output = Files.createTempFile("gateway-setup-version", ".txt");
      ProcessBuilder builder =
          new ProcessBuilder(found.toString(), "--version")
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      builder.environment().clear();
      builder.environment().putAll(env);
      Process process = builder.start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        return new AgentVersion(
            binary,
            found,
            null,
            found + " --version did not answer within " + timeout.toSeconds() + " s");
      }
      String printed = Files.readString(output, StandardCharsets.UTF_8);
      Matcher matcher = VERSION.matcher(printed);
      if (!matcher.find()) {
        return new AgentVersion(
            binary, found, null, found + " --version printed no version: " + printed.strip());
      }
      return new AgentVersion(binary, found, matcher.group(), null);
    } catch (IOException e) {
      return new AgentVersion(binary, found, null, found + " --version failed: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new AgentVersion(binary, found, null, found + " --version was interrupted");
    } finally {
      if (output != null) {
        try {
          Files.deleteIfExists(output);
        } catch (IOException e) {
          // A temporary file of a few bytes left behind: the system's cleaner takes it.
        }
      }
    }
  }

  /** Whether the version is known and at least {@code minimum} ({@code N.N.N}). */
  boolean atLeast(String minimum) {
    return version != null && compare(version, minimum) >= 0;
  }

  /** Compares two {@code N.N.N} versions, part by part as numbers. */
  static int compare(String a, String b) {
    Matcher left = VERSION.matcher(a);
    Matcher right = VERSION.matcher(b);
    if (!left.find() || !right.find()) {
      throw new IllegalArgumentException("not N.N.N: " + a + ", " + b);
    }
    for (int part = 1; part <= 3; part++) {
      int order =
          Integer.compare(Integer.parseInt(left.group(part)), Integer.parseInt(right.group(part)));
      if (order != 0) {
        return order;
      }
    }
    return 0;
  }

  /** The first executable {@code binary} in the folders of {@code path}, or null. */
  private static Path onPath(String binary, String path) {
    for (String folder : path.split(File.pathSeparator)) {
      if (folder.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(folder, binary);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return candidate.toAbsolutePath();
      }
    }
    return null;
  }

  /** One line for the person: {@code claude 2.1.197 (/usr/bin/claude)}, or the problem. */
  String describe() {
    return version != null ? binary + " " + version + " (" + path + ")" : problem;
  }
}
