package io.github.providergateway.app.agents;

import io.github.providergateway.agent.hook.HookRoute;
import io.github.providergateway.agent.mcp.McpHttpFrontDoor;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.GatewayHomeOptions;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.guard.HomeGuard;
import io.github.providergateway.app.home.GatewayPort;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.app.home.SetupLedger;
import io.github.providergateway.app.home.SystemSettings;
import io.github.providergateway.app.service.InstalledService;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gateway setup <agent> [--user|--project] [--remove]} and {@code gateway setup --list}:
 * writes an agent's MCP server entry and pre-tool-use hooks into the agent's own settings files,
 * and takes exactly them back ({@link AgentSetup}).
 */
@Command(
    name = "setup",
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Sets an agent up to use the gateway, in one command: writes the gateway's MCP server"
          + " ('gateway mcp') and a pre-tool-use hook before every tool of the agent ('gateway hook"
          + " AGENT') into the agent's own settings files, merged with what is there. Before its"
          + " first change to a file it keeps a copy in <home>/setup-backups/; it records what it"
          + " added in <home>/setup.json; run again, it changes nothing. A file it cannot parse,"
          + " or an entry of the same name it did not write, is refused and left untouched.",
      "",
      "AGENT is "
          + AgentNames.MARKER
          + ". --user (the default) writes the user's"
          + " settings; --project those of the project in the current folder (or --dir), which"
          + " people commit: no token is written there. It checks the agent's version (Claude Code"
          + " 2.1.295 and later get the HTTP hook, which blocks a call when the gateway does not"
          + " answer; older ones the command hook) and says what the agent still needs (trust).",
      "",
      "The MCP server: over Streamable HTTP on the running gateway's /mcp (no process per agent"
          + " window; a token of the agent's own kind, written only into the user's settings, made"
          + " owner-only) when the home's gateway is kept running by 'gateway service install', or"
          + " with --mcp http; else the command 'gateway mcp', through the launcher a small shell"
          + " bridge per window to the running gateway, which it starts when none runs (--mcp"
          + " stdio always). A project's settings always get the command.",
      "",
      "--remove takes back exactly what setup added (the file restored byte for byte when nothing"
          + " else changed it); --list says what is set up where.",
      ""
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:set up, taken back or listed (also when nothing needed to change)",
      "1:refused: a file could not be parsed or holds an entry setup did not write (it is left"
          + " untouched), or a file could not be written",
      "2:bad command line"
    })
public final class SetupCommand implements Callable<Integer> {

