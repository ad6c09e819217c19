package io.github.providergateway.transport.ws.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.memory.MemoryManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link FrameGuard}: the frame rules, however the bytes are split across reads. */
class FrameGuardTest {

  private static final long PRE_AUTH = 64 * 1024;
  private static final long POST_AUTH = 6L << 20;

  private final InboundBudget budget = new InboundBudget(16L << 20);
  private final FrameGuard guard = new FrameGuard(budget, PRE_AUTH, POST_AUTH, 50);

  @Test
  void aWholeMaskedTextFrameHoldsNothingAfterwards() {
    assertThat(inspect(frame(0x1, true, 100, true))).isNull();

    assertThat(guard.heldBytes()).isZero();
    assertThat(budget.held()).isZero();
    assertThat(guard.unfinishedSinceMillis()).isEqualTo(-1);
  }

  @Test
  void anUnmaskedFrameIsAProtocolError() {
    FrameGuard.Refusal refusal = inspect(frame(0x1, true, 10, false));

    assertThat(refusal.reason().getCloseCode().getCode()).isEqualTo(1002);
  }

  @Test
  void aBinaryFrameIsRefusedAtItsHeader() {
    FrameGuard.Refusal refusal = inspect(header(0x2, true, 5 << 20, true));

    assertThat(refusal.reason().getCloseCode().getCode()).isEqualTo(1003);
    assertThat(budget.held()).isZero();
  }

  @Test
  void beforeAuthenticationTheLimitIsTheUnauthenticatedOne() {
    assertThat(inspect(frame(0x1, true, (int) PRE_AUTH, true))).isNull();
    assertThat(inspect(header(0x1, true, PRE_AUTH + 1, true)).reason().getCloseCode().getCode())
        .isEqualTo(1009);
  }

  @Test
  void afterAuthenticationTheLimitIsExactlyTheTransportLimit() {
    guard.authenticated();

    assertThat(inspect(header(0x1, true, POST_AUTH, true))).isNull();
    FrameGuard fresh = new FrameGuard(budget, PRE_AUTH, POST_AUTH, 50);
    fresh.authenticated();
    // One byte past it is refused: the header's 14 bytes are no slack for the payload.
    assertThat(fresh.inspect(buffer(header(0x1, true, POST_AUTH + 1, true)), 0).reason().getCloseCode().getCode())
        .isEqualTo(1009);
  }

  @Test
  void fragmentsCountTogetherTowardTheLimit() {
    assertThat(inspect(frame(0x1, false, 40_000, true))).isNull();
    assertThat(guard.unfinishedSinceMillis()).isEqualTo(7);
    FrameGuard.Refusal refusal = inspect(header(0x0, true, 30_000, true));

    assertThat(refusal.reason().getCloseCode().getCode()).isEqualTo(1009);
  }

  @Test
  void aPingBetweenFragmentsDoesNotEndTheMessage() {
    assertThat(inspect(frame(0x1, false, 1_000, true))).isNull();
    assertThat(inspect(frame(0x9, true, 4, true))).isNull();
    assertThat(guard.heldBytes()).isPositive();

    assertThat(inspect(frame(0x0, true, 1_000, true))).isNull();

    assertThat(guard.heldBytes()).isZero();
    assertThat(budget.held()).isZero();
  }

  @Test
  void aPartialFrameIsChargedToTheBudgetAndGivenBackWhenItCompletes() {
    byte[] whole = frame(0x1, true, 10_000, true);
    assertThat(inspect(Arrays.copyOfRange(whole, 0, 4_000))).isNull();
    assertThat(budget.held()).isEqualTo(4_000);

    assertThat(inspect(Arrays.copyOfRange(whole, 4_000, whole.length))).isNull();

    assertThat(budget.held()).isZero();
  }

