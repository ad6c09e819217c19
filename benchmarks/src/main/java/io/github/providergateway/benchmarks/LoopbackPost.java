package io.github.providergateway.benchmarks;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 POST on a fresh loopback socket, its answer read whole: the least a client can do
 * per call against a server that answers {@code Connection: close}. The load driver measures the
 * HTTP front door and the HTTP hook with it rather than with the JDK's {@code HttpClient}, whose
 * own CPU per request on two cores saturated the machine at 1,000 calls/s and turned its latency
 * into queueing. Blocking: one call per thread.
 */
final class LoopbackPost {

  private static final int SO_TIMEOUT_MILLIS = 60_000;

  /** An answer: its status, its headers (names lower-cased), its body. */
  record Answer(int status, Map<String, String> headers, String body) {}

  private final int port;
  private final String path;

  LoopbackPost(int port, String path) {
    this.port = port;
    this.path = path;
  }

  /** POSTs {@code body} with {@code headers} (besides Host, Content-Length and Connection). */
  Answer post(Map<String, String> headers, byte[] body) throws IOException {
    StringBuilder head = new StringBuilder("POST ").append(path).append(" HTTP/1.1\r\n");
    head.append("Host: 127.0.0.1:").append(port).append("\r\n");
    for (Map.Entry<String, String> header : headers.entrySet()) {
      head.append(header.getKey()).append(": ").append(header.getValue()).append("\r\n");
    }
    head.append("Content-Length: ").append(body.length).append("\r\n");
    head.append("Connection: close\r\n\r\n");
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(SO_TIMEOUT_MILLIS);
      OutputStream out = socket.getOutputStream();
      byte[] request = head.toString().getBytes(StandardCharsets.US_ASCII);
      byte[] whole = new byte[request.length + body.length];
      System.arraycopy(request, 0, whole, 0, request.length);
      System.arraycopy(body, 0, whole, request.length, body.length);
      out.write(whole); // one write: one segment on loopback
      out.flush();
      return read(new BufferedInputStream(socket.getInputStream(), 8192));
    }
  }

  private static Answer read(InputStream in) throws IOException {
    String statusLine = line(in);
    String[] parts = statusLine.split(" ", 3);
    if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
      throw new IOException("not an HTTP answer: " + statusLine);
    }
    int status = Integer.parseInt(parts[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    for (String line = line(in); !line.isEmpty(); line = line(in)) {
      int colon = line.indexOf(':');
      if (colon > 0) {
        headers.put(
            line.substring(0, colon).strip().toLowerCase(Locale.ROOT),
            line.substring(colon + 1).strip());
      }
    }
    byte[] body;
    if (headers.containsKey("content-length")) {
      body = in.readNBytes(Integer.parseInt(headers.get("content-length")));
    } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      body = chunks(in);
    } else {
      body = in.readAllBytes(); // the connection closes after the answer
    }
    return new Answer(status, headers, new String(body, StandardCharsets.UTF_8));
  }

  private static byte[] chunks(InputStream in) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    while (true) {
      String size = line(in);
      int semicolon = size.indexOf(';');
      int length =
          Integer.parseInt((semicolon >= 0 ? size.substring(0, semicolon) : size).strip(), 16);
      if (length == 0) {
        return body.toByteArray();
      }
      body.write(in.readNBytes(length));
      line(in); // the CRLF after the chunk
    }
  }

  /** A line without its CRLF; what there is at the end of the stream. */
  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
      if (b != '\r') {
        line.write(b);
      }
    }
    return line.toString(StandardCharsets.ISO_8859_1);
  }
}
