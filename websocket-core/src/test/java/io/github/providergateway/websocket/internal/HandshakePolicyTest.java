package io.github.providergateway.websocket.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HandshakePolicyTest {

  private final HandshakePolicy policy = new HandshakePolicy(Set.of("http://localhost:3000"));

  @Test
  void aLoopbackPeerWithALoopbackHostAndNoOriginMayProceed() {
    assertThat(policy.refusal("127.0.0.1", "127.0.0.1:9400", null, 9400)).isEmpty();
  }

  @Test
  void aRefusalRepeatsAtMostAHundredCharactersOfAHeaderWithControlsEscaped() {
    String origin = "http://evil.example/" + "x".repeat(8_000);

    String refusal = policy.refusal("127.0.0.1", "localhost:9400", origin, 9400).orElseThrow();
    assertThat(refusal).hasSizeLessThan(200).contains("(8020 chars)");
    assertThat(policy.refusal("127.0.0.1", "evil\u001b[2J\nforged", null, 9400).orElseThrow())
        .contains("evil\\u001b[2J\\u000aforged")
        .doesNotContain("\n");
  }

  @Test
  void anAllowListedOriginMayProceed() {
    assertThat(policy.refusal("::1", "[::1]:9400", "http://localhost:3000", 9400)).isEmpty();
  }

  @Test
  void anOriginOffTheListIsRefused() {
    assertThat(policy.refusal("127.0.0.1", "localhost:9400", "http://evil.example", 9400))
        .hasValueSatisfying(reason -> assertThat(reason).contains("Origin"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"127.0.0.1", "127.1.2.3", "::1", "0:0:0:0:0:0:0:1", "[::1]", "::ffff:127.0.0.1"})
  void loopbackPeersAreLoopback(String address) {
    assertThat(HandshakePolicy.isLoopback(address)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"10.0.0.5", "192.168.1.10", "fe80::1", "0.0.0.0", "localhost", "evil.example", ""})
  void everythingElseIsNotLoopback(String address) {
    assertThat(HandshakePolicy.isLoopback(address)).isFalse();
    assertThat(new HandshakePolicy(Set.of()).refusal(address, "127.0.0.1:9400", null, 9400))
        .isPresent();
  }

  @ParameterizedTest
  @CsvSource({
    "127.0.0.1:9400, true",
    "localhost:9400, true",
    "LOCALHOST:9400, true",
    "[::1]:9400, true",
    "127.0.0.1:9401, false",
    "127.0.0.1, false",
    "localhost, false",
    "evil.example:9400, false",
    "::1:9400, false",
    "0.0.0.0:9400, false"
  })
  void onlyLoopbackNamesWithThisPortAreHosts(String host, boolean accepted) {
    assertThat(HandshakePolicy.isLoopbackHost(host, 9400)).isEqualTo(accepted);
  }

  /**
   * A container that does not report the port it was reached on (-1) lets {@code Host} name any
   * port of one to five digits, and nothing else after the colon.
   */
  @ParameterizedTest
  @CsvSource({
    "localhost:65535, true",
    "127.0.0.1:8080, true",
    "[::1]:9, true",
    "localhost:123456, false",
    "localhost:80a0, false",
    "localhost:8/80, false",
    "localhost:8:80, false",
    "localhost:, false",
    "evil.example:8080, false"
  })
  void withThePortUnknownALoopbackNameWithAnyPortOfUpToFiveDigitsIsAHost(
      String host, boolean accepted) {
    assertThat(HandshakePolicy.isLoopbackHost(host, -1)).isEqualTo(accepted);
  }

  @Test
  void aHeaderOfAHundredCharactersIsShownWholeAndALongerOneIsCutToAHundred() {
    String hundred = "h".repeat(100);

    assertThat(HandshakePolicy.shown(hundred)).isEqualTo(hundred);
    assertThat(HandshakePolicy.shown(hundred + "x")).isEqualTo(hundred + "…(101 chars)");
    assertThat(HandshakePolicy.shown(null)).isEqualTo("null");
  }

  /** The HTTP routes' rule: a page of this server itself may post; any other origin may not. */
  @Test
  void overHttpThisServersOwnOriginMayProceedAndAnotherLoopbackPortsMayNot() {
    assertThat(policy.httpRefusal("127.0.0.1", "localhost:9400", "http://LOCALHOST:9400", 9400))
        .isEmpty();
    assertThat(policy.httpRefusal("127.0.0.1", "localhost:9400", "http://localhost:9401", 9400))
        .hasValueSatisfying(reason -> assertThat(reason).contains("Origin"));
    assertThat(policy.httpRefusal("127.0.0.1", "localhost:9400", "https://localhost:9400", 9400))
        .isPresent();
    assertThat(policy.httpRefusal("127.0.0.1", "localhost:9400", null, 9400)).isEmpty();
    assertThat(policy.httpRefusal("10.0.0.5", "localhost:9400", null, 9400)).isPresent();
  }

  @Test
  void aMissingHostIsRefused() {
    assertThat(policy.refusal("127.0.0.1", null, null, 9400)).isPresent();
  }

  // What a Jakarta container shows an endpoint once the session is open (transport-jakarta).

  private final InetSocketAddress peer = new InetSocketAddress("127.0.0.1", 50_000);

  @Test
  void noOriginOrAnAllowListedOneMayProceedAndAnyOtherMayNot() {
    assertThat(policy.originAllowed(null)).isTrue();
    assertThat(policy.originAllowed("http://localhost:3000")).isTrue();
    assertThat(policy.originAllowed("http://evil.example")).isFalse();
    assertThat(policy.originAllowed("http://localhost:3001")).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1:9400", "localhost:9400", "[::1]:9400", "LOCALHOST:9400"})
  void anOpenedSessionWithALoopbackHostAndTheReachedPortIsServed(String host) {
    assertThat(policy.openedRefusal(peer, host, 9400)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"evil.example:9400", "127.0.0.1:9401", "localhost", "127.0.0.1:", "10.0.0.1:9400"})
  void anOpenedSessionWithAnyOtherHostIsRefused(String host) {
    assertThat(policy.openedRefusal(peer, host, 9400))
        .get()
        .asString()
        .contains("does not name this loopback server");
  }

  @Test
  void anOpenedSessionWithoutAHostHeaderIsRefused() {
    assertThat(policy.openedRefusal(peer, null, 9400)).isPresent();
  }

  @Test
  void anOpenedSessionFromAPeerOffLoopbackIsRefusedWhenTheContainerReportsIt() {
    assertThat(
            policy.openedRefusal(
                new InetSocketAddress("192.0.2.7", 50_000), "127.0.0.1:9400", 9400))
        .get()
        .asString()
        .contains("not on loopback");
  }

  @Test
  void whenTheContainerReportsNoAddressesOnlyTheHostNameIsChecked() {
    assertThat(policy.openedRefusal(null, "localhost:8025", -1)).isEmpty();
    assertThat(policy.openedRefusal(null, "evil.example:8025", -1)).isPresent();
    assertThat(policy.openedRefusal(null, "localhost:123456", -1)).isPresent();
    assertThat(policy.openedRefusal(null, "localhost", -1)).isPresent();
  }
}
