package io.github.providergateway.app.agents;

import io.github.providergateway.agent.hook.AgentKind;
import java.util.List;
import java.util.Optional;

/**
 * Every agent's {@link AgentSettings}, one for each {@link AgentKind} in its order: the one place
 * that names them, so that adding an agent is its dialect, its settings class and a line here
 * ({@code AgentSettingsRuleTest} checks that every kind has exactly one).
 */
final class AgentSettingsRegistry {

  private static final List<AgentSettings> ALL =
      List.of(
          new ClaudeCodeSettings(),
          new CopilotSettings(),
          new GeminiSettings(),
          new CodexSettings(),
          new CursorSettings());

  private AgentSettingsRegistry() {}

  /** {@return every agent's settings, in {@link AgentKind}'s order} */
  static List<AgentSettings> all() {
    return ALL;
  }

  /** {@return the settings of {@code kind}} */
  static AgentSettings of(AgentKind kind) {
    return ALL.stream()
        .filter(settings -> settings.kind() == kind)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no settings class for " + kind));
  }

  /** {@return the settings of the agent named {@code id} on the command line, if one is} */
  static Optional<AgentSettings> byId(String id) {
    return ALL.stream().filter(settings -> settings.id().equals(id)).findFirst();
  }
}
