package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 79: an agent's footprint is one row of the guard's {@code agents.json} (decision 88), and
 * no main source says where an agent keeps its settings but that file and the classes below, each
 * with why. A string in code that names an agent's settings folder ({@code ".claude"}, {@code
 * "/.codex/config.toml"}) anywhere else is a second place a new agent would have to be written
 * into: read the row instead ({@code AgentGround} in the guard, {@code AgentForms} outside it).
 */
class AgentFootprintOnePlaceTest {

  static final Path AGENTS_JSON =
      ArchitectureTest.ROOT.resolve(
          "guard/src/main/resources/io/github/providergateway/guard/agents.json");

  /** The classes that may name an agent's folders, and why. */
  private static final Map<String, String> ALLOWED =
      Map.ofEntries(
          // The agent's own classes: a new agent brings its own.
          Map.entry("ClaudeCodeDialect.java", "the dialect's hook help names where to merge"),
          Map.entry("CodexDialect.java", "the dialect's hook help names where to merge"),
          Map.entry("GeminiDialect.java", "the dialect's hook help names where to merge"),
          Map.entry("CursorDialect.java", "the dialect's hook help names where to merge"),
          Map.entry("ClaudeCodeSettings.java", "the agent's settings class: what setup writes"),
          Map.entry("CodexSettings.java", "the agent's settings class: what setup writes"),
          Map.entry("GeminiSettings.java", "the agent's settings class: what setup writes"),
          Map.entry("CopilotSettings.java", "the agent's settings class: what setup writes"),
          Map.entry("CursorSettings.java", "the agent's settings class: what setup writes"),
          Map.entry("CodexLeftovers.java", "Codex's settings class's: what its sandbox leaves"),
          Map.entry(
              "SandboxLeftovers.java",
              "the empty folders bubblewrap was seen to leave in /tmp (.git and .aws among them)"),
          Map.entry(
              "AgentConfig.java", "mcp --print-config's comment for Claude Code's user scope"),
          // The gateway's own home is ~/.copilot/extensions/tap (Copilot CLI's extension folder):
          // not an agent's footprint.
          Map.entry("HookEndpoint.java", "the gateway's home, below COPILOT_HOME"),
          Map.entry("HomeDirectory.java", "the gateway's home, below COPILOT_HOME"),
          Map.entry("ProviderEnvironment.java", "the gateway's home, below COPILOT_HOME"),
          Map.entry("GatewayPid.java", "the gateway's home, below COPILOT_HOME"),
          Map.entry("Main.java", "the help's line on the gateway's home"),
          Map.entry("GuardBenchmark.java", "the benchmark's gateway home"),
          Map.entry("GuardDecisionCost.java", "the benchmark's gateway home, as GuardBenchmark's"),
          // What a file says, not where an agent keeps its settings: instructions planted for
          // agents (slash commands, rules) are read by their content (decision 120).
          Map.entry("LandWrites.java", "agents' instruction files, read as instructions planted"),
          // Search hints: concrete names, the examples of the rows' places, that a wildcard or a
          // find is tried with (AgentFootprintsFileTest checks each is a row's place).
          Map.entry("GroundReach.java", "the names a wildcard and a find's -path are tried with"),
          Map.entry("SelfRules.java", "the file names a find's -name is tried with"));

  @Test
  void noMainSourceButTheRowAndItsAllowedReadersNamesAnAgentsFolder() throws IOException {
    List<String> folders = new ArrayList<>();
    for (JsonNode row : new ObjectMapper().readTree(AGENTS_JSON.toFile()).path("agents")) {
      if (row.path("homeFolder").isObject()) {
        folders.add(Pattern.quote(row.path("homeFolder").path("folder").asText()));
      }
    }
    assertThat(folders).hasSizeGreaterThanOrEqualTo(5);
    Pattern named =
        Pattern.compile(
            "\"[^\"\\n]*(?<![A-Za-z0-9_-])(?:"
                + String.join("|", folders)
                + ")(?![A-Za-z0-9_-])[^\"\\n]*\"");

    Map<String, TreeSet<String>> found = new TreeMap<>();
    ArchitectureTest.mainSourcesByName()
        .forEach(
            (name, files) -> {
              for (Path file : files) {
                Matcher m = named.matcher(code(ArchitectureTest.read(file)));
                while (m.find()) {
                  found.computeIfAbsent(name, n -> new TreeSet<>()).add(m.group());
                }
              }
            });

    Map<String, TreeSet<String>> unexplained = new TreeMap<>(found);
    unexplained.keySet().removeAll(ALLOWED.keySet());
    assertThat(unexplained)
        .as("main sources that name an agent's settings folder outside agents.json: read the row")
        .isEmpty();
    assertThat(ALLOWED.keySet())
        .as("an allowed class that no longer names a folder leaves the list")
        .allMatch(found::containsKey);
  }

  @Test
  void theStatusPageKeepsNoListOfAgents() {
    for (Map.Entry<String, List<Path>> source : ArchitectureTest.mainSourcesByName().entrySet()) {
      for (Path file : source.getValue()) {
        if (ArchitectureTest.ROOT.relativize(file).startsWith("status-page")) {
          assertThat(code(ArchitectureTest.read(file)))
              .as(source.getKey())
              .doesNotContain("\"claude\"", "\"Claude Code\"", "\"codex\"", "\"Gemini CLI\"");
        }
      }
    }
  }

  /** The source without its comments, roughly: what the code says, not what it explains. */
  private static String code(String source) {
    return source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("(?m)^\\s*//.*$", "");
  }
}
