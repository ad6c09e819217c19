package io.github.providergateway.websocket.internal;

import static io.github.providergateway.transport.testing.ClientFrames.BINARY;
import static io.github.providergateway.transport.testing.ClientFrames.CONTINUATION;
import static io.github.providergateway.transport.testing.ClientFrames.FIN;
import static io.github.providergateway.transport.testing.ClientFrames.PING;
import static io.github.providergateway.transport.testing.ClientFrames.PONG;
import static io.github.providergateway.transport.testing.ClientFrames.TEXT;
import static io.github.providergateway.transport.testing.ClientFrames.close;
import static io.github.providergateway.transport.testing.ClientFrames.concat;
import static io.github.providergateway.transport.testing.ClientFrames.frame;
import static io.github.providergateway.transport.testing.ClientFrames.text;
import static io.github.providergateway.transport.testing.ClientFrames.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.providergateway.transport.testing.ClientFrames;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing (Jazzer) of {@link FrameDecoder}: whatever bytes a peer sends, however
 * they are split into reads. {@code mvn verify} replays the seeds and the stored inputs; the {@code
 * fuzz} profile explores (docs/conformance.md, section Fuzzing).
 *
 * <p>An input is two bytes of settings, then the peer's byte stream:
 *
 * <ul>
 *   <li>byte 0 picks the limits, small so that short inputs reach them: bits 0-1 the limit before
 *       authentication, bits 2-3 after, bits 4-5 the unfinished-message budget; bit 6 authenticates
 *       the peer once its first message is handed over (as the server does after {@code auth}); bit
 *       7 allows 2 pings a second instead of 50;
 *   <li>byte 1 picks the chunking: reads alternate between {@code 1 + (b & 15)} bytes and {@code 1
 *       + (b >>> 4) * 61} bytes, in heap buffers at an offset and in direct buffers.
 * </ul>
 */
class FrameDecoderFuzzTest {

  private static final long[] UNAUTHENTICATED_LIMITS = {0, 16, 125, 70_000};
  private static final long[] AUTHENTICATED_LIMITS = {64, 300, 65_536, 1 << 20};
  private static final long[] BUDGETS = {100, 1_000, 70_000, 4 << 20};

  /**
   * The codes a refusal may carry (CloseStatuses): protocol, binary, policy, UTF-8, size, budget.
   */
  private static final Set<Integer> REFUSAL_CODES = Set.of(1002, 1003, 1007, 1008, 1009, 1013);

  /**
   * Whatever the bytes and their split: the decoder never throws; it never holds more of an
   * unfinished message than the limit in force, nor more than the budget; it hands over no text
   * longer than the limit, no ping payload over 125 bytes, no close code a peer may not send; a
   * refusal carries one of its codes, and nothing is handed over after it; split reads hand over
   * exactly what one read of the whole stream does, and end the same way; a stream that ends
   * between messages holds nothing, and after {@link FrameDecoder#release()} the budget is whole.
   */
  @MethodSource("seeds")
  @DictionaryFile(resourcePath = "websocket-frames.dict")
  @FuzzTest
  void anyBytesInAnyChunksAreDecodedAlikeWithinTheLimitsOrRefusedWithACode(byte[] input) {
    if (input.length < 2) {
      return;
    }
    Run whole = new Run(input[0]);
    whole.read(ByteBuffer.wrap(input, 2, input.length - 2));

    Run split = new Run(input[0]);
    int small = 1 + (input[1] & 0x0F);
    int large = 1 + ((input[1] >>> 4) & 0x0F) * 61;
    int at = 2;
    for (int i = 0; at < input.length; i++) {
      int length = Math.min(input.length - at, i % 2 == 0 ? small : large);
      split.read(i % 2 == 0 ? ByteBuffer.wrap(input, at, length) : direct(input, at, length));
      at += length;
    }

    assertThat(split.events).as("split reads hand over what one read does").isEqualTo(whole.events);
    assertThat(split.refusalCode()).as("and end the same way").isEqualTo(whole.refusalCode());
    whole.end();
    split.end();
  }

  /** One decoder on a budget of its own, checking every invariant as it goes. */
  private static final class Run implements FrameDecoder.Sink {
    final InboundBudget budget;
    final FrameDecoder decoder;
    final long unauthenticatedLimit;
    final long authenticatedLimit;
    final boolean authenticateAfterFirstMessage;
    final List<String> events = new ArrayList<>();
    boolean authenticated;
    FrameDecoder.Refusal refusal;

    Run(byte settings) {
      unauthenticatedLimit = UNAUTHENTICATED_LIMITS[settings & 3];
      authenticatedLimit = AUTHENTICATED_LIMITS[(settings >>> 2) & 3];
      budget = new InboundBudget(BUDGETS[(settings >>> 4) & 3]);
      authenticateAfterFirstMessage = (settings & 0x40) != 0;
      decoder =
          new FrameDecoder(
              budget, unauthenticatedLimit, authenticatedLimit, (settings & 0x80) != 0 ? 2 : 50);
    }

