package io.github.providergateway.transport.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * An HTTP/1.1 client on a raw socket to a loopback server, for tests that must send what browsers
 * and attackers send (any {@code Host}, any {@code Origin}, a body that lies about its length) and
 * read answers byte by byte (an event stream, a connection the server cuts). Every read times out
 * after {@link #WAIT}. Not thread-safe.
 */
public final class RawHttp implements AutoCloseable {

  /** How long any read may wait. */
  public static final Duration WAIT = Duration.ofSeconds(10);

  /**
   * One answer.
   *
   * @param status the HTTP status
   * @param headers the headers by lower-case name (the first of a repeated one)
   * @param body the body as UTF-8 text
   */
  public record Answer(int status, Map<String, String> headers, String body) {}

  private final Socket socket;
  private final InputStream in;

  private RawHttp(Socket socket) throws IOException {
    this.socket = socket;
    this.in = socket.getInputStream();
  }

  /**
   * Connects to {@code port} on loopback.
   *
   * @param port the server's port
   * @return the connection
   * @throws IOException when it cannot connect
   */
  public static RawHttp connect(int port) throws IOException {
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
    socket.setSoTimeout((int) WAIT.toMillis());
    return new RawHttp(socket);
  }

  /** {@return the socket, to write raw bytes to or to tune} */
  public Socket socket() {
    return socket;
  }

  /**
   * Sends a whole request: the request line, {@code Host: 127.0.0.1:<port>} unless {@code headers}
   * name a Host, {@code headers}, a {@code Content-Length} for a body unless given, the body.
   *
   * @param method the method
   * @param target the request target, such as {@code /status?open=x}
   * @param port the server's port, for the default Host
   * @param headers further headers, written as given
   * @param body the body, or null for none
   * @throws IOException when the socket fails
   */
  public void send(String method, String target, int port, Map<String, String> headers, String body)
      throws IOException {
    StringBuilder request = new StringBuilder(method + " " + target + " HTTP/1.1\r\n");
    if (headers.keySet().stream().noneMatch(name -> name.equalsIgnoreCase("Host"))) {
      request.append("Host: 127.0.0.1:").append(port).append("\r\n");
    }
    headers.forEach(
        (name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
    byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    if (body != null
        && headers.keySet().stream().noneMatch(name -> name.equalsIgnoreCase("Content-Length"))) {
      request.append("Content-Length: ").append(bytes.length).append("\r\n");
    }
    request.append("\r\n");
    socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.US_ASCII));
    socket.getOutputStream().write(bytes);
    socket.getOutputStream().flush();
  }

  /**
   * {@code GET target} on a connection of its own, and its whole answer.
   *
   * @param port the server's port
   * @param target the request target
   * @param headers further headers
   * @return the answer
   * @throws IOException when the socket fails or the server closes before answering
   */
  public static Answer get(int port, String target, Map<String, String> headers)
      throws IOException {
    try (RawHttp http = connect(port)) {
      http.send("GET", target, port, headers, null);
      return http.answer();
    }
  }

  /**
   * Reads one answer whose body has a {@code Content-Length} (or none).
   *
   * @return the answer
   * @throws IOException when the socket fails or the server closes first
   */
  public Answer answer() throws IOException {
    int status = status();
    Map<String, String> headers = headers();
    int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
    byte[] body = in.readNBytes(length);
    return new Answer(status, headers, new String(body, StandardCharsets.UTF_8));
  }

  /**
   * Reads the status line.
   *
   * @return its status code
   * @throws IOException when it is not a status line or the server closes first
   */
  public int status() throws IOException {
    String line = line();
    if (!line.startsWith("HTTP/1.1 ")) {
      throw new IOException("not a status line: " + line);
    }
    return Integer.parseInt(line.substring(9, 12));
  }

  /**
   * Reads headers up to the blank line.
   *
   * @return the headers by lower-case name
   * @throws IOException when the server closes first
   */
  public Map<String, String> headers() throws IOException {
    Map<String, String> headers = new LinkedHashMap<>();
    for (String line = line(); !line.isEmpty(); line = line()) {
      int colon = line.indexOf(':');
      headers.putIfAbsent(
          line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
          line.substring(colon + 1).trim());
    }
    return headers;
  }

  /**
   * Reads one line, without its CRLF or LF.
   *
   * @return the line
   * @throws IOException at the end of the stream
   */
  public String line() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new IOException("the server closed the connection");
      }
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.UTF_8);
  }

  /**
   * Reads the next event of an event stream: its {@code data:} lines joined with line breaks,
   * skipping chunk sizes, comments and other fields.
   *
   * @return the event's data
   * @throws IOException at the end of the stream
   */
  public String nextEventData() throws IOException {
    StringBuilder data = null;
    while (true) {
      String line = line();
      if (line.startsWith("data: ")) {
        data =
            data == null
                ? new StringBuilder(line.substring(6))
                : data.append('\n').append(line.substring(6));
      } else if (line.isEmpty() && data != null) {
        return data.toString();
      }
    }
  }

  /**
   * Reads until a line starting with {@code prefix}.
   *
   * @param prefix what the line starts with
   * @return the line
   * @throws IOException at the end of the stream
   */
  public String lineStartingWith(String prefix) throws IOException {
    while (true) {
      String line = line();
      if (line.startsWith(prefix)) {
        return line;
      }
    }
  }

  /**
   * Reads to the end of the stream, which comes when the server closes the connection.
   *
   * @return true once the server closed it (a read timeout throws instead)
   */
  public boolean closedByServer() {
    try {
      while (in.read() >= 0) {
        // drain what was sent before the close
      }
      return true;
    } catch (java.net.SocketTimeoutException e) {
      return false; // still open after WAIT
    } catch (IOException e) {
      return true; // reset
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
