package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a Streamable HTTP session keeps for clients that resume: {@link EventLog}. */
class EventLogTest {

  private static List<String> data(List<EventLog.Event> events) {
    return events.stream().map(EventLog.Event::data).toList();
  }

  @Test
  void theNewestEventsAreKeptWithinTheCountAndTheBytes() {
    EventLog byCount = new EventLog(2, 1 << 20);
    byCount.add(EventLog.STANDALONE, "a");
    byCount.add(EventLog.STANDALONE, "b");
    byCount.add(EventLog.STANDALONE, "c");
    assertThat(data(byCount.after(EventLog.STANDALONE, 0))).containsExactly("b", "c");

    EventLog byBytes = new EventLog(100, 3 * (2 * 10 + 64));
    for (String text : List.of("0123456789", "abcdefghij", "ABCDEFGHIJ", "klmnopqrst")) {
      byBytes.add(EventLog.STANDALONE, text);
    }
    assertThat(data(byBytes.after(EventLog.STANDALONE, 0)))
        .containsExactly("abcdefghij", "ABCDEFGHIJ", "klmnopqrst");
    assertThat(byBytes.keptBytes()).isEqualTo(3 * (2 * 10 + 64));
  }

  @Test
  void anEventLargerThanTheWholeBoundIsNotKeptAndPushesNothingOut() {
    EventLog log = new EventLog(10, 200);
    log.add(1, "kept");
    EventLog.Event big = log.add(1, "x".repeat(100));
    assertThat(big.seq()).isEqualTo(2);
    assertThat(data(log.after(1, 0))).containsExactly("kept");
  }

  @Test
  void eventsAreNumberedAcrossStreamsAndReadBackPerStreamAfterAnId() {
    EventLog log = new EventLog(10, 1 << 20);
    log.add(EventLog.STANDALONE, "s1");
    EventLog.Event r1 = log.add(3, "r1");
    log.add(EventLog.STANDALONE, "s2");
    log.add(3, "r2");
    assertThat(r1.id()).isEqualTo("3-2");
    assertThat(EventLog.parse("3-2")).isEqualTo(new EventLog.Position(3, 2));
    assertThat(data(log.after(3, 2))).containsExactly("r2");
    assertThat(data(log.after(EventLog.STANDALONE, 1))).containsExactly("s2");
    assertThat(EventLog.parse("x-1")).isNull();
    assertThat(EventLog.parse("-1")).isNull();
    assertThat(EventLog.parse("1-")).isNull();
    assertThat(EventLog.parse(null)).isNull();
  }

  @Test
  void aStandaloneEventPushedOutIsRememberedAsLost() {
    EventLog log = new EventLog(1, 1 << 20);
    log.add(EventLog.STANDALONE, "s1");
    log.add(EventLog.STANDALONE, "s2");
    assertThat(log.standaloneLostAfter(0)).isTrue();
    assertThat(log.standaloneLostAfter(1)).isFalse();
  }
}
