package io.github.providergateway.app;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A socket of this user in a home ({@code hook.sock}, {@code mcp.sock}) that is not a gateway: it
 * reads each request whole (headers and a {@code Content-Length} body, as curl sends them), and
 * answers it as its {@link Answers} say: bytes and the connection closed, bytes and the connection
 * held open (an event stream gone silent), or nothing (a gateway that accepts and stays silent).
 * The first request is kept, so that a test can say whether a script asked it at all.
 */
final class StubSocket implements AutoCloseable {

  /** What answers one request. */
  interface Answers {
    /**
     * {@return what answers {@code request}, or null for nothing}
     *
     * @param request the request, whole: its head and body
     */
    Reply to(String request);
  }

  /** The bytes of an answer, and whether the connection is closed after them. */
  record Reply(byte[] bytes, boolean close) {
    /** A whole HTTP answer: {@code status}, {@code headers} (each ending in CRLF), {@code body}. */
    static Reply http(String status, String headers, String body) {
      byte[] text = body.getBytes(StandardCharsets.UTF_8);
      String head =
          "HTTP/1.1 "
              + status
              + "\r\n"
              + headers
              + "Content-Length: "
              + text.length
              + "\r\nConnection: close\r\n\r\n";
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      bytes.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
      bytes.writeBytes(text);
      return new Reply(bytes.toByteArray(), true);
    }

    /** An event stream's head and {@code events}, the connection then held open and silent. */
    static Reply eventsThenSilence(String events) {
      String head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n";
      return new Reply((head + events).getBytes(StandardCharsets.UTF_8), false);
    }
  }

  private final ServerSocketChannel server;
  private final Answers answers;
  private final List<SocketChannel> open = new CopyOnWriteArrayList<>();
  private final CompletableFuture<String> firstRequest = new CompletableFuture<>();
  private final Thread acceptor;

  private StubSocket(ServerSocketChannel server, Answers answers) {
    this.server = server;
    this.answers = answers;
    this.acceptor = new Thread(this::serve, "stub-socket");
    acceptor.setDaemon(true);
  }

  /**
   * At the home's {@code hook.sock}: answers every request with a 200 whose body is {@code body}.
   */
  static StubSocket answering(Path home, String body) throws IOException {
    Reply reply = Reply.http("200 OK", "Content-Type: text/plain; charset=utf-8\r\n", body);
    return serving(home.resolve("hook.sock"), request -> reply);
  }

  /** At the home's {@code hook.sock}: reads every request and never answers it. */
  static StubSocket silent(Path home) throws IOException {
    return serving(home.resolve("hook.sock"), request -> null);
  }

  /** At {@code path}: answers each request as {@code answers} say. */
  static StubSocket serving(Path path, Answers answers) throws IOException {
    ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    server.bind(UnixDomainSocketAddress.of(path));
    StubSocket socket = new StubSocket(server, answers);
    socket.acceptor.start();
    return socket;
  }

  /** {@return the first request's head and body, once it has come whole} */
  CompletableFuture<String> firstRequest() {
    return firstRequest;
  }

  private void serve() {
    while (server.isOpen()) {
      try {
        SocketChannel client = server.accept();
        open.add(client);
        String request = read(client);
        firstRequest.complete(request);
        Reply reply = answers.to(request);
        if (reply != null) {
          ByteBuffer out = ByteBuffer.wrap(reply.bytes());
          while (out.hasRemaining()) {
            client.write(out);
          }
          if (reply.close()) {
            client.close();
          }
        }
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  /** One request: its headers, then as many body bytes as its Content-Length says. */
  private static String read(SocketChannel client) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
    long want = -1;
    while (want < 0 || bytes.size() < want) {
      if (client.read(buffer.clear()) < 0) {
        break;
      }
      bytes.write(buffer.array(), 0, buffer.position());
      if (want >= 0) {
        continue;
      }
      String text = bytes.toString(StandardCharsets.ISO_8859_1);
      int end = text.indexOf("\r\n\r\n");
      if (end >= 0) {
        long length = 0;
        for (String line : text.substring(0, end).split("\r\n")) {
          if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
            length = Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
          }
        }
        want = end + 4 + length;
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (SocketChannel channel : open) {
      channel.close();
    }
  }
}
