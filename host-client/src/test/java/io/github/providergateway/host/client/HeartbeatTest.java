package io.github.providergateway.host.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.testing.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The client's heartbeat on a manual clock: pings while the gateway answers, gives up when it does
 * not.
 */
class HeartbeatTest {
  private final ManualClock clock = new ManualClock();
  private final AtomicReference<String> live = new AtomicReference<>("socket-1");
  private final List<String> pinged = new ArrayList<>();
  private final List<String> silent = new ArrayList<>();
  private final Heartbeat<String> heartbeat =
      new Heartbeat<>(
          clock,
          Runnable::run,
          clock,
          Duration.ofSeconds(5),
          Duration.ofSeconds(15),
          live::get,
          pinged::add,
          (socket, reason) -> silent.add(socket + ": " + reason));

  @Test
  void pingsEveryIntervalWhileTheGatewayAnswers() {
    heartbeat.start();

    for (int beat = 0; beat < 10; beat++) {
      clock.advance(Duration.ofSeconds(5));
      heartbeat.heard(); // the pong, or any message
    }

    assertThat(pinged).hasSize(10).containsOnly("socket-1");
    assertThat(silent).isEmpty();
  }

  @Test
  void aGatewayThatStopsAnsweringIsReportedSilentOnceTheTimeoutHasPassed() {
    heartbeat.start();
    clock.advance(Duration.ofSeconds(5));
    heartbeat.heard();

    clock.advance(Duration.ofSeconds(15)); // last heard at 5 s; 20 s is exactly 15 s later
    assertThat(silent).isEmpty();
    clock.advance(Duration.ofSeconds(5)); // 25 s: 20 s without a word

    assertThat(silent).containsExactly("socket-1: no answer to the heartbeat within PT15S");
    assertThat(pinged).hasSize(4); // at 5, 10, 15 and 20 s; none after giving up
    clock.advance(Duration.ofMinutes(1));
    assertThat(silent).hasSize(1);
    assertThat(clock.pendingTasks()).isZero();
  }

  @Test
  void stopsBeatingWhenStoppedOrWhenThereIsNoSocket() {
    heartbeat.start();
    heartbeat.stop();
    clock.advance(Duration.ofMinutes(1));
    assertThat(pinged).isEmpty();

    heartbeat.start();
    live.set(null); // the client closed
    clock.advance(Duration.ofMinutes(1));
    assertThat(pinged).isEmpty();
    assertThat(silent).isEmpty();
  }

  @Test
  void aNewSocketStartsHeardNow() {
    heartbeat.start();
    clock.advance(Duration.ofSeconds(14));
    live.set("socket-2");
    heartbeat.stop();
    heartbeat.start(); // reconnected

    clock.advance(Duration.ofSeconds(15));

    assertThat(silent).isEmpty();
    assertThat(pinged).endsWith("socket-2");
  }
}
