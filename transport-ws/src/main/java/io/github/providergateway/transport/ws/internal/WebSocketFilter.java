package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.TaskBatch;
import io.github.providergateway.websocket.internal.CloseStatuses;
import io.github.providergateway.websocket.internal.FrameDecoder;
import java.io.IOException;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.asyncqueue.TaskQueue;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChain;
import org.glassfish.grizzly.filterchain.FilterChainBuilder;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.filterchain.TransportFilter;
import org.glassfish.grizzly.http.HttpContent;
import org.glassfish.grizzly.http.HttpHeader;
import org.glassfish.grizzly.http.HttpRequestPacket;
import org.glassfish.grizzly.http.server.AddOn;
import org.glassfish.grizzly.http.server.HttpServerFilter;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.nio.NIOConnection;

/**
 * The server's WebSocket layer in the listeners' filter chain, after Grizzly's HTTP codec and
 * before its HTTP server: every byte a peer sends passes here, so this is where a hostile peer is
 * stopped before it costs memory.
 *
 * <ul>
 *   <li>every accepted TCP connection is tracked until it upgrades ({@link PendingHandshakes}: a
 *       deadline and a cap for sockets that never complete a handshake);
 *   <li>a request to upgrade is answered as the {@link WsHandshake} decides, through its adapter
 *       {@link GrizzlyHandshake} (101, or a refusal); any other request goes on to the HTTP routes;
 *   <li>an upgraded connection's bytes go to its {@link WsSocket}, whose {@link FrameDecoder}
 *       enforces the frame rules and bounds (masking, message size before and after authentication,
 *       the unfinished-message budget, the ping rate). Once upgraded, a connection leaves the HTTP
 *       chain for {@link #framesOnly}: the transport and this filter, so its bytes are not parsed
 *       as HTTP content first, read after read;
 *   <li>after each read, a peer whose unwritten data (the pongs queued for it, beyond the message
 *       being written to it) passes {@link #CONTROL_ALLOWANCE_BYTES} is closed: it is not reading.
 * </ul>
 */
final class WebSocketFilter extends BaseFilter {

  /**
   * What a peer's unwritten data may reach beyond the message being written to it, in estimated
   * heap bytes (bytes plus {@link #RECORD_OVERHEAD_BYTES} per queued write): pongs and close frames
   * are tiny, so a peer over this has stopped reading.
   */
  static final long CONTROL_ALLOWANCE_BYTES = 64 * 1024;

  /** Grizzly's bookkeeping per queued write (record, buffer wrapper), on top of its bytes. */
  static final int RECORD_OVERHEAD_BYTES = 160;

  /** The WebSocket a TCP connection became, once its handshake was accepted. */
  private static final Attribute<WsSocket> SOCKET =
      Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(
          WebSocketFilter.class.getName() + ".socket");

  private final TrafficGuards guards;
  private final GrizzlyHandshake handshake;

  /**
   * The chain an upgraded connection is switched to: its bytes straight from the socket to here.
   */
  private final FilterChain framesOnly;

  WebSocketFilter(TrafficGuards guards, GrizzlyHandshake handshake) {
    this.guards = requireNonNull(guards, "guards");
    this.handshake = requireNonNull(handshake, "handshake");
    this.framesOnly = FilterChainBuilder.stateless().add(new TransportFilter()).add(this).build();
  }

  /** The add-on that puts this filter right before Grizzly's HTTP server filter. */
  static AddOn addOn(WebSocketFilter filter) {
    return (NetworkListener listener, FilterChainBuilder builder) -> {
      int httpServerFilter = builder.indexOfType(HttpServerFilter.class);
      if (httpServerFilter < 0) {
        throw new IllegalStateException("no HttpServerFilter in the listener's filter chain");
      }
      builder.add(httpServerFilter, filter);
    };
  }

  /** From now on {@code connection}'s bytes are {@code socket}'s frames. */
  static void attach(Connection<?> connection, WsSocket socket) {
    SOCKET.set(connection, socket);
  }

  /** Whether {@code connection} became a WebSocket. */
  static boolean upgraded(Connection<?> connection) {
    return SOCKET.get(connection) != null;
  }

  @Override
  public NextAction handleRead(FilterChainContext ctx) throws IOException {
    Connection<?> connection = ctx.getConnection();
    WsSocket socket = SOCKET.get(connection);
    Object message = ctx.getMessage();
    if (message instanceof Buffer frames && socket != null) {
      // The frames-only chain: the transport hands the socket's bytes straight here.
      read(socket, frames);
      closeIfNotReading(connection, socket);
      return ctx.getStopAction();
    }
    if (!(message instanceof HttpContent content)) {
      return ctx.getInvokeAction();
    }
    if (socket != null) {
      read(socket, content.getContent());
      closeIfNotReading(connection, socket);
      return ctx.getStopAction();
    }
    HttpHeader header = content.getHttpHeader();
    if (!(header instanceof HttpRequestPacket request) || !GrizzlyHandshake.isUpgrade(request)) {
      return ctx.getInvokeAction(); // plain HTTP: the routes, or 404
    }
    handshake.answer(ctx, request);
    WsSocket upgraded = SOCKET.get(connection);
    if (upgraded != null) {
      connection.setProcessor(framesOnly);
      if (content.getContent().hasRemaining()) {
        read(upgraded, content.getContent()); // frames sent right behind the handshake
      }
    }
    return ctx.getStopAction();
  }

  /** Hands {@code bytes} to the socket; the writes its messages cause go out as one batch each. */
  private void read(WsSocket socket, Buffer bytes) {
    try {
      TaskBatch.around(() -> socket.read(bytes, guards.clock().millis()));
    } finally {
      bytes.tryDispose();
    }
  }

  /**
   * Closes a peer whose unwritten data has passed what a reading peer could leave behind: the
   * message being written to it, plus {@link #CONTROL_ALLOWANCE_BYTES}. Every ping is answered with
   * a pong in Grizzly's write queue, which has no bound of its own.
   */
  private static void closeIfNotReading(Connection<?> connection, WsSocket socket) {
    if (!(connection instanceof NIOConnection nio)) {
      return;
    }
    TaskQueue<?> queue = nio.getAsyncWriteQueue();
    int bytes = queue.spaceInBytes();
    if (bytes == 0) {
      return;
    }
    SocketPeer peer = socket.peer();
    long estimate = bytes + (long) RECORD_OVERHEAD_BYTES * queue.getQueue().size();
    if (peer != null && estimate > CONTROL_ALLOWANCE_BYTES + peer.inFlightBytes()) {
      peer.refuse(
          new FrameDecoder.Refusal(
              CloseStatuses.notReading(),
              "does not read what it is sent (" + bytes + " bytes unwritten)",
              true));
    }
  }
}
