package io.github.providergateway.websocket.internal;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The frames the server writes (RFC 6455 §5.2): whole, unmasked (§5.1: a server never masks), in
 * one array per write (a frame, or several messages' frames), so that frames never interleave.
 */
public final class FrameWriter {

  public static final int OPCODE_TEXT = 0x1;
  public static final int OPCODE_CLOSE = 0x8;
  public static final int OPCODE_PING = 0x9;
  public static final int OPCODE_PONG = 0xA;

  /** What a close frame's reason may take: 125 bytes of payload less the 2 of the code. */
  public static final int MAX_CLOSE_REASON_BYTES = 123;

  private static final byte[] EMPTY = new byte[0];

  private FrameWriter() {}

  /** A final text frame carrying {@code utf8}. */
  public static byte[] text(byte[] utf8) {
    return frame(OPCODE_TEXT, utf8, utf8.length);
  }

  /** A ping with no payload. */
  public static byte[] ping() {
    return frame(OPCODE_PING, EMPTY, 0);
  }

  /** A pong echoing a ping's {@code payload} (§5.5.3). */
  public static byte[] pong(byte[] payload) {
    return frame(OPCODE_PONG, payload, payload.length);
  }

  /**
   * A close frame with {@code close}'s code and its reason cut to what fits, on a character
   * boundary.
   */
  public static byte[] close(CloseStatus close) {
    byte[] reason = close.reason().getBytes(StandardCharsets.UTF_8);
    int reasonBytes = Math.min(reason.length, MAX_CLOSE_REASON_BYTES);
    while (reasonBytes < reason.length && reasonBytes > 0 && (reason[reasonBytes] & 0xC0) == 0x80) {
      reasonBytes--; // never cut a character in two: the peer would see invalid UTF-8
    }
    byte[] payload = new byte[2 + reasonBytes];
    payload[0] = (byte) (close.code() >> 8);
    payload[1] = (byte) close.code();
    System.arraycopy(reason, 0, payload, 2, reasonBytes);
    return frame(OPCODE_CLOSE, payload, payload.length);
  }

  /**
   * Text frames of {@code messages}, in order, in one array: what one write sends.
   *
   * @param messages each one message's UTF-8
   */
  public static byte[] texts(List<byte[]> messages) {
    if (messages.size() == 1) {
      return text(messages.get(0));
    }
    int total = 0;
    for (byte[] message : messages) {
      total += framedLength(message.length);
    }
    byte[] frames = new byte[total];
    int at = 0;
    for (byte[] message : messages) {
      at = put(frames, at, OPCODE_TEXT, message, message.length);
    }
    return frames;
  }

  /** The bytes a server frame with {@code length} bytes of payload takes on the wire. */
  public static int framedLength(int length) {
    return headerLength(length) + length;
  }

  private static int headerLength(int length) {
    return length < 126 ? 2 : length <= 0xFFFF ? 4 : 10;
  }

  private static byte[] frame(int opcode, byte[] payload, int length) {
    byte[] frame = new byte[framedLength(length)];
    put(frame, 0, opcode, payload, length);
    return frame;
  }

  /** Writes one unmasked, final frame into {@code out} at {@code at}; returns where it ends. */
  private static int put(byte[] out, int at, int opcode, byte[] payload, int length) {
    int header = headerLength(length);
    out[at] = (byte) (0x80 | opcode);
    if (length < 126) {
      out[at + 1] = (byte) length;
    } else if (length <= 0xFFFF) {
      out[at + 1] = 126;
      out[at + 2] = (byte) (length >> 8);
      out[at + 3] = (byte) length;
    } else {
      out[at + 1] = 127;
      long value = length;
      for (int i = 9; i >= 2; i--) {
        out[at + i] = (byte) value;
        value >>>= 8;
      }
    }
    System.arraycopy(payload, 0, out, at + header, length);
    return at + header + length;
  }
}
