package io.github.providergateway.app.agents;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Which settings files {@code gateway doctor} reads for an agent, highest precedence first: the
 * files {@code gateway setup} writes for the project and for the user ({@link AgentLayouts}), and
 * the others the agent reads hooks from (Claude Code's {@code .claude/settings.local.json}, every
 * hooks file of Copilot CLI's folders). Where the agent reads several, what it does with them is
 * {@link #precedence}.
 */
final class AgentPlaces {

  /**
   * One file and its scope.
   *
   * @param file the file
   * @param scope {@code user} or {@code project}
   */
  record Place(Path file, String scope) {}

  private final AgentLayouts layouts;

  AgentPlaces(AgentLayouts layouts) {
    this.layouts = layouts;
  }

  /** The files of {@code agent}, highest precedence first; {@code project} is the project. */
  List<Place> of(AgentLayouts.Agent agent, Path project) throws IOException {
    Map<Path, Place> places = new LinkedHashMap<>();
    if (agent == AgentLayouts.Agent.claude) {
      // Claude Code: local project settings above the shared ones, above the user's.
      Path local = project.resolve(".claude").resolve("settings.local.json");
      places.put(local, new Place(local, "project"));
    }
    for (String scope : List.of("project", "user")) {
      AgentLayouts.Plan plan =
          layouts.plan(
              agent, scope.equals("project") ? project : null, null, file -> List.of(), null);
      for (SettingsEdit edit : plan.edits()) {
        places.putIfAbsent(edit.file(), new Place(edit.file(), scopeOf(edit.file(), project)));
        if (agent == AgentLayouts.Agent.copilot && edit.file().getParent().endsWith("hooks")) {
          // Copilot CLI runs every hooks file of the folder: a hand-written one counts.
          try (Stream<Path> files = Files.list(edit.file().getParent())) {
            files
                .filter(f -> f.getFileName().toString().endsWith(".json"))
                .sorted()
                .forEach(f -> places.putIfAbsent(f, new Place(f, scopeOf(f, project))));
          } catch (IOException absent) {
            // no such folder: nothing more there
          }
        }
      }
    }
    return new ArrayList<>(places.values());
  }

  /** {@code project} for a file in the project's folder, else {@code user}. */
  private static String scopeOf(Path file, Path project) {
    return file.startsWith(project) ? "project" : "user";
  }

  /**
   * What the agent does with several files, citing its documentation: which one wins, and whether
   * the hooks of every file run.
   */
  static String precedence(AgentLayouts.Agent agent) {
    return switch (agent) {
      case claude ->
          "project .claude/settings.local.json > project .claude/settings.json > user"
              + " ~/.claude/settings.json (Claude Code's settings precedence, code.claude.com/docs"
              + "/en/settings); the hooks of every file run, and disableAllHooks is read from the"
              + " highest file that sets it";
      case gemini ->
          "project .gemini/settings.json > user ~/.gemini/settings.json (Gemini CLI's"
              + " configuration layers, geminicli.com/docs/get-started/configuration); hooks of"
              + " both run, hooksConfig.enabled is read from the highest file that sets it";
      case codex ->
          "project .codex/ (in a trusted project) and $CODEX_HOME: the hooks of both hooks.json"
              + " files run (Codex hooks documentation); its trust is kept in $CODEX_HOME/config.toml";
      case copilot ->
          "every hooks file of .github/hooks/ and ~/.copilot/hooks/ runs (Copilot CLI hooks"
              + " reference); MCP servers only in ~/.copilot/mcp-config.json";
      case cursor ->
          "project .cursor/hooks.json and user ~/.cursor/hooks.json both run (Cursor hooks"
              + " documentation)";
    };
  }
}
