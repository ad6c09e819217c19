package io.github.providergateway.transport.ws.internal;

import static java.util.Objects.requireNonNull;

import java.net.InetSocketAddress;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.http.HttpContent;
import org.glassfish.grizzly.http.HttpRequestPacket;
import org.glassfish.grizzly.http.HttpResponsePacket;
import org.glassfish.grizzly.http.Protocol;

/**
 * The {@link WsHandshake}'s adapter to Grizzly: reads a request's method, target, headers and peer
 * out of Grizzly's packet, writes the answer the handshake decided, and on a 101 opens the
 * connection. Everything Grizzly about a handshake is here; the rules are {@link WsHandshake}'s.
 */
final class GrizzlyHandshake {

  /**
   * Opens the connection behind an accepted handshake: a provider's at {@code /}, a host's at
   * {@code /host}.
   */
  interface Opener {
    /**
     * @param path the endpoint's path
     * @param socket the connection's socket, not yet attached to anything
     * @param admission its slot, which the connection releases when it is gone
     * @return false when the server refused it after all (it has closed the socket)
     */
    boolean open(String path, Connection<?> socket, WsHandshake.Admission admission);
  }

  private final WsHandshake handshake;

  /** Accepted TCP connections still to upgrade; one that upgrades leaves it. */
  private final PendingHandshakes pending;

  private final Opener opener;

  GrizzlyHandshake(WsHandshake handshake, PendingHandshakes pending, Opener opener) {
    this.handshake = requireNonNull(handshake, "handshake");
    this.pending = requireNonNull(pending, "pending");
    this.opener = requireNonNull(opener, "opener");
  }

  /** Whether {@code request} asks to become a WebSocket. */
  static boolean isUpgrade(HttpRequestPacket request) {
    return WsHandshake.isUpgrade(request.getUpgrade());
  }

  /** Answers the handshake {@code request} read on {@code ctx}'s connection. */
  void answer(FilterChainContext ctx, HttpRequestPacket request) {
    Connection<?> socket = ctx.getConnection();
    WsHandshake.Request plain =
        new WsHandshake.Request(
            request.getMethod().getMethodString(),
            request.getRequestURI(),
            request::getHeader,
            peerAddress(socket));
    WsHandshake.Answer answer = handshake.decide(plain);
    // Java 17 has no switch over a sealed type's records: the two answers, tested in turn.
    if (answer instanceof WsHandshake.Refused refused) {
      refuse(ctx, request, refused);
      return;
    }
    WsHandshake.Accepted accepted = (WsHandshake.Accepted) answer;
    HttpResponsePacket response = request.getResponse();
    response.setProtocol(Protocol.HTTP_1_1);
    response.setStatus(101);
    response.setReasonPhrase("Switching Protocols");
    response.setHeader("Upgrade", "websocket");
    response.setHeader("Connection", "Upgrade");
    response.setHeader("Sec-WebSocket-Accept", accepted.acceptKey());
    ctx.write(HttpContent.builder(response).build());
    // A WebSocket now: the connection cap and the heartbeat bound it from here on.
    pending.forget(socket);
    if (!opener.open(accepted.path(), socket, accepted.admission())) {
      accepted.admission().release();
    }
  }

  /** Answers the refusal's status with no body and closes the connection once it is written. */
  private static void refuse(
      FilterChainContext ctx, HttpRequestPacket request, WsHandshake.Refused refused) {
    HttpResponsePacket response = request.getResponse();
    response.setProtocol(Protocol.HTTP_1_1);
    response.setStatus(refused.status());
    response.setReasonPhrase(refused.phrase());
    response.setContentLength(0);
    response.setHeader("Connection", "close");
    if (refused.version() != null) {
      response.setHeader("Sec-WebSocket-Version", refused.version());
    }
    ctx.write(
        HttpContent.builder(response).last(true).build(), new CloseAfterWrite(ctx.getConnection()));
  }

  private static String peerAddress(Connection<?> socket) {
    Object address = socket.getPeerAddress();
    if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
      return inet.getAddress().getHostAddress();
    }
    return String.valueOf(address);
  }
}
