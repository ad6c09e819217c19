package io.github.providergateway.app;

import io.github.providergateway.gateway.GatewayListener;
import io.github.providergateway.gateway.HostTool;
import io.github.providergateway.gateway.ProviderInfo;
import io.github.providergateway.gateway.Refusal;
import io.github.providergateway.gateway.SessionHost;
import java.util.List;

/**
 * What the embedded gateway asks of the host, shown as it happens: timeline lines, turns providers
 * start, tool registrations, providers coming and going. Called on the gateway loop.
 */
final class ConsoleEvents implements SessionHost, GatewayListener {
  private final ConsoleOut out;

  ConsoleEvents(ConsoleOut out) {
    this.out = out;
  }

  @Override
  public void registerTools(String sessionId, List<HostTool> tools) {
    out.say(ConsoleText.toolsNow(sessionId, tools.stream().map(HostTool::name).toList()));
  }

  @Override
  public void log(String sessionId, String source, String message) {
    out.timeline("[" + sessionId + "] " + source + ": " + message);
  }

  @Override
  public void send(String sessionId, String source, String prompt) {
    out.say("[" + sessionId + "] " + source + " starts an agent turn: " + prompt);
  }

  @Override
  public void providerConnected(ProviderInfo provider) {
    out.say(
        "+ provider "
            + ConsoleText.describe(provider)
            + " connected, "
            + provider.trust().wireName()
            + " trust, session "
            + String.join(", ", provider.sessions()));
  }

  @Override
  public void providerDisconnected(ProviderInfo provider) {
    out.say("- provider " + ConsoleText.describe(provider) + " left");
  }

  @Override
  public void warning(String message) {
    out.say("warning: " + message);
  }

  /**
   * A provider was refused (a wrong token, a conflicting {@code hello}, ...): one line, so that a
   * provider sitting idle after its refusal is explained where the person looks. A provider
   * flooding refused messages is held back like timeline lines are, never the loop.
   */
  @Override
  public void refused(Refusal refusal) {
    out.timeline("! " + refusal.describe());
  }
}
