package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientOptions;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 43, row 3: a console that stops while an agent's session is attached says that the guard is
 * down for it, how long, and how it comes back (X-GUARD-08); one with no agent attached does not.
 */
class ConsoleQuitWithAgentsTest {

  @TempDir Path home;

  @Test
  void quittingWithAnAgentAttachedSaysTheGuardIsDownForIt() throws Exception {
    ConsoleApp console = ConsoleApp.start(home);
    GatewayClient agent = GatewayClient.connect(home, 9400, GatewayClientOptions.defaults());
    agent
        .startSession(SessionSpec.of("claude-code", "/work/repo"), new RecordingSessionHost())
        .get(10, TimeUnit.SECONDS);

    int before = console.lineCount();
    console.type("quit");

    console.awaitLineAfter(
        before, "The guard is down for claude-code in /work/repo: until a gateway runs for");
    assertThat(console.text()).contains("gateway service install");
    agent.close();
  }

  @Test
  void quittingAloneSaysNothingOfAGuard() throws Exception {
    ConsoleApp console = ConsoleApp.start(home);
    int before = console.lineCount();
    console.type("quit");

    console.awaitLineAfter(before, "Gateway stopped; token file removed.");
    assertThat(console.text()).doesNotContain("The guard is down");
  }
}
