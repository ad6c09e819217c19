package io.github.providergateway.app.agents;

import io.github.providergateway.app.home.BoundedCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The canary {@code gateway doctor --verbose} runs through an agent's own sandbox runner (issue
 * 64): a shell that writes a file outside the project (in the user's home, where the policy lets no
 * program write) and reads a stand-in secret in the gateway's home (which no program may read).
 * Both must be refused; the canary's files are removed afterwards, whatever happened.
 */
final class SandboxCanary {

  /** How long the runner may take, its sandbox's start included. */
  static final Duration TIMEOUT = Duration.ofSeconds(20);

  /** The shell the runner runs: it says what it managed, and that it ran to its end. */
  static final String SCRIPT =
      "touch \"$1\" 2>/dev/null && echo canary-wrote; cat \"$2\" 2>/dev/null && echo canary-read;"
          + " echo canary-ran";

  private final Map<String, String> env;
  private final Path project;
  private final Path userHome;
  private final Path gatewayHome;
  private final String nonce;

  SandboxCanary(
      Map<String, String> env, Path project, Path userHome, Path gatewayHome, String nonce) {
    this.env = env;
    this.project = project;
    this.userHome = userHome;
    this.gatewayHome = gatewayHome;
    this.nonce = nonce;
  }

  /**
   * What the canary did in the sandbox that {@code runner} starts.
   *
   * @param runner the runner's command line, before the shell and its arguments ({@code codex
   *     sandbox --})
   * @param oneString whether the runner takes the shell's command line as one string ({@code srt
   *     -c})
   */
  Outcome run(List<String> runner, boolean oneString) {
    SandboxLeftovers leftovers = SandboxLeftovers.noted();
    Path outside = userHome.resolve(".provider-gateway-sandbox-canary-" + nonce);
    Path secret = gatewayHome.resolve("sandbox-canary-" + nonce);
    try {
      Files.writeString(secret, "stand-in secret " + nonce + "\n", StandardCharsets.UTF_8);
      List<String> shell =
          List.of("sh", "-c", SCRIPT, "canary", outside.toString(), secret.toString());
      List<String> line = new ArrayList<>(runner);
      if (oneString) {
        line.add(SandboxDoctor.oneString(shell));
      } else {
        line.addAll(shell);
      }
      BoundedCommand.Ran ran = BoundedCommand.run(line, env, project, null, TIMEOUT);
      String said = ran.problem() != null ? ran.problem() : ran.stdout() + ran.stderr();
      return Outcome.of(said, Files.exists(outside), outside);
    } catch (IOException e) {
      return Outcome.failed("the canary's secret cannot be written: " + e);
    } finally {
      delete(outside);
      delete(secret);
      leftovers.sweep();
    }
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // Left behind: named by the next run's own file, never read by anything.
    }
  }

  /**
   * @param ran whether the shell ran to its end inside the sandbox
   * @param wrote whether it wrote outside the project
   * @param read whether it read the stand-in secret
   * @param said what the runner printed, for the report
   * @param outside the file it tried to write outside the project, or null when it did not run
   */
  record Outcome(boolean ran, boolean wrote, boolean read, String said, Path outside) {

    static Outcome of(String said, boolean fileThere, Path outside) {
      return new Outcome(
          said.contains("canary-ran"),
          fileThere || said.contains("canary-wrote"),
          said.contains("canary-read"),
          said.strip(),
          outside);
    }

    /** A canary that could not be run: {@code why}. */
    static Outcome failed(String why) {
      return new Outcome(false, false, false, why, null);
    }

    /** Whether the sandbox ran the shell and refused both. */
    boolean confined() {
      return ran && !wrote && !read;
    }

    /**
     * One line for the report; a write outside the project says which of {@code writable}, the
     * sandbox's writable folders, let it through (issue 77: it said only that it wrote).
     */
    String describe(SandboxWritable writable) {
      if (!ran) {
        return "did not run in the sandbox: " + firstLines(said);
      }
      if (confined()) {
        return "refused both (a write outside the project, a read of a stand-in secret)";
      }
      return "NOT confined:"
          + (wrote ? " wrote outside the project (" + writable.whyWritten(outside) + ")" : "")
          + (wrote && read ? " and" : "")
          + (read ? " read the stand-in secret in the gateway's home" : "");
    }

    private static String firstLines(String text) {
      String joined = String.join(" / ", text.lines().limit(3).toList());
      return joined.isEmpty() ? "no output" : joined;
    }
  }
}
