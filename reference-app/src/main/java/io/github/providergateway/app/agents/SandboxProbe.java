package io.github.providergateway.app.agents;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Whether an agent's own sandbox can run on this machine (issue 64): the programs it needs are on
 * the {@code PATH}, and bubblewrap can really start one (some distributions forbid the unprivileged
 * user namespaces it uses). Setup writes a sandbox only where this says yes, and otherwise prints
 * what to install, rather than a sandbox that stops the agent ({@code failIfUnavailable}).
 *
 * <p>The probe is bubblewrap around {@code true}, as the agent's sandbox would start it (a
 * read-only root, every namespace unshared): 0 is a sandbox that runs; 1 is bubblewrap's own
 * refusal, whose first line says why. It takes about 50 ms.
 */
final class SandboxProbe {

  /** How long the probe may take: a bubblewrap that hangs is one that does not work. */
  static final Duration TIMEOUT = Duration.ofSeconds(5);

  /** The Debian packages of the programs, for the install line. */
  private static final Map<String, String> PACKAGES =
      Map.of("bwrap", "bubblewrap", "socat", "socat");

  private SandboxProbe() {}

  /**
   * Why a sandbox that needs {@code programs} cannot run here, or null when it can.
   *
   * @param programs the programs it needs ({@code bwrap}, {@code socat})
   * @param path the {@code PATH} to look in
   * @return the reason, with the command that installs what is missing; or null
   */
  static String whyNot(List<String> programs, String path) {
    List<String> missing = new ArrayList<>();
    Path bwrap = null;
    for (String program : programs) {
      Path found = find(program, path);
      if (found == null) {
        missing.add(program);
      } else if (program.equals("bwrap")) {
        bwrap = found;
      }
    }
    if (!missing.isEmpty()) {
      List<String> packages = missing.stream().map(p -> PACKAGES.getOrDefault(p, p)).toList();
      return "not on the PATH: "
          + String.join(", ", missing)
          + " (Debian and Ubuntu: sudo apt-get install "
          + String.join(" ", packages)
          + ")";
    }
    return bwrap == null ? null : refusal(bwrap);
  }

  /** Runs bubblewrap around {@code true}: null when it ran, else why not. */
  private static String refusal(Path bwrap) {
    ProcessBuilder probe =
        new ProcessBuilder(
                bwrap.toString(),
                "--ro-bind",
                "/",
                "/",
                "--dev",
                "/dev",
                "--proc",
                "/proc",
                "--unshare-all",
                "--die-with-parent",
                "true")
            .redirectOutput(ProcessBuilder.Redirect.DISCARD);
    try {
      Process process = probe.start();
      process.getOutputStream().close();
      if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        return "bubblewrap did not start a sandbox within " + TIMEOUT.toSeconds() + " s";
      }
      if (process.exitValue() == 0) {
        return null;
      }
      String said =
          new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)
              .lines()
              .findFirst()
              .orElse("exit " + process.exitValue());
      return "bubblewrap cannot start a sandbox here: " + said;
    } catch (IOException e) {
      return "bubblewrap cannot be run: " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while bubblewrap started";
    }
  }

  /** {@code program} in a folder of {@code path} as an executable file, or null. */
  private static Path find(String program, String path) {
    if (path == null) {
      return null;
    }
    for (String dir : path.split(":")) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, program);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
