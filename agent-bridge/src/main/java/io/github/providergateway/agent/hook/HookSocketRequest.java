package io.github.providergateway.agent.hook;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * One request on the {@link HookSocket}, read with blocking I/O: the least of HTTP/1.1 that {@code
 * curl --unix-socket … --data-binary @-} sends. A request line {@code POST /hooks/<agent>
 * HTTP/1.1}, headers ending in an empty line within the header limit, a {@code Content-Length} (no
 * chunked body: curl sends the length of what it read), {@value HookSocket#FORMAT_HEADER}{@code :
 * }{@value HookSocket#FORMAT_VERSION} (the answer's format the script reads), and exactly that many
 * bytes. What is not that is {@link Refused} with the status to answer.
 *
 * @param agent whose hook the path names
 * @param body the agent's hook input
 */
record HookSocketRequest(AgentKind agent, byte[] body) {

  /** A request answered with {@code status} and the message, never handed on. */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;
    private final int status;

    Refused(int status, String message) {
      super(message, null, false, false);
      this.status = status;
    }

    int status() {
      return status;
    }
  }

  /**
   * Reads one request from {@code channel}.
   *
   * @param maxHeaderBytes the request line and headers, at most
   * @param maxBodyBytes the body, at most
   * @param charge asked for the body's length before it is read; false refuses it (503)
   * @throws Refused for a request that is not one this socket takes
   * @throws IOException when the connection fails or ends early (closed at its deadline, say)
   */
  static HookSocketRequest read(
      SocketChannel channel, int maxHeaderBytes, long maxBodyBytes, LongPredicate charge)
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
    AgentKind agent = agentOf(requestLine[1]);
    if (!requestLine[0].equals("POST")) {
      throw new Refused(405, "Method Not Allowed: POST the agent's hook input");
    }
    if (headers.containsKey("transfer-encoding")) {
      throw new Refused(411, "Length Required: send the hook input with a Content-Length");
    }
    long length = contentLength(headers.get("content-length"));
    if (length > maxBodyBytes) {
      throw new Refused(
          413, "Payload Too Large: a hook input is at most " + maxBodyBytes + " bytes");
    }
    if (!HookSocket.FORMAT_VERSION.equals(headers.get(HookSocket.FORMAT_HEADER))) {
      // A hook script of another version would misread this gateway's answer, or this gateway its
      // request: it is told why, in the one line every version of the script shows when it denies.
      throw new Refused(
          406,
          "Not Acceptable: this gateway answers the command hook in format "
              + HookSocket.FORMAT_VERSION
              + " and the hook script asked for "
              + (headers.containsKey(HookSocket.FORMAT_HEADER) ? "another" : "the format before it")
              + " (hook script: provider-gateway "
              + headers.getOrDefault(HookSocket.VERSION_HEADER, "before 0.1.0")
              + "; gateway: provider-gateway "
              + HookSocket.buildVersion()
              + "): run the hook script of the gateway's own build (its ./gateway hook), or restart"
              + " the gateway from the build the agent's hook runs");
    }
    if (!charge.test(length)) {
      throw new Refused(503, "Service Unavailable: the gateway holds its most hook inputs now");
    }
    if ("100-continue".equalsIgnoreCase(headers.get("expect"))) {
      ByteBuffer goOn =
          ByteBuffer.wrap("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      while (goOn.hasRemaining()) {
        channel.write(goOn);
      }
    }
    byte[] body = new byte[(int) length];
    int already = Math.min(head.position() - end - 4, body.length);
    System.arraycopy(head.array(), end + 4, body, 0, Math.max(already, 0));
    ByteBuffer rest =
        ByteBuffer.wrap(body, Math.max(already, 0), body.length - Math.max(already, 0));
    while (rest.hasRemaining()) {
      if (channel.read(rest) < 0) {
        throw new EOFException("the client closed before its body ended");
      }
    }
    return new HookSocketRequest(agent, body);
  }

  /** The reason phrase of the statuses this socket answers. */
  static String reason(int status) {
    return switch (status) {
      case 200 -> "OK";
      case 400 -> "Bad Request";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 406 -> "Not Acceptable";
      case 411 -> "Length Required";
      case 413 -> "Payload Too Large";
      case 431 -> "Request Header Fields Too Large";
      case 503 -> "Service Unavailable";
      default -> "Internal Server Error";
    };
  }

  private static AgentKind agentOf(String target) throws Refused {
    for (AgentKind agent : AgentKind.values()) {
      if (target.equals(HookRoute.PATH + "/" + agent.word())) {
        return agent;
      }
    }
    throw new Refused(404, "Not Found: the hooks are " + hookPaths());
  }

  /** Every agent's hook path, for a person who asked for another ({@code /hooks/claude, …}). */
  static String hookPaths() {
    return java.util.Arrays.stream(AgentKind.values())
        .map(agent -> HookRoute.PATH + "/" + agent.word())
        .collect(java.util.stream.Collectors.joining(", "));
  }

  private static long contentLength(String value) throws Refused {
    if (value == null) {
      throw new Refused(411, "Length Required: send the hook input with a Content-Length");
    }
    if (!value.matches("[0-9]{1,18}")) {
      throw new Refused(400, "Bad Request: Content-Length is not a number");
    }
    return Long.parseLong(value);
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
