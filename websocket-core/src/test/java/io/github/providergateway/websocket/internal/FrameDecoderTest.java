package io.github.providergateway.websocket.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link FrameDecoder}: the messages and control frames it hands over, and the frame rules it
 * enforces (RFC 6455 §5), however the bytes are split across reads.
 */
class FrameDecoderTest {

  private static final long PRE_AUTH = 64 * 1024;
  private static final long POST_AUTH = 6L << 20;

  private final InboundBudget budget = new InboundBudget(16L << 20);
  private final FrameDecoder decoder = new FrameDecoder(budget, PRE_AUTH, POST_AUTH, 50);
  private final Recorded sink = new Recorded();
  private final SplittableRandom masks = new SplittableRandom(7);

  /** What the decoder handed over, in order. */
  private static final class Recorded implements FrameDecoder.Sink {
    final List<String> events = new ArrayList<>();

    @Override
    public void text(String message) {
      events.add("text:" + message);
    }

    @Override
    public void ping(byte[] payload) {
      events.add("ping:" + new String(payload, StandardCharsets.UTF_8));
    }

    @Override
    public void pong() {
      events.add("pong");
    }

    @Override
    public void close(int code, String reason) {
      events.add("close:" + code + ":" + reason);
    }
  }

  // ---- what it hands over ----

  @Test
  void aMaskedTextFrameIsHandedOverUnmaskedAndHoldsNothingAfterwards() {
    assertThat(read(text(true, "{\"type\":\"tool.result\",\"id\":\"c-1\"}"))).isNull();

    assertThat(sink.events).containsExactly("text:{\"type\":\"tool.result\",\"id\":\"c-1\"}");
    assertThat(decoder.heldBytes()).isZero();
    assertThat(budget.held()).isZero();
    assertThat(decoder.unfinishedSinceMillis()).isEqualTo(-1);
  }

  @Test
  void fragmentsAreJoinedAndAControlFrameBetweenThemComesFirst() {
    read(frame(0x1, false, true, "héllo, ".getBytes(StandardCharsets.UTF_8)));
    read(frame(0x9, true, true, "are you there".getBytes(StandardCharsets.UTF_8)));
    read(frame(0x0, true, true, "wörld".getBytes(StandardCharsets.UTF_8)));
    read(frame(0xA, true, true, new byte[0]));

    assertThat(sink.events).containsExactly("ping:are you there", "text:héllo, wörld", "pong");
  }

  @Test
  void aCloseFrameGivesItsCodeAndReasonAndOneWithoutAPayloadNoStatus() {
    read(close(1000, "bye"));
    read(frame(0x8, true, true, new byte[0]));

    assertThat(sink.events).containsExactly("close:1000:bye", "close:1005:");
  }

  @Test
  void aMultiByteCharacterSplitAcrossReadsAndFramesSurvives() {
    byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
    byte[] whole = frame(0x1, true, true, euro);
    for (byte b : whole) {
      assertThat(read(new byte[] {b})).isNull();
    }
    assertThat(sink.events).containsExactly("text:€");
  }

  // ---- rules ----

  @Test
  void anUnmaskedFrameIsAProtocolError() {
    assertThat(read(frame(0x1, true, false, new byte[10])).reason().code()).isEqualTo(1002);
  }

  @Test
  void aBinaryFrameIsRefusedAtItsHeader() {
    assertThat(read(header(0x2, true, 5 << 20, true)).reason().code()).isEqualTo(1003);
    assertThat(budget.held()).isZero();
  }

  @ParameterizedTest
  @ValueSource(ints = {0x3, 0x7, 0xB, 0xF})
  void aReservedOpcodeIsAProtocolError(int opcode) {
    assertThat(read(frame(opcode, true, true, new byte[2])).reason().code()).isEqualTo(1002);
  }

  @ParameterizedTest
  @ValueSource(ints = {0x40, 0x20, 0x10})
  void aReservedBitWithNoExtensionIsAProtocolError(int bit) {
    byte[] frame = text(true, "x");
    frame[0] |= (byte) bit;
    assertThat(read(frame).reason().code()).isEqualTo(1002);
    assertThat(sink.events).isEmpty();
  }

