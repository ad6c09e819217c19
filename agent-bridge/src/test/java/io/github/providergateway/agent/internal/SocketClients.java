package io.github.providergateway.agent.internal;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Clients of a home socket ({@code hook.sock}, {@code mcp.sock}) as curl is one: each connects,
 * writes its request and reads the answer until the socket closes the connection, on a thread of
 * its own. Closing closes every connection it made.
 */
public final class SocketClients implements AutoCloseable {

  /** How long a test waits for an answer. */
  public static final Duration WAIT = Duration.ofSeconds(10);

  private final ExecutorService readers = Executors.newCachedThreadPool();
  private final List<SocketChannel> open = new CopyOnWriteArrayList<>();

  /**
   * Connects to the socket at {@code path}.
   *
   * @param path the socket
   * @return the connection, closed with these clients
   * @throws IOException when it cannot connect
   */
  public SocketChannel connect(Path path) throws IOException {
    SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
    channel.connect(UnixDomainSocketAddress.of(path));
    open.add(channel);
    return channel;
  }

  /**
   * Writes {@code text} whole, as UTF-8.
   *
   * @param channel the connection
   * @param text what to write
   * @throws IOException when the connection fails
   */
  public static void write(SocketChannel channel, String text) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    while (bytes.hasRemaining()) {
      channel.write(bytes);
    }
  }

  /**
   * Everything the socket sends until it closes the connection, read on another thread.
   *
   * @param channel the connection
   * @return the answer, once the connection closed
   */
  public Future<String> answerOf(SocketChannel channel) {
    return readers.submit(
        () -> {
          ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
          StringBuilder text = new StringBuilder();
          while (channel.read(buffer) >= 0) {
            buffer.flip();
            text.append(StandardCharsets.UTF_8.decode(buffer));
            buffer.clear();
          }
          return text.toString();
        });
  }

  /**
   * Waits for an answer, at most {@link #WAIT}.
   *
   * @param answer the answer
   * @return its text
   * @throws Exception when it fails or does not come in time
   */
  public static String done(Future<String> answer) throws Exception {
    return answer.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * Connects to {@code path}, sends {@code request} and waits for the whole answer.
   *
   * @param path the socket
   * @param request the request
   * @return the answer
   * @throws Exception when it fails or does not come in time
   */
  public String ask(Path path, String request) throws Exception {
    SocketChannel channel = connect(path);
    write(channel, request);
    return done(answerOf(channel));
  }

  /**
   * Whether the named door's accepting thread is parked, as it is waiting for a place under its
   * cap, rather than in {@code accept}, where it runs in native code (a thread state the JDK
   * reports as {@code RUNNABLE}).
   *
   * @param threads the door's thread name ({@code gateway-hook-socket})
   * @return whether it waits
   */
  public static boolean acceptorWaits(String threads) {
    List<Thread> acceptors =
        Thread.getAllStackTraces().keySet().stream()
            .filter(thread -> thread.getName().equals(threads + "-accept"))
            .toList();
    return !acceptors.isEmpty()
        && acceptors.stream().allMatch(thread -> thread.getState() == Thread.State.WAITING);
  }

  @Override
  public void close() throws IOException {
    for (SocketChannel channel : open) {
      channel.close();
    }
    readers.shutdownNow();
  }
}
