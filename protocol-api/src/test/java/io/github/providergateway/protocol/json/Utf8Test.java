package io.github.providergateway.protocol.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link Utf8}: byte sizes of text as it travels on the wire. */
class Utf8Test {

  @ParameterizedTest(name = "[{index}] {0} is {1} bytes")
  @CsvSource(
      delimiter = '|',
      value = {
        "''            | 0",
        "a             | 1",
        "\u007f        | 1",
        "\u0080        | 2",
        "é             | 2",
        "\u07ff        | 2",
        "\u0800        | 3",
        "€             | 3",
        "\u2028        | 3",
        "\uffff        | 3",
        "😀            | 4",
        "\udbff\udfff  | 4",
        "a😀é          | 7",
        "héllo wörld   | 13",
      })
  void encodedLengthCountsUtf8Bytes(String text, long bytes) {
    assertThat(Utf8.encodedLength(text)).isEqualTo(bytes);
  }

  @Test
  void surrogatePairCountsFourBytesNotSix() {
    assertThat(Utf8.encodedLength("\ud83d\ude00")).isEqualTo(4);
  }

  @Test
  void loneSurrogatesCountAsTheThreeBytesOfAReplacementCharacter() {
    assertThat(Utf8.encodedLength("\ud800")).isEqualTo(3);
    assertThat(Utf8.encodedLength("\udc00")).isEqualTo(3);
    assertThat(Utf8.encodedLength("\ud800a")).isEqualTo(4);
    assertThat(Utf8.encodedLength("\udc00\ud800")).as("reversed pair").isEqualTo(6);
    assertThat(Utf8.encodedLength("\ud800\ud800\udc00")).as("lone high, then a pair").isEqualTo(7);
  }

  @Test
  void encodedLengthMatchesTheJdkEncoderForWellFormedText() {
    long seed = 0x5eed_0001L;
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < 500; i++) {
      StringBuilder text = new StringBuilder();
      int length = random.nextInt(40);
      while (text.length() < length) {
        int codePoint =
            switch (random.nextInt(4)) {
              case 0 -> random.nextInt(0x80);
              case 1 -> 0x80 + random.nextInt(0x800 - 0x80);
              case 2 -> randomBmpNonSurrogate(random);
              default -> 0x10000 + random.nextInt(0x110000 - 0x10000);
            };
        text.appendCodePoint(codePoint);
      }
      String s = text.toString();
      assertThat(Utf8.encodedLength(s))
          .as("seed %s, text %s", seed, s)
          .isEqualTo(s.getBytes(StandardCharsets.UTF_8).length);
    }
  }

  private static int randomBmpNonSurrogate(SplittableRandom random) {
    int c = 0x800 + random.nextInt(0x10000 - 0x800);
    return Character.isSurrogate((char) c) ? 0x800 : c;
  }

  @Test
  void exceedsIsFalseAtTheLimitAndTrueOneByteOver() {
    assertThat(Utf8.exceeds("éé", 4)).isFalse();
    assertThat(Utf8.exceeds("éé", 3)).isTrue();
    assertThat(Utf8.exceeds("😀", 4)).isFalse();
    assertThat(Utf8.exceeds("😀", 3)).isTrue();
    assertThat(Utf8.exceeds("aaaaaaaaaa", 10)).isFalse();
    assertThat(Utf8.exceeds("aaaaaaaaaa", 9)).isTrue();
  }

  @Test
  void emptyTextFitsAZeroLimitAndOneCharDoesNot() {
    assertThat(Utf8.exceeds("", 0)).isFalse();
    assertThat(Utf8.exceeds("a", 0)).isTrue();
  }

  @Test
  void exceedsTakesEachShortcutCorrectly() {
    // chars × 3 within the limit: never over, whatever the chars.
    assertThat(Utf8.exceeds("€€€", 9)).isFalse();
    // more chars than the limit: always over, even in ASCII.
    assertThat(Utf8.exceeds("a".repeat(11), 10)).isTrue();
    // in between, the bytes are counted.
    assertThat(Utf8.exceeds("€€€a", 10)).isFalse();
    assertThat(Utf8.exceeds("€€€€", 11)).isTrue();
    assertThat(Utf8.exceeds("aaaa€", 7)).isFalse();
  }

  @Test
  void exceedsAgreesWithEncodedLengthForRandomText() {
    long seed = 0x5eed_0002L;
    SplittableRandom random = new SplittableRandom(seed);
    String[] units = {"a", "é", "€", "😀", "\ud800"};
    for (int i = 0; i < 1000; i++) {
      StringBuilder text = new StringBuilder();
      int n = random.nextInt(12);
      for (int j = 0; j < n; j++) {
        text.append(units[random.nextInt(units.length)]);
      }
      long limit = random.nextInt(40);
      assertThat(Utf8.exceeds(text, limit))
          .as("seed %s, text %s, limit %s", seed, text, limit)
          .isEqualTo(Utf8.encodedLength(text) > limit);
    }
  }
}
