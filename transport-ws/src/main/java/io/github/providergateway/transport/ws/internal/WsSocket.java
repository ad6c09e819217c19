package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.websocket.internal.CloseStatus;
import io.github.providergateway.websocket.internal.FrameDecoder;
import io.github.providergateway.websocket.internal.FrameWriter;
import io.github.providergateway.websocket.internal.OutboundQueue;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.CompletionHandler;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.EmptyCompletionHandler;
import org.glassfish.grizzly.WriteResult;
import org.glassfish.grizzly.memory.Buffers;
import org.glassfish.grizzly.memory.ByteBufferArray;
import org.glassfish.grizzly.memory.MemoryManager;

/**
 * One upgraded TCP connection speaking WebSocket (RFC 6455): the frames the client sends, read by
 * its {@link FrameDecoder} and handed to its {@link SocketPeer} (a provider's or a host's
 * connection); the frames the server sends, written whole to Grizzly's connection, which queues
 * them in order, so frames never interleave; and the close handshake (§7).
 *
 * <p>Closing: whoever sends the first close frame, the other answers with its own, and the server
 * then closes the TCP connection (§7.1.1). A close the server starts is given {@link #closeGrace}
 * for the peer's answer, then the socket is cut, so a peer that stopped reading cannot pin it.
 * However the connection ends (a close frame either way, a refusal, the socket dropping), the peer
 * hears {@link SocketPeer#sessionClosed} exactly once.
 *
 * <p>Reads come on the connection's selector thread; writes and closes from any thread.
 */
final class WsSocket implements OutboundQueue.Wire, FrameDecoder.Sink {

  private static final System.Logger LOG = System.getLogger(WsSocket.class.getName());

  private final Connection<?> socket;
  private final MemoryManager<?> memory;
  private final FrameDecoder decoder;
  private final Scheduler timer;
  private final Duration closeGrace;
  private final String description;

  /** Where messages go; set once, right after the server built the connection. */
  private volatile SocketPeer peer;

  /** Whether the server's close frame went out (or is queued). */
  private final AtomicBoolean closeSent = new AtomicBoolean();

  /** Whether the peer's close frame came. */
  private volatile boolean closeReceived;

  /** Whether the peer was told the connection ended. */
  private final AtomicBoolean reported = new AtomicBoolean();

  WsSocket(
      Connection<?> socket,
      FrameDecoder decoder,
      Scheduler timer,
      Duration closeGrace,
      String description) {
    this.socket = requireNonNull(socket, "socket");
    this.memory = socket.getMemoryManager();
    this.decoder = requireNonNull(decoder, "decoder");
    this.timer = requireNonNull(timer, "timer");
    this.closeGrace = requireNonNull(closeGrace, "closeGrace");
    this.description = requireNonNull(description, "description");
    // However the TCP connection ends, the peer hears of it once; without a close frame, 1006.
    socket.addCloseListener(
        (closeable, type) -> ended(new CloseStatus(CloseStatus.ABNORMAL, "connection dropped")));
  }

  /** Attaches the connection the frames are for; called once, before the first read. */
  void attach(SocketPeer peer) {
    this.peer = requireNonNull(peer, "peer");
  }

  /** The TCP connection. */
  Connection<?> socket() {
    return socket;
  }

  /** The connection its frames are for, or null before {@link #attach}. */
  SocketPeer peer() {
    return peer;
  }

  /** The decoder, whose limits the peer's authentication changes. */
  FrameDecoder decoder() {
    return decoder;
  }

  // ---- reading: the selector thread ----

  /**
   * Reads one chunk of bytes, all of it; a rule broken refuses the peer (closes it with the
   * refusal's code). Grizzly's buffer is read through views of its memory, without a copy: the
   * decoder takes plain {@link ByteBuffer}s.
   */
  void read(Buffer bytes, long nowMillis) {
    ByteBufferArray views = bytes.toByteBufferArray();
    FrameDecoder.Refusal refusal = null;
    try {
      ByteBuffer[] array = views.getArray();
      for (int i = 0; i < views.size() && refusal == null; i++) {
        refusal = decoder.read(array[i], nowMillis, this);
      }
    } finally {
      views.restore();
      views.recycle();
    }
    bytes.position(bytes.limit());
    if (refusal != null && !reported.get()) {
      // RFC 6455 §7.1.7: our close frame goes out and whatever the peer still sends is dropped
      // unread; the socket is cut after the close grace (at once for a peer that does not read).
      // Not at once for every refusal: closing with unread bytes resets the connection, and the
      // peer would never read why it was closed.
      peer.refuse(refusal);
    }
  }

