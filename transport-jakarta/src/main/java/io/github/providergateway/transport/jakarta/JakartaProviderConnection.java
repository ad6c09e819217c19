package io.github.providergateway.transport.jakarta;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.websocket.internal.CloseStatuses;
import io.github.providergateway.websocket.internal.OutboundQueue;
import jakarta.websocket.Session;
import java.util.concurrent.RejectedExecutionException;

/**
 * One provider's connection over a Jakarta WebSocket session, as the gateway sees it.
 *
 * <p>Outbound: {@code websocket-core}'s {@link OutboundQueue}, over a {@link SessionWire}. {@link
 * #send} encodes on the caller's thread (the gateway loop): the queue's byte bound needs a
 * message's size before it takes it, and the adapter keeps no thread of its own in the host's
 * container to encode on. A provider that lets the queue pass its bounds is closed with 1008 and
 * reported gone at once, so its calls end {@code DISCONNECTED}.
 *
 * <p>Inbound: text goes to the gateway on the container's thread. Until the provider has
 * authenticated, the session buffers at most {@code Limits#maxUnauthenticatedMessageBytes} of a
 * message; then the gateway's largest message plus 1 MiB of slack, within which the gateway judges
 * each message's size itself. When the gateway has too much of the provider's text waiting it
 * suspends reading, and the delivering thread waits ({@link ReadingGate}).
 *
 * <p>Thread-safe: the gateway loop and container threads call in.
 */
final class JakartaProviderConnection implements ProviderConnection, Peer {

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  private final Session session;
  private final String description;
  private final OutboundQueue<String> outbound;

  /** The largest message once authenticated, in what the container counts. */
  private final int authenticatedMessageLimit;

  private final ReadingGate reading = new ReadingGate();

  /** Where inbound messages go; set once, right after the gateway accepts the connection. */
  private volatile ProviderLink link;

  JakartaProviderConnection(
      Session session,
      String description,
      OutboundQueue<String> outbound,
      int authenticatedMessageLimit) {
    this.session = requireNonNull(session, "session");
    this.description = requireNonNull(description, "description");
    this.outbound = requireNonNull(outbound, "outbound");
    this.authenticatedMessageLimit = authenticatedMessageLimit;
    outbound.whenGone(reading::shut);
  }

  /** Connects the gateway's side; a connection that ended before this is reported at once. */
  void attach(ProviderLink link) {
    this.link = requireNonNull(link, "link");
    outbound.whenGone(link::closed);
  }

  // ---- ProviderConnection: the gateway loop ----

  @Override
  public boolean send(GatewayMessage message) {
    return outbound.send(CODEC.encode(message));
  }

  /** Sends {@code text} as if the gateway had, in order with what it sends (tests). */
  boolean sendRaw(String text) {
    return outbound.send(text);
  }

  @Override
  public void close(CloseReason reason) {
    outbound.close(CloseStatuses.of(requireNonNull(reason, "reason")));
  }

  @Override
  public String describe() {
    return description;
  }

  /** The provider authenticated: its messages may now be of the protocol's full size. */
  @Override
  public void authenticated() {
    session.setMaxTextMessageBufferSize(authenticatedMessageLimit);
  }

  @Override
  public void suspendReading() {
    reading.suspend();
  }

  @Override
  public void resumeReading() {
    reading.resume();
  }

  // ---- from the container ----

  @Override
  public void received(String text) {
    if (outbound.state() == OutboundQueue.State.GONE) {
      return; // reported gone already: the gateway has nothing more to hear from it
    }
    try {
      // The gateway decodes and size-checks it on its loop (on this thread when the loop is idle).
      link.receive(text);
    } catch (RejectedExecutionException e) {
      // The gateway has stopped while the container still runs: nobody is left to serve the peer.
      abort(CloseStatuses.goingAway(), null);
      return;
    }
    reading.awaitOpen();
  }

  @Override
  public OutboundQueue<String> outbound() {
    return outbound;
  }

  /** Whether the gateway has asked this connection to stop reading (tests). */
  boolean readingSuspended() {
    return reading.isSuspended();
  }

  /** The session under this connection (tests drop it behind the gateway's back). */
  Session session() {
    return session;
  }

  @Override
  public String toString() {
    return description;
  }
}
