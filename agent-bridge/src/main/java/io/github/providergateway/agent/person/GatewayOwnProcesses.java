package io.github.providergateway.agent.person;

import java.util.List;

/**
 * The gateway's own processes between a client and the gateway: its launcher ({@code
 * ~/.local/bin/gateway}, {@code ./gateway}, run by a shell), its stdio window's bridge ({@code
 * gateway-mcp-bridge.sh}) and its JVM. The process that started the first of them is the client: a
 * coding agent's own program (its MCP server's parent) or a process its model runs from its tools.
 */
final class GatewayOwnProcesses {

  /** The shells a launcher or a bridge script runs under. */
  private static final List<String> SHELLS = List.of("sh", "dash", "bash", "zsh", "busybox");

  private GatewayOwnProcesses() {}

  /**
   * The client of {@code pid}: it, or the first of its ancestors that is not one of the gateway's
   * own processes.
   *
   * @param pid the process at the gateway's end of a connection
   * @param table the system's processes
   * @return the client's process id ({@code pid} itself when it is not the gateway's)
   */
  static long clientOf(long pid, ProcessTable table) {
    long at = pid;
    for (int depth = 0; depth < AgentSide.MAX_DEPTH; depth++) {
      ProcessFacts facts = table.facts(at).orElse(null);
      if (facts == null || !isGateways(facts) || facts.parentPid() <= 0) {
        return at;
      }
      at = facts.parentPid();
    }
    return at;
  }

  /** Whether {@code process} is the gateway's JVM, its launcher, or its window's bridge. */
  static boolean isGateways(ProcessFacts process) {
    List<String> arguments = process.arguments();
    String program =
        name(
            process.executable().isEmpty() && !arguments.isEmpty()
                ? arguments.get(0)
                : process.executable());
    if (program.startsWith("java")) {
      return arguments.stream()
          .anyMatch(
              argument ->
                  argument.contains("io.github.providergateway")
                      || argument.contains("provider-gateway")
                      || argument.endsWith("reference-app.jar"));
    }
    if (SHELLS.contains(program.replaceAll("[0-9.]+$", "")) && arguments.size() > 1) {
      for (String argument : arguments.subList(1, arguments.size())) {
        if (argument.startsWith("-")) {
          continue;
        }
        String script = name(argument);
        return script.equals("gateway")
            || script.equals("gateway-mcp-bridge.sh")
            || script.equals("provider-gateway");
      }
    }
    return false;
  }

  private static String name(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }
}
