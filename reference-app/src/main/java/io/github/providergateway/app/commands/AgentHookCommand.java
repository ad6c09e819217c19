package io.github.providergateway.app.commands;

import io.github.providergateway.agent.guard.GuardFactory;
import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.agent.hook.HookAdapter;
import io.github.providergateway.agent.hook.HookBound;
import io.github.providergateway.agent.hook.OfflineDecision;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.GatewayHomeOptions;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.cli.StderrLogging;
import io.github.providergateway.app.guard.HomeGuard;
import io.github.providergateway.app.home.DurationText;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.app.home.HookSpool;
import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.app.run.AppOptions;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.loop.SystemScheduler;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gateway hook AGENT}: one coding agent's pre-tool-use command hook, the same command for
 * every agent ({@link AgentKind}): it reads the agent's JSON on stdin and answers in the agent's
 * words ({@link HookAdapter}). What differs between agents in its help is each agent's dialect's
 * ({@link AgentDialect#hookHelp}).
 */
@Command(usageHelpAutoWidth = true)
public final class AgentHookCommand implements Callable<Integer> {

  /** {@code --connect-timeout}'s default. */
  static final String CONNECT_TIMEOUT = "1s";

  /** {@code --timeout}'s default: the hook's whole bound ({@link HookBound#DEFAULT}). */
  static final String ANSWER_TIMEOUT = "10s";

  private final CommandContext context;
  private final AgentKind agent;

  @Mixin private GatewayHomeOptions gateway;

  @Option(
      names = "--connect-timeout",
      paramLabel = "DURATION",
      defaultValue = CONNECT_TIMEOUT,
      description =
          "How long to try to reach the gateway before counting it as not running (default: ${DEFAULT-VALUE}).")
  private String connectTimeout;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      defaultValue = ANSWER_TIMEOUT,
      description =
          "The hook's whole bound: it answers within this of its start whatever happens, denying"
              + " where it cannot decide by then (no gateway, one stuck, a slow start); keep it well"
              + " under the agent's own hook timeout (default: ${DEFAULT-VALUE}).")
  private String answerTimeout;

  @Mixin private HelpOption help;

  private AgentHookCommand(CommandContext context, AgentKind agent) {
    this.context = context;
    this.agent = agent;
  }

  /**
   * Adds {@code gateway hook AGENT} for each agent under {@code hook}, with its help.
   *
   * @param hook the {@code hook} command's line
   * @param context this run's streams and environment
   */
  public static void addEach(CommandLine hook, CommandContext context) {
    for (AgentKind agent : AgentKind.values()) {
      hook.addSubcommand(agent.word(), line(context, agent));
    }
  }

  /**
   * {@code gateway hook AGENT}'s own line, with its help ({@link HookCallLine} runs it alone).
   *
   * @param context this run's streams and environment
   * @param agent the agent it answers
   */
  static CommandLine line(CommandContext context, AgentKind agent) {
    CommandLine line = new CommandLine(new AgentHookCommand(context, agent));
    AgentDialect.HookHelp help = agent.dialect().hookHelp();
    line.getCommandSpec()
        .usageMessage()
        .description(help.description().toArray(String[]::new))
        .footerHeading(help.footerHeading())
        .footer(help.footer().toArray(String[]::new));
    return line;
  }

  @Override
  public Integer call() {
    return answer(context, agent, gateway, connectTimeout, answerTimeout);
  }

  /**
   * Answers the agent's call on {@code context}'s streams: what the command runs once its options
   * are read, by picocli ({@link #call}) or by {@link HookCallLine}'s own reading.
   *
   * @param context this run's streams and environment
   * @param agent the agent it answers
   * @param gateway {@code --home} and {@code --port}
   * @param connectTimeout {@code --connect-timeout}, as written
   * @param answerTimeout {@code --timeout}, as written
   * @return the exit code
   */
  static int answer(
      CommandContext context,
      AgentKind agent,
      GatewayHomeOptions gateway,
      String connectTimeout,
      String answerTimeout) {
    // WARN unless GATEWAY_LOG_LEVEL says otherwise: an agent shows a hook's stderr, where its
    // one line says what decided; JUL's default would add a timestamped INFO line per call.
    StderrLogging.install(context.env());
    Clock clock = Clock.systemUTC();
    // The bound counts from the launcher script's start (else the command's): one deadline.
    Instant start = HookBound.start(context.env(), clock.instant());
    try (SystemScheduler scheduler = new SystemScheduler()) {
      HookBound bound = HookBound.of(HookBound.DEFAULT, start, clock, scheduler);
      HookAdapter.Settings settings;
      try {
        bound = HookBound.of(DurationText.parse(answerTimeout), start, clock, scheduler);
        settings =
            new HookAdapter.Settings(
                gateway.home(context.env()),
                gateway.launchPort(context.env()),
                DurationText.parse(connectTimeout),
                bound.answerBudget());
      } catch (IllegalArgumentException e) {
        // Still answer the agent: a hook that is misconfigured must not let calls through, and
        // within the default bound.
        context.err().println("gateway hook " + agent.word() + ": " + e.getMessage());
        settings = null;
      }
      return HookAdapter.run(
          agent,
          context.in(),
          context.stdout(),
          context.err(),
          settings,
          guard(context, agent, gateway),
          ProjectConfig.startedForEverySession(gateway.home(context.env())),
          bound,
          decision -> keep(context, agent, gateway, decision));
    }
  }

  /**
   * Keeps a decision taken with no gateway for the next one's audit trail ({@link HookSpool}, issue
   * 78); a spool that cannot be written is said on stderr and changes nothing of the answer.
   */
  private static void keep(
      CommandContext context,
      AgentKind agent,
      GatewayHomeOptions gateway,
      OfflineDecision decision) {
    try {
      if (!HookSpool.keep(
          AppOptions.logDir(gateway.home(context.env())), decision, Instant.now())) {
        context
            .err()
            .println(
                "gateway hook " + agent.word() + ": the decision is not kept: the spool is full");
      }
    } catch (IOException | RuntimeException e) {
      context.err().println("gateway hook " + agent.word() + ": the decision is not kept: " + e);
    }
  }

  /**
   * The home's guard (issue 44): it decides a call with no session, and when no gateway runs its
   * deny names its rule. A home that cannot be read has the defaults.
   */
  private static Guard guard(CommandContext context, AgentKind agent, GatewayHomeOptions gateway) {
    try {
      return HomeGuard.forHome(
              gateway.home(context.env()),
              context.env(),
              problem ->
                  context.err().println("gateway hook " + agent.word() + ": guard: " + problem))
          .personal();
    } catch (IllegalArgumentException e) {
      return GuardFactory.create(
          GuardSettings.defaults(),
          HomeGuard.environment(HomeDirectory.userHome(context.env()), context.env()));
    }
  }
}
