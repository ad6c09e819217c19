package io.github.providergateway.websocket.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.spi.CloseReason;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CloseStatusesTest {

  @ParameterizedTest
  @CsvSource({
    "NORMAL, 1000",
    "AUTH_FAILED, 1008",
    "UNSUPPORTED_VERSION, 1002",
    "PROTOCOL_ERROR, 1002",
    "TOO_SLOW, 1008",
    "TOO_FAST, 1008",
    "GATEWAY_STOPPING, 1001"
  })
  void eachGatewayCloseReasonHasItsRfc6455Code(CloseReason reason, int code) {
    assertThat(CloseStatuses.of(reason).code()).isEqualTo(code);
  }
}
