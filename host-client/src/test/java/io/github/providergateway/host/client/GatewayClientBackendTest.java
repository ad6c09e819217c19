package io.github.providergateway.host.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.loop.testing.RecordingBackend;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link GatewayClientOptions.Builder#backend}: the client's reconnect waits are timed by the
 * backend's scheduler, so a manual backend holds the next attempt until its clock is advanced by
 * the backoff, and not one tick less (issue 50). A real connection attempt to a closed loopback
 * port, which is refused at once.
 */
class GatewayClientBackendTest {

  private final ManualClock time = new ManualClock();
  private final AtomicInteger attempts = new AtomicInteger();

  @Test
  void theManualBackendTimesTheWaitBeforeTheNextAttempt() throws IOException {
    ClientRuntime client =
        onTheManualClock(
            counting(GatewayDiscovery.fixed(closedPortUrl(), () -> "ptk-x")),
            Duration.ofMillis(100),
            Duration.ofSeconds(1));
    // The first attempt, as GatewayClient.connect makes it; its wait ends with the close below.
    CompletableFuture<Void> waiting =
        CompletableFuture.runAsync(
            () -> {
              try {
                client.awaitFirstConnection(Duration.ofMinutes(1), "the closed port");
              } catch (IOException closedBeforeAnyConnection) {
                // expected: the test closes the client
              }
            });
    try {
      Await.until(
          Duration.ofSeconds(10),
          () -> time.pendingTasks() == 2,
          () -> "the refused attempt's retry on the manual clock, beside the wait's own bound");
      assertThat(attempts).hasValue(1);

      time.advance(Duration.ofMillis(99));
      assertThat(attempts).as("one tick before the backoff").hasValue(1);
      time.advance(Duration.ofMillis(1));

      Await.until(Duration.ofSeconds(10), () -> attempts.get() == 2, () -> "the second attempt");
    } finally {
      client.close();
    }
    Await.until(Duration.ofSeconds(10), waiting::isDone, () -> "the first wait ended by close");
  }

  /**
   * Issue 76: the wait of {@code connectOrStart} for a gateway that does not answer ("no answer
   * from … within 15 s") is timed by the backend's clock: not a tick before its bound, and ended
   * exactly at it.
   */
  @Test
  void theFirstConnectionsWaitEndsAtItsBoundOnTheBackendsClockAndNotATickBefore()
      throws IOException {
    ClientRuntime client =
        onTheManualClock(
            GatewayDiscovery.fixed(closedPortUrl(), () -> "ptk-x"),
            Duration.ofHours(1),
            Duration.ofHours(1));
    Duration bound = Duration.ofSeconds(15);
    CompletableFuture<Void> waiting =
        CompletableFuture.runAsync(
            () -> {
              try {
                client.awaitFirstConnection(bound, "the closed port");
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    try {
      Await.until(
          Duration.ofSeconds(10),
          () -> time.pendingTasks() == 2,
          () -> "the wait's bound and the retry on the manual clock");

      time.advance(bound.minusMillis(1));
      assertThat(waiting).as("one tick before the bound").isNotDone();
      time.advance(Duration.ofMillis(1));

      assertThat(waiting)
          .failsWithin(Duration.ofSeconds(10))
          .withThrowableThat()
          .havingRootCause()
          .isInstanceOf(java.util.concurrent.TimeoutException.class);
      assertThat(waiting.handle((ok, e) -> e.getCause().getCause().getMessage()).join())
          .startsWith("no answer from the closed port within 15 s (the last attempt: ")
          .doesNotContain("a gateway was started");
    } finally {
      client.close();
    }
  }

  @Test
  void theBackendsClockIsTheOptionsClock() {
    assertThat(GatewayClientOptions.builder().backend(time.backend()).build().clock())
        .isSameAs(time);
  }

  @Test
  void aSchedulerTakenFromTheBackendIsGivenBackByClose() throws IOException {
    GatewayDiscovery closedPort = GatewayDiscovery.fixed(closedPortUrl(), () -> "ptk-x");
    RecordingBackend lends = new RecordingBackend(time.backend());
    ClientRuntime own =
        new ClientRuntime(
            closedPort, null, null, GatewayClientOptions.builder().backend(lends).build());
    assertThat(lends.schedulersMade()).isEqualTo(1);
    own.close();
    assertThat(lends.schedulersReleased()).isEqualTo(1);
  }

  @Test
  void theOptionsCarryWhatTheBuilderWasGiven() {
    GatewayClientListener listener = new GatewayClientListener() {};
    GatewayClientOptions options =
        GatewayClientOptions.builder()
            .heartbeat(Duration.ofSeconds(7), Duration.ofSeconds(21))
            .observer(true)
            .listener(listener)
            .build();

    assertThat(options.heartbeatInterval()).isEqualTo(Duration.ofSeconds(7));
    assertThat(options.heartbeatTimeout()).isEqualTo(Duration.ofSeconds(21));
    assertThat(options.observer()).isTrue();
    assertThat(options.listener()).isSameAs(listener);
    assertThat(GatewayClientOptions.builder().build().observer()).isFalse();
  }

  /** A client of {@code discovery} timed by the test's manual clock, with that backoff. */
  private ClientRuntime onTheManualClock(GatewayDiscovery discovery, Duration first, Duration most)
      throws IOException {
    return new ClientRuntime(
        discovery,
        null,
        null,
        GatewayClientOptions.builder().backend(time.backend()).backoff(first, most).build());
  }

  private GatewayDiscovery counting(GatewayDiscovery discovery) {
    return new GatewayDiscovery() {
      @Override
      public URI url() throws IOException {
        attempts.incrementAndGet();
        return discovery.url();
      }

      @Override
      public String token() throws IOException {
        return discovery.token();
      }

      @Override
      public String describe() {
        return discovery.describe();
      }
    };
  }

  /** A loopback port that was just free: nothing listens on it, so connecting is refused. */
  private static URI closedPortUrl() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return URI.create("ws://127.0.0.1:" + socket.getLocalPort() + "/host");
    }
  }
}
