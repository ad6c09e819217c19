package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PushedEventsTest {

  private final PushedEvents pushed = new PushedEvents();

  @Test
  void nothingPushedIsNoBlock() {
    assertThat(pushed.drain()).isNull();
  }

  @Test
  void theBlockHasTheHeaderThenOneLineAnEventInOrder() {
    pushed.add("ci", "red");
    pushed.add("browser", "page changed");

    assertThat(pushed.drain())
        .isEqualTo(PushedEvents.HEADER + "\n- ci: red\n- browser: page changed");
  }

  @Test
  void drainingEmptiesTheQueue() {
    pushed.add("ci", "red");
    pushed.drain();

    assertThat(pushed.drain()).isNull();
  }

  @Test
  void twentyEventsAreKeptWithoutADroppedLine() {
    for (int i = 1; i <= PushedEvents.MAX_EVENTS; i++) {
      pushed.add("ci", "e" + i);
    }

    String block = pushed.drain();
    assertThat(block).doesNotContain("dropped");
    assertThat(block.lines()).hasSize(1 + 20);
  }

  @Test
  void theNewestTwentyAreKeptAndTheBlockCountsTheOlderOnesDropped() {
    for (int i = 1; i <= 23; i++) {
      pushed.add("ci", "e" + i);
    }

    String block = pushed.drain();
    assertThat(block.lines().toList())
        .startsWith(PushedEvents.HEADER, "(3 older events dropped)", "- ci: e4")
        .endsWith("- ci: e23")
        .hasSize(2 + 20);
  }

  @Test
  void theDroppedCountStartsAgainAfterADrain() {
    for (int i = 1; i <= 21; i++) {
      pushed.add("ci", "e" + i);
    }
    pushed.drain();
    pushed.add("ci", "later");

    assertThat(pushed.drain()).isEqualTo(PushedEvents.HEADER + "\n- ci: later");
  }

  @Test
  void anEventOf4000CharactersIsKeptWholeAndALongerOneIsCut() {
    pushed.add("a", "x".repeat(PushedEvents.MAX_CHARS));
    pushed.add("b", "y".repeat(PushedEvents.MAX_CHARS + 1));

    var lines = pushed.drain().lines().toList();
    assertThat(lines.get(1)).isEqualTo("- a: " + "x".repeat(4000));
    assertThat(lines.get(2)).isEqualTo("- b: " + "y".repeat(4000) + " …(cut)");
  }
}