  @Override
  public void text(String message) {
    peer.received(message);
  }

  @Override
  public void ping(byte[] payload) {
    peer.heard();
    if (!closeSent.get()) {
      writeFrame(FrameWriter.pong(payload), null); // nothing may follow our close frame
    }
  }

  @Override
  public void pong() {
    peer.heard();
  }

  @Override
  public void close(int code, String reason) {
    closeReceived = true;
    CloseStatus close = new CloseStatus(code, reason);
    if (closeSent.compareAndSet(false, true)) {
      // Answer with the same code (1000 for a close without one), then end the TCP connection.
      CloseStatus answer =
          code == CloseStatus.NO_STATUS
              ? new CloseStatus(CloseStatus.NORMAL, "")
              : new CloseStatus(code, "");
      writeFrame(FrameWriter.close(answer), failure -> socket.closeSilently());
    } else {
      socket.closeSilently(); // the answer to our own close: the handshake is done
    }
    ended(close);
  }

  // ---- writing: any thread ----

  @Override
  public void write(List<byte[]> messages, Consumer<Throwable> done) {
    writeFrame(FrameWriter.texts(messages), done);
  }

  @Override
  public void ping() throws IOException {
    if (!socket.isOpen()) {
      throw new IOException("the connection is closed");
    }
    writeFrame(FrameWriter.ping(), null);
  }

  @Override
  public void close(CloseStatus reason) {
    if (closeSent.compareAndSet(false, true)) {
      writeFrame(
          FrameWriter.close(reason), closeReceived ? failure -> socket.closeSilently() : null);
    }
    try {
      timer.schedule(closeGrace, this::cutIfOpen);
    } catch (RejectedExecutionException e) {
      // The server is stopping and cuts every socket itself.
      LOG.log(Level.DEBUG, "{0}: timer stopped; the server closes the socket", description);
    }
  }

  /** Cuts the TCP connection at once, without a close handshake. */
  void terminate() {
    socket.terminateSilently();
  }

  private void writeFrame(byte[] frame, Consumer<Throwable> done) {
    if (!socket.isOpen()) {
      if (done != null) {
        done.accept(new IOException("the connection is closed"));
      }
      return;
    }
    Buffer buffer = Buffers.wrap(memory, frame);
    CompletionHandler<WriteResult> handler =
        done == null
            ? null
            : new EmptyCompletionHandler<>() {
              @Override
              public void completed(WriteResult result) {
                done.accept(null);
              }

              @Override
              public void failed(Throwable error) {
                done.accept(error);
              }

              @Override
              public void cancelled() {
                done.accept(new IOException("write cancelled"));
              }
            };
    try {
      // Grizzly's write is generic over message and address types that do not matter here.
      @SuppressWarnings({"unchecked", "rawtypes"})
      Connection raw = socket;
      raw.write(buffer, (CompletionHandler) handler);
    } catch (RuntimeException e) {
      // Grizzly refused the write (the connection closed under us): the caller hears it.
      if (done != null) {
        done.accept(e);
      }
    }
  }

  private void cutIfOpen() {
    if (socket.isOpen()) {
      LOG.log(Level.DEBUG, "{0}: close handshake unfinished, cutting the socket", description);
      socket.terminateSilently();
    }
  }

  /** Tells the peer, once, that the connection ended, and gives back what the decoder held. */
  private void ended(CloseStatus close) {
    if (reported.compareAndSet(false, true)) {
      decoder.release();
      SocketPeer current = peer;
      if (current != null) {
        current.sessionClosed(close);
      }
    }
  }

  /** {@code 127.0.0.1:53211} or {@code [::1]:53211}, as the gateway's logs name connections. */
  static String describePeer(Object peer) {
    if (peer instanceof InetSocketAddress inet && inet.getAddress() != null) {
      String host = inet.getAddress().getHostAddress();
      return (host.contains(":") ? "[" + host + "]" : host) + ":" + inet.getPort();
    }
    return String.valueOf(peer);
  }

  @Override
  public String toString() {
    return description;
  }
}
