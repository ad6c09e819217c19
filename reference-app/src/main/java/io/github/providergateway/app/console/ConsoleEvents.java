package io.github.providergateway.app.console;

import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.event.Refusal;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.protocol.VisibleText;
import java.util.List;

/**
 * What the embedded gateway asks of the host, shown as it happens: timeline lines, turns providers
 * start, tool registrations, providers coming and going. Called on the gateway loop.
 */
final class ConsoleEvents implements SessionHost, GatewayListener {
  /** The source of the gateway's own timeline lines (host-rpc: {@code session.log}). */
  private static final String GATEWAY = "gateway";

  private final ConsoleOut out;

  ConsoleEvents(ConsoleOut out) {
    this.out = out;
  }

  @Override
  public void registerTools(String sessionId, List<HostTool> tools) {
    out.say(ConsoleText.toolsNow(sessionId, tools.stream().map(HostTool::name).toList()));
  }

  /**
   * One line whatever the message: its line breaks and anything else that could fake a line,
   * reorder or hide text are escapes ({@link VisibleText}), never a line of the provider's making.
   */
  @Override
  public void log(String sessionId, String source, String message) {
    out.timeline("[" + sessionId + "] " + who(source) + ": " + VisibleText.escape(message));
  }

  @Override
  public void send(String sessionId, String source, String prompt) {
    out.say(
        "["
            + sessionId
            + "] "
            + who(source)
            + " starts an agent turn: "
            + VisibleText.escape(prompt));
  }

  /**
   * Who wrote a timeline line, so a person can tell the gateway's own lines (pairing codes,
   * warnings) from a provider's: {@code gateway}, which no provider may be named ({@code
   * Hello.RESERVED_NAMES}), and {@code mcp:NAME} for an MCP server the gateway runs (a name with
   * {@code :} is outside the provider name grammar) stay as they are; any other source is a
   * provider's and reads {@code provider NAME}, so a look-alike ({@code gatevvay}) is marked too.
   */
  static String who(String source) {
    return GATEWAY.equals(source) || source.indexOf(':') >= 0
        ? VisibleText.escape(source)
        : "provider " + VisibleText.escape(source);
  }

  @Override
  public void providerConnected(ProviderInfo provider) {
    out.say(
        "+ provider "
            + ConsoleText.describe(provider)
            + " connected, "
            + provider.trust().wireName()
            + " trust, "
            + (provider.sessions().isEmpty()
                ? "no session yet" // an "all"-bound one (the guard) before the first session
                : "session " + ConsoleText.names(provider.sessions())));
  }

  @Override
  public void providerDisconnected(ProviderInfo provider) {
    out.say("- provider " + ConsoleText.describe(provider) + " left");
  }

  /**
   * One line, as {@link VisibleText} shows it: a warning may quote a provider (its hook regex that
   * ran out of steps, whatever characters the pattern holds).
   */
  @Override
  public void warning(String message) {
    out.say("warning: " + VisibleText.escape(message));
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
