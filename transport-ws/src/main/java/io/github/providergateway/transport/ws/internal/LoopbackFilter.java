package io.github.providergateway.transport.ws.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.net.URISyntaxException;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.EmptyCompletionHandler;
import org.glassfish.grizzly.Grizzly;
import org.glassfish.grizzly.WriteResult;
import org.glassfish.grizzly.asyncqueue.TaskQueue;
import org.glassfish.grizzly.attributes.Attribute;
import org.glassfish.grizzly.filterchain.FilterChainBuilder;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.http.HttpContent;
import org.glassfish.grizzly.http.HttpHeader;
import org.glassfish.grizzly.http.HttpRequestPacket;
import org.glassfish.grizzly.http.HttpResponsePacket;
import org.glassfish.grizzly.http.Protocol;
import org.glassfish.grizzly.http.server.AddOn;
import org.glassfish.grizzly.http.server.HttpServerFilter;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.nio.NIOConnection;
import org.glassfish.tyrus.container.grizzly.server.GrizzlyServerFilter;
import org.glassfish.tyrus.spi.ServerContainer;

/**
 * Tyrus's Grizzly filter, with the server's defences in front of it. Every byte a peer sends
 * passes here before Tyrus parses it, so this is where a hostile peer is stopped before it costs
 * memory:
 *
 * <ul>
 *   <li>every accepted TCP connection is tracked until it upgrades ({@link PendingHandshakes}:
 *       a deadline and a cap for sockets that never complete a handshake);
 *   <li>a handshake whose request target is not a valid URI (such as {@code //}) gets 400 here,
 *       instead of an exception from Tyrus's request parsing and a stack trace per request;
 *   <li>an upgraded connection's bytes go through its {@link FrameGuard} first (masking, message
 *       size before and after authentication, unfinished-message budget, ping rate);
 *   <li>after Tyrus has handled a read, a peer whose unwritten data (the pongs Tyrus queued, beyond
 *       the message the server is writing to it) passes {@link #CONTROL_ALLOWANCE_BYTES} is
 *       closed: it is not reading.
 * </ul>
 *
 * <p>It also makes the TCP connection being read visible to the handshake guard and to {@code
 * onOpen} (both run synchronously inside {@link #handleRead}): Tyrus's API exposes neither the
 * peer's socket address nor a way to cut a socket whose peer stopped reading.
 */
final class LoopbackFilter extends GrizzlyServerFilter {

  private static final System.Logger LOG = System.getLogger(LoopbackFilter.class.getName());

  /**
   * What a peer's unwritten data may reach beyond the message being written to it, in estimated
   * heap bytes (bytes plus {@link #RECORD_OVERHEAD_BYTES} per queued write): pongs and close frames
   * are tiny, so a peer over this has stopped reading.
   */
  static final long CONTROL_ALLOWANCE_BYTES = 64 * 1024;

  /** Grizzly's bookkeeping per queued write (record, buffer wrapper), on top of its bytes. */
  static final int RECORD_OVERHEAD_BYTES = 160;

  /** The connection whose bytes this thread is processing, during handleRead only. */
  private static final ThreadLocal<Connection<?>> CURRENT = new ThreadLocal<>();

  /** The WebSocket connection a TCP connection became, once opened. */
  private static final Attribute<SocketPeer> PEER =
      Grizzly.DEFAULT_ATTRIBUTE_BUILDER.createAttribute(LoopbackFilter.class.getName() + ".peer");

  private final TrafficGuards guards;

  LoopbackFilter(ServerContainer container, String contextPath, TrafficGuards guards) {
    super(container, contextPath);
    this.guards = guards;
  }

  /** The add-on that puts this filter where Tyrus's {@code WebSocketAddOn} would put its own. */
  static AddOn addOn(ServerContainer container, String contextPath, TrafficGuards guards) {
    return (NetworkListener listener, FilterChainBuilder builder) -> {
      int httpServerFilter = builder.indexOfType(HttpServerFilter.class);
      if (httpServerFilter < 0) {
        throw new IllegalStateException("no HttpServerFilter in the listener's filter chain");
      }
      builder.add(httpServerFilter, new LoopbackFilter(container, contextPath, guards));
    };
  }

