package io.github.providergateway.app;

import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.agent.person.AgentSide;
import io.github.providergateway.agent.person.ProcessTable;
import io.github.providergateway.app.agents.AgentNames;
import io.github.providergateway.app.agents.DoctorCommand;
import io.github.providergateway.app.agents.SetupCommand;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.CommandFactory;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.ExitOnSignal;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.cli.RunningApp;
import io.github.providergateway.app.cli.StderrLogging;
import io.github.providergateway.app.commands.AgentHookCommand;
import io.github.providergateway.app.commands.AttachCommand;
import io.github.providergateway.app.commands.AuditCommand;
import io.github.providergateway.app.commands.AwayCommand;
import io.github.providergateway.app.commands.BackCommand;
import io.github.providergateway.app.commands.GatesCommand;
import io.github.providergateway.app.commands.HookCallLine;
import io.github.providergateway.app.commands.HookCommand;
import io.github.providergateway.app.commands.McpCommand;
import io.github.providergateway.app.commands.StatusCommand;
import io.github.providergateway.app.commands.StopCommand;
import io.github.providergateway.app.commands.UninstallCommand;
import io.github.providergateway.app.console.ConsoleHost;
import io.github.providergateway.app.console.ConsoleTerminal;
import io.github.providergateway.app.console.RpcHost;
import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.app.detached.DetachedHost;
import io.github.providergateway.app.detached.DetachedLaunch;
import io.github.providergateway.app.detached.ServiceCommand;
import io.github.providergateway.app.guard.GuardCommand;
import io.github.providergateway.app.guard.PolicyCommand;
import io.github.providergateway.app.home.DurationText;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.app.run.AppOptions;
import io.github.providergateway.app.run.FrontEnd;
import io.github.providergateway.app.run.Version;
import io.github.providergateway.host.client.HomeSettings;
import io.github.providergateway.loop.Backend;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The reference gateway's entry point: parses the command line and runs one front end, the
 * interactive {@link ConsoleHost} (default) or the {@link RpcHost} ({@code --rpc}), until its input
 * ends.
 *
 * <p>{@link #run} runs the whole app on given streams and returns the exit code instead of exiting,
 * so tests drive it in-process exactly as a script drives the jar.
 */
@Command(
    name = "gateway",
    subcommands = {
      AttachCommand.class,
      StatusCommand.class,
      StopCommand.class,
      AuditCommand.class,
      GatesCommand.class,
      McpCommand.class,
      HookCommand.class,
      GuardCommand.class,
      PolicyCommand.class,
      ServiceCommand.class,
      SetupCommand.class,
      DoctorCommand.class,
      UninstallCommand.class,
      AwayCommand.class,
      BackCommand.class
    },
    versionProvider = Version.class,
    defaultValueProvider = Main.LibraryDefaults.class,
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Runs the provider gateway: a loopback WebSocket relay where tool providers written in any"
          + " language connect, authenticate, register tools and answer tool calls for agent"
          + " sessions.",
      "",
      "Without --rpc it is an interactive console: type 'help'. With --rpc it reads one JSON"
          + " command per line on stdin and writes one JSON reply or event per line on stdout"
          + " (docs/reference-app.md). Either way it runs until its input ends.",
      "",
      "With --detached it is the home's shared background gateway, the one hosts start for"
          + " themselves: no console, logs in <home>/logs/gateway.log, gone once it has had no"
          + " session and no host for --idle-exit-grace. Typed in a terminal or run by a script"
          + " through the gateway command, --detached starts it in the background (or finds it"
          + " running; with no --idle-exit-grace it then stays until 'gateway stop'), says where it"
          + " runs and how to stop it once it serves, and returns; a host's or a service manager's"
          + " start of the app's Main, with no terminal, is that gateway."
          + " 'gateway attach' opens the console on a running gateway.",
      ""
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:the gateway ran and stopped normally (end of input, 'quit', 'shutdown'), or --help/--version",
      "1:the gateway could not start (port in use, home not writable, config file missing)",
      "2:bad command line"
    })
public final class Main implements Callable<Integer> {

  @Option(
      names = "--rpc",
      description =
          "Newline-delimited JSON on stdin/stdout for scripts and tests, instead of the console.")
  private boolean rpc;

