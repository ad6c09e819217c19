package io.github.providergateway.transport.ws.internal;

import jakarta.websocket.Session;

/**
 * The Tyrus endpoint at {@code /}: one instance per provider connection, wired to a {@link
 * TyrusProviderConnection}. Public only because Tyrus invokes endpoints reflectively; not an API.
 */
public final class ProviderEndpoint extends PeerEndpoint<TyrusProviderConnection> {

  private final ServerCore server;

  ProviderEndpoint(ServerCore server) {
    this.server = server;
  }

  @Override
  TyrusProviderConnection open(Session session) {
    return server.opened(session, HandshakeGuard.claim());
  }
}
