package io.github.providergateway.transport.testing;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Frames as a client writes them (RFC 6455 §5.2), legal or not: any first byte (FIN, the reserved
 * bits, any opcode), a length in the fewest bytes or in as many as a test wants, masked with the
 * RFC's own example key so that stored inputs are the same on every run. Shared by the tests of the
 * frame decoder ({@code websocket-core}) and of the server that runs it ({@code transport-ws}).
 */
public final class ClientFrames {

  /** FIN set on a first byte. */
  public static final int FIN = 0x80;

  /** A continuation frame's opcode. */
  public static final int CONTINUATION = 0x0;

  /** A text frame's opcode. */
  public static final int TEXT = 0x1;

  /** A binary frame's opcode. */
  public static final int BINARY = 0x2;

  /** A close frame's opcode. */
  public static final int CLOSE = 0x8;

  /** A ping's opcode. */
  public static final int PING = 0x9;

  /** A pong's opcode. */
  public static final int PONG = 0xA;

  /** RFC 6455 §5.7's example masking key. */
  private static final byte[] MASK = {0x37, (byte) 0xfa, 0x21, 0x3d};

  private ClientFrames() {}

  /**
   * A final text frame.
   *
   * @param text what it carries
   * @return the masked frame
   */
  public static byte[] text(String text) {
    return frame(FIN | TEXT, utf8(text));
  }

  /**
   * A frame of {@code opcode}, final or not.
   *
   * @param opcode the frame's opcode
   * @param fin whether it is the last frame of its message
   * @param payload what it carries
   * @return the masked frame
   */
  public static byte[] frame(int opcode, boolean fin, byte[] payload) {
    return frame((fin ? FIN : 0) | opcode, payload);
  }

  /**
   * A masked frame with {@code firstByte} as it is, its length in the fewest bytes.
   *
   * @param firstByte FIN, the reserved bits and the opcode
   * @param payload what it carries
   * @return the masked frame
   */
  public static byte[] frame(int firstByte, byte[] payload) {
    int extendedBytes = payload.length < 126 ? 0 : payload.length <= 0xFFFF ? 2 : 8;
    return frame(firstByte, payload, extendedBytes);
  }

  /**
   * A masked frame whose length is written in {@code extendedBytes} (0, 2 or 8) whatever it is:
   * with more than the fewest, the form §5.2 forbids.
   *
   * @param firstByte FIN, the reserved bits and the opcode
   * @param payload what it carries
   * @param extendedBytes 0, 2 or 8
   * @return the masked frame
   */
  public static byte[] frame(int firstByte, byte[] payload, int extendedBytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(payload.length + 14);
    out.write(firstByte);
    if (extendedBytes == 0) {
      out.write(0x80 | payload.length);
    } else {
      out.write(0x80 | (extendedBytes == 2 ? 126 : 127));
      for (int shift = (extendedBytes - 1) * 8; shift >= 0; shift -= 8) {
        out.write((int) ((long) payload.length >>> shift));
      }
    }
    out.writeBytes(MASK);
    for (int i = 0; i < payload.length; i++) {
      out.write(payload[i] ^ MASK[i & 3]);
    }
    return out.toByteArray();
  }

  /**
   * A close frame.
   *
   * @param code its status code
   * @param reason its reason
   * @return the masked frame
   */
  public static byte[] close(int code, String reason) {
    byte[] utf8 = utf8(reason);
    byte[] payload = new byte[2 + utf8.length];
    payload[0] = (byte) (code >> 8);
    payload[1] = (byte) code;
    System.arraycopy(utf8, 0, payload, 2, utf8.length);
    return frame(FIN | CLOSE, payload);
  }

  /**
   * Frames that go out together.
   *
   * @param parts frames, one after the other
   * @return their bytes in one array
   */
  public static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }

  /**
   * Text as UTF-8.
   *
   * @param text any text
   * @return its bytes
   */
  public static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
