package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.websocket.internal.CloseStatus;
import io.github.providergateway.websocket.internal.CloseStatuses;
import io.github.providergateway.websocket.internal.FrameDecoder;
import io.github.providergateway.websocket.internal.OutboundQueue;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * One provider's WebSocket connection, as the gateway sees it.
 *
 * <p>Outbound: a {@link OutboundQueue} that encodes on a send thread and writes one message at a
 * time through its socket (Jakarta containers may refuse concurrent sends, and Grizzly's own write
 * queue is unbounded). When nothing is queued or in flight, {@link #send} encodes the one message
 * and starts its write on the gateway loop itself (a large one costs the loop its encoding time),
 * saving the wake-up of a send thread. A peer that lets the queue pass its message or byte bound,
 * or the server's shared budget while furthest behind, is closed with 1008 and reported gone at
 * once, so its calls end {@code DISCONNECTED} (R-WS-06) while the gateway loop and every other
 * connection carry on (R-WS-07).
 *
 * <p>Closing: {@link #close} writes what is queued, then the close frame. Whatever way a connection
 * ends, the gateway hears {@link ProviderLink#closed()} exactly once, and a socket that has not
 * finished closing after the grace period is cut, so a peer that stopped reading cannot pin it.
 *
 * <p>Thread-safe: the gateway loop, Grizzly workers, the send executor and the timers all call in.
 */
final class WsProviderConnection implements ProviderConnection, SocketPeer {

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  private final org.glassfish.grizzly.Connection<?> socket;

  /** The WebSocket: frames in and out, and the close handshake. */
  private final WsSocket wire;

  private final String description;

  /** The outbound queue, the heartbeat, and the connection's end. */
  private final OutboundQueue<GatewayMessage> sender;

  /** Completes when the TCP connection has closed. */
  private final CompletableFuture<Void> socketClosed = new CompletableFuture<>();

  /** Reads the peer's frames and applies their rules; tells it when the peer authenticated. */
  private final FrameDecoder decoder;

  /** Where inbound messages go; set once, right after the gateway accepts the connection. */
  private volatile ProviderLink link;

  /** The process at the other end, once found after authentication; null until then, or never. */
  private volatile ProcessHandle peerProcess;

  /** Turns reading off while the gateway's inbound backlog is full. */
  private final SocketReading reading;

  /**
   * @param onGone told once when this connection is gone (the server's bookkeeping: registry,
   *     slot), before the gateway is
   */
  WsProviderConnection(
      WsSocket wire,
      OutboundQueue.Bounds bounds,
      OutboundQueue.Context context,
      Consumer<WsProviderConnection> onGone) {
    this.wire = requireNonNull(wire, "wire");
    this.socket = wire.socket();
    this.decoder = wire.decoder();
    requireNonNull(onGone, "onGone");
    this.description = "ws " + WsSocket.describePeer(socket.getPeerAddress());
    this.sender =
        new OutboundQueue<>(
            description, wire, bounds, OutboundQueue.Encoding.IN_PUMP, CODEC::encodeUtf8, context);
    sender.whenGone(
        () -> {
          decoder.release();
          onGone.accept(this);
        });
    this.reading = new SocketReading(socket, sender, description);
    // Grizzly's close future completes however the TCP connection ends.
    socket.closeFuture().addCompletionHandler(new SocketClosed());
  }

  /** Completes {@link #socketClosed} from Grizzly's close future. */
  private final class SocketClosed
      implements org.glassfish.grizzly.CompletionHandler<org.glassfish.grizzly.CloseReason> {
    @Override
    public void completed(org.glassfish.grizzly.CloseReason reason) {
      socketClosed.complete(null);
    }

    @Override
    public void failed(Throwable error) {
      socketClosed.complete(null);
    }

    @Override
    public void cancelled() {
      socketClosed.complete(null);
    }

    @Override
    public void updated(org.glassfish.grizzly.CloseReason reason) {
      // only the end matters
    }
  }

  /** Connects the gateway's side; a connection that closed before this is reported at once. */
  void attach(ProviderLink link) {
    this.link = requireNonNull(link, "link");
    sender.whenGone(link::closed);
  }

  // ---- ProviderConnection: called on the gateway loop ----

  @Override
  public boolean send(GatewayMessage message) {
    return sender.send(message);
  }

  @Override
  public void close(CloseReason reason) {
    requireNonNull(reason, "reason");
    sender.close(CloseStatuses.of(reason));
  }

  @Override
  public String describe() {
    return description;
  }

  /**
   * The provider authenticated: its decoder now lets messages of the protocol's size in, and its
   * process is looked for ({@link #peerProcess()}), off this thread.
   */
  @Override
  public void authenticated() {
    decoder.authenticated();
    PeerLookups.lookUp(
        socket.getPeerAddress(), socket.getLocalAddress(), found -> peerProcess = found);
  }

  @Override
  public Optional<ProcessHandle> peerProcess() {
    return Optional.ofNullable(peerProcess);
  }

  /**
   * Stops reading from the socket until {@link #resumeReading()}: TCP flow control then holds the
   * provider back while the gateway works through what it already sent.
   */
  @Override
  public void suspendReading() {
    reading.suspend();
  }

  @Override
  public void resumeReading() {
    reading.resume();
  }

  // ---- from the socket: Grizzly worker threads ----

  @Override
  public void received(String text) {
    sender.heard();
    try {
      // The gateway decodes and size-checks it on its loop (on this thread when the loop is idle).
      link.receive(text);
    } catch (RejectedExecutionException e) {
      // The gateway has stopped while this server still runs: nobody is left to serve the peer.
      abort(CloseStatuses.goingAway());
    }
  }

  @Override
  public OutboundQueue<GatewayMessage> sender() {
    return sender;
  }

  @Override
  public FrameDecoder decoder() {
    return decoder;
  }

  // ---- from the server ----

  /** Sends {@code reason} after the queued messages; cut after the grace period if still open. */
  void closeAfterQueue(CloseStatus reason) {
    sender.close(reason);
  }

  /** Completes when the TCP connection has closed, however it closed. */
  CompletableFuture<Void> socketClosed() {
    return socketClosed;
  }

  /** Whether the TCP connection is still open. */
  boolean isSocketOpen() {
    return socket.isOpen();
  }

  @Override
  public void terminate() {
    socket.terminateSilently();
  }

  /**
   * Bytes waiting to be written, and whether more than the message being written waits: what the
   * server compares when its outbound budget is passed.
   */
  long backlogBytesIfBehind() {
    return sender.backlogBytesIfBehind();
  }

  /** Closed by the server: of all its connections, this one is furthest behind (R-WS-06). */
  void closeAsFurthestBehind(long serverLimit) {
    sender.tooSlow(
        "the server's "
            + serverLimit
            + "-byte outbound bound was passed, and this connection is furthest behind");
  }

  @Override
  public String toString() {
    return description;
  }
}
