package io.github.providergateway.host;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.host.protocol.HostAuth;
import io.github.providergateway.host.protocol.HostChallenge;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.host.protocol.RpcErrorCode;
import io.github.providergateway.protocol.Hello;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;

/**
 * Authenticates host connections ({@code host.auth}): compares the gateway token in constant time,
 * lets the connection take back a dropped owner's sessions with its re-claim token, and answers
 * with the re-claim token and this gateway run's id. A wrong token is refused and closes the
 * connection. Before that, a host may ask this gateway to prove it holds the token ({@code
 * host.challenge}). Loop only.
 */
final class HostAuthenticator {
  private static final System.Logger LOG = System.getLogger(HostAuthenticator.class.getName());

  private final Gateway gateway;
  private final HostRegistry registry;

  /** This gateway run's id in host.auth replies: a host that sees it change knows it restarted. */
  private final String gatewayId;

  HostAuthenticator(Gateway gateway, HostRegistry registry, String gatewayId) {
    this.gateway = gateway;
    this.registry = registry;
    this.gatewayId = gatewayId;
  }

  /**
   * Answers a host's {@code host.challenge}: proof that this gateway holds the token and accepted
   * the connection on its own loopback address and port, which a host checks against what it
   * dialled before it sends the token (a process on a dead gateway's port cannot give it, and one
   * that relays to this gateway from another port gets a proof for this port, not its own). A
   * connection whose local address is unknown or not loopback gets no proof and is closed.
   */
  void prove(HostLink link, HostChallenge challenge) {
    InetSocketAddress acceptedOn = link.connection.localAddress().orElse(null);
    if (acceptedOn == null
        || acceptedOn.getAddress() == null
        || !acceptedOn.getAddress().isLoopbackAddress()) {
      LOG.log(
          Level.WARNING,
          "{0}: host.challenge on a connection not known to be on loopback ({1}); closing",
          link.connection.describe(),
          acceptedOn);
      link.refuseAndClose(
          HostReply.failed(
              challenge.id(),
              RpcErrorCode.UNAUTHORIZED,
              "the gateway proves itself only on its loopback address, which this connection does not say"));
      return;
    }
    ObjectNode fields = JsonNodeFactory.instance.objectNode();
    fields.put("proof", challenge.proof(gateway.credentials().providerToken(), acceptedOn));
    fields.put("endpoint", HostChallenge.endpoint(acceptedOn));
    link.connection.send(new HostReply.Ok(challenge.id(), fields));
    LOG.log(
        Level.DEBUG,
        "{0}: host.challenge answered for {1}",
        link.connection.describe(),
        fields.get("endpoint").asText());
  }

  void authenticate(HostLink link, HostAuth auth) {
    if (!gateway.credentials().isProviderToken(auth.token())) {
      LOG.log(
          Level.WARNING, "{0}: host.auth with a wrong token; closing", link.connection.describe());
      link.refuseAndClose(
          HostReply.failed(auth.id(), RpcErrorCode.AUTH_FAILED, "wrong gateway token"));
      return;
    }
    HostRegistry.Reclaim reclaim =
        registry.authenticated(link, auth.reclaimToken(), auth.isObserver());
    link.connection.authenticated();
    if (reclaim.replaced() != null) {
      reclaim.replaced().shut();
    }
    ObjectNode fields = JsonNodeFactory.instance.objectNode();
    fields.put("reclaimToken", reclaim.owner().token);
    ArrayNode list = fields.putArray("reclaimed");
    reclaim.reclaimed().forEach(list::add);
    fields.put("protocolVersion", Hello.PROTOCOL_VERSION);
    fields.put("gatewayId", gatewayId);
    link.connection.send(new HostReply.Ok(auth.id(), fields));
    LOG.log(
        Level.INFO,
        "{0}: host authenticated; re-claimed {1}",
        link.connection.describe(),
        reclaim.reclaimed());
    for (String sessionId : reclaim.reclaimed()) {
      // Tool changes during the gap reached nobody: tell the host what is registered now.
      gateway
          .tools(sessionId)
          .thenAccept(tools -> link.connection.send(HostEvents.toolsChanged(sessionId, tools)));
    }
  }
}
