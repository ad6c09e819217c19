package io.github.providergateway.transport.testing;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A WebSocket client (RFC 6455) written on a bare socket to a loopback server, for what real
 * clients will not do: any {@code Host} or {@code Origin}, frames split exactly as a test wants,
 * unmasked and binary frames, frames begun and never finished, never reading, or vanishing without
 * a close frame. It reads on the calling thread with a timeout. Not thread-safe: one writer, one
 * reader.
 */
public final class RawWebSocket implements AutoCloseable {

  /**
   * What {@link #readMessage} returns when the server closed.
   *
   * @param code the close frame's code: 1005 when it had none, -1 when the socket ended without a
   *     close frame
   * @param reason the close frame's reason, empty when it had none
   */
  public record Closed(int code, String reason) {}

  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private final int status;

  private RawWebSocket(Socket socket, InputStream in, OutputStream out, int status) {
    this.socket = socket;
    this.in = in;
    this.out = out;
    this.status = status;
  }

  /**
   * The handshake's headers for {@code port}: Host {@code 127.0.0.1:<port>}, no Origin. The map is
   * the caller's to change before {@link #connect(String, int, Map, int)}.
   *
   * @param port the server's port
   * @return the headers, in order
   */
  public static Map<String, String> defaultHeaders(int port) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Host", "127.0.0.1:" + port);
    return headers;
  }

  /**
   * Connects to 127.0.0.1:{@code port} and shakes hands with the {@link #defaultHeaders default
   * headers}.
   *
   * @param port the server's port
   * @return the connection, whatever the handshake's {@link #status()}
   * @throws IOException when it cannot connect or the server ends the handshake early
   */
  public static RawWebSocket connect(int port) throws IOException {
    return connect("127.0.0.1", port, defaultHeaders(port), 0);
  }

  /**
   * Connects and sends the upgrade request for {@code /} with {@code headers}.
   *
   * @param host the server's address
   * @param port the server's port
   * @param headers the request's headers, in order; a null value leaves the header out
   * @param receiveBufferBytes when above 0, the socket's receive buffer is shrunk to this first
   * @return the connection, whatever the handshake's {@link #status()}
   * @throws IOException when it cannot connect or the server ends the handshake early
   */
  public static RawWebSocket connect(
      String host, int port, Map<String, String> headers, int receiveBufferBytes)
      throws IOException {
    return connect(host, port, "/", headers, receiveBufferBytes);
  }

  /**
   * {@link #connect(String, int, Map, int)} to {@code path}.
   *
   * @param host the server's address
   * @param port the server's port
   * @param path the request target, such as {@code /host}
   * @param headers the request's headers, in order; a null value leaves the header out
   * @param receiveBufferBytes when above 0, the socket's receive buffer is shrunk to this first
   * @return the connection, whatever the handshake's {@link #status()}
   * @throws IOException when it cannot connect or the server ends the handshake early
   */
  public static RawWebSocket connect(
      String host, int port, String path, Map<String, String> headers, int receiveBufferBytes)
      throws IOException {
    Socket socket = new Socket();
    if (receiveBufferBytes > 0) {
      socket.setReceiveBufferSize(receiveBufferBytes);
    }
    socket.connect(new InetSocketAddress(host, port), 5_000);
    socket.setSoTimeout(10_000);
    socket.setTcpNoDelay(true);
    InputStream in = new BufferedInputStream(socket.getInputStream());
    OutputStream out = socket.getOutputStream();
    byte[] nonce = new byte[16];
    ThreadLocalRandom.current().nextBytes(nonce);
    StringBuilder request = new StringBuilder("GET " + path + " HTTP/1.1\r\n");
    for (Map.Entry<String, String> header : headers.entrySet()) {
      if (header.getValue() != null) {
        request.append(header.getKey()).append(": ").append(header.getValue()).append("\r\n");
      }
    }
    request
        .append("Upgrade: websocket\r\n")
        .append("Connection: Upgrade\r\n")
        .append("Sec-WebSocket-Key: ")
        .append(Base64.getEncoder().encodeToString(nonce))
        .append("\r\n")
        .append("Sec-WebSocket-Version: 13\r\n\r\n");
    out.write(request.toString().getBytes(StandardCharsets.US_ASCII));
    out.flush();
    String statusLine = readHeaders(in);
    int status = Integer.parseInt(statusLine.split(" ")[1]);
    return new RawWebSocket(socket, in, out, status);
  }

  /** {@return the HTTP status of the handshake: 101 when it became a WebSocket} */
  public int status() {
    return status;
  }

  // ---- sending ----

  /**
   * Sends {@code text} as one masked text frame.
   *
   * @param text what to send
   * @throws IOException when the socket fails
   */
  public void sendText(String text) throws IOException {
    writeFrame(0x1, true, text.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Sends {@code text} as one message split into {@code fragments} frames of about equal size.
   *
   * @param text what to send
   * @param fragments how many frames
   * @throws IOException when the socket fails
   */
  public void sendFragmented(String text, int fragments) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    int size = (bytes.length + fragments - 1) / fragments;
    for (int i = 0; i < fragments; i++) {
      int from = Math.min(bytes.length, i * size);
      int to = Math.min(bytes.length, from + size);
      byte[] part = java.util.Arrays.copyOfRange(bytes, from, to);
      writeFrame(i == 0 ? 0x1 : 0x0, i == fragments - 1, part);
    }
  }

  /**
   * Sends {@code payload} as one masked binary frame.
   *
   * @param payload what to send
   * @throws IOException when the socket fails
   */
  public void sendBinary(byte[] payload) throws IOException {
    writeFrame(0x2, true, payload);
  }

  /**
   * Sends a ping.
   *
   * @param payload the ping's payload, at most 125 bytes
   * @throws IOException when the socket fails
   */
  public void sendPing(byte[] payload) throws IOException {
    writeFrame(0x9, true, payload);
  }

  /**
   * Sends {@code text} as one frame without a mask, which RFC 6455 §5.1 forbids clients.
   *
   * @param text what to send
   * @throws IOException when the socket fails
   */
  public void sendUnmaskedText(String text) throws IOException {
    byte[] payload = text.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream frame = new ByteArrayOutputStream(payload.length + 10);
    writeHeader(frame, 0x1, true, payload.length, false);
    frame.write(payload);
    out.write(frame.toByteArray());
    out.flush();
  }

  /**
   * Sends the header of a masked text frame that announces {@code length} payload bytes, and {@code
   * payloadBytes} of them (any content): a frame begun and not finished, or announced larger than
   * the server accepts. The mask key is zero, so what follows through {@link #sendRaw} is the
   * payload as it is.
   *
   * @param length the payload length the header announces
   * @param payloadBytes how many payload bytes (zeros) to send after the header
   * @throws IOException when the socket fails
   */
  public void sendTextFrameStart(long length, int payloadBytes) throws IOException {
    ByteArrayOutputStream frame = new ByteArrayOutputStream(payloadBytes + 14);
    writeHeader(frame, 0x1, true, length, true);
    frame.write(new byte[4]); // a zero mask key
    frame.write(new byte[payloadBytes]);
    out.write(frame.toByteArray());
    out.flush();
  }

  /**
   * Sends {@code bytes} as they are: more of a frame begun with {@link #sendTextFrameStart}, or
   * frames a test wrote itself.
   *
   * @param bytes what to write
   * @throws IOException when the socket fails
   */
  public void sendRaw(byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
  }

  private void writeFrame(int opcode, boolean fin, byte[] payload) throws IOException {
    ByteArrayOutputStream frame = new ByteArrayOutputStream(payload.length + 14);
    writeHeader(frame, opcode, fin, payload.length, true);
    byte[] mask = new byte[4];
    ThreadLocalRandom.current().nextBytes(mask);
    frame.write(mask);
    byte[] masked = new byte[payload.length];
    for (int i = 0; i < payload.length; i++) {
      masked[i] = (byte) (payload[i] ^ mask[i & 3]);
    }
    frame.write(masked);
    out.write(frame.toByteArray());
    out.flush();
  }

  /** The first bytes of a frame: FIN and opcode, the mask bit and the length (no mask key). */
  private static void writeHeader(
      ByteArrayOutputStream frame, int opcode, boolean fin, long length, boolean masked) {
    frame.write((fin ? 0x80 : 0) | opcode);
    int maskBit = masked ? 0x80 : 0;
    if (length < 126) {
      frame.write(maskBit | (int) length);
    } else if (length < 65536) {
      frame.write(maskBit | 126);
      frame.write((int) (length >>> 8));
      frame.write((int) length);
    } else {
      frame.write(maskBit | 127);
      for (int shift = 56; shift >= 0; shift -= 8) {
        frame.write((int) (length >>> shift));
      }
    }
  }

  // ---- reading ----

  /**
   * One frame the server sent, as it came.
   *
   * @param opcode the frame's opcode, such as 0x1 for text or 0x8 for close
   * @param fin whether the FIN bit was set
   * @param payload the payload, unmasked
   */
  public record Frame(int opcode, boolean fin, byte[] payload) {}

  /**
   * The next frame the server sends, control frames included and nothing answered, or null when the
   * socket ended (closed or reset) before one began.
   *
   * @param timeout how long to wait for each read
   * @return the frame, or null
   * @throws SocketTimeoutException when nothing arrives within {@code timeout}
   * @throws IOException when the socket fails or the frame is cut short
   */
  public Frame readFrame(Duration timeout) throws IOException {
    socket.setSoTimeout((int) timeout.toMillis());
    int first;
    try {
      first = in.read();
    } catch (SocketException e) {
      return null; // reset by the server
    }
    if (first < 0) {
      return null;
    }
    return new Frame(first & 0x0F, (first & 0x80) != 0, readPayload());
  }

  /**
   * The next text message, or a {@link Closed} when the server sent a close frame (code -1 when the
   * socket ended without one). Pings are answered; pongs are skipped; a binary message is read as
   * text.
   *
   * @param timeout how long to wait for each frame
   * @return the message's text as a {@link String}, or a {@link Closed}
   * @throws SocketTimeoutException when nothing arrives within {@code timeout}
   * @throws IOException when the socket fails or a frame is cut short
   */
  public Object readMessage(Duration timeout) throws IOException {
    ByteArrayOutputStream message = new ByteArrayOutputStream();
    while (true) {
      Frame frame = readFrame(timeout);
      if (frame == null) {
        return new Closed(-1, "end of stream");
      }
      byte[] payload = frame.payload();
      switch (frame.opcode()) {
        case 0x8 -> {
          return closed(payload);
        }
        case 0x9 -> writeFrame(0xA, true, payload); // ping: answer
        case 0xA -> {
          // pong: nothing to do
        }
        default -> {
          message.write(payload);
          if (frame.fin()) {
            return message.toString(StandardCharsets.UTF_8);
          }
        }
      }
    }
  }

  /**
   * What a close frame's {@code payload} says.
   *
   * @param payload the close frame's payload
   * @return its code (1005 for none) and reason
   */
  public static Closed closed(byte[] payload) {
    int code = payload.length >= 2 ? ((payload[0] & 0xFF) << 8) | (payload[1] & 0xFF) : 1005;
    String reason =
        payload.length > 2
            ? new String(payload, 2, payload.length - 2, StandardCharsets.UTF_8)
            : "";
    return new Closed(code, reason);
  }

  /**
   * Reads, dropping messages, until the server's close frame or the end of the stream.
   *
   * @param timeout how long it may take in all
   * @return how the server closed
   * @throws SocketTimeoutException when neither comes within {@code timeout}
   * @throws IOException when the socket fails or a frame is cut short
   */
  public Closed awaitClose(Duration timeout) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
      Object next = readMessage(Duration.ofMillis(left));
      if (next instanceof Closed closed) {
        return closed;
      }
    }
  }

  private byte[] readPayload() throws IOException {
    int second = readByte();
    long length = second & 0x7F;
    if (length == 126) {
      length = ((long) readByte() << 8) | readByte();
    } else if (length == 127) {
      length = 0;
      for (int i = 0; i < 8; i++) {
        length = (length << 8) | readByte();
      }
    }
    byte[] mask = null;
    if ((second & 0x80) != 0) {
      mask =
          new byte[] {(byte) readByte(), (byte) readByte(), (byte) readByte(), (byte) readByte()};
    }
    byte[] payload = in.readNBytes((int) length);
    if (payload.length < length) {
      throw new EOFException("frame cut short");
    }
    if (mask != null) {
      for (int i = 0; i < payload.length; i++) {
        payload[i] ^= mask[i & 3];
      }
    }
    return payload;
  }

  private int readByte() throws IOException {
    int b = in.read();
    if (b < 0) {
      throw new EOFException("frame cut short");
    }
    return b;
  }

  private static String readHeaders(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        throw new EOFException("connection closed during the handshake: " + head);
      }
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    String text = head.toString(StandardCharsets.US_ASCII);
    return text.substring(0, text.indexOf("\r\n"));
  }

  // ---- ending ----

  /**
   * Sends FIN: this side will write nothing more. A server that failed the connection reads nothing
   * more from it (not even a close frame, RFC 6455 §7.1.7) and would otherwise wait out its close
   * grace before ending the TCP connection.
   *
   * @throws IOException when the socket fails
   */
  public void shutdownOutput() throws IOException {
    socket.shutdownOutput();
  }

  /**
   * Drops the connection with a TCP reset: no close frame, no FIN.
   *
   * @throws IOException when the socket fails
   */
  public void vanish() throws IOException {
    socket.setSoLinger(true, 0);
    socket.close();
  }

  /**
   * Closes the socket without a close frame.
   *
   * @throws IOException when the socket fails
   */
  @Override
  public void close() throws IOException {
    socket.close();
  }
}
