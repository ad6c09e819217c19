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
   * The drift this contract found: the JVM's window makes its session again only when a {@code
   * tools/call} meets {@code INVALID_SESSION} (decision 73), never of itself, so an agent that only
   * waits is not told the tools changed. The shell window has the gateway do it (decision 78), but
   * the JVM window joins the gateway through {@code GatewayClient}, not {@code /mcp}. Renewing at
   * the client's {@code reconnected(true)} (after a clean stop the gateway ends its sessions, so
   * the client has none to register again) passed this scenario once and failed it the next run
   * (issue 63, worker m): the window's client, finding the gateway gone, starts one itself
   * (decision 74), and the test's own restart then finds the home locked ("another gateway already
   * runs for the home"). Enabling it needs the test to restart the gateway the way a window would
   * find it, or the window not to start one while another is starting.
   */
  @Override
  @Test
  @Disabled(
      "issue 63: the JVM window renews only at a tools/call (decision 73); a reconnect renewal"
          + " races its own start of the gateway (decision 74)")
  void aGatewayStartedAgainGetsTheWindowBackAndTheAgentIsToldToolsChanged() {}
}
