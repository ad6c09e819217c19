package io.github.providergateway.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.guard.AgentForms;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 79: the status page keeps no list of agents of its own (decision 88). The app hands it
 * every agent's word and name, in {@link AgentKind}'s order, and those are the guard's agents.json
 * rows.
 */
class StatusPageAgentNamesTest {

  @Test
  void theStatusPageIsHandedEveryAgentsNameFromItsRow() {
    List<String> words = new ArrayList<>(AppParts.agentNames().keySet());

    assertThat(words)
        .containsExactlyElementsOf(
            java.util.Arrays.stream(AgentKind.values()).map(AgentKind::word).toList());
    AppParts.agentNames()
        .forEach(
            (word, name) -> assertThat(name).as(word).isEqualTo(AgentForms.of(word).displayName()));
    assertThat(AppParts.agentNames())
        .containsEntry("claude", "Claude Code")
        .containsEntry("gemini", "Gemini CLI");
  }
}
