package io.github.providergateway.app.commands;

import io.github.providergateway.app.agents.AgentConfig;
import io.github.providergateway.app.agents.AgentNames;
import io.github.providergateway.app.agents.HookConfig;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.GatewayHomeOptions;
import io.github.providergateway.app.cli.HelpOption;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gateway hook}: what the coding agents' pre-tool-use hooks share (docs/agents.md): their
 * set-up printed ({@code --print-config AGENT}) and their tokens revoked. Each agent's hook, {@code
 * gateway hook AGENT} (one for each dialect), is one {@link AgentHookCommand} under it.
 */
@Command(
    name = "hook",
    usageHelpAutoWidth = true,
    description = {
      "Pre-tool-use hooks for coding agents: put the agent's own tools (shell, edits) under the"
          + " providers' onPreToolUse rules and gates, as the gateway's own tools are. Run by the"
          + " agent before each tool call, one command an agent ("
          + AgentNames.MARKER
          + "): see 'gateway hook AGENT --help' for how to install each, and docs/agents.md.",
      "",
      "--print-config AGENT prints the agent's command hook; for claude it also issues a hook token"
          + " and prints Claude Code's HTTP hook (answered by the running gateway itself, fail"
          + " closed); --revoke NAME takes a hook token back.",
      ""
    })
public final class HookCommand implements Callable<Integer> {
  private final CommandContext context;

  @Spec private CommandSpec spec;

  /** Where the gateway is, for --print-config and --revoke. */
  @Mixin private GatewayHomeOptions gateway;

  @Option(
      names = "--print-config",
      paramLabel = "AGENT",
      description =
          "Print the hook set-up for AGENT (${COMPLETION-CANDIDATES}) with this"
              + " machine's paths, and exit;"
              + " for claude, issue a hook token for --client.",
      completionCandidates = AgentNames.Agents.class,
      converter = AgentConfig.ToTarget.class)
  private AgentConfig.Target printConfig;

  @Option(
      names = "--client",
      paramLabel = "NAME",
      description =
          "With --print-config claude: the hook token's client name (default: claude); a new token replaces its old one.")
  private String client; // no picocli default: one named like a subcommand ("claude") is refused

  @Option(
      names = "--revoke",
      paramLabel = "NAME",
      description = "Revoke the hook token of client NAME and exit.")
  private String revoke;

  @Mixin private HelpOption help;

  HookCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    if (revoke != null) {
      return HookConfig.revoke(gateway.home(context.env()), revoke, context.out(), context.err());
    }
    if (printConfig != null) {
      int port;
      try {
        port = gateway.port(context.env());
      } catch (IllegalArgumentException e) {
        context.err().println("gateway hook: " + e.getMessage());
        return ExitCodes.USAGE;
      }
      AgentConfig config =
          AgentConfig.forThisMachine(
              context.env(), gateway.homeNamed() ? gateway.home(context.env()) : null, port);
      return HookConfig.print(
          config,
          printConfig,
          client == null ? "claude" : client,
          gateway.home(context.env()),
          port,
          context.out(),
          context.err());
    }
    spec.commandLine().usage(context.err());
    return ExitCodes.USAGE;
  }
}
