package io.github.providergateway.host.api;

import static java.util.Objects.requireNonNull;

import java.util.Set;

/**
 * What the host says about a session it starts.
 *
 * @param label a human-readable name, shown to providers; optional
 * @param cwd the session's working directory, shown to providers that may access the session;
 *     optional
 * @param foreground whether the user is looking at this session; optional
 * @param hostToolNames names of tools the host itself owns in this session; providers may not
 *     register tools with these names ({@code TOOL_CONFLICT})
 * @param openedBy who the host opens the session for, when that is not the host itself: the MCP
 *     front door on HTTP says {@code mcp-http:<client>} for a client of a front-door token, {@code
 *     gateway mcp} says {@code agent} for the agent it serves ({@code agent:<detail>} also reads as
 *     an agent's). Hosts see it in their session list ({@link
 *     io.github.providergateway.protocol.SessionInfo#openedBy()}); providers are told only its kind
 *     ({@link io.github.providergateway.protocol.SessionOpener}); hook adapters and the example
 *     providers never take a client's session for the agent's. {@code null} (the usual case) for
 *     the host's own sessions
 */
public record SessionSpec(
    String label, String cwd, Boolean foreground, Set<String> hostToolNames, String openedBy) {

  /**
   * Copies the host's tool names.
   *
   * @param label a human-readable name; may be null
   * @param cwd the session's working directory; may be null
   * @param foreground whether the user is looking at this session; may be null
   * @param hostToolNames names of tools the host owns; null for none; copied
   * @param openedBy who the host opens it for, when not a holder of the gateway token; may be null
   * @throws IllegalArgumentException when {@code openedBy} is empty
   */
  public SessionSpec {
    hostToolNames = hostToolNames == null ? Set.of() : Set.copyOf(hostToolNames);
    if (openedBy != null && openedBy.isEmpty()) {
      throw new IllegalArgumentException(
          "openedBy is null (the host's own session) or names whom it was opened for, never empty");
    }
  }

  /**
   * A session the host opens for itself (no {@code openedBy}).
   *
   * @param label a human-readable name; may be null
   * @param cwd the session's working directory; may be null
   * @param foreground whether the user is looking at this session; may be null
   * @param hostToolNames names of tools the host owns; null for none; copied
   */
  public SessionSpec(String label, String cwd, Boolean foreground, Set<String> hostToolNames) {
    this(label, cwd, foreground, hostToolNames, null);
  }

  /**
   * A session with a label and working directory and no host-owned tools.
   *
   * @param label a human-readable name; may be null
   * @param cwd the session's working directory; may be null
   * @return the spec
   */
  public static SessionSpec of(String label, String cwd) {
    return new SessionSpec(label, cwd, null, Set.of());
  }

  /**
   * This spec with the host owning tools named {@code names}.
   *
   * @param names the tools' names, replacing any this spec had
   * @return a new spec; this one is unchanged
   */
  public SessionSpec withHostTools(Set<String> names) {
    return new SessionSpec(label, cwd, foreground, names, openedBy);
  }

  /**
   * This spec opened for {@code opener} rather than for the host itself.
   *
   * @param opener whom the host opens it for, such as {@code agent} or {@code mcp-http:<client>};
   *     not empty
   * @return a new spec; this one is unchanged
   * @throws NullPointerException when {@code opener} is null
   * @throws IllegalArgumentException when {@code opener} is empty
   */
  public SessionSpec openedFor(String opener) {
    return new SessionSpec(label, cwd, foreground, hostToolNames, requireNonNull(opener, "opener"));
  }
}
