package io.github.providergateway.app.agents;

import io.github.providergateway.app.home.SettingsEdit;
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
 * its {@link AgentSettings#precedence}.
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
  List<Place> of(AgentSettings agent, Path project) throws IOException {
    Map<Path, Place> places = new LinkedHashMap<>();
    AgentSettings settings = agent;
    for (Path above : settings.filesAbove(project)) {
      places.put(above, new Place(above, scopeOf(above, project)));
    }
    for (String scope : List.of("project", "user")) {
      AgentLayouts.Plan plan =
          layouts.plan(
              agent, scope.equals("project") ? project : null, null, file -> List.of(), null);
      for (SettingsEdit edit : plan.edits()) {
        places.putIfAbsent(edit.file(), new Place(edit.file(), scopeOf(edit.file(), project)));
        if (settings.runsEveryHooksFileOfItsFolder() && edit.file().getParent().endsWith("hooks")) {
          // Every hooks file of the folder runs: a hand-written one counts.
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
}
