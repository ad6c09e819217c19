package io.github.providergateway.websocket.internal;

import static java.util.Objects.requireNonNull;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads the frames one client sends (RFC 6455 §5) and hands over whole messages, refusing a
 * connection the moment it breaks a rule, before anything of the offending frame is buffered:
 *
 * <ul>
 *   <li>an unmasked frame (§5.1), reserved bits set with no extension negotiated, an unknown
 *       opcode, a fragmented or over-long control frame, a continuation with no message begun or a
 *       new message inside a fragmented one, a 64-bit length with its top bit set, an extended
 *       length that is not the shortest form (a 16-bit one below 126, a 64-bit one below 65536;
 *       §5.2 says "the minimal number of bytes MUST be used", and we fail the connection as Netty
 *       does rather than read a frame two peers could disagree about): 1002;
 *   <li>a binary frame: both protocols are JSON text, so 1003 before its payload is read;
 *   <li>a text message that is not UTF-8: 1007;
 *   <li>a data message (all its fragments together) longer than the connection may send ({@link
 *       #unauthenticatedLimit} until {@link #authenticated()}, {@link #authenticatedLimit} after):
 *       1009 as soon as a frame header announces it;
 *   <li>bytes of an unfinished message beyond what the server-wide {@link InboundBudget} has left
 *       (charged as they arrive, not as announced): 1013, so many connections each parking a large
 *       partial frame cannot fill the heap;
 *   <li>more than {@code maxPingsPerSecond} pings a second: 1008 (each costs a pong queued for
 *       writing).
 * </ul>
 *
 * <p>It remembers when the unfinished message began, so the server can close a peer that starts one
 * and never finishes it ({@link #unfinishedSinceMillis()}).
 *
 * <p>Bytes come in as {@link ByteBuffer}s, however the container split them: the decoder knows no
 * container ({@code transport-ws}'s Grizzly adapter, {@code WsSocket}, feeds it). Where it is in
 * the stream is its {@link State}.
 *
 * <p>Reads of one connection come in order on one thread at a time (Grizzly's selector thread);
 * {@link #release()} may come from another when the connection closes, so what touches the budget
 * holds this object's monitor (never while a message is being handed over).
 */
public final class FrameDecoder {

  /** Where decoded frames go. Runs on the reading thread, in the order the frames came. */
  public interface Sink {
    /** A whole text message. */
    void text(String message);

    /** A ping, to be answered with a pong carrying {@code payload}. */
    void ping(byte[] payload);

    /** A pong: the peer is alive. */
    void pong();

    /**
     * The peer's close frame.
     *
     * @param code its status code, or {@link CloseStatus#NO_STATUS} when it carried none
     * @param reason its reason, possibly empty
     */
    void close(int code, String reason);
  }

  /**
   * Why a connection was refused: the close frame to send, a line for the log, and whether to cut
   * the socket at once rather than wait for the peer's close (a peer that does not read would never
   * see the close frame).
   */
  public record Refusal(CloseStatus reason, String detail, boolean cutAtOnce) {
    public Refusal(CloseStatus reason, String detail) {
      this(reason, detail, false);
    }
  }

  /**
   * Where the decoder is in the peer's byte stream. It starts in {@link #HEADER}; a complete header
   * leads to one of the payload states (or, for an empty payload, straight to the frame's end and
   * back to {@link #HEADER}); a payload read to its end leads back to {@link #HEADER}. A broken
   * rule, or {@link #release()}, leads to {@link #FAILED}, which nothing leaves. Whether a
   * fragmented message is open is the message's state, not the frame's ({@link #inMessage}): a
   * control frame may come between its fragments.
   */
  public enum State {
    /** Collecting a frame header: 2 to 14 bytes, in as many reads as the peer likes. */
    HEADER,
    /** Reading a control frame's payload (at most 125 bytes) into its own buffer. */
    CONTROL_PAYLOAD,
    /** Reading a text frame's payload into the message being assembled, charged to the budget. */
    DATA_PAYLOAD,
    /** A rule was broken or the connection is gone: every later byte is dropped unread. */
    FAILED
  }

  private static final int OPCODE_CONTINUATION = 0x0;
  private static final int OPCODE_TEXT = 0x1;
  private static final int OPCODE_BINARY = 0x2;
  private static final int OPCODE_CLOSE = 0x8;
  private static final int OPCODE_PING = 0x9;
  private static final int OPCODE_PONG = 0xA;

  /** A control frame's largest payload (§5.5). */
  private static final int MAX_CONTROL_PAYLOAD = 125;

  /** The 7-bit length values that announce a 16-bit and a 64-bit extended length (§5.2). */
  private static final int LENGTH_16_BITS = 126;

  private static final int LENGTH_64_BITS = 127;

  /** The largest message any limit may allow: what one Java array can hold, less its header. */
  public static final long MAX_LIMIT = Integer.MAX_VALUE - 8;

  /** What a connection's message buffer starts at, and shrinks back to after a large message. */
  private static final int INITIAL_MESSAGE_BYTES = 1024;

  private static final int KEEP_MESSAGE_BYTES = 64 * 1024;
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final InboundBudget budget;
  private final long unauthenticatedLimit;
  private final long authenticatedLimit;

  /** Pings the peer may send in any one second. */
  private final int maxPingsPerSecond;

  /** Whether the peer has authenticated: its messages may then be {@link #authenticatedLimit}. */
  private volatile boolean authenticated;

  // Parsing state: only the thread reading this connection touches it.
  /** Where the reader is; {@link State#FAILED} once {@link #refused} is set. */
  private State state = State.HEADER;

  /** The header being collected (at most 2 + 8 + 4 bytes). */
  private final byte[] header = new byte[14];

  private int headerHave;

  /** Payload bytes of the current frame still to come (in the payload states). */
  private long payloadLeft;

  /** Payload bytes of the current frame read so far: the mask's phase. */
  private long payloadRead;

  /** The current frame's opcode, fin bit and mask key. */
  private int opcode;

  private boolean finalFrame;
  private final byte[] mask = new byte[4];

  /** The current control frame's payload. */
  private final byte[] control = new byte[MAX_CONTROL_PAYLOAD];

  private int controlHave;

  /** The data message being assembled (unmasked), and how much of it is in. */
  private byte[] message = new byte[INITIAL_MESSAGE_BYTES];

  private int messageHave;

  /** Whether a data message has begun and not ended. */
  private boolean inMessage;

  /** Declared payload bytes of the data message so far, over all its frames. */
  private long messageBytes;

  /** When (clock millis) the current one-second ping window began. */
  private long pingWindowStartMillis;

  /** Pings seen in the current window. */
  private int pingsInWindow;

  /** Bytes of the unfinished message charged to the budget. Guarded by this. */
  private long held;

  /**
   * The refusal, once one happened (or the connection closed): every later byte is dropped. Set by
   * the reading thread, or by {@link #release()} from any thread; the reader then moves to {@link
   * State#FAILED}.
   */
  private volatile Refusal refused;

  /** When (clock millis) the unfinished message began, or -1; read by the server's sweeper. */
  private volatile long unfinishedSinceMillis = -1;

  public FrameDecoder(
      InboundBudget budget,
      long unauthenticatedLimit,
      long authenticatedLimit,
      int maxPingsPerSecond) {
    if (unauthenticatedLimit < 0
        || authenticatedLimit < 0
        || Math.max(unauthenticatedLimit, authenticatedLimit) > MAX_LIMIT) {
      throw new IllegalArgumentException(
          "message limits must be 0 to "
              + MAX_LIMIT
              + " bytes: "
              + unauthenticatedLimit
              + ", "
              + authenticatedLimit);
    }
    this.budget = requireNonNull(budget, "budget");
    this.unauthenticatedLimit = unauthenticatedLimit;
    this.authenticatedLimit = authenticatedLimit;
    this.maxPingsPerSecond = maxPingsPerSecond;
  }

  /** The peer proved who it is: from now on its messages may be as large as the protocol's. */
  public void authenticated() {
    authenticated = true;
  }

  /**
   * Reads every byte of {@code bytes} (from its position to its limit, which it ends at), handing
   * each whole message and control frame to {@code sink} as it completes.
   *
   * @param nowMillis the clock, for {@link #unfinishedSinceMillis()} and the ping rate
   * @return null when all went well; otherwise why the connection must close (the bytes after the
   *     offending frame header are dropped, as is everything read later)
   */
  public Refusal read(ByteBuffer bytes, long nowMillis, Sink sink) {
    while (bytes.hasRemaining()) {
      if (refused != null) {
        state = State.FAILED; // release() from another thread, or a refusal earlier on
      }
      Refusal refusal =
          switch (state) {
            case HEADER -> readHeader(bytes, nowMillis, sink);
            case CONTROL_PAYLOAD -> readControl(bytes, sink);
            case DATA_PAYLOAD -> readData(bytes, sink);
            case FAILED -> {
              bytes.position(bytes.limit());
              yield refused;
            }
          };
      if (refusal != null) {
        bytes.position(bytes.limit()); // what follows a broken rule is never read
        return refuse(refusal);
      }
    }
    return refused;
  }

  /** Where the reader is now: for tests, and for the fuzz target's invariants. */
  public State state() {
    return refused != null ? State.FAILED : state;
  }

  /**
   * Gives back what the unfinished message held and drops every later byte: the connection is gone.
   * Idempotent.
   */
  public void release() {
    synchronized (this) {
      if (held > 0) {
        budget.release(held);
        held = 0;
      }
    }
    if (refused == null) {
      refused = new Refusal(CloseStatuses.goingAway(), "closed");
    }
    unfinishedSinceMillis = -1;
  }

  /** When the message the peer is in the middle of began (clock millis), or -1 when none is. */
  public long unfinishedSinceMillis() {
    return unfinishedSinceMillis;
  }

  /** The bytes this connection holds of an unfinished message, for tests and logs. */
  public synchronized long heldBytes() {
    return held;
  }

  /** Collects header bytes; once the header is whole, applies the rules and moves on. */
  private Refusal readHeader(ByteBuffer bytes, long nowMillis, Sink sink) {
    header[headerHave++] = bytes.get();
    if (headerHave < headerLength()) {
      return null;
    }
    Refusal refusal = headerComplete(nowMillis);
    if (refusal != null) {
      return refusal;
    }
    state = opcode >= OPCODE_CLOSE ? State.CONTROL_PAYLOAD : State.DATA_PAYLOAD;
    return payloadLeft == 0 ? frameComplete(sink) : null;
  }

  /** The header's full length, known once its second byte is in (2 while it is not). */
  private int headerLength() {
    if (headerHave < 2) {
      return 2;
    }
    int length7 = header[1] & 0x7F;
    int extended = length7 == LENGTH_16_BITS ? 2 : length7 == LENGTH_64_BITS ? 8 : 0;
    int maskBytes = (header[1] & 0x80) != 0 ? 4 : 0;
    return 2 + extended + maskBytes;
  }

  /** Applies the rules to a complete header and sets up reading its payload. */
  private Refusal headerComplete(long nowMillis) {
    int headerBytes = headerHave;
    headerHave = 0;
    finalFrame = (header[0] & 0x80) != 0;
    opcode = header[0] & 0x0F;
    if ((header[0] & 0x70) != 0) {
      return new Refusal(
          CloseStatuses.protocolError(), "set a reserved bit with no extension agreed");
    }
    if ((header[1] & 0x80) == 0) {
      return new Refusal(CloseStatuses.unmasked(), "sent an unmasked frame (RFC 6455 §5.1)");
    }
    long length = payloadLength();
    if (length < 0) {
      return new Refusal(CloseStatuses.protocolError(), "sent a frame length with its top bit set");
    }
    if (!isMinimalLength(length)) {
      return new Refusal(
          CloseStatuses.protocolError(),
          "sent a length of "
              + length
              + " in "
              + (headerBytes - 6)
              + " extended bytes, not the fewest (RFC 6455 §5.2)");
    }
    System.arraycopy(header, headerBytes - 4, mask, 0, 4);
    payloadLeft = length;
    payloadRead = 0;
    if (opcode >= OPCODE_CLOSE) {
      if (opcode != OPCODE_CLOSE && opcode != OPCODE_PING && opcode != OPCODE_PONG) {
        return new Refusal(CloseStatuses.protocolError(), "sent a reserved opcode " + opcode);
      }
      if (!finalFrame || length > MAX_CONTROL_PAYLOAD) {
        return new Refusal(
            CloseStatuses.protocolError(), "sent a fragmented or over-long control frame");
      }
      controlHave = 0;
      return opcode == OPCODE_PING ? countPing(nowMillis) : null;
    }
    if (opcode == OPCODE_BINARY) {
      return new Refusal(CloseStatuses.binaryRefused(), "sent a binary frame");
    }
    if (opcode != OPCODE_TEXT && opcode != OPCODE_CONTINUATION) {
      return new Refusal(CloseStatuses.protocolError(), "sent a reserved opcode " + opcode);
    }
    if (opcode == OPCODE_CONTINUATION && !inMessage) {
      return new Refusal(
          CloseStatuses.protocolError(), "sent a continuation with no message begun");
    }
    if (opcode == OPCODE_TEXT && inMessage) {
      return new Refusal(CloseStatuses.protocolError(), "began a message inside a fragmented one");
    }
    long limit = limit();
    // Compared before adding: a 64-bit length near 2^63 on a continuation would overflow the
    // total, which then passed for small (found by review; the fuzz target keeps the input).
    if (length > limit - messageBytes) {
      return new Refusal(
          CloseStatuses.tooBig(),
          "announced "
              + length
              + " more bytes of a message of "
              + messageBytes
              + "; at most "
              + limit
              + (authenticated ? "" : " before authenticating")
              + " are accepted");
    }
    messageBytes += length;
    if (!inMessage) {
      inMessage = true;
      unfinishedSinceMillis = nowMillis;
    }
    return null;
  }

  /**
   * Whether the header used the fewest length bytes for {@code length}: 7 bits up to 125, 16 up to
   * 65535, 64 beyond.
   */
  private boolean isMinimalLength(long length) {
    return switch (header[1] & 0x7F) {
      case LENGTH_16_BITS -> length >= LENGTH_16_BITS;
      case LENGTH_64_BITS -> length > 0xFFFF;
      default -> true;
    };
  }

  /** The largest message the peer may send now. */
  private long limit() {
    return authenticated ? authenticatedLimit : unauthenticatedLimit;
  }

  private Refusal countPing(long nowMillis) {
    if (nowMillis - pingWindowStartMillis >= 1000 || nowMillis < pingWindowStartMillis) {
      pingWindowStartMillis = nowMillis;
      pingsInWindow = 0;
    }
    if (++pingsInWindow > maxPingsPerSecond) {
      // Cut at once: a flood of pings is an attack, and the flooder need not be heard out.
      return new Refusal(
          CloseStatuses.pingFlood(),
          "sent more than " + maxPingsPerSecond + " pings in a second",
          true);
    }
    return null;
  }

  private Refusal readControl(ByteBuffer bytes, Sink sink) {
    int take = take(bytes);
    bytes.get(control, controlHave, take);
    unmask(control, controlHave, take);
    controlHave += take;
    return payloadRead(take) ? frameComplete(sink) : null;
  }

  private Refusal readData(ByteBuffer bytes, Sink sink) {
    int take = take(bytes);
    // Charged as it arrives: what the unfinished message holds, not what it announced.
    synchronized (this) {
      if (refused != null) {
        return refused; // released meanwhile: nothing more may be charged, or it would never come
        // back
      }
      if (!budget.tryCharge(take)) {
        return new Refusal(
            CloseStatuses.tryAgainLater(),
            "unfinished messages of all connections would exceed " + budget.limit() + " bytes");
      }
      held += take;
    }
    int needed = messageHave + take;
    if (needed > message.length) {
      message =
          Arrays.copyOf(
              message,
              (int) Math.min(Math.max(needed, 2L * message.length), Math.max(limit(), needed)));
    }
    bytes.get(message, messageHave, take);
    unmask(message, messageHave, take);
    messageHave = needed;
    return payloadRead(take) ? frameComplete(sink) : null;
  }

  /** How much of the current payload {@code bytes} holds. */
  private int take(ByteBuffer bytes) {
    return (int) Math.min(payloadLeft, bytes.remaining());
  }

  /** Counts {@code bytes} of payload as read; true when that was the last of the frame. */
  private boolean payloadRead(int bytes) {
    payloadLeft -= bytes;
    payloadRead += bytes;
    return payloadLeft == 0;
  }

  /**
   * Unmasks {@code length} bytes at {@code from}, which continue the frame at {@link #payloadRead}.
   */
  private void unmask(byte[] bytes, int from, int length) {
    int phase = (int) (payloadRead & 3);
    int at = from;
    int end = from + length;
    // Byte by byte until the mask lines up, then eight bytes at a time.
    while (at < end && phase != 0) {
      bytes[at++] ^= mask[phase];
      phase = (phase + 1) & 3;
    }
    if (end - at >= 8) {
      long word =
          (mask[0] & 0xFFL)
              | (mask[1] & 0xFFL) << 8
              | (mask[2] & 0xFFL) << 16
              | (mask[3] & 0xFFL) << 24;
      word |= word << 32;
      for (; end - at >= 8; at += 8) {
        LONGS.set(bytes, at, (long) LONGS.get(bytes, at) ^ word);
      }
    }
    for (int i = 0; at < end; i++) {
      bytes[at++] ^= mask[i & 3];
    }
  }

  /**
   * The current frame's payload is all in: hands over what it completes, and awaits the next
   * header.
   */
  private Refusal frameComplete(Sink sink) {
    state = State.HEADER;
    switch (opcode) {
      case OPCODE_PING -> sink.ping(Arrays.copyOf(control, controlHave));
      case OPCODE_PONG -> sink.pong();
      case OPCODE_CLOSE -> {
        return closeFrame(sink);
      }
      default -> {
        if (finalFrame) {
          return messageComplete(sink);
        }
      }
    }
    return null;
  }

  private Refusal closeFrame(Sink sink) {
    if (controlHave == 1) {
      return new Refusal(
          CloseStatuses.protocolError(), "sent a close frame with a one-byte payload");
    }
    if (controlHave == 0) {
      sink.close(CloseStatus.NO_STATUS, "");
      return null;
    }
    int code = ((control[0] & 0xFF) << 8) | (control[1] & 0xFF);
    if (!CloseStatus.isValidOnTheWire(code)) {
      return new Refusal(
          CloseStatuses.protocolError(), "closed with status " + code + ", which may not be sent");
    }
    if (!Utf8Validator.isValid(control, 2, controlHave - 2)) {
      return new Refusal(CloseStatuses.notUtf8(), "closed with a reason that is not UTF-8");
    }
    sink.close(code, new String(control, 2, controlHave - 2, StandardCharsets.UTF_8));
    return null;
  }

  private Refusal messageComplete(Sink sink) {
    int length = messageHave;
    byte[] bytes = message;
    synchronized (this) {
      // Whole: it stops counting as unfinished, and its bytes go back to the budget.
      budget.release(held);
      held = 0;
    }
    inMessage = false;
    messageBytes = 0;
    messageHave = 0;
    unfinishedSinceMillis = -1;
    if (bytes.length > KEEP_MESSAGE_BYTES) {
      message = new byte[INITIAL_MESSAGE_BYTES]; // an idle connection keeps no large buffer
    }
    if (!Utf8Validator.isValid(bytes, 0, length)) {
      return new Refusal(CloseStatuses.notUtf8(), "sent text that is not UTF-8");
    }
    sink.text(new String(bytes, 0, length, StandardCharsets.UTF_8));
    return null;
  }

  /** The payload length the header declares, or -1 when a 64-bit length has its top bit set. */
  private long payloadLength() {
    int length7 = header[1] & 0x7F;
    if (length7 < LENGTH_16_BITS) {
      return length7;
    }
    if (length7 == LENGTH_16_BITS) {
      return ((header[2] & 0xFF) << 8) | (header[3] & 0xFF);
    }
    long length = 0;
    for (int i = 2; i < 10; i++) {
      length = (length << 8) | (header[i] & 0xFF);
    }
    return length;
  }

  private Refusal refuse(Refusal refusal) {
    state = State.FAILED;
    if (refused == null) {
      refused = refusal;
    }
    return refused;
  }
}
