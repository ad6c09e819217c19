package io.github.providergateway.app;

import io.github.providergateway.agent.mcp.McpFrontDoor;
import io.github.providergateway.host.client.GatewayClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code gateway mcp}: the MCP server an agent spawns (docs/agents.md). */
@Command(
    name = "mcp",
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "An MCP server on stdin/stdout for one agent session (Claude Code, Copilot CLI, VS Code, any"
          + " MCP client). It joins the shared gateway of the home (starting it when none runs),"
          + " starts a session for the agent and shows it the session's provider tools, streams and"
          + " pushes; calls pass the providers' gates. stdout carries only MCP; logs go to stderr.",
      "",
      "Add it to Claude Code with:  claude mcp add provider-gateway -- <path>/gateway mcp",
      "or print the snippet for your agent with --print-config claude|copilot|vscode.",
      ""
    })
final class McpCommand implements Callable<Integer> {

  /** How long a signal waits for the gateway session to end before the process goes. */
  private static final Duration SIGNAL_STOP_WAIT = Duration.ofSeconds(3);

  @ParentCommand private Main parent;

  /** Where the gateway is; a gateway it starts listens on {@code --port}. */
  @Mixin private GatewayHomeOptions gateway;

  @Option(
      names = "--print-config",
      paramLabel = "AGENT",
      description = "Print the set-up for AGENT (claude, copilot, vscode) with this machine's paths, and exit.")
  private AgentConfig.Agent printConfig;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
  private boolean help;

  /** The launcher's class-data training run: MCP without a gateway, so that none is started. */
  @Option(names = "--class-data-training", hidden = true)
  private boolean training;

  @Override
  public Integer call() throws InterruptedException {
    int port;
    try {
      port = gateway.port();
    } catch (IllegalArgumentException e) {
      parent.err().println("gateway mcp: " + e.getMessage());
      return Main.EXIT_USAGE;
    }
    Path resolvedHome = gateway.home(parent.env());
    if (printConfig != null) {
      parent.err().flush();
      AgentConfig config = AgentConfig.forThisMachine(parent.env(), gateway.homeNamed() ? resolvedHome : null);
      new java.io.PrintStream(parent.out(), true, java.nio.charset.StandardCharsets.UTF_8).print(config.snippet(printConfig));
      return Main.EXIT_OK;
    }
    StderrLogging.install(parent.env());
    GatewayClient.Launch launch =
        GatewayClient.Launch.builder()
            .port(port)
            .startTimeout(Duration.ofSeconds(20))
            .starter(DetachedGatewayStarter.fromClassPath())
            .build();
    McpFrontDoor door =
        McpFrontDoor.builder()
            .gateway(
                () -> {
                  if (training) {
                    throw new IllegalStateException("a class-data training run joins no gateway");
                  }
                  return GatewayClient.connectOrStart(resolvedHome, launch);
                })
            .streams(parent.in(), parent.out())
            .version(Version.text())
            .build();
    // An agent may stop us with SIGTERM rather than by closing stdin: the session ends all the same.
    parent.onSignal(() -> door.stop(SIGNAL_STOP_WAIT));
    door.run();
    return Main.EXIT_OK;
  }
}
