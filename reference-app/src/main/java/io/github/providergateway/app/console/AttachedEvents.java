package io.github.providergateway.app.console;

import io.github.providergateway.host.client.GatewayClientListener;
import java.util.List;

/**
 * An attached console's view of a gateway running elsewhere, shown as it happens: every session's
 * timeline (it observes), providers, and the connection dropping and coming back. On the client's
 * thread.
 */
final class AttachedEvents implements GatewayClientListener {
  private final ConsoleOut out;

  /** Prints timeline lines as the embedded console does. */
  private final ConsoleEvents timeline;

  AttachedEvents(ConsoleOut out, ConsoleEvents timeline) {
    this.out = out;
    this.timeline = timeline;
  }

  @Override
  public void providerConnected(String providerId, String name, String instance) {
    out.say("+ provider " + ConsoleText.provider(providerId, name, instance) + " connected");
  }

  @Override
  public void providerDisconnected(String providerId, String name, String instance) {
    out.say("- provider " + ConsoleText.provider(providerId, name, instance) + " left");
  }

  @Override
  public void sessionLog(String sessionId, String source, String message) {
    timeline.log(sessionId, source, message);
  }

  @Override
  public void sessionSend(String sessionId, String source, String prompt) {
    timeline.send(sessionId, source, prompt);
  }

  @Override
  public void toolsChanged(String sessionId, List<String> tools) {
    out.say(ConsoleText.toolsNow(sessionId, tools));
  }

  @Override
  public void sessionEnded(String sessionId) {
    out.say("[" + sessionId + "] session ended");
  }

  @Override
  public void connectionLost(String reason) {
    out.say("! connection to the gateway lost (" + reason + "); reconnecting...");
  }

  @Override
  public void reconnected(boolean freshGateway) {
    out.say(
        freshGateway
            ? "! reconnected to a new gateway (the old one is gone); its hosts register their"
                + " sessions again and providers re-register as they notice ('sessions' lists them)"
            : "! reconnected to the same gateway");
  }

  @Override
  public void sessionReplaced(String sessionId, String gatewaySessionId) {
    out.say("! session " + sessionId + " is " + gatewaySessionId + " on the new gateway");
  }
}
