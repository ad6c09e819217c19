package io.github.providergateway.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** "Did you mean": a slip of the fingers finds the name meant; another word finds nothing. */
class DidYouMeanTest {

  @Test
  void aToolNameIsMatchedAgainstTheToolsOnOffer() {
    List<String> tools = List.of("greet", "wait", "list_greet_instances");
    assertThat(DidYouMean.closest("gret", tools)).contains("greet");
    assertThat(DidYouMean.closest("wiat", tools)).contains("wait");
    assertThat(DidYouMean.closest("Greet", tools)).contains("greet");
    assertThat(DidYouMean.closest("shell", tools)).isEmpty();
    assertThat(DidYouMean.closest("gret", List.of())).isEmpty();
  }

  @Test
  void aNameStartingSeveralIsNoSuggestion() {
    assertThat(DidYouMean.closest("st", List.of("start", "stream"))).isEmpty();
    assertThat(DidYouMean.closest("str", List.of("start", "stream"))).contains("stream");
  }

  @Test
  void aHugeWordCostsNoQuadraticWork() {
    String huge = "c".repeat(1_000_000);
    assertThat(DidYouMean.closest(huge, List.of("call", huge.substring(1)))).isEmpty();
  }

  @Test
  void swappedNeighboursCountOneEdit() {
    assertThat(DidYouMean.distance("hlep", "help")).isEqualTo(1);
    assertThat(DidYouMean.distance("cal", "call")).isEqualTo(1);
    assertThat(DidYouMean.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(DidYouMean.distance("", "abc")).isEqualTo(3);
  }
}
