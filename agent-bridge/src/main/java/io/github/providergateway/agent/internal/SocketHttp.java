package io.github.providergateway.agent.internal;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The least of HTTP/1.1 that {@code curl --unix-socket} sends and reads, over a blocking channel:
 * what the home's two sockets share ({@code hook.sock}, {@code mcp.sock}), so that each reads a
 * request line, its headers and its body the same way and answers in one form. One request a
 * connection, no chunked bodies (curl sends the length of what it read), every answer with {@code
 * Connection: close}.
 */
public final class SocketHttp {

  private SocketHttp() {}

  /**
   * A request line and its headers.
   *
   * @param method the method as sent ({@code POST})
   * @param target the request target as sent ({@code /mcp}, {@code /hooks/claude?x})
   * @param headers by lower-case name; of a repeated header, the first value
   * @param afterHead the bytes read past the headers' end: the body's first bytes
   */
  public record Head(String method, String target, Map<String, String> headers, byte[] afterHead) {

    /**
     * Copies the headers.
     *
     * @param method the method
     * @param target the request target
     * @param headers the headers by lower-case name
     * @param afterHead the body's first bytes
     */
    public Head {
      headers = Map.copyOf(headers);
    }

    /**
     * The body's length, from {@code Content-Length}.
     *
     * @param missing what an absent {@code Content-Length} is refused with (411), or, when null,
     *     taken as: an empty body
     * @return the length
     * @throws Refused for an absent length (when {@code missing} says so), a chunked body or a
     *     length that is no number
     */
    public long contentLength(String missing) throws Refused {
      if (headers.containsKey("transfer-encoding")) {
        throw new Refused(
            411, missing != null ? missing : "Length Required: send a Content-Length, not chunks");
      }
      String value = headers.get("content-length");
      if (value == null) {
        if (missing != null) {
          throw new Refused(411, missing);
        }
        return 0;
      }
      if (!value.matches("[0-9]{1,18}")) {
        throw new Refused(400, "Bad Request: Content-Length is not a number");
      }
      return Long.parseLong(value);
    }
  }

  /** A request answered with {@code status} and the message, never handed on. */
  public static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;
    private final int status;

    /**
     * A refusal.
     *
     * @param status the status to answer
     * @param message the line of text to answer with
     */
    public Refused(int status, String message) {
      super(message, null, false, false);
      this.status = status;
    }