  @Test
  void aFragmentedOrOverLongControlFrameIsAProtocolError() {
    assertThat(read(frame(0x9, false, true, new byte[1])).reason().code()).isEqualTo(1002);
    FrameDecoder other = new FrameDecoder(budget, PRE_AUTH, POST_AUTH, 50);
    assertThat(other.read(buffer(frame(0x9, true, true, new byte[126])), 0, sink).reason().code())
        .isEqualTo(1002);
  }

  @Test
  void aContinuationWithNoMessageAndAMessageInsideAnotherAreProtocolErrors() {
    assertThat(read(frame(0x0, true, true, new byte[1])).reason().code()).isEqualTo(1002);
    FrameDecoder other = new FrameDecoder(budget, PRE_AUTH, POST_AUTH, 50);
    assertThat(other.read(buffer(frame(0x1, false, true, new byte[1])), 0, sink)).isNull();
    assertThat(other.read(buffer(frame(0x1, true, true, new byte[1])), 0, sink).reason().code())
        .isEqualTo(1002);
  }

  @Test
  void textThatIsNotUtf8Is1007AndSoIsACloseReason() {
    assertThat(
            read(frame(0x1, true, true, new byte[] {'a', (byte) 0xC0, (byte) 0x80}))
                .reason()
                .code())
        .isEqualTo(1007);
    FrameDecoder other = new FrameDecoder(budget, PRE_AUTH, POST_AUTH, 50);
    assertThat(
            other
                .read(
                    buffer(frame(0x8, true, true, new byte[] {0x03, (byte) 0xE8, (byte) 0xFF})),
                    0,
                    sink)
                .reason()
                .code())
        .isEqualTo(1007);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 999, 1004, 1005, 1006, 1015, 2999, 5000})
  void aCloseCodeAPeerMayNotSendIsAProtocolError(int code) {
    assertThat(read(close(code, "")).reason().code()).isEqualTo(1002);
  }

  @Test
  void aCloseWithAOneBytePayloadIsAProtocolError() {
    assertThat(read(frame(0x8, true, true, new byte[] {0x03})).reason().code()).isEqualTo(1002);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 125})
  void aSixteenBitLengthBelow126IsAProtocolError(int length) {
    byte[] frame = lengthIn(0x1, length, 2);

    assertThat(read(frame).reason().code()).isEqualTo(1002);
    assertThat(decoder.state()).isEqualTo(FrameDecoder.State.FAILED);
    assertThat(sink.events).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 125, 126, 65_535})
  void aSixtyFourBitLengthBelow65536IsAProtocolError(int length) {
    assertThat(read(lengthIn(0x1, length, 8)).reason().code()).isEqualTo(1002);
  }

  @Test
  void aControlFrameWithANonMinimalLengthIsAProtocolErrorToo() {
    assertThat(read(lengthIn(0x9, 0, 2)).reason().code()).isEqualTo(1002);
  }

  @Test
  void eachExtendedLengthAtItsSmallestIsRead() {
    assertThat(read(frame(0x1, true, true, ascii(126)))).isNull();
    assertThat(read(frame(0x1, true, true, ascii(65_536)))).isNull();

    assertThat(sink.events)
        .containsExactly("text:" + "a".repeat(126), "text:" + "a".repeat(65_536));
  }

  @Test
  void theStateFollowsTheFrameAndEndsInFailed() {
    byte[] whole = frame(0x1, true, true, ascii(300));
    assertThat(decoder.state()).isEqualTo(FrameDecoder.State.HEADER);

    read(Arrays.copyOfRange(whole, 0, 3));
    assertThat(decoder.state()).as("in the extended length").isEqualTo(FrameDecoder.State.HEADER);
    read(Arrays.copyOfRange(whole, 3, 20));
    assertThat(decoder.state()).isEqualTo(FrameDecoder.State.DATA_PAYLOAD);
    read(Arrays.copyOfRange(whole, 20, whole.length));
    assertThat(decoder.state()).isEqualTo(FrameDecoder.State.HEADER);
    read(Arrays.copyOfRange(frame(0x9, true, true, ascii(10)), 0, 8));
    assertThat(decoder.state()).isEqualTo(FrameDecoder.State.CONTROL_PAYLOAD);

    decoder.release();
    assertThat(decoder.state()).isEqualTo(FrameDecoder.State.FAILED);
    assertThat(read(new byte[] {0x01})).isNotNull();
    assertThat(sink.events).containsExactly("text:" + "a".repeat(300));
  }

  @Test
  void afterARefusalNothingMoreIsHandedOver() {
    read(frame(0x1, true, false, new byte[1]));
    assertThat(read(text(true, "later"))).isNotNull();
    assertThat(sink.events).isEmpty();
  }

  // ---- bounds ----

  @Test
  void beforeAuthenticationTheLimitIsTheUnauthenticatedOne() {
    assertThat(read(frame(0x1, true, true, ascii((int) PRE_AUTH)))).isNull();
    assertThat(read(header(0x1, true, PRE_AUTH + 1, true)).reason().code()).isEqualTo(1009);
  }

  @Test
  void afterAuthenticationTheLimitIsExactlyTheTransportLimit() {
    decoder.authenticated();

    assertThat(read(header(0x1, true, POST_AUTH, true))).isNull();
    FrameDecoder fresh = new FrameDecoder(budget, PRE_AUTH, POST_AUTH, 50);
    fresh.authenticated();
    // One byte past it is refused: the header's 14 bytes are no slack for the payload.
    assertThat(fresh.read(buffer(header(0x1, true, POST_AUTH + 1, true)), 0, sink).reason().code())
        .isEqualTo(1009);
  }

  @Test
  void fragmentsCountTogetherTowardTheLimit() {
    assertThat(read(frame(0x1, false, true, ascii(40_000)))).isNull();
    assertThat(decoder.unfinishedSinceMillis()).isEqualTo(7);

    assertThat(read(header(0x0, true, 30_000, true)).reason().code()).isEqualTo(1009);
  }

  @Test
  void aContinuationLengthThatWouldOverflowTheMessageTotalIsTooBig() {
    assertThat(read(frame(0x1, false, true, ascii(10)))).isNull();

    assertThat(read(header(0x0, true, Long.MAX_VALUE - 5, true)).reason().code()).isEqualTo(1009);
    assertThat(decoder.heldBytes()).isEqualTo(10);
  }

  @Test
  void aPartialFrameIsChargedAsItArrivesAndGivenBackWhenItCompletes() {
    byte[] whole = frame(0x1, true, true, ascii(10_000));
    int header = whole.length - 10_000;
    assertThat(read(Arrays.copyOfRange(whole, 0, 4_000))).isNull();
    assertThat(budget.held()).isEqualTo(4_000 - header);

    assertThat(read(Arrays.copyOfRange(whole, 4_000, whole.length))).isNull();

    assertThat(budget.held()).isZero();
    assertThat(sink.events).hasSize(1);
  }

  @Test
  void theBudgetRefusesTheConnectionThatWouldPassItAndReleaseGivesBack() {
    InboundBudget small = new InboundBudget(10_000);
    FrameDecoder first = new FrameDecoder(small, PRE_AUTH, POST_AUTH, 50);
    FrameDecoder second = new FrameDecoder(small, PRE_AUTH, POST_AUTH, 50);
    byte[] big = frame(0x1, true, true, ascii(20_000));

    assertThat(first.read(buffer(Arrays.copyOfRange(big, 0, 8_008)), 0, sink)).isNull();
    FrameDecoder.Refusal refusal = second.read(buffer(Arrays.copyOfRange(big, 0, 3_000)), 0, sink);

    assertThat(refusal.reason().code()).isEqualTo(1013);
    assertThat(small.held()).isEqualTo(8_000);
    first.release();
    assertThat(small.held()).isZero();
    assertThat(first.read(buffer(big), 0, sink)).as("nothing after release").isNotNull();
  }

  @Test
  void moreThanTheAllowedPingsInOneSecondAreRefused() {
    FrameDecoder strict = new FrameDecoder(budget, PRE_AUTH, POST_AUTH, 3);
    byte[] ping = frame(0x9, true, true, new byte[0]);
    for (int i = 0; i < 3; i++) {
      assertThat(strict.read(buffer(ping), 1_000, sink)).isNull();
    }
    assertThat(strict.read(buffer(ping), 1_999, sink).reason().code()).isEqualTo(1008);

    FrameDecoder later = new FrameDecoder(budget, PRE_AUTH, POST_AUTH, 3);
    for (int i = 0; i < 3; i++) {
      assertThat(later.read(buffer(ping), 1_000, sink)).isNull();
    }
    assertThat(later.read(buffer(ping), 2_000, sink)).as("a new second").isNull();
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 11})
  void anySplitOfAStreamOfFramesHandsOverTheSameMessagesAndHoldsNothingAtTheEnd(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      int size = random.nextInt(3) == 0 ? random.nextInt(70_000) : random.nextInt(200);
      String message = "m" + i + ":" + "x€é".repeat(size / 6);
      byte[] utf8 = message.getBytes(StandardCharsets.UTF_8);
      if (random.nextBoolean()) {
        int cut =
            utf8.length / 2; // may fall inside a character: only the whole message must be UTF-8
        stream.writeBytes(frame(0x1, false, true, Arrays.copyOfRange(utf8, 0, cut)));
        stream.writeBytes(frame(0x9, true, true, ascii(random.nextInt(126))));
        stream.writeBytes(frame(0x0, true, true, Arrays.copyOfRange(utf8, cut, utf8.length)));
        expected.add("ping");
      } else {
        stream.writeBytes(frame(0x1, true, true, utf8));
      }
      expected.add("text:" + message);
    }
    decoder.authenticated();
    byte[] bytes = stream.toByteArray();
    int at = 0;
    while (at < bytes.length) {
      int take = Math.min(bytes.length - at, 1 + random.nextInt(5_000));
      assertThat(decoder.read(buffer(Arrays.copyOfRange(bytes, at, at + take)), 0, sink)).isNull();
      at += take;
    }
    assertThat(sink.events.stream().map(e -> e.startsWith("ping:") ? "ping" : e).toList())
        .isEqualTo(expected);
    assertThat(decoder.heldBytes()).isZero();
    assertThat(budget.held()).isZero();
  }

  // ---- frames ----

  private FrameDecoder.Refusal read(byte[] bytes) {
    return decoder.read(buffer(bytes), 7, sink);
  }

  private static ByteBuffer buffer(byte[] bytes) {
    return ByteBuffer.wrap(bytes);
  }

  private static byte[] ascii(int length) {
    byte[] bytes = new byte[length];
    Arrays.fill(bytes, (byte) 'a');
    return bytes;
  }

  private byte[] text(boolean fin, String text) {
    return frame(0x1, fin, true, text.getBytes(StandardCharsets.UTF_8));
  }

  private byte[] close(int code, String reason) {
    byte[] utf8 = reason.getBytes(StandardCharsets.UTF_8);
    byte[] payload = new byte[2 + utf8.length];
    payload[0] = (byte) (code >> 8);
    payload[1] = (byte) code;
    System.arraycopy(utf8, 0, payload, 2, utf8.length);
    return frame(0x8, true, true, payload);
  }

  /** A frame carrying {@code payload}, masked with a random key when {@code masked}. */
  private byte[] frame(int opcode, boolean fin, boolean masked, byte[] payload) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] header = header(opcode, fin, payload.length, false);
    if (masked) {
      header[1] |= (byte) 0x80;
    }
    out.writeBytes(header);
    if (masked) {
      byte[] key = new byte[4];
      for (int i = 0; i < 4; i++) {
        key[i] = (byte) masks.nextInt(256);
      }
      out.writeBytes(key);
      byte[] masked2 = payload.clone();
      for (int i = 0; i < masked2.length; i++) {
        masked2[i] ^= key[i & 3];
      }
      out.writeBytes(masked2);
    } else {
      out.writeBytes(payload);
    }
    return out.toByteArray();
  }

  /**
   * A masked frame of {@code length} zero bytes whose length is written in {@code extendedBytes} (2
   * or 8) whatever it is: the form RFC 6455 §5.2 forbids when a shorter one would do.
   */
  private static byte[] lengthIn(int opcode, int length, int extendedBytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0x80 | opcode);
    out.write(0x80 | (extendedBytes == 2 ? 126 : 127));
    for (int shift = (extendedBytes - 1) * 8; shift >= 0; shift -= 8) {
      out.write((int) ((long) length >>> shift));
    }
    out.writeBytes(new byte[4 + length]);
    return out.toByteArray();
  }

  /** A header only, with a zero mask key when masked (for frames whose payload never comes). */
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
