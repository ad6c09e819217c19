package io.github.providergateway.benchmarks.soak;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A WebSocket client written from RFC 6455 up, so the soak can send what no library would: pings it
 * never reads the pongs of, unmasked and binary frames, headers of frames it never finishes. The
 * load driver's hook part speaks through it too, as the lightest provider connection: one blocking
 * socket. Loopback only. Not thread-safe: one writer, one reader.
 */
public final class RawWs implements Closeable {

  static final int TEXT = 0x1;
  static final int BINARY = 0x2;
  static final int CLOSE = 0x8;
  static final int PING = 0x9;

  private final Socket socket;
  private final OutputStream out;
  private final DataInputStream in;
  private final int status;

  private RawWs(Socket socket, int status) throws IOException {
    this.socket = socket;
    this.out = socket.getOutputStream();
    this.in = new DataInputStream(socket.getInputStream());
    this.status = status;
  }

  /** A TCP connection to {@code 127.0.0.1:port} that has sent nothing. */
  static Socket tcp(int port) throws IOException {
    Socket socket = new Socket();
    socket.setTcpNoDelay(true); // a frame's header and payload go as two writes: no Nagle delay
    socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
    return socket;
  }

  /** Opens {@code path} and completes the handshake; {@link #status()} says how it went. */
  public static RawWs open(int port, String path) throws IOException {
    Socket socket = tcp(port);
    socket.setSoTimeout(10_000);
    String request =
        "GET "
            + path
            + " HTTP/1.1\r\nHost: 127.0.0.1:"
            + port
            + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            + "Sec-WebSocket-Version: 13\r\n\r\n";
    socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
    StringBuilder head = new StringBuilder();
    var raw = socket.getInputStream();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int b = raw.read();
      if (b < 0) {
        break;
      }
      head.append((char) b);
    }
    String[] statusLine = head.toString().split(" ", 3);
    int status = statusLine.length > 1 ? Integer.parseInt(statusLine[1].trim()) : -1;
    return new RawWs(socket, status);
  }

  int status() {
    return status;
  }

  public void text(String text) throws IOException {
    frame(TEXT, text.getBytes(StandardCharsets.UTF_8), true, true);
  }

  void ping() throws IOException {
    frame(PING, new byte[0], true, true);
  }

  /** One frame; {@code masked} false breaks RFC 6455 §5.1 on purpose. */
  void frame(int opcode, byte[] payload, boolean masked, boolean fin) throws IOException {
    header(opcode, payload.length, masked, fin);
    if (masked) {
      byte[] copy = payload.clone(); // a zero mask: the payload goes as it is, still "masked"
      out.write(copy);
    } else {
      out.write(payload);
    }
    out.flush();
  }

  /** A frame header announcing {@code length} bytes, none of which follow yet. */
  void header(int opcode, long length, boolean masked, boolean fin) throws IOException {
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    header.write((fin ? 0x80 : 0) | opcode);
    int mask = masked ? 0x80 : 0;
    if (length < 126) {
      header.write(mask | (int) length);
    } else if (length < 65_536) {
      header.write(mask | 126);
      header.write((int) (length >> 8));
      header.write((int) length);
    } else {
      header.write(mask | 127);
      for (int shift = 56; shift >= 0; shift -= 8) {
        header.write((int) (length >> shift));
      }
    }
    if (masked) {
      header.write(new byte[4]);
    }
    out.write(header.toByteArray());
    out.flush();
  }

  void write(byte[] bytes) throws IOException {
    out.write(bytes);
    out.flush();
  }

  /**
   * The next text message (server frames are unmasked and, here, unfragmented), skipping control
   * frames; null when nothing came within {@code timeoutMillis}.
   *
   * @throws java.io.EOFException when the server closed
   */
  public String readText(int timeoutMillis) throws IOException {
    socket.setSoTimeout(timeoutMillis);
    try {
      while (true) {
        int first = in.read();
        if (first < 0) {
          throw new java.io.EOFException("closed");
        }
        int second = in.readUnsignedByte();
        long length = second & 0x7f;
        if (length == 126) {
          length = in.readUnsignedShort();
        } else if (length == 127) {
          length = in.readLong();
        }
        byte[] payload = new byte[(int) length];
        in.readFully(payload);
        int opcode = first & 0x0f;
        if (opcode == CLOSE) {
          throw new java.io.EOFException("closed by the server");
        }
        if (opcode == TEXT) {
          return new String(payload, StandardCharsets.UTF_8);
        }
      }
    } catch (SocketTimeoutException quiet) {
      return null;
    }
  }

  /**
   * Whether the server has closed the connection (reads until it does or {@code timeoutMillis}
   * pass).
   */
  boolean awaitClosed(int timeoutMillis) {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    try {
      while (System.currentTimeMillis() < deadline) {
        socket.setSoTimeout(200);
        try {
          if (in.read() < 0) {
            return true;
          }
        } catch (SocketTimeoutException stillOpen) {
          // keep waiting
        }
      }
      return false;
    } catch (IOException reset) {
      return true;
    }
  }

  static byte[] randomBytes(int count) {
    byte[] bytes = new byte[count];
    ThreadLocalRandom.current().nextBytes(bytes);
    return bytes;
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // gone already
    }
  }
}
