package io.github.providergateway.transport.jakarta;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.host.HostChannel;
import io.github.providergateway.host.HostConnection;
import io.github.providergateway.host.protocol.HostCodec;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.websocket.internal.CloseStatuses;
import io.github.providergateway.websocket.internal.OutboundQueue;
import jakarta.websocket.Session;
import java.net.InetSocketAddress;
import java.util.Optional;

/**
 * One agent host's connection to the host endpoint over a Jakarta WebSocket session: the host
 * protocol's WebSocket carrier, as {@code transport-ws}'s {@code /host} is. Replies and events are
 * encoded on the caller's thread and queued in an {@link OutboundQueue} whose byte bound counts
 * only once the send in flight has stalled (a host is sent file results larger than the bound).
 * Whatever way it ends, the host service hears {@link HostChannel#closed()} exactly once. While the
 * gateway's inbound backlog is full, the thread that delivered waits ({@link ReadingGate}).
 */
final class JakartaHostConnection implements HostConnection, Peer {

  private static final HostCodec CODEC = HostCodec.create();

  private final Session session;
  private final String description;
  private final OutboundQueue<String> outbound;
  private final int authenticatedMessageLimit;

  /**
   * The address the host reached, when the container reports it; what {@code host.challenge}
   * proves.
   */
  private final InetSocketAddress local;

  /** The host's address, when the container reports it: which process sent a person's command. */
  private final InetSocketAddress remote;

  /** Holds the delivering thread while the gateway's inbound backlog is full. */
  private final ReadingGate reading = new ReadingGate();

  /** Where commands go; set right after opening. */
  private volatile HostChannel channel;

  JakartaHostConnection(
      Session session,
      String description,
      OutboundQueue<String> outbound,
      int authenticatedMessageLimit,
      InetSocketAddress local,
      InetSocketAddress remote) {
    this.session = requireNonNull(session, "session");
    this.description = requireNonNull(description, "description");
    this.outbound = requireNonNull(outbound, "outbound");
    this.authenticatedMessageLimit = authenticatedMessageLimit;
    this.local = local;
    this.remote = remote;
    outbound.whenGone(reading::shut);
  }

  /** Connects the host service's side; a connection that ended before this is reported at once. */
  void attach(HostChannel channel) {
    this.channel = requireNonNull(channel, "channel");
    outbound.whenGone(channel::closed);
  }

  @Override
  public boolean send(HostOutput output) {
    return outbound.send(CODEC.encode(output));
  }

  @Override
  public void close() {
    close(CloseReason.NORMAL);
  }

  /** Closes with the code a provider's session gets for {@code reason}. */
  @Override
  public void close(CloseReason reason) {
    outbound.close(CloseStatuses.of(reason));
  }

  /** Holds the container's thread after the message it delivered, as for a provider. */
  @Override
  public void suspendReading() {
    reading.suspend();
  }

  @Override
  public void resumeReading() {
    reading.resume();
  }

  @Override
  public String describe() {
    return description;
  }

  /**
   * The address and port the host reached, when the container reports it (Jetty, Tomcat); else
   * empty, and the host's {@code host.challenge} is answered {@code UNAUTHORIZED}.
   */
  @Override
  public Optional<InetSocketAddress> localAddress() {
    return Optional.ofNullable(local);
  }

  /** The host's address, when the container reports it (Jetty, Tomcat); else empty. */
  @Override
  public Optional<InetSocketAddress> remoteAddress() {
    return Optional.ofNullable(remote);
  }

  @Override
  public void authenticated() {
    session.setMaxTextMessageBufferSize(authenticatedMessageLimit);
  }

  @Override
  public void received(String text) {
    HostChannel target = channel;
    if (target != null && outbound.state() != OutboundQueue.State.GONE) {
      target.receive(text);
      reading.awaitOpen();
    }
  }

  @Override
  public OutboundQueue<String> outbound() {
    return outbound;
  }

  @Override
  public String toString() {
    return description;
  }
}
