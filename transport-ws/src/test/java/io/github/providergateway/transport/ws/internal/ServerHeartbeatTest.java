package io.github.providergateway.transport.ws.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.websocket.internal.FrameDecoder;
import io.github.providergateway.websocket.internal.OutboundQueue;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The server's heartbeat on a manual clock, with peers that record their beats. */
class ServerHeartbeatTest {

  private static final Duration IDLE = Duration.ofSeconds(3);

  private final ManualClock time = new ManualClock();
  private final RecordingPeer peer = new RecordingPeer();

  @Test
  void beatsEveryThirdOfTheIdleTimeoutOnTheSchedulerItIsGiven() {
    ServerHeartbeat heartbeat = new ServerHeartbeat(time, time, IDLE, () -> List.of(peer));
    Instant start = time.instant();
    heartbeat.start();

    time.advance(Duration.ofSeconds(1).minusMillis(1));
    assertThat(peer.beats).isEmpty();
    time.advance(Duration.ofMillis(1));
    time.advance(Duration.ofSeconds(2));

    assertThat(peer.beats)
        .containsExactly(start.plusSeconds(1), start.plusSeconds(2), start.plusSeconds(3));
    assertThat(peer.heard).as("on time: silence is judged").isZero();
  }

  @Test
  void pingsAtLeastEveryThirtySecondsWhateverTheIdleTimeout() {
    assertThat(ServerHeartbeat.interval(Duration.ofMinutes(5))).isEqualTo(Duration.ofSeconds(30));
    assertThat(ServerHeartbeat.interval(Duration.ofSeconds(60))).isEqualTo(Duration.ofSeconds(20));
  }

  @Test
  void aBeatFarLaterThanPlannedJudgesNobodySilentAndStartsEveryIdlePeriodAgain() {
    SettableClock wall = new SettableClock(time.instant()); // the gateway's clock
    ServerHeartbeat heartbeat = new ServerHeartbeat(time, wall, IDLE, () -> List.of(peer));
    heartbeat.start();

    wall.set(wall.instant().plusSeconds(2)); // up to two intervals: on time
    time.advance(Duration.ofSeconds(1));
    assertThat(peer.heard).isZero();

    wall.set(wall.instant().plus(Duration.ofMinutes(10))); // the machine slept
    time.advance(Duration.ofSeconds(1));

    assertThat(peer.heard).as("heard as of the late beat, then beaten").isEqualTo(1);
    assertThat(peer.beats).hasSize(2);
  }

  @Test
  void aClockSetBackIsNoTimeToJudgeSilenceEither() {
    SettableClock wall = new SettableClock(time.instant());
    ServerHeartbeat heartbeat = new ServerHeartbeat(time, wall, IDLE, () -> List.of(peer));
    heartbeat.start();

    wall.set(wall.instant().minus(Duration.ofHours(1)));
    time.advance(Duration.ofSeconds(1));

    assertThat(peer.heard).isEqualTo(1);
    assertThat(peer.beats).containsExactly(wall.instant());
  }

  @Test
  void stopCancelsTheNextBeat() {
    ServerHeartbeat heartbeat = new ServerHeartbeat(time, time, IDLE, () -> List.of(peer));
    heartbeat.start();

    heartbeat.stop();
    time.advance(Duration.ofMinutes(1));

    assertThat(peer.beats).isEmpty();
    assertThat(time.pendingTasks()).isZero();
  }

  @Test
  void aBeatThatThrowsStillSchedulesTheNext() {
    RecordingPeer broken =
        new RecordingPeer() {
          @Override
          public void heartbeat(Instant now, Duration idleTimeout) {
            super.heartbeat(now, idleTimeout);
            throw new IllegalStateException("a bug in one peer's beat");
          }
        };
    ServerHeartbeat heartbeat = new ServerHeartbeat(time, time, IDLE, () -> List.of(broken));
    heartbeat.start();

    for (int i = 0; i < 2; i++) {
      try {
        time.advance(Duration.ofSeconds(1));
      } catch (IllegalStateException expected) {
        // the bug surfaces on the thread that ran the beat
      }
    }

    assertThat(broken.beats).as("without beats no dead peer would ever be closed").hasSize(2);
  }

  /** A clock the test sets, forward or back; it schedules nothing. */
  private static final class SettableClock extends java.time.Clock {
    private Instant now;

    SettableClock(Instant now) {
      this.now = now;
    }

    void set(Instant now) {
      this.now = now;
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return java.time.ZoneOffset.UTC;
    }

    @Override
    public java.time.Clock withZone(java.time.ZoneId zone) {
      throw new UnsupportedOperationException();
    }
  }

  /** A peer that records its beats; nothing else of it is used. */
  private static class RecordingPeer implements SocketPeer {
    final List<Instant> beats = new ArrayList<>();
    int heard;

    @Override
    public void heartbeat(Instant now, Duration idleTimeout) {
      beats.add(now);
    }

    @Override
    public void heard() {
      heard++;
    }

    @Override
    public void received(String text) {
      throw new UnsupportedOperationException();
    }

    @Override
    public OutboundQueue<?> sender() {
      throw new UnsupportedOperationException();
    }

    @Override
    public String describe() {
      return "recording peer";
    }

    @Override
    public FrameDecoder decoder() {
      throw new UnsupportedOperationException();
    }

    @Override
    public void terminate() {
      throw new UnsupportedOperationException();
    }
  }
}