  private final CommandContext context;

  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin private GatewayHomeOptions gateway;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "AGENT",
      description = "${COMPLETION-CANDIDATES}.",
      completionCandidates = AgentNames.Agents.class,
      converter = AgentNames.ToSettings.class)
  private AgentSettings agent;

  @Option(names = "--user", description = "The user's settings (default).")
  private boolean user;

  @Option(
      names = "--project",
      description = "The project's settings, in the current folder or --dir; no token in them.")
  private boolean project;

  @Option(
      names = "--dir",
      paramLabel = "DIR",
      description = "With --project: the project's folder (default: the current folder).")
  private Path dir;

  @Option(
      names = "--command-hook",
      description =
          "Claude Code: the command hook even where its version takes the HTTP hook (a machine"
              + " other people log in to: while no gateway listens on the port, they could).")
  private boolean commandHook;

  @Option(
      names = "--mcp",
      paramLabel = "auto|http|stdio",
      description =
          "How the agent reaches the MCP server: http (the running gateway's /mcp), stdio (the"
              + " command 'gateway mcp', a small shell bridge per window) or auto (default: http"
              + " when 'gateway service' keeps the home's gateway running).")
  private AgentSetup.McpTransport mcp = AgentSetup.McpTransport.auto;

  @Option(
      names = "--no-sandbox",
      description =
          "Leave the agent's own sandbox as it is. By default setup turns it on from the home's"
              + " policy (guard.sandbox): Claude Code's where bubblewrap and socat run here,"
              + " Codex's permission profile where its own sandbox check passes.")
  private boolean noSandbox;

  @Option(names = "--remove", description = "Take back what setup added, and nothing else.")
  private boolean remove;

  @Option(names = "--list", description = "Say which agents are set up, where.")
  private boolean list;

  @Option(
      names = "--refresh",
      description =
          "Write every agent set up with this home again in this version's form, as each was set"
              + " up (install.sh runs it on an upgrade: Codex runs a hook only while its trust"
              + " matches the hook's command and timeout).")
  private boolean refresh;

  @Option(
      names = "--managed",
      description =
          "Print the agent's managed (enterprise) settings with the gateway's command hooks and"
              + " MCP server, for device management to place: Claude Code's managed-settings.json,"
              + " Codex's requirements.toml and system config.toml, Gemini CLI's system"
              + " settings.json. Each developer's hook runs the system install's launcher with"
              + " their own home. With --write (as root, on a system install) writes them;"
              + " with --remove takes back what --write wrote.")
  private boolean managed;

  @Option(
      names = "--write",
      description = "With --managed: write the files (root, on a system install) besides printing.")
  private boolean write;

  @Option(
      names = "--launcher",
      paramLabel = "PATH",
      description =
          "With --managed: the system install's launcher the hooks run (default:"
              + " /usr/local/bin/gateway, which install.sh --system links to"
              + " /opt/provider-gateway/current/bin/gateway).")
  private Path launcher;

  @Mixin private HelpOption help;

  SetupCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    PrintStream err = context.err();
    if (list || refresh) {
      if (agent != null || remove || user || project || (list && refresh)) {
        err.println(
            "gateway setup: "
                + (list ? "--list" : "--refresh")
                + " takes no agent and no other option");
        return ExitCodes.USAGE;
      }
    } else if (agent == null) {
      spec.commandLine().usage(err);
      return ExitCodes.USAGE;
    }
    if ((write || launcher != null) && !managed) {
      err.println("gateway setup: --write and --launcher go with --managed");
      return ExitCodes.USAGE;
    }
    if (managed) {
      return managed(err);
    }
    if (user && project) {
      err.println("gateway setup: --user and --project cannot be combined");
      return ExitCodes.USAGE;
    }
    if (project && mcp == AgentSetup.McpTransport.http) {
      err.println(
          "gateway setup: --mcp http goes with the user's settings: a project's are committed, and"
              + " hold no token");
      return ExitCodes.USAGE;
    }
    if (dir != null && !project) {
      err.println("gateway setup: --dir goes with --project");
      return ExitCodes.USAGE;
    }
    Map<String, String> env = context.env();
    int port;
    try {
      port = gateway.launchPort(env);
    } catch (IllegalArgumentException e) {
      err.println("gateway setup: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    PrintStream out = context.stdout();
    boolean serviceUp =
        !list
            && !remove
            && InstalledService.isInstalled(gateway.home(env), env, context.runningApp().osName())
            && GatewayPort.answering(gateway.home(env)).isPresent();
    if (refresh) {
      return refresh(port, serviceUp, out);
    }
    AgentSetup setup =
        agentSetup(context, gateway, port, commandHook, mcp, serviceUp, !noSandbox, out);
    try {
      if (list) {
        return setup.list();
      }
      Path folder = project ? (dir != null ? dir : Path.of("")).toAbsolutePath().normalize() : null;
      return remove ? setup.remove(agent, folder) : setup.setUp(agent, folder);
    } catch (IOException e) {
      err.println("gateway setup: " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
  }

  /** {@code --managed}: the agent's managed files, printed, written or taken back. */
  private int managed(PrintStream err) {
    if (user || project || dir != null || list || refresh || commandHook || noSandbox) {
      err.println(
          "gateway setup: --managed takes an agent and --write, --remove or --launcher alone");
      return ExitCodes.USAGE;
    }
    if (write && remove) {
      err.println("gateway setup: --write and --remove cannot be combined");
      return ExitCodes.USAGE;
    }
    Path path =
        launcher != null ? launcher.toAbsolutePath().normalize() : ManagedSetup.DEFAULT_LAUNCHER;
    Path systemDir = SystemSettings.systemDir();
    boolean systemInstall = SystemSettings.read(systemDir).file() || Files.isExecutable(path);
    ManagedSetup setup =
        new ManagedSetup(
            path,
            ManagedPlaces.forThisMachine(context.env()),
            systemDir,
            new ManagedSetup.Writable(ManagedSetup.runsAsRoot(), systemInstall),
            context.stdout(),
            err);
    try {
      return remove ? setup.remove(agent) : setup.run(agent, write);
    } catch (IOException e) {
      err.println("gateway setup: " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
  }

  /**
   * Sets every agent of the home's ledger up again, each as it was: a command hook stays one (an
   * HTTP hook is chosen again by the agent's version and the service), an MCP server over stdio
   * stays one and one over HTTP stays so while the service runs. A new version may write a hook in
   * another form (another timeout, say), and Codex skips, silently, a hook whose trust does not
   * match it: setting it up again writes the trust for the new form.
   */
  private int refresh(int port, boolean serviceUp, PrintStream out) {
    Path home = gateway.home(context.env());
    List<SetupLedger.Setup> setups;
    try {
      setups = SetupLedger.read(home).all();
    } catch (IOException e) {
      context.err().println("gateway setup: " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
    if (setups.isEmpty()) {
      out.println(AgentSetup.nothingSetUp(home));
      return ExitCodes.OK;
    }
    int exit = ExitCodes.OK;
    for (SetupLedger.Setup setup : setups) {
      Optional<AgentSettings> known = AgentSettingsRegistry.byId(setup.agent());
      if (known.isEmpty()) {
        out.println("  " + setup.describe() + ": an agent this version does not know; left as is");
        continue;
      }
      AgentSettings each = known.get();
      boolean keepCommandHook = each.takesHttpHook() && setup.hookClient() == null;
      AgentSetup.McpTransport transport =
          AgentSetup.holdsMcpToken(setup)
              ? AgentSetup.McpTransport.auto
              : AgentSetup.McpTransport.stdio;
      try {
        int done =
            agentSetup(
                    context,
                    gateway,
                    port,
                    keepCommandHook,
                    transport,
                    serviceUp,
                    AgentSetup.holdsSandbox(setup),
                    out)
                .setUp(each, setup.project());
        exit = Math.max(exit, done);
      } catch (IOException e) {
        context.err().println("gateway setup: " + setup.describe() + ": " + e.getMessage());
        exit = ExitCodes.START_FAILED;
      }
    }
    return exit;
  }

  /**
   * Setup for the home of {@code gateway}, which {@code gateway uninstall} uses too: the launcher
   * and home its entries name, the port of the HTTP hook.
   */
  public static AgentSetup agentSetup(
      CommandContext context,
      GatewayHomeOptions gateway,
      int port,
      boolean commandHook,
      AgentSetup.McpTransport mcp,
      boolean serviceInstalled,
      boolean sandbox,
      PrintStream out) {
    Map<String, String> env = context.env();
    Path home = gateway.home(env);
    AgentConfig config = AgentConfig.forThisMachine(env, gateway.homeNamed() ? home : null, port);
    SandboxChoice sandboxChoice =
        new SandboxChoice(
            sandbox,
            HomeGuard.sandboxPolicy(
                home, problem -> context.err().println("gateway setup: " + problem)),
            HomeGuard.environment(home, env),
            env);
    return new AgentSetup(
        home,
        env,
        new AgentLayouts(config, env, HomeDirectory.userHome(env), sandboxChoice),
        config::shellLine,
        commandHook,
        URI.create("http://127.0.0.1:" + port + HookRoute.PATH + "/claude"),
        new AgentSetup.McpChoice(
            mcp, URI.create("http://127.0.0.1:" + port + McpHttpFrontDoor.PATH), serviceInstalled),
        out,
        context.err());
  }
}