    /** {@return the status to answer} */
    public int status() {
      return status;
    }
  }

  /**
   * Reads a request line and its headers from {@code channel}.
   *
   * @param channel the connection, blocking
   * @param maxHeaderBytes the request line and headers, at most
   * @return the head
   * @throws Refused for headers over the limit (431) or that are not HTTP/1.1's (400)
   * @throws IOException when the connection fails or ends early (closed at its deadline, say)
   */
  public static Head readHead(SocketChannel channel, int maxHeaderBytes)
      throws Refused, IOException {
    ByteBuffer head = ByteBuffer.allocate(maxHeaderBytes);
    int end = -1;
    while (end < 0) {
      if (!head.hasRemaining()) {
        throw new Refused(
            431, "Request Header Fields Too Large: at most " + maxHeaderBytes + " bytes");
      }
      if (channel.read(head) < 0) {
        throw new EOFException("the client closed before its headers ended");
      }
      end = endOfHeaders(head.array(), head.position());
    }
    String[] lines = new String(head.array(), 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
    String[] requestLine = lines[0].split(" ", -1);
    if (requestLine.length != 3 || !requestLine[2].startsWith("HTTP/1.")) {
      throw new Refused(400, "Bad Request: not an HTTP/1.1 request line");
    }
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon <= 0) {
        throw new Refused(400, "Bad Request: a header line without a name");
      }
      headers.putIfAbsent(
          lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
          lines[i].substring(colon + 1).strip());
    }
    byte[] after = new byte[head.position() - end - 4];
    System.arraycopy(head.array(), end + 4, after, 0, after.length);
    return new Head(requestLine[0], requestLine[1], headers, after);
  }

  /**
   * Reads a body of {@code length} bytes that follows {@code head}, answering {@code Expect:
   * 100-continue} first. Call it once the length was checked and charged.
   *
   * @param channel the connection, blocking
   * @param head the request's head
   * @param length the body's length, checked
   * @return the body
   * @throws IOException when the connection fails or ends before the body does
   */
  public static byte[] readBody(SocketChannel channel, Head head, long length) throws IOException {
    if ("100-continue".equalsIgnoreCase(head.headers().get("expect"))) {
      writeFully(channel, "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    }
    byte[] body = new byte[(int) length];
    int already = Math.min(head.afterHead().length, body.length);
    System.arraycopy(head.afterHead(), 0, body, 0, already);
    ByteBuffer rest = ByteBuffer.wrap(body, already, body.length - already);
    while (rest.hasRemaining()) {
      if (channel.read(rest) < 0) {
        throw new EOFException("the client closed before its body ended");
      }
    }
    return body;
  }

  /**
   * An answer's status line and headers, with {@code Connection: close}.
   *
   * @param status the status
   * @param contentType the body's type, or null for none
   * @param headers further headers
   * @param length the body's length, or -1 for a body that lasts until the connection closes (an
   *     event stream)
   * @return the head's bytes, its empty line included
   */
  public static byte[] answerHead(
      int status, String contentType, Map<String, String> headers, long length) {
    StringBuilder head =
        new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason(status));
    head.append("\r\n");
    if (contentType != null) {
      head.append("Content-Type: ").append(contentType).append("\r\n");
    }
    headers.forEach(
        (name, value) -> head.append(name).append(": ").append(oneLine(value)).append("\r\n"));
    if (length >= 0) {
      head.append("Content-Length: ").append(length).append("\r\n");
    }
    head.append("Connection: close\r\n\r\n");
    return head.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  /**
   * Writes {@code bytes} whole.
   *
   * @param channel the connection, blocking
   * @param bytes what to write
   * @throws IOException when the connection fails
   */
  public static void writeFully(SocketChannel channel, byte[] bytes) throws IOException {
    ByteBuffer out = ByteBuffer.wrap(bytes);
    while (out.hasRemaining()) {
      channel.write(out);
    }
  }

  /**
   * After a refusal was written: drops what the client still sends of what was refused until it is
   * done (or the connection's deadline closes it), so that it reads the answer rather than a reset.
   *
   * @param channel the connection, blocking
   * @throws IOException when the connection fails
   */
  public static void drain(SocketChannel channel) throws IOException {
    channel.shutdownOutput();
    ByteBuffer dropped = ByteBuffer.allocate(8192);
    while (channel.read(dropped.clear()) >= 0) {
      // dropped, never held
    }
  }

  /**
   * The reason phrase of the statuses the sockets answer.
   *
   * @param status the status
   * @return its phrase
   */
  public static String reason(int status) {
    return switch (status) {
      case 200 -> "OK";
      case 202 -> "Accepted";
      case 204 -> "No Content";
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 406 -> "Not Acceptable";
      case 409 -> "Conflict";
      case 411 -> "Length Required";
      case 413 -> "Payload Too Large";
      case 415 -> "Unsupported Media Type";
      case 429 -> "Too Many Requests";
      case 431 -> "Request Header Fields Too Large";
      case 503 -> "Service Unavailable";
      default -> status >= 200 && status < 300 ? "OK" : "Internal Server Error";
    };
  }

  /** A header's value cannot hold a line break: it would end the header. */
  private static String oneLine(String text) {
    return text.replace('\r', ' ').replace('\n', ' ');
  }

  /** Where the empty line after the headers starts in {@code bytes[0, length)}, or -1. */
  private static int endOfHeaders(byte[] bytes, int length) {
    for (int i = 0; i + 3 < length; i++) {
      if (bytes[i] == '\r'
          && bytes[i + 1] == '\n'
          && bytes[i + 2] == '\r'
          && bytes[i + 3] == '\n') {
        return i;
      }
    }
    return -1;
  }
}