  @Option(
      names = "--port",
      paramLabel = "N",
      description = {
        "WebSocket port on 127.0.0.1 and ::1: the home's port from now on (<home>/settings.json),",
        "used by every start of its gateway. Default: the home's, else 9400. 0 picks a free one",
        "for this run only."
      })
  private Integer port;

  @Option(
      names = "--home",
      paramLabel = "DIR",
      description = {
        "Gateway home: the token file (.provider-token), providers' persistDirs, logs/.",
        "Default: $COPILOT_HOME/extensions/tap",
        "  or ~/.copilot/extensions/tap without COPILOT_HOME,",
        "  where providers look for the token file."
      })
  private Path home;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description = {
        "Project config whose providers are spawned for each session (docs/reference-app.md):",
        "the home's config from now on, used by every start of its gateway. Default: the home's."
      })
  private Path config;

  @Option(
      names = "--no-config",
      description = "Start no configured providers, now and at every later start of this home.")
  private boolean noConfig;

  @Option(
      names = "--watch",
      description = {
        "With --config: watch the config file and each provider's files; a change restarts",
        "the providers it concerns (docs/reference-app.md, Reloading)."
      })
  private boolean watch;

  @Option(
      names = "--detached",
      description = {
        "The shared background gateway of the home (what hosts start for themselves): no",
        "console, no stdin; logs to <home>/logs/gateway.log; <home>/gateway.pid and",
        "gateway.port tell hosts where it is; exits after --idle-exit-grace with no session",
        "and no host. Through the gateway command, in a terminal or not: starts it in the",
        "background and returns once it serves. A host's or a service manager's start of the",
        "app's Main, with no terminal: runs it in this process."
      })
  private boolean detached;

  @Option(
      names = "--idle-exit-grace",
      paramLabel = "DURATION",
      description = {
        "With --detached: how long to wait with no session and no host before exiting, e.g.",
        "30s, 500ms, 2m (default: ${DEFAULT-VALUE}); 'never' for no idle exit at all (the",
        "gateway of 'gateway service', there from login)."
      })
  private String idleExitGrace;

  /** The command line as parsed: whether an option was given, not only its value. */
  @picocli.CommandLine.Spec private CommandLine.Model.CommandSpec commandSpec;

  @Option(
      names = "--audit-args",
      description = {
        "Keep each call's arguments in the audit trail (audit.jsonl, audit.query, the status",
        "page), not only their SHA-256. They may hold secrets: off by default."
      })
  private boolean auditArgs;

  /**
   * The launcher's class-data training run: load the terminal console's classes too, and with
   * {@code --rpc} exercise the hook route and the MCP front door before serving ({@code
   * ClassDataTraining}).
   */
  @Option(names = "--class-data-training", hidden = true)
  private boolean classDataTraining;

  @Mixin private HelpOption help;

  @Option(
      names = {"-V", "--version"},
      versionHelp = true,
      description = "Show the version and exit.")
  private boolean version;

  /** The streams, environment and running app this run has, which every command gets. */
  private final CommandContext context;

  /** The {@code --rpc} gateway's time and threads: the system's, or a test's manual backend. */
  private final Backend backend;

  /** The front end that is running, for the signal hook. */
  private volatile FrontEnd frontEnd;

  /** What a subcommand without a {@link FrontEnd} does when a signal stops the process, or null. */
  private volatile Runnable stopOnSignal;

  private Main(
      InputStream in,
      OutputStream out,
      PrintStream err,
      Map<String, String> env,
      boolean terminal,
      RunningApp runningApp,
      Backend backend) {
    this.context =
        new CommandContext(in, out, err, env, terminal, runningApp, stop -> stopOnSignal = stop);
    this.backend = backend;
  }

  private Main(
      InputStream in,
      OutputStream out,
      PrintStream err,
      Map<String, String> env,
      boolean terminal) {
    this(in, out, err, env, terminal, RunningApp.thisJvm(), Backend.system());
  }

  /**
   * Runs the app on the process's own streams and exits with its exit code.
   *
   * @param args the command line; {@code --help} lists it
   */
  public static void main(String[] args) {
    // stdout belongs to the front end (the console, --rpc replies, MCP messages): a stray print of
    // any library must not land in it, so System.out goes to stderr from here on.
    PrintStream stdout = System.out;
    System.setOut(System.err);
    // System.console() is there only when stdin and stdout both are a terminal (JDK 17; JDK 22 to
    // 24 return one for pipes too, which JLine then refuses: the console falls back to plain
    // lines).
    Main main = new Main(System.in, stdout, System.err, System.getenv(), System.console() != null);
    // Ctrl-C or kill: the token file must not outlive the gateway, and providers should hear.
    // A hook call is never a person's command nor a start: it skips the whole tree's parses.
    Optional<PersonOnlyCommand.Refused> personOnly =
        HookCallLine.agentOf(args).isPresent()
            ? Optional.empty()
            : PersonOnlyCommand.of(List.of(args), parsedOrNull(args))
                .or(() -> homeConfigChange(args, System.getenv()));
    if (personOnly.isPresent()) {
      // Checked here, in the process's own entry, not in run(): a test or an embedding host runs
      // the commands in process under whatever runs it; an agent's shell runs this.
      Optional<AgentSide.Mark> agent =
          AgentSide.of(ProcessHandle.current().pid(), ProcessTable.system(AgentSide.MARKS));
      if (agent.isPresent()) {
        System.err.println(refusedUnderAgent(personOnly.get(), agent.get()));
        System.exit(ExitCodes.REFUSED);
      }
    }
    ExitOnSignal.install(main::onSignal);
    Runtime.getRuntime().addShutdownHook(new Thread(main::onSignal, "gateway-signal"));
    int exitCode = main.execute(args);
    StderrLogging.flush();
    System.exit(exitCode);
  }

  /** What {@code command}, refused on {@code agent}'s side, says. */
  static String refusedUnderAgent(PersonOnlyCommand.Refused command, AgentSide.Mark agent) {
    return command.command()
        + ": refused: "
        + agent.why()
        + ", and "
        + command.because()
        + ". It is yours to run, from a terminal of your own (issue 75, docs/security.md, \"Only"
        + " the person answers\").";
  }

  /**
   * A gateway start that would change which config every later start of a home in use runs ({@code
   * --no-config}, {@code --config} naming another file): the home's providers and the person's
   * guard settings, replaced for good (issue 75's second red team, {@code gateway --rpc --no-config
   * < /dev/null} from an agent's shell). A home not yet in use (missing or empty) is anyone's to
   * configure; a command line that does not parse or resolve starts nothing and says why itself.
   *
   * @param args the command line
   * @param env the environment, which names the default home
   * @return the command, refused on an agent's side, or empty
   */
  static Optional<PersonOnlyCommand.Refused> homeConfigChange(
      String[] args, Map<String, String> env) {
    Main parsed = silent(env);
    try {
      CommandLine line = parsed.parser();
      line.setAllowSubcommandsAsOptionParameters(true);
      if (line.parseArgs(args).subcommand() != null || !parsed.noConfig && parsed.config == null) {
        return Optional.empty();
      }
      AppOptions options = parsed.resolve();
      Path home = options.home().toAbsolutePath().normalize();
      if (options.record() == null
          || java.util.Objects.equals(
              options.record().config(), HomeSettingsChange.current(home).config())
          || !HomeDirectory.inUse(home)) {
        return Optional.empty();
      }
    } catch (RuntimeException e) {
      return Optional.empty();
    }
    return Optional.of(
        new PersonOnlyCommand.Refused(
            parsed.noConfig ? "gateway --no-config" : "gateway --config",
            "it replaces the providers and guard settings every later start of the home runs"));
  }

  /** The app's parse of {@code args}, or null when they do not parse (execute says why). */
  static picocli.CommandLine.ParseResult parsedOrNull(String[] args) {
    try {
      CommandLine commandLine =
          new Main(InputStream.nullInputStream(), System.out, System.err, Map.of(), false).parser();
      commandLine.setAllowSubcommandsAsOptionParameters(true);
      return commandLine.parseArgs(args);
    } catch (picocli.CommandLine.ParameterException | IllegalStateException e) {
      return null;
    }
  }

  /**
   * Runs the app on the given streams, as {@code main} would with these arguments, and returns the
   * exit code: {@value ExitCodes#OK} after a normal stop, {@value ExitCodes#START_FAILED} when the
   * gateway could not start, {@value ExitCodes#USAGE} for a bad command line.
   *
   * @param env the environment ({@code COPILOT_HOME} picks the default home)
   */
  public static int run(
      String[] args, InputStream in, OutputStream out, PrintStream err, Map<String, String> env) {
    return new Main(in, out, err, env, false).execute(args);
  }

  /**
   * As {@link #run(String[], InputStream, OutputStream, PrintStream, Map)}, with every timer of the
   * {@code --rpc} gateway on {@code backend}, a test's manual one: the test shows each timeout at
   * its exact bound instead of waiting it out.
   */
  public static int run(
      String[] args,
      InputStream in,
      OutputStream out,
      PrintStream err,
      Map<String, String> env,
      Backend backend) {
    return new Main(in, out, err, env, false, RunningApp.thisJvm(), backend).execute(args);
  }

  /**
   * As {@link #run(String[], InputStream, OutputStream, PrintStream, Map)}, the app being {@code
   * app}: {@code gateway service} in a test, installing a jar of the test's on a system it names.
   */
  public static int run(
      String[] args,
      InputStream in,
      OutputStream out,
      PrintStream err,
      Map<String, String> env,
      RunningApp app) {
    return new Main(in, out, err, env, false, app, Backend.system()).execute(args);
  }

  /** The parser of the app's command line, every command made with this run's context. */
  private CommandLine parser() {
    CommandLine parser = new CommandLine(this, new CommandFactory(context));
    AgentHookCommand.addEach(parser.getSubcommands().get("hook"), context);
    AgentNames.fillIn(parser);
    // No argument files (picocli's `@file`): the command a file holds is read by nobody before it
    // runs, so `gateway @args.txt` holding `stop` walked past the guard's reading and the refusal
    // on an agent's side alike (issue 75's second red team). '@' is an ordinary character here.
    parser.setExpandAtFiles(false);
    return parser;
  }

  private int execute(String[] args) {
    try {
      StderrLogging.level(context.env().get(StderrLogging.LEVEL_VARIABLE));
    } catch (IllegalArgumentException e) {
      // A typo here used to mean silently fewer log lines than asked for.
      context.err().println("gateway: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    Optional<AgentKind> hookCall = HookCallLine.agentOf(args);
    if (hookCall.isPresent()) {
      args = Arrays.copyOfRange(args, 2, args.length); // the hook's options, after hook AGENT
      Optional<Integer> answered = HookCallLine.answer(context, hookCall.get(), args);
      if (answered.isPresent()) {
        return answered.get();
      }
    }
    CommandLine commandLine =
        hookCall.map(agent -> HookCallLine.of(context, agent)).orElseGet(this::parser);
    // `hook --print-config claude` names an agent that is also a subcommand of `hook`.
    commandLine.setAllowSubcommandsAsOptionParameters(true);
    commandLine.setOut(
        new PrintWriter(new OutputStreamWriter(context.out(), StandardCharsets.UTF_8), true));
    commandLine.setErr(
        new PrintWriter(new OutputStreamWriter(context.err(), StandardCharsets.UTF_8), true));
    commandLine.setParameterExceptionHandler(
        (e, ignored) -> {
          // One line, not the whole usage: the person sees what is wrong at once, in its words.
          context.err().println(UsageErrors.say(e));
          context.err().println("Try '" + UsageErrors.helpFor(e) + "' for the options.");
          return ExitCodes.USAGE;
        });
    return commandLine.execute(args);
  }

  @Override
  public Integer call() {
    AppOptions options;
    try {
      options = resolve();
    } catch (IllegalArgumentException e) {
      context.err().println("gateway: " + e.getMessage());
      return ExitCodes.USAGE;
    } catch (IllegalStateException e) {
      context.err().println("gateway: " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
    StderrLogging.install(context.env());
    if (classDataTraining) {
      try {
        ConsoleTerminal.loadClassesForArchive();
      } catch (IOException e) {
        context
            .err()
            .println(
                "gateway: the console's classes were not loaded for the archive ("
                    + e.getMessage()
                    + ")");
      }
    }
    FrontEnd chosen;
    if (detached) {
      // A person typing --detached, or a script, cron or an agent's shell running the launcher,
      // wants it back once the gateway serves; a program starting the app's Main itself (a host's
      // starter, a service manager: no terminal, no launcher) wants this process to be the gateway.
      chosen =
          context.terminal() || context.env().containsKey(DetachedGatewayStarter.LAUNCHER_VARIABLE)
              ? new DetachedLaunch(
                  context.stdout(),
                  context.err(),
                  commandSpec.commandLine().getParseResult().hasMatchedOption("--idle-exit-grace"))
              : new DetachedHost(context.err());
    } else {
      chosen =
          rpc
              ? rpcHost()
              : ConsoleHost.create(context.in(), context.out(), context.err(), context.terminal());
    }
    frontEnd = chosen;
    return chosen.run(options);
  }

  private RpcHost rpcHost() {
    RpcHost host = new RpcHost(context.in(), context.out(), context.err(), backend);
    return classDataTraining ? host.trainingClassData() : host;
  }

  /**
   * What a command line resolves to, defaults applied, as {@link #run} would start with it; for
   * tests of the defaults (the detached gateway's 30 s idle grace).
   *
   * @throws IllegalArgumentException for a bad command line, saying what is wrong
   */
  public static AppOptions options(Map<String, String> env, String... args) {
    Main main = silent(env);
    main.parser().parseArgs(args);
    return main.resolve();
  }

  /** Every command as the parser has them, for tests that go through each ({@code --help}). */
  static CommandLine commands() {
    return silent(Map.of()).parser();
  }

  /** The app with no input and its output going nowhere, to parse with. */
  private static Main silent(Map<String, String> env) {
    PrintStream nowhere =
        new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
    return new Main(
        InputStream.nullInputStream(), OutputStream.nullOutputStream(), nowhere, env, false);
  }

  /**
   * The parsed options checked and resolved: the home defaulted, the grace parsed, the port and the
   * config taken from the home's settings where the command line does not give them.
   */
  private AppOptions resolve() {
    if (port != null && (port < 0 || port > 65535)) {
      throw new IllegalArgumentException(
          "--port must be 0..65535 (0 picks a free port), was " + port);
    }
    if (noConfig && config != null) {
      throw new IllegalArgumentException("--config and --no-config cannot be combined");
    }
    Path resolvedHome =
        home != null
            ? home
            : HomeDirectory.defaultHome(context.env(), HomeDirectory.userHome(context.env()));
    HomeSettings settings = HomeSettingsChange.current(resolvedHome.toAbsolutePath().normalize());
    HomeSettingsChange change = HomeSettingsChange.of(settings, port, config, noConfig, watch);
    Duration grace;
    try {
      grace = DurationText.parseIdleExitGrace(idleExitGrace);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--idle-exit-grace " + e.getMessage() + " (or " + DurationText.NEVER + ": no idle exit)",
          e);
    }
    if (detached && rpc) {
      throw new IllegalArgumentException("--detached and --rpc cannot be combined");
    }
    if (watch && change.inForce().config() == null) {
      throw new IllegalArgumentException(
          "--watch watches a --config file; give one (the home " + resolvedHome + " has none)");
    }
    return new AppOptions(
            rpc,
            change.port(),
            resolvedHome,
            change.inForce().config(),
            detached,
            grace,
            auditArgs,
            change.inForce().watch())
        .recording(change.toRecord());
  }

  /**
   * Defaults that are the library's numbers, so the app does not spell them again: the detached
   * gateway's idle grace is {@code AppOptions.DEFAULT_IDLE_EXIT_GRACE} (R-SESS-15).
   */
  static final class LibraryDefaults implements CommandLine.IDefaultValueProvider {
    @Override
    public String defaultValue(CommandLine.Model.ArgSpec arg) {
      if (arg instanceof CommandLine.Model.OptionSpec option
          && option.longestName().equals("--idle-exit-grace")) {
        return DurationText.format(AppOptions.DEFAULT_IDLE_EXIT_GRACE);
      }
      return null;
    }
  }

  private void onSignal() {
    Runnable stop = stopOnSignal;
    if (stop != null) {
      stop.run();
    }
    FrontEnd running = frontEnd;
    if (running != null) {
      running.stopOnSignal();
    }
  }
}
