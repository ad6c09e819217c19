package io.github.providergateway.app;

import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.agent.hook.HookAdapter;
import io.github.providergateway.app.agents.AgentConfig;
import io.github.providergateway.app.agents.HookConfig;
import io.github.providergateway.app.guard.HomeGuard;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardSettings;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code gateway hook claude|copilot|gemini|codex|cursor}: a coding agent's pre-tool-use hook
 * (docs/agents.md).
 */
@Command(
    name = "hook",
    subcommands = {
      HookCommand.Claude.class,
      HookCommand.Copilot.class,
      HookCommand.Gemini.class,
      HookCommand.Codex.class,
      HookCommand.Cursor.class
    },
    usageHelpAutoWidth = true,
    description = {
      "Pre-tool-use hooks for coding agents: put the agent's own tools (shell, edits) under the"
          + " providers' onPreToolUse rules and gates, as the gateway's own tools are. Run by the"
          + " agent before each tool call; see 'gateway hook claude --help' and"
          + " 'gateway hook copilot --help' for how to install each, and docs/agents.md.",
      "",
      "--print-config claude issues a hook token and prints Claude Code's HTTP hook (answered by the"
          + " running gateway itself, fail closed) and the command hook; --print-config copilot"
          + " prints Copilot CLI's command hook, and gemini, codex and cursor theirs; --revoke NAME"
          + " takes a hook token back.",
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
          "Print the hook set-up for AGENT (claude, copilot, gemini, codex, cursor) with this"
              + " machine's paths, and exit;"
              + " for claude, issue a hook token for --client.")
  private AgentConfig.Agent printConfig;

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

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

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

  /** What both agents' hooks take. */
  static final class HookOptions {
    @Mixin GatewayHomeOptions gateway;

    @Option(
        names = "--connect-timeout",
        paramLabel = "DURATION",
        defaultValue = "1s",
        description =
            "How long to try to reach the gateway before counting it as not running (default: ${DEFAULT-VALUE}).")
    String connectTimeout;

    @Option(
        names = "--timeout",
        paramLabel = "DURATION",
        defaultValue = "10s",
        description =
            "How long to wait for the providers' decision once connected; gates take up to 5 s each (default: ${DEFAULT-VALUE}).")
    String answerTimeout;

    @Option(
        names = {"-h", "--help"},
        usageHelp = true,
        description = "Show this help and exit.")
    boolean help;

    int run(CommandContext context, AgentKind agent) {
      // WARN unless GATEWAY_LOG_LEVEL says otherwise: an agent shows a hook's stderr, where its
      // one line says what decided; JUL's default would add a timestamped INFO line per call.
      StderrLogging.install(context.env());
      HookAdapter.Settings settings;
      try {
        settings =
            new HookAdapter.Settings(
                gateway.home(context.env()),
                gateway.launchPort(context.env()),
                DurationText.parse(connectTimeout),
                DurationText.parse(answerTimeout));
      } catch (IllegalArgumentException e) {
        // Still answer the agent: a hook that is misconfigured must not let calls through.
        context.err().println("gateway hook " + agent.word() + ": " + e.getMessage());
        settings = null;
      }
      PrintStream out = context.stdout();
      // The home's guard (issue 44): it decides a call with no session, and when no gateway runs
      // its deny names its rule. A home that cannot be read has the defaults.
      Guard guard;
      try {
        guard =
            HomeGuard.forHome(
                    gateway.home(context.env()),
                    context.env(),
                    problem ->
                        context
                            .err()
                            .println("gateway hook " + agent.word() + ": guard: " + problem))
                .personal();
      } catch (IllegalArgumentException e) {
        guard =
            Guard.create(
                GuardSettings.defaults(),
                HomeGuard.environment(HomeDirectory.userHome(context.env()), context.env()));
      }
      return HookAdapter.run(
          agent,
          context.in(),
          out,
          context.err(),
          settings,
          guard,
          ProjectConfig.startedForEverySession(gateway.home(context.env())));
    }
  }

  @Command(
      name = "claude",
      usageHelpAutoWidth = true,
      description = {
        "Claude Code's PreToolUse command hook: reads the hook's JSON on stdin, asks the gateway"
            + " session whose cwd is the agent's, and prints a deny with the provider's reason, or"
            + " no decision (Claude Code's own permissions then apply). Always exits 0; when it"
            + " cannot check a call it denies explicitly.",
        ""
      },
      footerHeading =
          "%nInstall it in ~/.claude/settings.json or <project>/.claude/settings.json:%n",
      footer = {
        "  {\"hooks\":{\"PreToolUse\":[{\"matcher\":\"Bash|Edit|Write|Read\",\"hooks\":[",
        "    {\"type\":\"command\",\"command\":\"/abs/path/gateway hook claude\",\"timeout\":30}]}]}}",
        "",
        "Bash becomes tool 'shell' with {\"command\": ...}; Edit/MultiEdit/Write/NotebookEdit become"
            + " 'edit' with 'path'; Read/NotebookRead/Grep/Glob become 'read' with 'path'; other"
            + " tools keep their names (docs/agents.md).",
        "No gateway answering: the gateway's record <home>/hook-gates.json decides; a matching"
            + " fail-closed gate denies, fail-open gates allow. Stderr says which."
      })
  static final class Claude implements Callable<Integer> {
    @ParentCommand private HookCommand hook;
    @Mixin private HookOptions options;

    @Override
    public Integer call() {
      return options.run(hook.context, AgentKind.CLAUDE);
    }
  }

  @Command(
      name = "copilot",
      usageHelpAutoWidth = true,
      description = {
        "GitHub Copilot CLI's preToolUse command hook: reads the hook's JSON on stdin, asks the"
            + " gateway session whose cwd is the agent's, and prints a deny with the provider's"
            + " reason, or no decision. Always exits 0; when it cannot check a call it denies"
            + " explicitly.",
        ""
      },
      footerHeading = "%nInstall it in <repo>/.github/hooks/gateway.json:%n",
      footer = {
        "  {\"version\":1,\"hooks\":{\"preToolUse\":[{\"type\":\"command\",",
        "    \"bash\":\"/abs/path/gateway hook copilot\",\"timeoutSec\":30}]}}",
        "",
        "bash/shell/powershell become tool 'shell' with {\"command\": ...}; edit/create/write/"
            + "str_replace_editor become 'edit' with 'path'; view/read become 'read' with 'path';"
            + " other tools keep their names (docs/agents.md).",
        "No gateway answering: the gateway's record <home>/hook-gates.json decides; a matching"
            + " fail-closed gate denies, fail-open gates allow. Stderr says which."
      })
  static final class Copilot implements Callable<Integer> {
    @ParentCommand private HookCommand hook;
    @Mixin private HookOptions options;

    @Override
    public Integer call() {
      return options.run(hook.context, AgentKind.COPILOT);
    }
  }

  @Command(
      name = "gemini",
      usageHelpAutoWidth = true,
      description = {
        "Gemini CLI's BeforeTool command hook: reads the hook's JSON on stdin, asks the gateway"
            + " session whose cwd is the agent's, and exits 2 with the reason on stderr (and"
            + " {\"decision\":\"deny\"} on stdout) to deny, or 0 with no decision. Gemini CLI cannot"
            + " ask for a hook and would run a rewritten call unseen: a gate's question or rewrite"
            + " is a deny that names it (docs/decisions/0066). Any failure exits 2.",
        ""
      },
      footerHeading =
          "%nInstall it in ~/.gemini/settings.json or <project>/.gemini/settings.json:%n",
      footer = {
        "  {\"hooks\":{\"BeforeTool\":[{\"matcher\":\".*\",\"hooks\":[{\"type\":\"command\",",
        "    \"command\":\"/abs/path/gateway hook gemini\",\"timeout\":30000}]}]}}",
        "",
        "run_shell_command becomes tool 'shell' with {\"command\": ...}; write_file/replace become"
            + " 'edit' with 'path'; read_file/read_many_files/glob/grep_search/list_directory become"
            + " 'read' with 'path'; mcp_<server>_<tool> becomes mcp__<server>__<tool> (docs/agents.md)."
      })
  static final class Gemini implements Callable<Integer> {
    @ParentCommand private HookCommand hook;
    @Mixin private HookOptions options;

    @Override
    public Integer call() {
      return options.run(hook.context, AgentKind.GEMINI);
    }
  }

  @Command(
      name = "codex",
      usageHelpAutoWidth = true,
      description = {
        "Codex CLI's PreToolUse command hook (Claude Code's layout): reads the hook's JSON on stdin,"
            + " asks the gateway session whose cwd is the agent's, and exits 2 with the reason on"
            + " stderr to deny (a deny always has a reason), or 0 with no decision. Codex refuses"
            + " ask and a rewrite without allow: a gate's question or rewrite is a deny that names it"
            + " (docs/decisions/0066). Any failure exits 2.",
        ""
      },
      footerHeading =
          "%nInstall it in $CODEX_HOME/hooks.json (~/.codex/hooks.json), and trust it:%n",
      footer = {
        "  {\"hooks\":{\"PreToolUse\":[{\"matcher\":\".*\",\"hooks\":[{\"type\":\"command\",",
        "    \"command\":\"/abs/path/gateway hook codex\",\"timeout\":30}]}]}}",
        "",
        "Bash/exec_command/shell become tool 'shell' with {\"command\": ...}; apply_patch becomes"
            + " 'edit', once for each file its patch names; mcp__<server>__<tool> stays (docs/agents.md)."
      })
  static final class Codex implements Callable<Integer> {
    @ParentCommand private HookCommand hook;
    @Mixin private HookOptions options;

    @Override
    public Integer call() {
      return options.run(hook.context, AgentKind.CODEX);
    }
  }

  @Command(
      name = "cursor",
      usageHelpAutoWidth = true,
      description = {
        "Cursor's beforeShellExecution, beforeMCPExecution, beforeReadFile and preToolUse command"
            + " hooks, built from Cursor's published hooks documentation and untested against a"
            + " Cursor binary: reads the hook's JSON on stdin and prints {\"permission\":\"deny\"}"
            + " with the reason, {\"permission\":\"ask\"} for a gate's question (beforeReadFile:"
            + " a deny), or {} for no objection. Always exits 0; set failClosed on the hooks.",
        ""
      },
      footerHeading = "%nInstall it in ~/.cursor/hooks.json or <project>/.cursor/hooks.json:%n",
      footer = {
        "  {\"version\":1,\"hooks\":{\"beforeShellExecution\":[{\"command\":\"/abs/path/gateway hook"
            + " cursor\",\"timeout\":30,\"failClosed\":true}], …}}",
        "",
        "See 'gateway hook --print-config cursor' for every hook, and docs/agents.md."
      })
  static final class Cursor implements Callable<Integer> {
    @ParentCommand private HookCommand hook;
    @Mixin private HookOptions options;

    @Override
    public Integer call() {
      return options.run(hook.context, AgentKind.CURSOR);
    }
  }
}