    void read(ByteBuffer bytes) {
      FrameDecoder.Refusal result = decoder.read(bytes, 0, this);
      assertThat(bytes.hasRemaining()).as("every byte read").isFalse();
      if (refusal != null) {
        assertThat(result).as("a refusal stays").isSameAs(refusal);
      }
      refusal = result;
      if (refusal != null) {
        assertThat(REFUSAL_CODES).as("refused with %s", refusal).contains(refusal.reason().code());
        assertThat(decoder.state()).isEqualTo(FrameDecoder.State.FAILED);
      }
      assertThat(decoder.heldBytes()).as("held within the limit").isLessThanOrEqualTo(limit());
      assertThat(budget.held()).as("held within the budget").isLessThanOrEqualTo(budget.limit());
      assertThat(budget.held())
          .as("the budget charged what the decoder holds")
          .isEqualTo(decoder.heldBytes());
    }

    Integer refusalCode() {
      return refusal == null ? null : refusal.reason().code();
    }

    /** The stream ended: nothing held between messages, and nothing at all after release. */
    void end() {
      if (refusal == null && decoder.unfinishedSinceMillis() < 0) {
        assertThat(decoder.heldBytes()).as("nothing held between messages").isZero();
      }
      decoder.release();
      assertThat(budget.held()).as("released").isZero();
      assertThat(decoder.state()).isEqualTo(FrameDecoder.State.FAILED);
      int before = events.size();
      assertThat(decoder.read(ByteBuffer.wrap(ClientFrames.text("after")), 0, this)).isNotNull();
      assertThat(events).hasSize(before);
    }

    private long limit() {
      return authenticated ? authenticatedLimit : unauthenticatedLimit;
    }

    @Override
    public void text(String message) {
      noRefusalYet();
      assertThat((long) message.getBytes(StandardCharsets.UTF_8).length)
          .as("a message within the limit")
          .isLessThanOrEqualTo(limit());
      events.add("text:" + message);
      if (authenticateAfterFirstMessage && !authenticated) {
        authenticated = true;
        decoder.authenticated();
      }
    }

    @Override
    public void ping(byte[] payload) {
      noRefusalYet();
      assertThat(payload.length).isLessThanOrEqualTo(125);
      events.add("ping:" + java.util.HexFormat.of().formatHex(payload));
    }

    @Override
    public void pong() {
      noRefusalYet();
      events.add("pong");
    }

    @Override
    public void close(int code, String reason) {
      noRefusalYet();
      assertThat(code == CloseStatus.NO_STATUS || CloseStatus.isValidOnTheWire(code))
          .as("close code %s", code)
          .isTrue();
      assertThat(reason.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(123);
      events.add("close:" + code + ":" + reason);
    }

    private void noRefusalYet() {
      assertThat(refusal).as("nothing handed over after a refusal").isNull();
    }
  }

  /** One direct buffer for every direct read: larger than any chunk, and allocated once. */
  private static final ByteBuffer DIRECT = ByteBuffer.allocateDirect(1024);

  private static ByteBuffer direct(byte[] input, int at, int length) {
    DIRECT.clear();
    DIRECT.put(input, at, length).flip();
    return DIRECT;
  }

  /** Streams of every frame kind, legal and not, behind settings that reach each limit. */
  static Stream<byte[]> seeds() {
    return Stream.of(
        input(0x03, 0x00, text("{\"type\":\"auth\",\"token\":\"t\"}")),
        input(
            0x47,
            0x35,
            text("héllo"),
            frame(TEXT, false, utf8("frag")),
            frame(FIN | PING, utf8("are you there")),
            frame(FIN | CONTINUATION, utf8("ment")),
            frame(FIN | PONG, new byte[0]),
            close(1000, "bye")),
        input(0x41, 0xF0, text("a"), frame(FIN | TEXT, new byte[200])),
        input(
            0x80,
            0x11,
            frame(FIN | PING, new byte[0]),
            frame(FIN | PING, new byte[0]),
            frame(FIN | PING, new byte[0])),
        input(0x03, 0x2F, frame(FIN | TEXT, new byte[130], 8), frame(FIN | TEXT, new byte[3], 2)),
        input(0x0F, 0x73, frame(FIN | BINARY, new byte[4]), text("x")),
        input(
            0x13, 0x01, frame(TEXT, false, new byte[90]), frame(CONTINUATION, false, new byte[90])),
        input(
            0x03,
            0x00,
            frame(FIN | TEXT, new byte[] {'a', (byte) 0xC0, (byte) 0x80}),
            close(1005, "")),
        input(0x03, 0x00, frame(FIN | 0x3, new byte[2]), frame(FIN | 0x40 | TEXT, new byte[2])));
  }

  private static byte[] input(int settings, int chunking, byte[]... frames) {
    return concat(new byte[] {(byte) settings, (byte) chunking}, concat(frames));
  }
}
