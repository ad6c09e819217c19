package io.github.providergateway.app;

import io.github.providergateway.app.agents.AgentConfig;
import io.github.providergateway.app.agents.DoctorCommand;
import io.github.providergateway.app.agents.HookConfig;
import io.github.providergateway.app.agents.SetupCommand;
import io.github.providergateway.app.dist.UninstallCommand;
import io.github.providergateway.app.guard.GuardCommand;
import io.github.providergateway.app.guard.HomeGuard;
import io.github.providergateway.app.service.ServiceCommand;
import io.github.providergateway.host.client.HomeSettings;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.base.Durations;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
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
      Main.Attach.class,
      Main.Status.class,
      Main.Stop.class,
      AuditCommand.class,
      Main.Gates.class,
      McpCommand.class,
      Main.Hook.class,
      GuardCommand.class,
      ServiceCommand.class,
      SetupCommand.class,
      DoctorCommand.class,
      UninstallCommand.class
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
          + " session and no host for --idle-exit-grace. Typed in a terminal, --detached starts"
          + " it in the background (or finds it running; with no --idle-exit-grace it then stays"
          + " until 'gateway stop'), says where it runs and how to stop it,"
          + " and returns; started by a program, without a terminal, the process is that gateway."
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

  /** Ran and stopped normally. */
  public static final int EXIT_OK = 0;

  /** Could not start. */
  public static final int EXIT_START_FAILED = 1;

  /** Bad command line. */
  public static final int EXIT_USAGE = 2;

  /**
   * Exit code of a command that lowers protection, refused under a coding agent ({@link
   * AgentAncestry}).
   */
  public static final int EXIT_REFUSED = 3;

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
        "and no host. In a terminal: starts it in the background and returns. Without one",
        "(a host's or a service manager's start): runs it in this process."
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
   * {@code --rpc} exercise the hook route and the MCP front door before serving ({@link
   * ClassDataTraining}).
   */
  @Option(names = "--class-data-training", hidden = true)
  private boolean classDataTraining;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "Show this help and exit.")
  private boolean help;

  @Option(
      names = {"-V", "--version"},
      versionHelp = true,
      description = "Show the version and exit.")
  private boolean version;

  private final InputStream in;
  private final OutputStream out;
  private final PrintStream err;
  private final Map<String, String> env;

  /** Whether stdin and stdout are a terminal: the console then edits lines (ConsoleTerminal). */
  private final boolean terminal;

  /** The {@code --rpc} gateway's time and threads: the system's, or a test's manual backend. */
  private Backend backend = Backend.system();

  /** What {@code gateway service install} copies and for which system: this JVM's, or a test's. */
  private ServiceCommand.RunningApp runningApp = ServiceCommand.RunningApp.thisJvm();

  /** The front end that is running, for the signal hook. */
  private volatile FrontEnd frontEnd;

  /** What a subcommand without a {@link FrontEnd} does when a signal stops the process, or null. */
  private volatile Runnable stopOnSignal;

  private Main(
      InputStream in,
      OutputStream out,
      PrintStream err,
      Map<String, String> env,
      boolean terminal) {
    this.in = in;
    this.out = out;
    this.err = err;
    this.env = env;
    this.terminal = terminal;
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
    Optional<String> lowering = LoweringCommand.of(List.of(args));
    if (lowering.isPresent()) {
      // Checked here, in the process's own entry, not in run(): a test or an embedding host runs
      // the commands in process under whatever runs it; an agent's shell runs this.
      Optional<AgentAncestry.Found> agent = AgentAncestry.of(ProcessHandle.current());
      if (agent.isPresent()) {
        System.err.println(refusedUnderAgent(lowering.get(), agent.get()));
        System.exit(EXIT_REFUSED);
      }
    }
    ExitOnSignal.install(main::onSignal);
    Runtime.getRuntime().addShutdownHook(new Thread(main::onSignal, "gateway-signal"));
    int exitCode = main.execute(args);
    StderrLogging.flush();
    System.exit(exitCode);
  }

  /** What {@code command}, refused under {@code agent}, says. */
  static String refusedUnderAgent(String command, AgentAncestry.Found agent) {
    return command
        + ": refused: it runs under "
        + agent.describe()
        + ", a coding agent's process, and it would lower the protection that agent runs under."
        + " It is yours to run, from a terminal of your own (issue 61, docs/security.md).";
  }

  /** The app's standard input (a test's stream when run in process). */
  public InputStream in() {
    return in;
  }

  /** The app's standard output (a test's stream when run in process). */
  public OutputStream out() {
    return out;
  }

  /** The app's standard error (a test's stream when run in process). */
  public PrintStream err() {
    return err;
  }

  /** The environment the app runs in (a test's own when run in process). */
  public Map<String, String> env() {
    return env;
  }

  /** Runs {@code stop} when a signal (SIGTERM, Ctrl-C) stops the process. */
  void onSignal(Runnable stop) {
    stopOnSignal = stop;
  }

  /**
   * Runs the app on the given streams, as {@code main} would with these arguments, and returns the
   * exit code: {@value #EXIT_OK} after a normal stop, {@value #EXIT_START_FAILED} when the gateway
   * could not start, {@value #EXIT_USAGE} for a bad command line.
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
    Main main = new Main(in, out, err, env, false);
    main.backend = backend;
    return main.execute(args);
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
      ServiceCommand.RunningApp app) {
    Main main = new Main(in, out, err, env, false);
    main.runningApp = app;
    return main.execute(args);
  }

  /** This JVM as {@code gateway service} installs it: its OS, java and class path. */
  public ServiceCommand.RunningApp runningApp() {
    return runningApp;
  }

  private int execute(String[] args) {
    CommandLine commandLine = new CommandLine(this);
    // `hook --print-config claude` names an agent that is also a subcommand of `hook`.
    commandLine.setAllowSubcommandsAsOptionParameters(true);
    commandLine.setOut(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true));
    commandLine.setErr(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true));
    commandLine.setParameterExceptionHandler(
        (e, ignored) -> {
          // One line, not the whole usage: the person sees what is wrong at once, in its words.
          err.println(UsageErrors.say(e));
          err.println("Try '" + UsageErrors.helpFor(e) + "' for the options.");
          return EXIT_USAGE;
        });
    try {
      StderrLogging.level(env.get(StderrLogging.LEVEL_VARIABLE));
    } catch (IllegalArgumentException e) {
      // A typo here used to mean silently fewer log lines than asked for.
      err.println("gateway: " + e.getMessage());
      return EXIT_USAGE;
    }
    return commandLine.execute(args);
  }

  @Override
  public Integer call() {
    AppOptions options;
    try {
      options = resolve();
    } catch (IllegalArgumentException e) {
      err.println("gateway: " + e.getMessage());
      return EXIT_USAGE;
    } catch (IllegalStateException e) {
      err.println("gateway: " + e.getMessage());
      return EXIT_START_FAILED;
    }
    StderrLogging.install(env);
    if (classDataTraining) {
      try {
        ConsoleTerminal.loadClassesForArchive();
      } catch (IOException e) {
        err.println(
            "gateway: the console's classes were not loaded for the archive ("
                + e.getMessage()
                + ")");
      }
    }
    FrontEnd chosen;
    if (detached) {
      // A person typing --detached wants their terminal back; a program starting it (with no
      // terminal: a host's starter reads /dev/null) wants this process to be the gateway.
      chosen =
          terminal
              ? new DetachedLaunch(
                  new PrintStream(out, true, StandardCharsets.UTF_8),
                  err,
                  commandSpec.commandLine().getParseResult().hasMatchedOption("--idle-exit-grace"))
              : new DetachedHost(err);
    } else {
      chosen = rpc ? rpcHost() : ConsoleHost.create(in, out, err, terminal);
    }
    frontEnd = chosen;
    return chosen.run(options);
  }

  private RpcHost rpcHost() {
    RpcHost host = new RpcHost(in, out, err, backend);
    return classDataTraining ? host.trainingClassData() : host;
  }

  /**
   * What a command line resolves to, defaults applied, as {@link #run} would start with it; for
   * tests of the defaults (the detached gateway's 30 s idle grace).
   *
   * @throws IllegalArgumentException for a bad command line, saying what is wrong
   */
  public static AppOptions options(Map<String, String> env, String... args) {
    PrintStream nowhere =
        new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
    Main main =
        new Main(
            InputStream.nullInputStream(), OutputStream.nullOutputStream(), nowhere, env, false);
    new CommandLine(main).parseArgs(args);
    return main.resolve();
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
        home != null ? home : HomeDirectory.defaultHome(env, HomeDirectory.userHome(env));
    HomeSettings settings = HomeSettingsChange.current(resolvedHome.toAbsolutePath().normalize());
    HomeSettingsChange change = HomeSettingsChange.of(settings, port, config, noConfig, watch);
    Duration grace;
    try {
      grace = parseIdleExitGrace(idleExitGrace);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--idle-exit-grace " + e.getMessage() + " (or " + NEVER + ": no idle exit)", e);
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
        return formatDuration(AppOptions.DEFAULT_IDLE_EXIT_GRACE);
      }
      return null;
    }
  }

  /**
   * {@code --idle-exit-grace never}: no idle exit at all, for a gateway that a service manager
   * keeps there from login ({@code gateway service install}).
   */
  public static final String NEVER = "never";

  /**
   * {@code --idle-exit-grace}: a duration as {@link #parseDuration} reads it, or null for {@value
   * #NEVER}.
   */
  static Duration parseIdleExitGrace(String text) {
    return text.strip().equalsIgnoreCase(NEVER) ? null : parseDuration(text);
  }

  /** What {@link #parseIdleExitGrace} reads back: {@value #NEVER} for null. */
  static String formatIdleExitGrace(Duration grace) {
    return grace == null ? NEVER : formatDuration(grace);
  }

  /** {@code 30s}, or {@code 500ms} when not whole seconds: what {@link #parseDuration} reads. */
  static String formatDuration(Duration duration) {
    long millis = duration.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
  }

  /** {@code 30s}, {@code 500ms}, {@code 2m}, or a number of seconds. */
  static Duration parseDuration(String text) {
    String t = text.strip().toLowerCase(java.util.Locale.ROOT);
    try {
      Duration value;
      if (t.endsWith("ms")) {
        value = Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
      } else if (t.endsWith("s")) {
        value =
            Duration.ofMillis(
                Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
      } else if (t.endsWith("m")) {
        value =
            Duration.ofSeconds(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 60));
      } else if (t.endsWith("h")) {
        // The HTTP front door's set-up suggests --idle-exit-grace 12h, which this refused before.
        value =
            Duration.ofSeconds(
                Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 3600));
      } else {
        value = Duration.ofMillis(Math.round(Double.parseDouble(t) * 1000));
      }
      if (!Durations.isPositive(value)) {
        throw new IllegalArgumentException("must be positive, was " + text);
      }
      return value;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "must be a duration like 30s, 500ms, 2m or 12h, was " + text);
    }
  }

  /** {@code gateway attach}: the console on a running gateway. */
  @Command(
      name = "attach",
      sortOptions = false,
      usageHelpAutoWidth = true,
      description = {
        "Opens the console on the gateway already running for a home (started by a host, another"
            + " console, or --detached): see and drive its sessions, providers, tools and streams"
            + " without owning them. Sessions you start here end when you quit; the gateway and"
            + " everyone else's sessions stay. If the gateway restarts, the console follows it."
      })
  static final class Attach implements Callable<Integer> {
    @picocli.CommandLine.ParentCommand private Main parent;

    @picocli.CommandLine.Mixin private GatewayHomeOptions gateway;

    @Option(
        names = {"-h", "--help"},
        usageHelp = true,
        description = "Show this help and exit.")
    private boolean help;

    @Override
    public Integer call() {
      int port;
      try {
        port = gateway.launchPort(parent.env);
      } catch (IllegalArgumentException e) {
        parent.err.println("gateway attach: " + e.getMessage());
        return EXIT_USAGE;
      }
      StderrLogging.install(parent.env);
      ConsoleHost console = ConsoleHost.create(parent.in, parent.out, parent.err, parent.terminal);
      parent.frontEnd = console;
      return console.attach(gateway.home(parent.env), port);
    }
  }

  /** {@code gateway status}: a one-time link to the running gateway's status page. */
  @Command(
      name = "status",
      sortOptions = false,
      usageHelpAutoWidth = true,
      description = {
        "Prints a one-time link to the live status page of the gateway running for a home (its"
            + " sessions, providers, tools, streams and latest decisions, updating by itself), and a"
            + " line of what it holds now. The link works once, within 5 minutes, and carries no"
            + " token: open it in a browser on this machine.",
        ""
      },
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {
        "0:printed",
        "1:no gateway is running for the home, or it would not give a link",
        "2:bad command line"
      })
  static final class Status implements Callable<Integer> {
    @picocli.CommandLine.ParentCommand private Main parent;

    @picocli.CommandLine.Mixin private GatewayHomeOptions gateway;

    @Option(
        names = {"-h", "--help"},
        usageHelp = true,
        description = "Show this help and exit.")
    private boolean help;

    @Override
    public Integer call() {
      return parent.reach(
          "gateway status",
          gateway,
          (home, port, out) -> StatusLink.print(home, port, out, parent.err));
    }
  }

  /** What a command that reaches the home's running gateway does, once it knows where it is. */
  @FunctionalInterface
  private interface ToRunningGateway {
    /** Returns the exit code; {@code out} is stdout. */
    int run(Path home, int port, PrintStream out);
  }

  /**
   * Runs {@code command} ({@code name} in messages) for the gateway of the home {@code where}
   * names, at the port its gateway listens on, with stdout; a bad {@code --port} or an unreadable
   * home is {@link #EXIT_USAGE}.
   */
  private int reach(String name, GatewayHomeOptions where, ToRunningGateway command) {
    int port;
    try {
      port = where.launchPort(env);
    } catch (IllegalArgumentException e) {
      err.println(name + ": " + e.getMessage());
      return EXIT_USAGE;
    }
    StderrLogging.install(env);
    PrintStream stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
    return command.run(where.home(env), port, stdout);
  }

  /** {@code gateway stop}: the home's running gateway, stopped cleanly ({@link GatewayStop}). */
  @Command(
      name = "stop",
      sortOptions = false,
      usageHelpAutoWidth = true,
      description = {
        "Stops the gateway running for a home, as its console's 'quit' does: its sessions end"
            + " (providers are told), its gates are held for their projects until a gateway runs"
            + " again, and it removes its files. Waits until it has stopped (at most 30 s). With"
            + " no gateway running it says so. Refused under a coding agent's process (exit 3).",
        ""
      },
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {
        "0:stopped, or none was running",
        "1:it did not stop in time",
        "2:bad command line",
        "3:refused: run under a coding agent"
      })
  static final class Stop implements Callable<Integer> {
    @picocli.CommandLine.ParentCommand private Main parent;

    @picocli.CommandLine.Mixin private GatewayHomeOptions gateway;

    @Option(
        names = {"-h", "--help"},
        usageHelp = true,
        description = "Show this help and exit.")
    private boolean help;

    @Override
    public Integer call() {
      return parent.reach(
          "gateway stop",
          gateway,
          (home, port, out) -> GatewayStop.stop(home, port, out, parent.err));
    }
  }

  /** {@code gateway gates [release ...]}: the gates held while their provider is away. */
  @Command(
      name = "gates",
      subcommands = {Gates.Release.class},
      sortOptions = false,
      usageHelpAutoWidth = true,
      description = {
        "Lists the gates the gateway running for a home holds in force although their provider is"
            + " not bound: a provider's fail-closed gates and static denies, held after a gateway of"
            + " the home stopped or crashed until that provider binds again in that project"
            + " (docs/agents.md). Each line: provider, gate, project, since when, why.",
        "'gateway gates release PROVIDER [GATE] [--project DIR]' releases those of a provider gone"
            + " for good. With no gateway running it says so: the next start of the home's gateway"
            + " holds them again.",
        ""
      },
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {
        "0:listed (or released)",
        "1:no gateway is running for the home, it keeps no record of gates, or nothing matched the"
            + " release",
        "2:bad command line"
      })
  static final class Gates implements Callable<Integer> {
    @picocli.CommandLine.ParentCommand private Main parent;

    @picocli.CommandLine.Mixin private GatewayHomeOptions gateway;

    @Option(
        names = {"-h", "--help"},
        usageHelp = true,
        description = "Show this help and exit.")
    private boolean help;

    @Override
    public Integer call() {
      return parent.reach(
          "gateway gates",
          gateway,
          (home, port, out) -> GatewayGates.list(home, port, out, parent.err));
    }

    @Command(
        name = "release",
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
          "Releases held gates of a provider gone for good (it left the configuration, or will not"
              + " come back): its gate GATE, or every gate and static deny it holds, for the project"
              + " DIR, or for every project. Prints what was released, or what is held when nothing"
              + " matched. A provider that binds again holds its gates anew.",
          ""
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
          "0:released",
          "1:nothing matched (what is held is printed), no gateway is running for the home, or it"
              + " keeps no record of gates",
          "2:bad command line"
        })
    static final class Release implements Callable<Integer> {
      @picocli.CommandLine.ParentCommand private Gates gates;

      @picocli.CommandLine.Mixin private GatewayHomeOptions gateway;

      @picocli.CommandLine.Parameters(
          index = "0",
          paramLabel = "PROVIDER",
          description = "The provider whose held gates to release.")
      private String provider;

      @picocli.CommandLine.Parameters(
          index = "1",
          arity = "0..1",
          paramLabel = "GATE",
          description = "One gate's id (default: every gate and static deny the provider holds).")
      private String gateId;

      @Option(
          names = "--project",
          paramLabel = "DIR",
          description = "Only for this project, a session's folder (default: every project).")
      private Path project;

      @Option(
          names = {"-h", "--help"},
          usageHelp = true,
          description = "Show this help and exit.")
      private boolean help;

      @Override
      public Integer call() {
        String name = "gateway gates release";
        if (provider.isEmpty() || (gateId != null && gateId.isEmpty())) {
          gates.parent.err.println(name + ": PROVIDER and GATE must not be empty");
          return EXIT_USAGE;
        }
        return gates.parent.reach(
            name,
            // `gateway gates --home X release P` names the home before the subcommand.
            gateway.or(gates.gateway),
            (home, port, out) ->
                GatewayGates.release(
                    home,
                    port,
                    provider,
                    gateId,
                    project == null ? null : project.toString(),
                    out,
                    gates.parent.err));
      }
    }
  }

  /**
   * {@code gateway hook claude|copilot|gemini|codex|cursor}: a coding agent's pre-tool-use hook
   * (docs/agents.md).
   */
  @Command(
      name = "hook",
      subcommands = {
        Hook.Claude.class,
        Hook.Copilot.class,
        Hook.Gemini.class,
        Hook.Codex.class,
        Hook.Cursor.class
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
  static final class Hook implements Callable<Integer> {
    @picocli.CommandLine.ParentCommand private Main parent;

    @picocli.CommandLine.Spec private CommandLine.Model.CommandSpec spec;

    /** Where the gateway is, for --print-config and --revoke. */
    @picocli.CommandLine.Mixin private GatewayHomeOptions gateway;

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

    @Override
    public Integer call() {
      if (revoke != null) {
        return HookConfig.revoke(gateway.home(parent.env), revoke, parent.out, parent.err);
      }
      if (printConfig != null) {
        int port;
        try {
          port = gateway.port(parent.env);
        } catch (IllegalArgumentException e) {
          parent.err.println("gateway hook: " + e.getMessage());
          return EXIT_USAGE;
        }
        AgentConfig config =
            AgentConfig.forThisMachine(
                parent.env, gateway.homeNamed() ? gateway.home(parent.env) : null, port);
        return HookConfig.print(
            config,
            printConfig,
            client == null ? "claude" : client,
            gateway.home(parent.env),
            port,
            parent.out,
            parent.err);
      }
      spec.commandLine().usage(parent.err);
      return EXIT_USAGE;
    }

    /** What both agents' hooks take. */
    static final class HookOptions {
      @picocli.CommandLine.Mixin GatewayHomeOptions gateway;

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

      int run(Main main, io.github.providergateway.agent.hook.AgentKind agent) {
        // WARN unless GATEWAY_LOG_LEVEL says otherwise: an agent shows a hook's stderr, where its
        // one line says what decided; JUL's default would add a timestamped INFO line per call.
        StderrLogging.install(main.env);
        io.github.providergateway.agent.hook.HookAdapter.Settings settings;
        try {
          settings =
              new io.github.providergateway.agent.hook.HookAdapter.Settings(
                  gateway.home(main.env),
                  gateway.launchPort(main.env),
                  parseDuration(connectTimeout),
                  parseDuration(answerTimeout));
        } catch (IllegalArgumentException e) {
          // Still answer the agent: a hook that is misconfigured must not let calls through.
          main.err.println("gateway hook " + agent.word() + ": " + e.getMessage());
          settings = null;
        }
        PrintStream out = new PrintStream(main.out, true, StandardCharsets.UTF_8);
        // The home's guard (issue 44): it decides a call with no session, and when no gateway runs
        // its deny names its rule. A home that cannot be read has the defaults.
        io.github.providergateway.guard.Guard guard;
        try {
          guard =
              HomeGuard.forHome(
                      gateway.home(main.env),
                      main.env,
                      problem ->
                          main.err.println("gateway hook " + agent.word() + ": guard: " + problem))
                  .personal();
        } catch (IllegalArgumentException e) {
          guard =
              io.github.providergateway.guard.Guard.create(
                  io.github.providergateway.guard.GuardSettings.defaults(),
                  HomeGuard.environment(HomeDirectory.userHome(main.env), main.env));
        }
        return io.github.providergateway.agent.hook.HookAdapter.run(
            agent,
            main.in,
            out,
            main.err,
            settings,
            guard,
            ProjectConfig.startedForEverySession(gateway.home(main.env)));
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
      @picocli.CommandLine.ParentCommand private Hook hook;
      @picocli.CommandLine.Mixin private HookOptions options;

      @Override
      public Integer call() {
        return options.run(hook.parent, io.github.providergateway.agent.hook.AgentKind.CLAUDE);
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
      @picocli.CommandLine.ParentCommand private Hook hook;
      @picocli.CommandLine.Mixin private HookOptions options;

      @Override
      public Integer call() {
        return options.run(hook.parent, io.github.providergateway.agent.hook.AgentKind.COPILOT);
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
      @picocli.CommandLine.ParentCommand private Hook hook;
      @picocli.CommandLine.Mixin private HookOptions options;

      @Override
      public Integer call() {
        return options.run(hook.parent, io.github.providergateway.agent.hook.AgentKind.GEMINI);
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
      @picocli.CommandLine.ParentCommand private Hook hook;
      @picocli.CommandLine.Mixin private HookOptions options;

      @Override
      public Integer call() {
        return options.run(hook.parent, io.github.providergateway.agent.hook.AgentKind.CODEX);
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
      @picocli.CommandLine.ParentCommand private Hook hook;
      @picocli.CommandLine.Mixin private HookOptions options;

      @Override
      public Integer call() {
        return options.run(hook.parent, io.github.providergateway.agent.hook.AgentKind.CURSOR);
      }
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
