package io.github.providergateway.app.agents;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the agents' sandboxes cannot keep as it is, for {@code gateway doctor} (issue 77): the
 * gateway's home, or the user's home, under a folder an agent's sandbox lets every program write
 * ({@link SandboxWritable}). Said once for the whole machine, naming each agent whose sandbox, on,
 * leaves it open: a home under {@code /tmp} is the same home for every agent.
 */
final class SandboxExposures {

  private SandboxExposures() {}

  /**
   * {@return one sentence per home and writable folder, naming the agents: empty when no agent's
   * sandbox, on, holds either home}
   *
   * @param reports the doctor's reports, with each agent's sandbox
   * @param gatewayHome the gateway's home
   * @param userHome the user's home
   */
  static List<String> of(List<AgentReport> reports, Path gatewayHome, Path userHome) {
    List<String> said = new ArrayList<>();
    byRoot(reports, w -> w.holding(gatewayHome))
        .forEach(
            (root, agents) ->
                said.add(SandboxWritable.gatewayHomeUnder(gatewayHome, root, whose(agents))));
    byRoot(reports, w -> w.holding(userHome))
        .forEach(
            (root, agents) ->
                said.add(SandboxWritable.userHomeUnder(userHome, root, whose(agents))));
    return said;
  }

  /** The agents whose sandbox, on, has a writable folder {@code found}, by that folder. */
  private static Map<Path, List<String>> byRoot(
      List<AgentReport> reports, Function<SandboxWritable, Optional<Path>> found) {
    Map<Path, List<String>> agents = new LinkedHashMap<>();
    for (AgentReport report : reports) {
      SandboxFinding box = report.sandbox();
      if (box != null && box.on()) {
        found
            .apply(box.writable())
            .ifPresent(
                root ->
                    agents
                        .computeIfAbsent(root, r -> new ArrayList<>())
                        .add(report.agent().toString()));
      }
    }
    return agents;
  }

  /** {@code claude's sandbox lets}, {@code the sandboxes of claude and codex let}. */
  private static String whose(List<String> agents) {
    return agents.size() == 1
        ? agents.get(0) + "'s sandbox lets"
        : "the sandboxes of "
            + String.join(", ", agents.subList(0, agents.size() - 1))
            + " and "
            + agents.get(agents.size() - 1)
            + " let";
  }
}
