package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.hook.AgentKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * "Adding an agent is one dialect and its tests" (issue 63), on the app side: each {@link
 * AgentKind} has exactly one settings class in {@code app.agents} (extending {@code AgentSettings},
 * listed in {@code AgentSettingsRegistry}), and no other code of the app picks an agent by name
 * ({@code case claude}, {@code Agent.codex}, {@code AgentKind.GEMINI}): what differs between agents
 * is in their settings classes, so an eighth agent needs no edit anywhere else. Reads sources, with
 * comments and strings left out ({@link ArchitectureTest#codeLines}).
 */
class AgentSettingsRuleTest {

  private static final Path AGENTS =
      ArchitectureTest.ROOT.resolve(
          "reference-app/src/main/java/io/github/providergateway/app/agents");

  private static final Pattern EXTENDS =
      Pattern.compile("\\bclass\\s+(\\w+)\\s+extends\\s+AgentSettings\\b");

  private static final Pattern KIND = Pattern.compile("\\bAgentKind\\.([A-Z_]+)\\b");

  private static final Pattern LISTED = Pattern.compile("\\bnew\\s+(\\w+Settings)\\s*\\(");

  @Test
  void everyAgentKindHasExactlyOneSettingsClassAndEveryOneIsListed() {
    Map<String, List<String>> kinds = new TreeMap<>(); // AgentKind constant → its settings classes
    List<String> classes = new ArrayList<>();
    for (Path file : ArchitectureTest.mainSources("reference-app")) {
      String code = String.join("\n", ArchitectureTest.codeLines(file));
      Matcher declared = EXTENDS.matcher(code);
      if (!declared.find()) {
        continue;
      }
      assertThat(file.getParent()).as("settings classes live in app.agents").isEqualTo(AGENTS);
      classes.add(declared.group(1));
      List<String> named = KIND.matcher(code).results().map(m -> m.group(1)).distinct().toList();
      assertThat(named).as(declared.group(1) + " names its agent, and only it").hasSize(1);
      kinds.computeIfAbsent(named.get(0), k -> new ArrayList<>()).add(declared.group(1));
    }

    assertThat(kinds.keySet())
        .containsExactlyInAnyOrderElementsOf(
            Arrays.stream(AgentKind.values()).map(Enum::name).toList());
    assertThat(kinds.values()).allSatisfy(list -> assertThat(list).hasSize(1));
    String registry =
        String.join("\n", ArchitectureTest.codeLines(AGENTS.resolve("AgentSettingsRegistry.java")));
    assertThat(LISTED.matcher(registry).results().map(m -> m.group(1)).toList())
        .containsExactlyInAnyOrderElementsOf(classes);
  }

  @Test
  void noCodeOutsideTheSettingsClassesPicksAnAgentByName() {
    String ids =
        Arrays.stream(AgentKind.values()).map(AgentKind::word).collect(Collectors.joining("|"));
    String constants =
        Arrays.stream(AgentKind.values()).map(Enum::name).collect(Collectors.joining("|"));
    Pattern byName =
        Pattern.compile(
            "\\bAgent\\.("
                + ids
                + ")\\b|\\bcase\\s+("
                + ids
                + "|"
                + constants
                + ")\\b|\\bAgentKind\\.("
                + constants
                + ")\\b");
    List<String> offending = new ArrayList<>();
    for (Path file : ArchitectureTest.mainSources("reference-app")) {
      List<String> lines = ArchitectureTest.codeLines(file);
      if (EXTENDS.matcher(String.join("\n", lines)).find()) {
        continue; // an agent's own settings class names its agent
      }
      for (int i = 0; i < lines.size(); i++) {
        if (byName.matcher(lines.get(i)).find()) {
          offending.add(
              ArchitectureTest.ROOT.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
        }
      }
    }

    assertThat(offending)
        .as("what is one agent's own belongs in its settings class (docs/adding-an-agent.md)")
        .isEmpty();
  }
}
