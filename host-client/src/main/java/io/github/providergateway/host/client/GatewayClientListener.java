package io.github.providergateway.host.client;

import java.util.List;

/**
 * What a {@link GatewayClient} hears besides its own sessions' callbacks: providers coming and
 * going, the timelines it sees, its connection dropping and coming back. Every method has an empty
 * default. Called on the client's loop, one at a time and in order; must not block. Register one
 * with {@link GatewayClientOptions.Builder#listener} (hears everything) or {@link
 * GatewayClient#addListener}.
 */
public interface GatewayClientListener {
  /**
   * A provider bound (any session).
   *
   * @param providerId the gateway-assigned id, stable across reconnects
   * @param name the provider's name
   * @param instance its instance id, or {@code null}
   */
  default void providerConnected(String providerId, String name, String instance) {}

  /**
   * A provider unbound.
   *
   * @param providerId the gateway-assigned id
   * @param name the provider's name
   * @param instance its instance id, or {@code null}
   */
  default void providerDisconnected(String providerId, String name, String instance) {}

  /**
   * A timeline line of any session this client owns or, as an observer, sees.
   *
   * @param sessionId the session, by this client's id for it
   * @param source the provider's name, or {@code gateway}
   * @param message the line
   */
  default void sessionLog(String sessionId, String source, String message) {}

  /**
   * A turn request of such a session.
   *
   * @param sessionId the session
   * @param source the provider's name
   * @param prompt the prompt for the agent
   */
  default void sessionSend(String sessionId, String source, String prompt) {}

  /**
   * Such a session's registered tools changed.
   *
   * @param sessionId the session
   * @param tools the names of every tool registered there now
   */
  default void toolsChanged(String sessionId, List<String> tools) {}

  /**
   * Such a session ended.
   *
   * @param sessionId the session
   */
  default void sessionEnded(String sessionId) {}

  /**
   * The connection to the gateway dropped; the client is reconnecting.
   *
   * @param reason what ended the connection, for a person
   */
  default void connectionLost(String reason) {}

  /**
   * The client is connected again.
   *
   * @param freshGateway whether it is a new gateway (the old one crashed or was restarted): its
   *     sessions were registered again, and providers must re-register too
   */
  default void reconnected(boolean freshGateway) {}

  /**
   * A session of this client was registered again on a new gateway. Callers keep using {@code
   * sessionId}; {@code gatewaySessionId} is its id on the gateway (what providers see).
   *
   * @param sessionId the session, by this client's id for it
   * @param gatewaySessionId its id on the new gateway
   */
  default void sessionReplaced(String sessionId, String gatewaySessionId) {}
}
