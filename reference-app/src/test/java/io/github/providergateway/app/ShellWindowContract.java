package io.github.providergateway.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;

/**
 * The shell window ({@code src/main/sh/gateway-mcp-bridge.sh}) under the shell {@link #shell}
 * names: skipped, saying so, where that shell is not installed ({@code .ci/run} installs it).
 */
abstract class ShellWindowContract extends WindowContract {

  private static final Path SCRIPT = Path.of("src/main/sh/gateway-mcp-bridge.sh").toAbsolutePath();

  /**
   * The shell's command line, before the script's path.
   *
   * @return the shell and its arguments
   */
  abstract List<String> shell();

  @BeforeEach
  void shellInstalled() {
    String program = shell().get(0);
    boolean found =
        List.of(System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")).stream()
            .anyMatch(folder -> Files.isExecutable(Path.of(folder, program)));
    Assumptions.assumeTrue(
        found, program + " is not installed (Debian: apt-get install " + program + ")");
  }

  @Override
  List<String> command(Path home) {
    List<String> command = new ArrayList<>(shell());
    command.addAll(List.of(SCRIPT.toString(), "--home", home.toString()));
    return command;
  }
}
