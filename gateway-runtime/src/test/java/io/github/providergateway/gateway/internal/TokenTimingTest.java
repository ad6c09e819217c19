package io.github.providergateway.gateway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Token checks take the same time wherever a wrong token first differs (R-AUTH-06). Tokens are
 * looked up by their SHA-256, so the work is hashing a string of the same length either way. The
 * medians of many interleaved rounds are compared with a wide margin: a String.equals-style check
 * would differ by the token's length in comparisons, this one by noise.
 */
class TokenTimingTest {

  @Test
  void aTokenWrongInItsFirstCharTakesAsLongAsOneWrongInItsLast() {
    Credentials credentials = new Credentials(new Secrets(new SplittableRandom(1)), null);
    String token = credentials.gatewayToken();
    String wrongFirst = "x" + token.substring(1);
    String wrongLast = token.substring(0, token.length() - 1) + "x";
    for (int i = 0; i < 20_000; i++) { // warm up both paths
      credentials.authenticate(wrongFirst);
      credentials.authenticate(wrongLast);
    }

    int rounds = 201;
    long[] first = new long[rounds];
    long[] last = new long[rounds];
    for (int round = 0; round < rounds; round++) {
      first[round] = time(credentials, wrongFirst);
      last[round] = time(credentials, wrongLast);
    }

    double ratio = (double) median(first) / median(last);
    assertThat(credentials.authenticate(wrongFirst)).isNull();
    assertThat(credentials.authenticate(wrongLast)).isNull();
    assertThat(ratio).as("median time ratio first-differs / last-differs").isBetween(0.5, 2.0);
  }

  private static long time(Credentials credentials, String token) {
    long start = System.nanoTime();
    for (int i = 0; i < 200; i++) {
      credentials.authenticate(token);
    }
    return System.nanoTime() - start;
  }

  private static long median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
