package io.github.providergateway.gateway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CompiledPatternsTest {

  private final CompiledPatterns patterns = new CompiledPatterns();

  @Test
  void theLongestPatternsAreBoundedByTheBytesTheyAreCountedToHold() {
    String longest = "[^x]".repeat(256); // 1,024 characters: about 80 KiB compiled

    for (int i = 0; i < CompiledPatterns.MAX_PATTERNS; i++) {
      patterns.get(longest + i);
    }

    assertThat(patterns.bytes()).isLessThanOrEqualTo(CompiledPatterns.MAX_BYTES);
    assertThat(patterns.size())
        .isEqualTo((int) (CompiledPatterns.MAX_BYTES / CompiledPatterns.counted(longest + 1)));
  }

  @Test
  void shortPatternsAreBoundedInNumberAndTheLeastRecentlyUsedGoesFirst() {
    patterns.get("first");
    for (int i = 0; i < CompiledPatterns.MAX_PATTERNS; i++) {
      patterns.get("p" + i);
      patterns.get("first"); // kept in use
    }

    assertThat(patterns.size()).isEqualTo(CompiledPatterns.MAX_PATTERNS);
    assertThat(patterns.get("first")).isSameAs(patterns.get("first"));
    int before = patterns.size();
    long bytes = patterns.bytes();
    patterns.get("first");
    assertThat(patterns.size()).isEqualTo(before);
    assertThat(patterns.bytes()).as("still held: not compiled and counted again").isEqualTo(bytes);
  }

  @Test
  void aCountedCharacterCoversTheWorstMeasuredCompiledSize() {
    // 1,024 characters of [a&&b] measured 104 KiB compiled (JDK 17): under what is counted.
    assertThat(CompiledPatterns.counted("[a&&b]".repeat(170))).isGreaterThan(105L * 1024);
  }
}
