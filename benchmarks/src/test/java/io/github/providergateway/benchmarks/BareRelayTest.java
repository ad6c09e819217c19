package io.github.providergateway.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BareRelayTest {

  /** RFC 6455, section 1.3: the worked example of the handshake. */
  @Test
  void theHandshakeAnswerIsTheRfcsExample() {
    assertThat(BareRelay.accept("dGhlIHNhbXBsZSBub25jZQ=="))
        .isEqualTo("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
  }
}
