package io.github.providergateway.gateway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Token checks take the same time wherever a wrong token first differs (R-AUTH-06). A check hashes
 * the presented token and compares the digest with stored ones, reading every byte: so the work
 * never depends on how much of a guess was right. The first test shows what a check compares (a
 * check of the text itself would compare nothing here); the second that the comparison does not
 * stop at the first difference, on inputs so long that an early exit would be thousands of times
 * faster, far beyond any noise.
 */
class TokenTimingTest {

  private static final HexFormat HEX = HexFormat.of();

  @Test
  void everyCheckComparesTheWholeDigestOfThePresentedTokenAndNeverItsText() {
    List<String> presented = new ArrayList<>();
    List<String> stored = new ArrayList<>();
    Credentials credentials =
        new Credentials(
            new Secrets(new SplittableRandom(1)),
            null,
            (digest, against) -> {
              presented.add(HEX.formatHex(digest));
              stored.add(HEX.formatHex(against));
              return TokenHash.same(digest, against);
            });
    String token = credentials.gatewayToken();
    String wrongFirst = "x" + token.substring(1);
    String wrongLast = token.substring(0, token.length() - 1) + "x";
    String spawnToken = credentials.issueSpawnToken("s-1", null);

    assertThat(credentials.authenticate(wrongFirst)).isNull();
    assertThat(credentials.authenticate(wrongLast)).isNull();
    assertThat(credentials.authenticate(spawnToken))
        .isEqualTo(new Credential.SpawnToken("s-1", null));
    assertThat(credentials.authenticate(token)).isEqualTo(new Credential.GatewayToken());

    // One comparison per check, of 32-byte digests, whichever token and wherever it differs.
    assertThat(presented)
        .containsExactly(sha256(wrongFirst), sha256(wrongLast), sha256(spawnToken), sha256(token));
    assertThat(stored).containsOnly(sha256(token)).hasSize(4);
  }

  @Test
  void theDigestComparisonTakesAsLongWhereverTheDigestsFirstDiffer() {
    byte[] stored = new byte[1 << 20];
    new SplittableRandom(2).nextBytes(stored);
    byte[] wrongFirst = stored.clone();
    wrongFirst[0] ^= 1;
    byte[] wrongLast = stored.clone();
    wrongLast[stored.length - 1] ^= 1;
    int equal = 0;
    for (int i = 0; i < 200; i++) { // warm up both paths
      equal += time(wrongFirst, stored) < 0 ? 1 : 0;
      equal += time(wrongLast, stored) < 0 ? 1 : 0;
    }

    int rounds = 31;
    long[] first = new long[rounds];
    long[] last = new long[rounds];
    for (int round = 0; round < rounds; round++) {
      first[round] = time(wrongFirst, stored);
      last[round] = time(wrongLast, stored);
    }

    // A comparison that stops at the first difference: about 1/10,000 here. The fastest of each
    // is the work itself: a busy machine only adds to a time (the JDK 25 phase beside other builds
    // saw the medians' ratio at 0.34 once), and no delay makes a short comparison long.
    double ratio = (double) fastest(first) / fastest(last);
    assertThat(equal).isZero();
    assertThat(ratio).as("fastest time ratio first-differs / last-differs").isBetween(0.5, 2.0);
  }

  /**
   * How long one comparison takes, or -1 if it said equal (which also keeps it from being elided).
   */
  private static long time(byte[] presented, byte[] stored) {
    long start = System.nanoTime();
    boolean same = TokenHash.same(presented, stored);
    long elapsed = System.nanoTime() - start;
    return same ? -1 : elapsed;
  }

  private static String sha256(String token) {
    return HEX.formatHex(TokenHash.sha256(token));
  }

  private static long fastest(long[] values) {
    return Arrays.stream(values).min().orElseThrow();
  }
}
