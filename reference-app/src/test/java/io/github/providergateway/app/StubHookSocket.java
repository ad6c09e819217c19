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
 * A socket of this user at a home's {@code hook.sock} that is not a gateway: it reads each request
 * whole (headers and a {@code Content-Length} body, as curl sends them), and answers it with the
 * bytes it was given, or never (a gateway that accepts and stays silent). What it read is kept, so
 * that a test can say whether the hook script asked it at all.
 */
final class StubHookSocket implements AutoCloseable {

  private final ServerSocketChannel server;
  private final byte[] answer;
  private final List<SocketChannel> open = new CopyOnWriteArrayList<>();
  private final CompletableFuture<String> firstRequest = new CompletableFuture<>();
  private final Thread acceptor;

  private StubHookSocket(ServerSocketChannel server, byte[] answer) {
    this.server = server;
    this.answer = answer;
    this.acceptor = new Thread(this::serve, "stub-hook-socket");
    acceptor.setDaemon(true);
  }

  /** Answers every request with a 200 whose body is {@code body}. */
  static StubHookSocket answering(Path home, String body) throws IOException {
    byte[] text = body.getBytes(StandardCharsets.UTF_8);
    String head =
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: "
            + text.length
            + "\r\nConnection: close\r\n\r\n";
    ByteArrayOutputStream answer = new ByteArrayOutputStream();
    answer.writeBytes(head.getBytes(StandardCharsets.US_ASCII));
    answer.writeBytes(text);
    return start(home, answer.toByteArray());
  }

  /** Reads every request and never answers it. */
  static StubHookSocket silent(Path home) throws IOException {
    return start(home, null);
  }

  private static StubHookSocket start(Path home, byte[] answer) throws IOException {
    ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    server.bind(UnixDomainSocketAddress.of(home.resolve("hook.sock")));
    StubHookSocket socket = new StubHookSocket(server, answer);
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
        if (answer != null) {
          ByteBuffer out = ByteBuffer.wrap(answer);
          while (out.hasRemaining()) {
            client.write(out);
          }
          client.close();
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
