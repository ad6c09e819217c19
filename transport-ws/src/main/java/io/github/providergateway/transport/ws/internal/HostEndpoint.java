package io.github.providergateway.transport.ws.internal;

import jakarta.websocket.Session;

/**
 * The Tyrus endpoint at {@code /host}: one instance per agent host connection, wired to a {@link
 * TyrusHostConnection}. Public only because Tyrus invokes endpoints reflectively; not an API.
 */
public final class HostEndpoint extends PeerEndpoint<TyrusHostConnection> {

  private final ServerCore server;

  HostEndpoint(ServerCore server) {
    this.server = server;
  }

  @Override
  TyrusHostConnection open(Session session) {
    return server.openedHost(session, HandshakeGuard.claim());
  }
}
