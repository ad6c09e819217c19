package io.github.providergateway.host.testing;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Just enough RFC 6455 on a plain socket for {@link FakeGateway} and {@link RecordingRelay}: an
 * HTTP line, one frame read whole (kept as it came, and unmasked), one frame written.
 */
final class RawFrames {

  private RawFrames() {}

  /**
   * One frame as it came.
   *
   * @param first its first byte (FIN and opcode)
   * @param raw its bytes exactly as they came, to pass on
   * @param payload its payload, unmasked
   */
  record Frame(int first, byte[] raw, byte[] payload) {
    boolean fin() {
      return (first & 0x80) != 0;
    }

    int opcode() {
      return first & 0x0F;
    }
  }

  /** One HTTP header line without its CR LF; empty for the blank line that ends the header. */
  static String line(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    for (int c = read(in); c != '\n'; c = read(in)) {
      if (c != '\r') {
        line.append((char) c);
      }
    }
    return line.toString();
  }

  /** Reads one whole frame. */
  static Frame read(InputStream in, ByteArrayOutputStream scratch) throws IOException {
    scratch.reset();
    int first = read(in);
    int second = read(in);
    scratch.write(first);
    scratch.write(second);
    long length = second & 0x7F;
    if (length == 126) {
      length = 0;
      for (int i = 0; i < 2; i++) {
        int b = read(in);
        scratch.write(b);
        length = (length << 8) | b;
      }
    } else if (length == 127) {
      length = 0;
      for (int i = 0; i < 8; i++) {
        int b = read(in);
        scratch.write(b);
        length = (length << 8) | b;
      }
    }
    byte[] mask = (second & 0x80) != 0 ? exactly(in, 4) : null;
    if (mask != null) {
      scratch.write(mask);
    }
    byte[] payload = exactly(in, (int) length);
    scratch.write(payload);
    if (mask != null) {
      for (int i = 0; i < payload.length; i++) {
        payload[i] ^= mask[i % 4];
      }
    }
    return new Frame(first, scratch.toByteArray(), payload);
  }

  /** Writes one unmasked frame, FIN set, as a server does. */
  static void write(OutputStream out, int opcode, byte[] payload) throws IOException {
    ByteArrayOutputStream frame = new ByteArrayOutputStream();
    frame.write(0x80 | opcode);
    if (payload.length < 126) {
      frame.write(payload.length);
    } else if (payload.length < 65536) {
      frame.write(126);
      frame.write(payload.length >> 8);
      frame.write(payload.length & 0xFF);
    } else {
      frame.write(127);
      for (int shift = 56; shift >= 0; shift -= 8) {
        frame.write((int) ((long) payload.length >> shift) & 0xFF);
      }
    }
    frame.write(payload);
    out.write(frame.toByteArray());
    out.flush();
  }

  private static byte[] exactly(InputStream in, int length) throws IOException {
    byte[] bytes = in.readNBytes(length);
    if (bytes.length != length) {
      throw new EOFException();
    }
    return bytes;
  }

  static int read(InputStream in) throws IOException {
    int b = in.read();
    if (b < 0) {
      throw new EOFException();
    }
    return b;
  }
}
