package io.github.providergateway.app.commands;

import io.github.providergateway.agent.mcp.McpFrontDoor;
import io.github.providergateway.agent.mcp.McpHttpFrontDoor;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.agents.AgentConfig;
import io.github.providergateway.app.agents.AgentNames;
import io.github.providergateway.app.agents.IssuedToken;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.CommandFactory;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.GatewayHomeOptions;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.cli.StderrLogging;
import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.app.guard.HomeGuard;
import io.github.providergateway.app.run.Version;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayLaunch;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

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
      // Commands and URLs on lines of their own: the help's wrapping would split them.
      "Add it to Claude Code with:",
      "  claude mcp add provider-gateway -- <path>/gateway mcp",
      "or print the snippet for your agent with --print-config AGENT ("
          + AgentNames.MARKER
          + "; vscode for VS Code).",
      "",
      "Clients that speak MCP only over HTTP reach the running gateway at",
      "  http://127.0.0.1:<port>/mcp",
      "with a token of their own: --print-config http --client NAME issues one and prints"
          + " their set-up; --revoke NAME takes it back.",
      ""
    })
public final class McpCommand implements Callable<Integer> {

  /** How long a signal waits for the gateway session to end before the process goes. */
  private static final Duration SIGNAL_STOP_WAIT = Duration.ofSeconds(3);

  /** The windows' bound on the gateway, seconds: the shell window reads it too. */
  static final String BRIDGE_TIMEOUT = "GATEWAY_BRIDGE_TIMEOUT";

  private final CommandContext context;

  /** Where the gateway is; a gateway it starts listens on {@code --port}. */
  @Mixin private GatewayHomeOptions gateway;

  @Option(
      names = "--print-config",
      paramLabel = "AGENT",
      description =
          "Print the set-up for AGENT (${COMPLETION-CANDIDATES}) with this machine's paths, and"
              + " exit. http: issue a token for --client and print the HTTP front door's set-up.",
      completionCandidates = AgentConfig.Targets.class,
      converter = AgentConfig.ToTarget.class)
  private AgentConfig.Target printConfig;

  @Option(
      names = "--client",
      paramLabel = "NAME",
      defaultValue = "mcp-client",
      description =
          "With --print-config http: the client's name (default: ${DEFAULT-VALUE}); a new token replaces its old one.")
  private String client;

  @Option(
      names = "--revoke",
      paramLabel = "NAME",
      description = "Revoke the HTTP token of client NAME and exit; its sessions end.")
  private String revoke;

  @Mixin private HelpOption help;

  /**
   * The shell window's one way to start a gateway that is gone (decision 79): the start this
   * command's own window makes ({@link #windowLaunch}: the home's service first, else a detached
   * gateway from a copy of the jar), waiting until the gateway answers, then exit; no window.
   */
  @Option(names = "--start-gateway", hidden = true)
  private boolean startGateway;

  /** The launcher's class-data training run: MCP without a gateway, so that none is started. */
  @Option(names = "--class-data-training", hidden = true)
  private boolean training;

  McpCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    int port;
    try {
      port = gateway.launchPort(context.env());
    } catch (IllegalArgumentException e) {
      context.err().println("gateway mcp: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    Path resolvedHome = gateway.home(context.env());
    if (revoke != null) {
      return revoke(resolvedHome);
    }
    if (AgentConfig.Target.HTTP.equals(printConfig)) {
      return printHttpConfig(resolvedHome, port);
    }
    if (printConfig != null) {
      context.err().flush();
      AgentConfig config =
          AgentConfig.forThisMachine(
              context.env(), gateway.homeNamed() ? resolvedHome : null, port);
      context.stdout().print(config.snippet(printConfig));
      return ExitCodes.OK;
    }
    StderrLogging.install(context.env());
    GatewayLaunch launch = windowLaunch(port);
    if (startGateway) {
      return startGateway(resolvedHome, launch);
    }
    McpFrontDoor door =
        McpFrontDoor.builder()
            .gateway(
                () -> {
                  if (training) {
                    throw new IllegalStateException("a class-data training run joins no gateway");
                  }
                  return GatewayClient.connectOrStart(resolvedHome, launch);
                })
            .streams(context.in(), context.out())
            .version(Version.text())
            .answerWithin(answerWithin())
            .build();
    // An agent may stop us with SIGTERM rather than by closing stdin: the session ends all the
    // same.
    context.onSignal(() -> door.stop(SIGNAL_STOP_WAIT));
    door.run();
    if (training) {
      trainHookWithoutGateway(resolvedHome);
    }
    return ExitCodes.OK;
  }

  /**
   * The agents' cache serves their hooks as well as their windows (issue 76): the training's window
   * done, one Claude Code {@code PreToolUse} call of a shell command goes through {@code gateway
   * hook claude} in this JVM, with no gateway in the training's home, as an agent's hook runs the
   * JVM when none answers, so that path loads its classes from the cache. Its answer is dropped.
   * Then the guard's warm-up, which makes every predicate that call did not.
   */
  private void trainHookWithoutGateway(Path home) {
    byte[] call =
        ("{\"session_id\":\"training\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\","
                + "\"tool_input\":{\"command\":\"ls\"},\"cwd\":\"/tmp\"}")
            .getBytes(StandardCharsets.UTF_8);
    PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
    CommandContext quiet =
        new CommandContext(
            new ByteArrayInputStream(call),
            OutputStream.nullOutputStream(),
            discard,
            context.env(),
            false,
            context.runningApp(),
            stop -> {});
    CommandLine hook = new CommandLine(HookCommand.class, new CommandFactory(quiet));
    AgentHookCommand.addEach(hook, quiet);
    hook.execute("claude", "--home", home.toString());
    // That call made only the guard's predicates it asked for (decision 329): the warm-up makes
    // every other, so that the cache holds them for whichever command an agent's hook decides.
    HomeGuard.forHome(home, context.env(), problem -> {}).personal().warmUp();
  }

  /**
   * How a window starts the home's gateway when none runs, the JVM's and the shell's alike: the one
   * start path of decision 74's window (crash restart in one place, decision 79).
   */
  private static GatewayLaunch windowLaunch(int port) {
    return GatewayLaunch.builder()
        .port(port)
        .startTimeout(DetachedGatewayStarter.START_WAIT)
        // A person who stopped it is not overruled; a crash is started again (decision 74).
        .restartAfterCleanStop(false)
        .starter(DetachedGatewayStarter.fromClassPath())
        .build();
  }

  /**
   * {@code --start-gateway}: the home's gateway started as a window starts it (none when one runs),
   * and joined once, so that it answers when this returns; the client closes without a session.
   */
  private int startGateway(Path home, GatewayLaunch launch) {
    try (GatewayClient ignored = GatewayClient.connectOrStart(home, launch)) {
      return ExitCodes.OK;
    } catch (IOException e) {
      context.err().println("gateway mcp: " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
  }

  /**
   * How long a request may go unanswered before the window answers it with an error: {@code
   * GATEWAY_BRIDGE_TIMEOUT} seconds, the shell window's limit too; 30 s without it, or with a value
   * that is not a positive number.
   */
  private Duration answerWithin() {
    String seconds = context.env().getOrDefault(BRIDGE_TIMEOUT, "");
    if (seconds.matches("[0-9]{1,6}") && Integer.parseInt(seconds) > 0) {
      return Duration.ofSeconds(Integer.parseInt(seconds));
    }
    return Duration.ofSeconds(30);
  }

  /** {@code --print-config http}: a new token for {@code --client}, and where and how to use it. */
  private int printHttpConfig(Path home, int port) {
    ClientTokens tokens = ClientTokens.mcpHttp(home);
    IssuedToken issued = IssuedToken.issue(tokens, client, home, "gateway mcp", context.err());
    if (issued.token() == null) {
      return issued.exitCode();
    }
    String token = issued.token();
    // The gateway running for this home says its port; else the one a gateway would be given.
    URI url = URI.create("http://127.0.0.1:" + gateway.port(context.env()) + McpHttpFrontDoor.PATH);
    AgentConfig config =
        AgentConfig.forThisMachine(context.env(), gateway.homeNamed() ? home : null, port)
            .withHttp(new AgentConfig.HttpAccess(url, client, token, tokens.file()));
    context.err().flush();
    context.stdout().print(config.snippet(AgentConfig.Target.HTTP));
    return ExitCodes.OK;
  }

  /**
   * {@code --revoke NAME}: the client's token stops working; a running gateway ends its sessions.
   */
  private int revoke(Path home) {
    ClientTokens tokens = ClientTokens.mcpHttp(home);
    try {
      if (!tokens.revoke(revoke)) {
        context
            .err()
            .println(
                "gateway mcp: no client named '"
                    + revoke
                    + "' has a token"
                    + (tokens.clients().isEmpty()
                        ? " (none has)"
                        : " (clients: " + String.join(", ", tokens.clients()) + ")"));
        return ExitCodes.USAGE;
      }
    } catch (UncheckedIOException e) {
      context.err().println("gateway mcp: cannot update " + tokens.file() + ": " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
    context
        .stdout()
        .println(
            "Revoked the HTTP token of '"
                + revoke
                + "'; its sessions end at the gateway's next look (within 10 s).");
    return ExitCodes.OK;
  }
}
