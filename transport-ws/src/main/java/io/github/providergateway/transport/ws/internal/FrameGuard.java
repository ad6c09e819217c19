package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import jakarta.websocket.CloseReason;
import org.glassfish.grizzly.Buffer;

/**
 * Reads the frame headers one client sends, before Tyrus sees the bytes, and refuses a connection
 * the moment it breaks a rule that Tyrus would only notice after buffering (RFC 6455 §5.2):
 *
 * <ul>
 *   <li>an unmasked frame: a client must mask every frame (§5.1), so the server closes with 1002;
 *   <li>a binary frame: both protocols are JSON text, so 1003 before its payload is buffered;
 *   <li>a data message (all its fragments together) longer than the connection may send — {@link
 *       #unauthenticatedLimit} until {@link #authenticated()}, {@link #authenticatedLimit} after —
 *       closes with 1009 as soon as a frame header declares it, so nothing of it is buffered;
 *   <li>bytes of an unfinished message beyond what the server-wide {@link InboundBudget} has left
 *       close with 1013, so many connections each parking a large partial frame cannot together
 *       fill the heap;
 *   <li>more than {@code maxPingsPerSecond} (50) pings a second close with 1008: Tyrus answers
 *       every ping with a pong it queues in Grizzly's unbounded write queue, so a peer that
 *       floods pings and reads nothing would otherwise fill the heap with pongs (the server also
 *       closes a peer whose unwritten pongs pass a small bound, however slowly they came).
 * </ul>
 *
 * <p>It also remembers when the unfinished message began, so the server can close a peer that
 * starts a message and never finishes it ({@link #unfinishedSinceMillis()}).
 *
 * <p>Reads of one connection come in order on one selector thread; {@link #release()} may come
 * from another when the connection closes, so the few methods that touch the counts hold this
 * object's monitor (uncontended: one acquisition per read).
 */
final class FrameGuard {

  /**
   * Why a connection was refused: the close frame to send, a line for the log, and whether to cut
   * the socket at once rather than wait for the peer's close (a peer that does not read would
   * never see the close frame).
   */
  record Refusal(CloseReason reason, String detail, boolean cutAtOnce) {
    Refusal(CloseReason reason, String detail) {
      this(reason, detail, false);
    }
  }

  private static final int OPCODE_CONTINUATION = 0x0;
  private static final int OPCODE_TEXT = 0x1;
  private static final int OPCODE_BINARY = 0x2;
  private static final int OPCODE_PING = 0x9;

  private final InboundBudget budget;
  private final long unauthenticatedLimit;
  private final long authenticatedLimit;
  /** Pings the peer may send in any one second. */
  private final int maxPingsPerSecond;
  /** Whether the peer has authenticated: its messages may then be {@link #authenticatedLimit}. */
  private volatile boolean authenticated;

  // Parsing state: only the thread reading this connection touches it.
  /** The header being collected (at most 2 + 8 + 4 bytes). */
  private final byte[] header = new byte[14];
  private int headerHave;
  /** Payload bytes of the current frame still to come; -1 while a header is being read. */
  private long payloadLeft = -1;
  /** Whether the current frame's payload belongs to the data message (not a control frame). */
  private boolean dataFrame;
  /** Whether the current data frame ends its message. */
  private boolean finalFrame;
  /** Whether a data message has begun and not ended. */
  private boolean inMessage;
  /** Declared payload bytes of the data message so far, over all its frames. */
  private long messageBytes;
  /** Bytes received for the unfinished message, charged to the budget. */
  private long held;
  /** When (clock millis) the current one-second ping window began. */
  private long pingWindowStartMillis;
  /** Pings seen in the current window. */
  private int pingsInWindow;
  /** The refusal, once one happened: every later byte is dropped. */
  private Refusal refused;

  /** When (clock millis) the unfinished message began, or -1; read by the server's sweeper. */
  private volatile long unfinishedSinceMillis = -1;

  FrameGuard(
      InboundBudget budget, long unauthenticatedLimit, long authenticatedLimit, int maxPingsPerSecond) {
    this.budget = requireNonNull(budget, "budget");
    this.unauthenticatedLimit = unauthenticatedLimit;
    this.authenticatedLimit = authenticatedLimit;
    this.maxPingsPerSecond = maxPingsPerSecond;
  }

  /** The peer proved who it is: from now on its messages may be as large as the protocol's. */
  void authenticated() {
    authenticated = true;
  }

  /**
   * Looks at the bytes of one read (without consuming them) and charges what the unfinished
   * message now holds to the budget.
   *
   * @param nowMillis the clock, for {@link #unfinishedSinceMillis()}
   * @return null when Tyrus may have the bytes; otherwise why the connection must close (the bytes
   *     must then be dropped, as must everything after them)
   */
  synchronized Refusal inspect(Buffer bytes, long nowMillis) {
    if (refused != null) {
      return refused;
    }
    long heldBefore = held;
    int at = bytes.position();
    int end = bytes.limit();
    while (at < end) {
      if (payloadLeft < 0) {
        header[headerHave++] = bytes.get(at++);
        if (inMessage) {
          held++;
        }
        int needed = headerLength();
        if (headerHave < needed) {
          continue;
        }
        boolean wasInMessage = inMessage;
        Refusal refusal = headerComplete(nowMillis);
        if (refusal != null) {
          return refuse(refusal, heldBefore);
        }
        if (!wasInMessage && inMessage) {
          held += needed; // the header of the frame that began the message was not counted yet
        }
        if (payloadLeft == 0) {
          frameComplete();
        }
        continue;
      }
      long take = Math.min(payloadLeft, end - at);
      at += (int) take;
      payloadLeft -= take;
      if (dataFrame) {
        held += take;
      }
      if (payloadLeft == 0) {
        frameComplete();
      }
    }
    long grown = held - heldBefore;
    if (grown > 0 && !budget.tryCharge(grown)) {
      held = heldBefore;
      return refuse(
          new Refusal(
              WsCloseCodes.tryAgainLater(),
              "unfinished messages of all connections would exceed "
                  + budget.limit()
                  + " bytes"),
          heldBefore);
    } else if (grown < 0) {
      budget.release(-grown);
    }
    return null;
  }