  @Test
  void theBudgetRefusesTheConnectionThatWouldPassItAndReleaseGivesBack() {
    InboundBudget small = new InboundBudget(10_000);
    FrameGuard first = new FrameGuard(small, PRE_AUTH, POST_AUTH, 50);
    FrameGuard second = new FrameGuard(small, PRE_AUTH, POST_AUTH, 50);
    byte[] big = frame(0x1, true, 20_000, true);

    assertThat(first.inspect(buffer(Arrays.copyOfRange(big, 0, 8_000)), 0)).isNull();
    FrameGuard.Refusal refusal = second.inspect(buffer(Arrays.copyOfRange(big, 0, 3_000)), 0);

    assertThat(refusal.reason().getCloseCode().getCode()).isEqualTo(1013);
    assertThat(small.held()).isEqualTo(8_000);
    first.release();
    assertThat(small.held()).isZero();
    assertThat(first.inspect(buffer(big), 0)).as("nothing after release").isNotNull();
  }

  @Test
  void moreThanTheAllowedPingsInOneSecondAreRefused() {
    FrameGuard strict = new FrameGuard(budget, PRE_AUTH, POST_AUTH, 3);
    byte[] ping = frame(0x9, true, 0, true);
    for (int i = 0; i < 3; i++) {
      assertThat(strict.inspect(buffer(ping), 1_000)).isNull();
    }
    assertThat(strict.inspect(buffer(ping), 1_999).reason().getCloseCode().getCode()).isEqualTo(1008);

    FrameGuard later = new FrameGuard(budget, PRE_AUTH, POST_AUTH, 3);
    for (int i = 0; i < 3; i++) {
      assertThat(later.inspect(buffer(ping), 1_000)).isNull();
    }
    assertThat(later.inspect(buffer(ping), 2_000)).as("a new second").isNull();
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 11})
  void anySplitOfAStreamOfFramesGivesTheSameVerdictAndHoldsNothingAtTheEnd(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    for (int i = 0; i < 40; i++) {
      int size = random.nextInt(3) == 0 ? random.nextInt(70_000) : random.nextInt(200);
      boolean fragmented = random.nextBoolean();
      if (fragmented) {
        stream.writeBytes(frame(0x1, false, size / 2, true));
        stream.writeBytes(frame(0x9, true, random.nextInt(126), true));
        stream.writeBytes(frame(0x0, true, size - size / 2, true));
      } else {
        stream.writeBytes(frame(0x1, true, size, true));
      }
    }
    guard.authenticated();
    byte[] bytes = stream.toByteArray();
    int at = 0;
    while (at < bytes.length) {
      int take = Math.min(bytes.length - at, 1 + random.nextInt(5_000));
      assertThat(guard.inspect(buffer(Arrays.copyOfRange(bytes, at, at + take)), 0)).isNull();
      at += take;
    }
    assertThat(guard.heldBytes()).isZero();
    assertThat(budget.held()).isZero();
  }

  // ---- frames ----

  private FrameGuard.Refusal inspect(byte[] bytes) {
    return guard.inspect(buffer(bytes), 7);
  }

  private static Buffer buffer(byte[] bytes) {
    return Buffers.wrap(MemoryManager.DEFAULT_MEMORY_MANAGER, bytes);
  }

  /** A frame with {@code length} zero bytes of payload (masked with a zero key when masked). */
  private static byte[] frame(int opcode, boolean fin, int length, boolean masked) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(header(opcode, fin, length, masked));
    out.writeBytes(new byte[length]);
    return out.toByteArray();
  }

  private static byte[] header(int opcode, boolean fin, long length, boolean masked) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write((fin ? 0x80 : 0) | opcode);
    int maskBit = masked ? 0x80 : 0;
    if (length < 126) {
      out.write(maskBit | (int) length);
    } else if (length < 65536) {
      out.write(maskBit | 126);
      out.write((int) (length >>> 8));
      out.write((int) length);
    } else {
      out.write(maskBit | 127);
      for (int shift = 56; shift >= 0; shift -= 8) {
        out.write((int) (length >>> shift));
      }
    }
    if (masked) {
      out.writeBytes(new byte[4]);
    }
    return out.toByteArray();
  }
}
