package io.github.providergateway.transport.ws;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Issue 34: an embedding host saw Grizzly's INFO lines for every listener the server started and
 * stopped. A started server leaves them to warnings.
 */
class ServerLoggingTest {

  @Test
  void grizzlysStartAndStopLinesAreNotInfoForAnEmbeddingHost() throws Exception {
    try (ServerFixture f = ServerFixture.start()) {
      assertThat(f.port()).isPositive();
    }

    for (String name :
        new String[] {
          "org.glassfish.grizzly.http.server.NetworkListener",
          "org.glassfish.grizzly.http.server.HttpServer"
        }) {
      Logger logger = Logger.getLogger(name);
      assertThat(logger.isLoggable(Level.INFO)).as(name).isFalse();
      assertThat(logger.isLoggable(Level.WARNING)).as(name).isTrue();
    }
  }
}