  /** The Grizzly connection being read on this thread, or null outside {@link #handleRead}. */
  static Connection<?> currentConnection() {
    return CURRENT.get();
  }

  /** From now on {@code socket}'s bytes go through {@code peer}'s frame guard. */
  static void attach(Connection<?> socket, SocketPeer peer) {
    PEER.set(socket, peer);
  }

  @Override
  public NextAction handleAccept(FilterChainContext ctx) throws IOException {
    guards.pendingHandshakes().accepted(ctx.getConnection());
    return super.handleAccept(ctx);
  }

  @Override
  public NextAction handleRead(FilterChainContext ctx) throws IOException {
    Connection<?> connection = ctx.getConnection();
    SocketPeer peer = PEER.get(connection);
    if (peer != null) {
      HttpContent message = ctx.getMessage();
      FrameGuard.Refusal refusal = peer.guard().inspect(message.getContent(), guards.clock().millis());
      if (refusal != null) {
        peer.refuse(refusal);
        return ctx.getStopAction(); // not one byte of it reaches Tyrus
      }
    } else if (refusedHandshake(ctx)) {
      return ctx.getStopAction();
    }
    Connection<?> previous = CURRENT.get();
    CURRENT.set(connection);
    NextAction next;
    try {
      next = super.handleRead(ctx);
    } finally {
      if (previous == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(previous);
      }
    }
    if (peer != null) {
      closeIfNotReading(connection, peer);
    }
    return next;
  }

  /**
   * Answers 400 to a WebSocket handshake Tyrus could not parse (its request target is not a URI,
   * such as {@code //}), which it would otherwise fail with an exception, logged with its stack
   * trace on every such request. True when it answered.
   */
  private static boolean refusedHandshake(FilterChainContext ctx) {
    if (!(ctx.getMessage() instanceof HttpContent content)) {
      return false;
    }
    HttpHeader header = content.getHttpHeader();
    if (!(header instanceof HttpRequestPacket request) || !"websocket".equalsIgnoreCase(request.getUpgrade())) {
      return false;
    }
    String target = request.getRequestURI();
    try {
      new URI(target);
      return false;
    } catch (URISyntaxException e) {
      LOG.log(Level.DEBUG, "{0}: handshake for {1} refused: not a URI", ctx.getConnection().getPeerAddress(), target);
    }
    HttpResponsePacket response = request.getResponse();
    response.setProtocol(Protocol.HTTP_1_1);
    response.setStatus(400);
    response.setReasonPhrase("Bad Request");
    response.setContentLength(0);
    Connection<?> connection = ctx.getConnection();
    ctx.write(
        HttpContent.builder(response).last(true).build(),
        new EmptyCompletionHandler<WriteResult>() {
          @Override
          public void completed(WriteResult result) {
            connection.closeSilently();
          }

          @Override
          public void failed(Throwable error) {
            connection.closeSilently();
          }
        });
    return true;
  }

  /**
   * Closes a peer whose unwritten data has passed what a reading peer could leave behind: the
   * message being written to it, plus {@link #CONTROL_ALLOWANCE_BYTES}. Tyrus writes a pong for
   * every ping straight into Grizzly's write queue, which has no bound of its own.
   */
  private static void closeIfNotReading(Connection<?> connection, SocketPeer peer) {
    if (!(connection instanceof NIOConnection nio)) {
      return;
    }
    TaskQueue<?> queue = nio.getAsyncWriteQueue();
    int bytes = queue.spaceInBytes();
    if (bytes == 0) {
      return;
    }
    long estimate = bytes + (long) RECORD_OVERHEAD_BYTES * queue.getQueue().size();
    if (estimate > CONTROL_ALLOWANCE_BYTES + peer.inFlightBytes()) {
      peer.refuse(
          new FrameGuard.Refusal(
              WsCloseCodes.notReading(),
              "does not read what it is sent (" + bytes + " bytes unwritten)",
              true));
    }
  }
}
