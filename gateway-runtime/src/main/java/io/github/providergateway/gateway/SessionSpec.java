package io.github.providergateway.gateway;

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
 */
public record SessionSpec(String label, String cwd, Boolean foreground, Set<String> hostToolNames) {

  /**
   * Copies the host's tool names.
   *
   * @param label a human-readable name; may be null
   * @param cwd the session's working directory; may be null
   * @param foreground whether the user is looking at this session; may be null
   * @param hostToolNames names of tools the host owns; null for none; copied
   */
  public SessionSpec {
    hostToolNames = hostToolNames == null ? Set.of() : Set.copyOf(hostToolNames);
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
    return new SessionSpec(label, cwd, foreground, names);
  }
}
