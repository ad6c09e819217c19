package io.github.providergateway.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.host.testing.RecordingHostConnection;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.loop.testing.RecordingBackend;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link HostService.Builder#backend}: the host side takes its time and secrets from the backend it
 * is given, not from the gateway's clock, and its close stops the scheduler the backend made for it
 * (issue 50).
 */
class HostServiceBackendTest {

  /** The gateway's own manual clock, which these tests leave alone. */
  private final GatewayFixture f = GatewayFixture.create();

  /** The host side's manual clock, given through its backend. */
  private final ManualClock hostTime = new ManualClock();

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void theBackendsClockTimesTheTenSecondsToAuthenticate() {
    try (HostService hosts = HostService.builder(f.gateway).backend(hostTime.backend()).build()) {
      RecordingHostConnection host = connect(hosts);

      f.clock.advance(Duration.ofMinutes(1));
      hostTime.advance(Duration.ofMillis(9_999));
      assertThat(host.isClosed()).as("the gateway's clock is not the host side's").isFalse();
      hostTime.advance(Duration.ofMillis(1));

      assertThat(host.isClosed()).isTrue();
    }
  }

  @Test
  void theBackendsSeededGeneratorPinsTheRunId() {
    try (HostService first = HostService.builder(f.gateway).backend(hostTime.backend(7)).build();
        HostService again = HostService.builder(f.gateway).backend(hostTime.backend(7)).build();
        HostService other = HostService.builder(f.gateway).backend(hostTime.backend(8)).build()) {
      String id = gatewayId(first);
      assertThat(gatewayId(again)).isEqualTo(id);
      assertThat(gatewayId(other)).isNotEqualTo(id);
    }
  }

  @Test
  void closingTheServiceReleasesTheSchedulerItsBackendMade() {
    RecordingBackend recording = new RecordingBackend(hostTime.backend());

    HostService mine = HostService.builder(f.gateway).backend(recording).build();
    HostService gatewaysOwn = HostService.builder(f.gateway).build();
    mine.close();
    gatewaysOwn.close();

    assertThat(recording.schedulersMade()).as("none for the one without a backend").isEqualTo(1);
    assertThat(recording.schedulersReleased()).isEqualTo(1);
  }

  private RecordingHostConnection connect(HostService hosts) {
    RecordingHostConnection connection = new RecordingHostConnection("host#1");
    return connection.attach(hosts.open(connection));
  }

  private String gatewayId(HostService hosts) {
    return connect(hosts)
        .ok(
            "{\"id\":0,\"cmd\":\"host.auth\",\"token\":\""
                + f.gateway.credentials().providerToken()
                + "\"}")
        .get("gatewayId")
        .asText();
  }
}
