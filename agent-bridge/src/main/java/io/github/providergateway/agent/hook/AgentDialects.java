package io.github.providergateway.agent.hook;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The agents the gateway knows, one {@link AgentDialect} each, in {@link AgentKind}'s order. */
public final class AgentDialects {

  private static final List<AgentDialect> ALL =
      Arrays.stream(AgentKind.values()).map(AgentKind::dialect).toList();

  private AgentDialects() {}

  /** {@return every agent's dialect, Claude Code first} */
  public static List<AgentDialect> all() {
    return ALL;
  }

  /**
   * The dialect of the agent named {@code id}.
   *
   * @param id the agent's name on the command line ({@code codex})
   * @return its dialect, or empty for a name no agent has
   */
  public static Optional<AgentDialect> byId(String id) {
    return ALL.stream().filter(dialect -> dialect.id().equals(id)).findFirst();
  }

  /** {@return every agent's id, in order} */
  public static List<String> ids() {
    return ALL.stream().map(AgentDialect::id).toList();
  }
}
