package io.github.providergateway.app.agents;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What {@code gateway doctor} says of each agent's managed (enterprise) layer: whether its files
 * are there, whether they hold the gateway's hook ({@code hook AGENT}) and MCP server, whether they
 * make the agent run the managed hooks alone, and so which layer's gateway hook runs.
 */
final class ManagedDoctor {

  private final ManagedPlaces places;

  ManagedDoctor(ManagedPlaces places) {
    this.places = places;
  }

  /**
   * One agent's managed layer as found.
   *
   * @param agent the agent
   * @param present the managed files that exist
   * @param hook whether one of them runs the gateway's hook for the agent
   * @param mcpServer whether one of them has the gateway's MCP server
   * @param hooksOnly whether the agent runs the managed hooks alone
   * @param line what doctor prints
   */
  record Finding(
      AgentSettings agent,
      List<Path> present,
      boolean hook,
      boolean mcpServer,
      boolean hooksOnly,
      String line) {}

  /** {@return {@code agent}'s managed layer as found; empty for an agent with none} */
  Optional<Finding> examine(AgentSettings agent) {
    Optional<ManagedLayer> layer =
        agent.managedLayer(
            new AgentConfig(List.of(ManagedSetup.DEFAULT_LAUNCHER.toString()), null),
            ManagedSetup.DEFAULT_LAUNCHER,
            places);
    if (layer.isEmpty()) {
      return Optional.empty();
    }
    List<Path> present = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    List<String> unreadable = new ArrayList<>();
    for (Path file : layer.get().allFiles()) {
      try {
        byte[] content = SettingsFiles.read(file);
        if (content != null) {
          present.add(file);
          text.append(new String(content, StandardCharsets.UTF_8)).append('\n');
        }
      } catch (IOException e) {
        unreadable.add(file + " cannot be read (" + e.getMessage() + ")");
      }
    }
    String all = text.toString();
    boolean hook = all.contains("hook " + agent.id());
    // The server's entry, not the launcher's path (/opt/provider-gateway/…) in a hook's command.
    boolean server =
        Pattern.compile(
                "\"" + AgentConfig.SERVER_NAME + "\"\\s*:|mcp_servers\\." + AgentConfig.SERVER_NAME)
            .matcher(all)
            .find();
    String key = layer.get().hooksOnlyKey();
    boolean hooksOnly =
        key != null
            && Pattern.compile("\"?" + Pattern.quote(key) + "\"?\\s*[:=]\\s*true\\b")
                .matcher(all)
                .find();
    String line;
    if (present.isEmpty()) {
      line =
          "no managed settings ("
              + String.join(", ", layer.get().allFiles().stream().map(Path::toString).toList())
              + "): the user's settings decide";
    } else {
      line =
          "managed settings in "
              + String.join(", ", present.stream().map(Path::toString).toList())
              + ": the gateway's hook "
              + (hook ? "is there" : "is NOT there")
              + ", its MCP server "
              + (server ? "is there" : "is not there")
              + (key == null
                  ? ""
                  : hooksOnly
                      ? "; "
                          + key
                          + " is on: only the managed hooks run, a user-level gateway hook"
                          + " is ignored"
                      : "; " + key + " is off: the user's hooks run as well")
              + ". "
              + layer.get().wins();
    }
    if (!unreadable.isEmpty()) {
      line = line + " (" + String.join("; ", unreadable) + ")";
    }
    return Optional.of(new Finding(agent, present, hook, server, hooksOnly, line));
  }

  /** {@return the findings for every agent with a managed layer, in the registry's order} */
  List<Finding> examineAll() {
    List<Finding> findings = new ArrayList<>();
    for (AgentSettings agent : AgentSettingsRegistry.all()) {
      examine(agent).ifPresent(findings::add);
    }
    return findings;
  }
}
