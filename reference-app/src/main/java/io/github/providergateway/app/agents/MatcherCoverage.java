package io.github.providergateway.app.agents;

import io.github.providergateway.agent.hook.AgentDialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Whether an agent's hooks of the gateway run before every tool of every kind: each of the agent's
 * own tools the gateway maps (its dialect's {@link AgentDialect#tools}: shells, reads, edits,
 * writes, notebooks) and an MCP tool, tested against the hooks' events and matchers as the agent
 * reads them ({@link AgentDialect#runsBefore}).
 */
final class MatcherCoverage {

  private MatcherCoverage() {}

  /** The tool names of {@code agent} that none of {@code hooks} runs before, sorted. */
  static List<String> uncovered(AgentSettings agent, List<AgentHooks.Hook> hooks) {
    AgentDialect dialect = agent.dialect();
    Set<String> names = new TreeSet<>(dialect.tools().keySet());
    names.add(dialect.mcpToolName("server", "tool"));
    List<String> uncovered = new ArrayList<>();
    for (String name : names) {
      if (hooks.stream()
          .noneMatch(
              h -> dialect.runsBefore(new AgentDialect.HookEntry(h.event(), h.matcher()), name))) {
        uncovered.add(name);
      }
    }
    return uncovered;
  }
}
