package io.github.providergateway.protocol;

/**
 * Who opened a session, as providers are told in {@code sessions} and {@code sessions.updated}
 * (ours, beside the spec's fields: {@code "openedBy"}; docs/providers.md, "Which session"; decision
 * 68). A provider that chooses "the agent's session" by project or by label chooses among {@link
 * #AGENT} and {@link #HOST} sessions only: a front-door client chooses its own label and roots, so
 * its session can look exactly like the agent's.
 *
 * <p>Hosts say more in {@link SessionInfo#openedBy()}; {@link #of(String)} reads either spelling.
 * Fail closed: a value this version does not know is a {@link #CLIENT}'s, never the agent's.
 */
public enum SessionOpener implements WireEnum {
  /**
   * An agent's own session: the agent's MCP server ({@code gateway mcp}), and whatever else a
   * holder of the gateway token opens for an agent ({@code openedBy} {@code agent} or {@code
   * agent:<detail>} on the host side).
   */
  AGENT("agent"),
  /**
   * A session opened with a front-door client's token ({@code /mcp} with a token of {@code gateway
   * mcp --print-config http --client NAME}): the client chose its label and its roots.
   */
  CLIENT("client"),
  /**
   * A session a holder of the gateway token opened for itself: the console, a {@code --rpc} script,
   * a host embedding or sharing the gateway. Also what a session from a gateway that does not say
   * is taken for (the field absent).
   */
  HOST("host");

  /** The host-side {@code openedBy} of an agent's session; more may follow a colon. */
  private static final String AGENT_PREFIX = "agent:";

  private final String wireName;

  SessionOpener(String wireName) {
    this.wireName = wireName;
  }

  @Override
  public String wireName() {
    return wireName;
  }

  /**
   * Who opened a session whose {@code openedBy} is {@code openedBy}, as hosts or providers see it:
   * absent or {@code host} is {@link #HOST}; {@code agent} or {@code agent:<detail>} is {@link
   * #AGENT}; anything else ({@code client}, {@code mcp-http:<client>}, a value of a later version)
   * is {@link #CLIENT}.
   *
   * @param openedBy the field as the host or the gateway wrote it; may be null
   * @return who opened it; never null
   */
  public static SessionOpener of(String openedBy) {
    if (openedBy == null || openedBy.equals(HOST.wireName)) {
      return HOST;
    }
    if (openedBy.equals(AGENT.wireName) || openedBy.startsWith(AGENT_PREFIX)) {
      return AGENT;
    }
    return CLIENT;
  }
}
