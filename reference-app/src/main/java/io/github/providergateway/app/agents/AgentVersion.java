package io.github.providergateway.app.agents;

import io.github.providergateway.app.home.BoundedCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
    Path found = BoundedCommand.onPath(binary, env).orElse(null);
    if (found == null) {
      return new AgentVersion(binary, null, null, binary + " is not on the PATH");
    }
    BoundedCommand.Outcome ran =
        BoundedCommand.run(List.of(found.toString(), "--version"), env, timeout);
    if (ran.exitCode() == -1) {
      return new AgentVersion(binary, found, null, ran.output());
    }
    Matcher matcher = VERSION.matcher(ran.output());
    if (!matcher.find()) {
      return new AgentVersion(
          binary, found, null, found + " --version printed no version: " + ran.said());
    }
    return new AgentVersion(binary, found, matcher.group(), null);
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

  /** One line for the person: {@code claude 2.1.197 (/usr/bin/claude)}, or the problem. */
  String describe() {
    return version != null ? binary + " " + version + " (" + path + ")" : problem;
  }
}
