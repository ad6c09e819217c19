package io.github.providergateway.app;

import io.github.providergateway.app.home.ShellWords;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A stand-in for {@code ./gateway} in tests of real processes: {@code hook AGENT} runs the
 * launcher's shell script ({@code src/main/sh/gateway-hook.sh}, which comes back here with {@code
 * GATEWAY_HOOK_JVM=1} when no gateway answers), everything else the app on the test class path. The
 * real launcher may run Maven first; this one never builds.
 */
public final class StandInLauncher {

  private StandInLauncher() {}

  /** Writes the stand-in as {@code dir/gateway}; {@return its path} */
  public static Path write(Path dir) throws IOException {
    return write(dir, "");
  }

  /**
   * Writes the stand-in as {@code dir/gateway}, handing {@code mcp} to the bridge ({@code
   * src/main/sh/gateway-mcp-bridge.sh}, which comes back here with {@code GATEWAY_MCP_JVM=1} when
   * no gateway answers) as {@code ./gateway} does; {@return its path}
   */
  public static Path withMcpBridge(Path dir) throws IOException {
    Path bridge = Interop.repoRoot().resolve("reference-app/src/main/sh/gateway-mcp-bridge.sh");
    String file = ShellWords.quote(dir.resolve("gateway").toString());
    return write(
        dir,
        "if [ \"${1:-}\" = mcp ] && [ -z \"${GATEWAY_MCP_JVM:-}\" ]; then\n"
            + "  shift; GATEWAY_BRIDGE_LAUNCHER="
            + file
            + " exec /bin/sh "
            + ShellWords.quote(bridge.toString())
            + " \"$@\"\n"
            + "fi\n");
  }

  /**
   * Writes the stand-in as {@code dir/gateway}, holding every agent's window ({@code mcp}) for
   * {@code hold} before it starts, so that what the windows start (the home's gateway) comes that
   * much later, whatever the machine's speed; {@return its path}
   */
  public static Path holdingWindows(Path dir, Duration hold) throws IOException {
    return write(dir, "if [ \"${1:-}\" = mcp ]; then sleep " + hold.toSeconds() + "; fi\n");
  }

  private static Path write(Path dir, String mcp) throws IOException {
    Path script = Interop.repoRoot().resolve("reference-app/src/main/sh/gateway-hook.sh");
    Path file = dir.resolve("gateway");
    String jvm =
        TestJvm.command(Main.class, List.of()).stream()
            .map(ShellWords::quote)
            .collect(Collectors.joining(" "));
    Files.writeString(
        file,
        "#!/bin/sh\n"
            + mcp
            + "if [ \"${1:-}\" = hook ] && [ -z \"${GATEWAY_HOOK_JVM:-}\" ]; then\n"
            + "  case \"${2:-}\" in\n"
            + "    claude|copilot|gemini|codex|cursor) shift; GATEWAY_HOOK_LAUNCHER="
            + ShellWords.quote(file.toString())
            + " exec /bin/sh "
            + ShellWords.quote(script.toString())
            + " \"$@\" ;;\n"
            + "  esac\n"
            + "fi\n"
            + "exec "
            + jvm
            + " \"$@\"\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    return file;
  }
}
