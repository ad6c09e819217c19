package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.home.GatewayPort;
import io.github.providergateway.host.client.GatewayHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 77: {@code gateway stop} stops a console's gateway as the console's {@code quit} does (its
 * help said so, and it refused): the console says who asked, stops and ends with exit 0, and the
 * gateway's files are gone.
 */
class GatewayStopConsoleTest {

  @TempDir Path home;

  @Test
  void stopEndsAConsolesGatewayAsItsQuitDoesAndTheConsoleSaysSo() throws Exception {
    try (ConsoleApp console = ConsoleApp.start(home)) {
      String port = Files.readString(home.resolve(GatewayHome.PORT_FILE)).strip();

      AppRun stop = AppRun.of(List.of("stop", "--home", home.toString(), "--port", port), Map.of());

      assertThat(stop.exit()).as(stop.err()).isZero();
      assertThat(stop.out()).contains("Stopped the gateway of " + home);
      console.awaitLine("'gateway stop' asked this gateway to stop: stopping, as 'quit' does.");
      console.awaitLine("Gateway stopped; token file removed.");
      assertThat(console.awaitExit()).as(console.text()).isZero();
      assertThat(home.resolve(GatewayHome.TOKEN_FILE)).doesNotExist();
      assertThat(GatewayPort.answering(home)).isEmpty();
    }
  }
}
