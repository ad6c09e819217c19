package io.github.providergateway.transport.jakarta;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HandshakeChecksTest {

  private final HandshakeChecks checks = new HandshakeChecks(Set.of("http://localhost:3000"));
  private final InetSocketAddress peer = new InetSocketAddress("127.0.0.1", 50_000);
  private final InetSocketAddress listening = new InetSocketAddress("127.0.0.1", 9400);

  @Test
  void noOriginOrAnAllowListedOneMayProceedAndAnyOtherMayNot() {
    assertThat(checks.originAllowed(null)).isTrue();
    assertThat(checks.originAllowed("http://localhost:3000")).isTrue();
    assertThat(checks.originAllowed("http://evil.example")).isFalse();
    assertThat(checks.originAllowed("http://localhost:3001")).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1:9400", "localhost:9400", "[::1]:9400", "LOCALHOST:9400"})
  void aLoopbackHostWithTheListeningPortIsServed(String host) {
    assertThat(checks.refusal(host, peer, listening)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"evil.example:9400", "127.0.0.1:9401", "localhost", "127.0.0.1:", "10.0.0.1:9400"})
  void anyOtherHostIsRefused(String host) {
    assertThat(checks.refusal(host, peer, listening))
        .get()
        .asString()
        .contains("does not name this loopback server");
  }

  @Test
  void withoutAHostHeaderTheConnectionIsRefused() {
    assertThat(checks.refusal(null, peer, listening)).isPresent();
  }

  @Test
  void aPeerOffLoopbackIsRefusedWhenTheContainerReportsIt() {
    assertThat(
            checks.refusal("127.0.0.1:9400", new InetSocketAddress("192.0.2.7", 50_000), listening))
        .get()
        .asString()
        .contains("not on loopback");
  }

  @Test
  void whenTheContainerReportsNoAddressesOnlyTheHostNameIsChecked() {
    assertThat(checks.refusal("localhost:8025", null, null)).isEmpty();
    assertThat(checks.refusal("evil.example:8025", null, null)).isPresent();
  }
}
