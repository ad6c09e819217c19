package io.github.providergateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@link Gateway.Builder#backend}: one manual backend is all a test gives for the gateway's time,
 * threads and secrets (issue 50).
 */
class GatewayBackendTest {

  private final ManualClock time = new ManualClock();

  @Test
  void aManualBackendAloneDrivesTheAuthenticationDeadlineOnTheTestThread() {
    try (Gateway gateway = Gateway.builder().backend(time.backend()).build()) {
      RecordingProviderConnection silent = new RecordingProviderConnection("silent");
      silent.attach(gateway.transports().acceptWebSocket(silent));

      time.advance(Duration.ofMillis(9_999));
      assertThat(silent.isClosed()).as("one tick before the 10 s").isFalse();
      time.advance(Duration.ofMillis(1));

      // No waiting: the backend's direct executor ran the timeout on this thread, in advance.
      assertThat(silent.isClosed()).isTrue();
      assertThat(silent.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
      assertThat(silent.closeReason()).isEqualTo(CloseReason.AUTH_FAILED);
    }
  }

  @Test
  void theBackendsSeededGeneratorPinsTheTokens() {
    try (Gateway first = Gateway.builder().backend(time.backend(7)).build();
        Gateway second = Gateway.builder().backend(new ManualClock().backend(7)).build();
        Gateway other = Gateway.builder().backend(time.backend(8)).build()) {
      assertThat(first.credentials().providerToken())
          .isEqualTo(second.credentials().providerToken())
          .isNotEqualTo(other.credentials().providerToken());
    }
  }
}