  /**
   * Gives back what the unfinished message held and drops every later byte: the connection is
   * gone. Idempotent.
   */
  synchronized void release() {
    if (held > 0) {
      budget.release(held);
      held = 0;
    }
    if (refused == null) {
      refused = new Refusal(WsCloseCodes.goingAway(), "closed");
    }
    unfinishedSinceMillis = -1;
  }

  /** When the message the peer is in the middle of began (clock millis), or -1 when none is. */
  long unfinishedSinceMillis() {
    return unfinishedSinceMillis;
  }

  /** The bytes this connection holds of an unfinished message, for tests and logs. */
  synchronized long heldBytes() {
    return held;
  }

  /** The header's full length, known once its second byte is in (2 while it is not). */
  private int headerLength() {
    if (headerHave < 2) {
      return 2;
    }
    int length7 = header[1] & 0x7F;
    int extended = length7 == 126 ? 2 : length7 == 127 ? 8 : 0;
    int mask = (header[1] & 0x80) != 0 ? 4 : 0;
    return 2 + extended + mask;
  }

  /** Applies the rules to a complete header and sets up reading its payload. */
  private Refusal headerComplete(long nowMillis) {
    boolean fin = (header[0] & 0x80) != 0;
    int opcode = header[0] & 0x0F;
    boolean masked = (header[1] & 0x80) != 0;
    if (!masked) {
      return new Refusal(WsCloseCodes.unmasked(), "sent an unmasked frame (RFC 6455 §5.1)");
    }
    long length = payloadLength();
    if (length < 0) {
      return new Refusal(WsCloseCodes.protocolError(), "sent a frame length with its top bit set");
    }
    headerHave = 0;
    payloadLeft = length;
    if (opcode >= 0x8) {
      dataFrame = false; // control frames: at most 125 bytes, and Tyrus answers them itself
      return opcode == OPCODE_PING ? countPing(nowMillis) : null;
    }
    if (opcode == OPCODE_BINARY) {
      return new Refusal(WsCloseCodes.binaryRefused(), "sent a binary frame");
    }
    if (opcode != OPCODE_TEXT && opcode != OPCODE_CONTINUATION) {
      return null; // a reserved opcode: Tyrus refuses it (1002) with nothing buffered
    }
    dataFrame = true;
    finalFrame = fin;
    if (opcode == OPCODE_TEXT || !inMessage) {
      messageBytes = 0;
    }
    messageBytes += length;
    long limit = authenticated ? authenticatedLimit : unauthenticatedLimit;
    if (messageBytes > limit) {
      return new Refusal(
          WsCloseCodes.tooBig(),
          "announced a message of "
              + messageBytes
              + " bytes; at most "
              + limit
              + (authenticated ? "" : " before authenticating")
              + " are accepted");
    }
    if (!inMessage) {
      inMessage = true;
      unfinishedSinceMillis = nowMillis;
    }
    return null;
  }

  private Refusal countPing(long nowMillis) {
    if (nowMillis - pingWindowStartMillis >= 1000 || nowMillis < pingWindowStartMillis) {
      pingWindowStartMillis = nowMillis;
      pingsInWindow = 0;
    }
    if (++pingsInWindow > maxPingsPerSecond) {
      return new Refusal(
          WsCloseCodes.pingFlood(), "sent more than " + maxPingsPerSecond + " pings in a second");
    }
    return null;
  }

  /** The current frame's payload has all been read. */
  private void frameComplete() {
    payloadLeft = -1;
    if (dataFrame && finalFrame) {
      // The message is whole: Tyrus hands it over now, and it stops counting as unfinished.
      inMessage = false;
      messageBytes = 0;
      held = 0;
      unfinishedSinceMillis = -1;
    }
    dataFrame = false;
  }

  /** The payload length the header declares, or -1 when a 64-bit length has its top bit set. */
  private long payloadLength() {
    int length7 = header[1] & 0x7F;
    if (length7 < 126) {
      return length7;
    }
    if (length7 == 126) {
      return ((header[2] & 0xFF) << 8) | (header[3] & 0xFF);
    }
    long length = 0;
    for (int i = 2; i < 10; i++) {
      length = (length << 8) | (header[i] & 0xFF);
    }
    return length;
  }

  private Refusal refuse(Refusal refusal, long heldBefore) {
    refused = refusal;
    // What this read added was never charged; what earlier reads charged is released on close.
    held = heldBefore;
    return refusal;
  }
}
