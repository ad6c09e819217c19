package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.host.HostChannel;
import io.github.providergateway.host.HostConnection;
import io.github.providergateway.host.protocol.HostCodec;
import io.github.providergateway.host.protocol.HostOutput;
import jakarta.websocket.Session;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * One agent host's WebSocket connection to {@code /host}: the WebSocket carrier of the host
 * protocol. Like a provider connection it never blocks its callers: {@link #send} encodes the
 * reply or event on the caller's thread and queues it in a {@link BoundedSender}, whose pump on
 * the server's send executor writes them one at a time with the async remote. Encoding at once is
 * what lets the queue count bytes before it takes a message.
 *
 * <p>A host that stops reading is closed (1008) when it has {@link #MAX_QUEUED} outputs waiting,
 * or when more than the server's {@code maxQueuedBytes} wait (the one being written included)
 * while that write has not completed for {@link #STALL}: a single file result may be larger
 * than the byte bound (64 MiB files travel base64-encoded), so bytes alone would close a host
 * that reads normally but was sent two large results at once. The age is read from the gateway's
 * clock. Host connections are not part of the providers' shared outbound budget.
 * Whatever way it ends, the host service hears {@link HostChannel#closed()} exactly once.
 */
final class TyrusHostConnection implements HostConnection, SocketPeer {

  private static final HostCodec CODEC = HostCodec.create();
  /** Replies and events one host may have waiting, the one being written included. */
  static final int MAX_QUEUED = 4096;
  /** How long a write may stay unfinished, with the byte bound exceeded, before the host counts as stuck. */
  static final Duration STALL = Duration.ofSeconds(2);

  private final org.glassfish.grizzly.Connection<?> socket;
  private final String description;
  /** The outbound queue, the heartbeat, and the connection's end. */
  private final BoundedSender<HostOutput> sender;
  /** Checks the host's frames before Tyrus reads them; told when the host authenticated. */
  private final FrameGuard guard;
  /** Where commands go; set right after opening. */
  private volatile HostChannel channel;

  /**
   * @param maxQueuedBytes the byte bound (see the class comment)
   * @param onGone told once when this connection is gone (the server's bookkeeping), before the
   *     host service is
   */
  TyrusHostConnection(
      Session session,
      org.glassfish.grizzly.Connection<?> socket,
      long maxQueuedBytes,
      BoundedSender.Context context,
      FrameGuard guard,
      Consumer<TyrusHostConnection> onGone) {
    this.socket = requireNonNull(socket, "socket");
    this.guard = requireNonNull(guard, "guard");
    requireNonNull(onGone, "onGone");
    this.description = "host ws " + TyrusWire.describePeer(socket.getPeerAddress());
    this.sender =
        new BoundedSender<>(
            description,
            new TyrusWire(session, socket, context.timer(), context.closeGrace(), description),
            BoundedSender.Bounds.alone(MAX_QUEUED, maxQueuedBytes, STALL),
            BoundedSender.Encoding.ON_SEND,
            CODEC::encode,
            context);
    sender.whenGone(
        () -> {
          guard.release();
          onGone.accept(this);
        });
  }

  /** Connects the host service's side; a connection that closed before this is reported at once. */
  void attach(HostChannel channel) {
    this.channel = requireNonNull(channel, "channel");
    sender.whenGone(channel::closed);
  }

  // ---- HostConnection ----

  @Override
  public boolean send(HostOutput output) {
    return sender.send(output);
  }

  @Override
  public void close() {
    sender.close(WsCloseCodes.of(io.github.providergateway.gateway.CloseReason.NORMAL));
  }

  @Override
  public String describe() {
    return description;
  }

  /** The host passed {@code host.auth}: its frame guard now lets messages of full size in. */
  @Override
  public void authenticated() {
    guard.authenticated();
  }

  // ---- from the socket ----

  @Override
  public void received(String text) {
    sender.heard();
    HostChannel target = channel;
    if (target != null) {
      target.receive(text);
    }
  }

  @Override
  public BoundedSender<HostOutput> sender() {
    return sender;
  }

  @Override
  public FrameGuard guard() {
    return guard;
  }

  @Override
  public void terminate() {
    socket.terminateSilently();
  }

  @Override
  public String toString() {
    return description;
  }
}
