package io.github.providergateway.app;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The window contract for the JVM's window, {@code gateway mcp} ({@code McpFrontDoor} over stdio)
 * as a process of its own, as the launcher runs it when the shell window hands it over: a process
 * rather than in-process, so that its stdio, its exit and its time limits are the real ones.
 */
@Tag("process")
class JvmWindowContractTest extends WindowContract {
  @Override
  List<String> command(Path home) {
    return TestJvm.command(Main.class, List.of("mcp", "--home", home.toString()));
  }

  /**
   * The drift this contract found and issue 63's renewable window session (step 3) is to remove:
   * the JVM's window makes its session again only when a {@code tools/call} meets {@code
   * INVALID_SESSION} (decision 73), never of itself, so an agent that only waits is not told the
   * tools changed; the shell window renews from its stream's loop. Found here: after a clean stop
   * the gateway ends its sessions, so its {@code GatewayClient} reconnects to the new gateway with
   * none to register again ({@code reconnected(true)}); and the JVM window's client starts a
   * gateway that is gone itself (decision 74), racing the test's own restart of it.
   */
  @Override
  @Test
  @Disabled("issue 63 step 3: the JVM window renews its session only at a tools/call (decision 73)")
  void aGatewayStartedAgainGetsTheWindowBackAndTheAgentIsToldToolsChanged() {}
}
