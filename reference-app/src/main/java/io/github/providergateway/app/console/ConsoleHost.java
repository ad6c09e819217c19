package io.github.providergateway.app.console;

import static io.github.providergateway.app.console.CommandFailed.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.ExitOnSignal;
import io.github.providergateway.app.cli.LineQueue;
import io.github.providergateway.app.home.ShellWords;
import io.github.providergateway.app.home.StartupException;
import io.github.providergateway.app.run.AppOptions;
import io.github.providergateway.app.run.FrontEnd;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.app.run.Version;
import io.github.providergateway.host.HeldGates;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientOptions;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.VisibleText;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The interactive console: a person plays the agent host. It starts a default session at once so a
 * provider can bind, shows what the gateway asks of the host as it happens (timeline logs, turns
 * providers start, tool registrations, providers coming and going), and reads one command per line
 * until {@code quit} or the end of input. Each command finishes before the next is read, so piped
 * scripts give ordered output.
 *
 * <p>On a terminal it edits lines with JLine ({@link ConsoleTerminal}: history, tab completion,
 * live lines above the prompt, Ctrl-C interrupting the running command). On anything else (a pipe,
 * a file, tests) it reads plain lines and prints no prompt, exactly as scripts expect.
 */
public final class ConsoleHost implements FrontEnd {

  private static final Duration STOP_DEADLINE = RpcHost.DEFAULT_DEADLINE;
  private static final Duration SIGNAL_DEADLINE = Duration.ofSeconds(2);

  /**
   * The port of sessions an attached console starts: the observer listener prints their lines. The
   * class-data training's session has it too: nobody reads what it is told.
   */
  static final SessionHost SILENT =
      new SessionHost() {
        @Override
        public void registerTools(String sessionId, List<HostTool> tools) {}

        @Override
        public void log(String sessionId, String source, String message) {}

        @Override
        public void send(String sessionId, String source, String prompt) {}
      };

  /** What a person presses on a terminal, for {@code help}. */
  private static final String TERMINAL_KEYS =
      String.join(
          "\n",
          "Keys: Tab completes commands, tools, sessions and streams; Up/Down recall earlier commands",
          "(kept in the home's "
              + ConsoleHistory.FILE
              + "); Ctrl-C interrupts the running command;"
              + " Ctrl-D stops, like 'quit'.");

  /** Where commands are read from without line editing. */
  private final InputStream in;

  /** Without line editing: whether a {@code > } goes out before each command. */
  private final boolean prompts;

  /** The terminal with line editing once open; completes with null without one. */
  private final CompletableFuture<ConsoleTerminal> terminal;

  private final ConsoleOut out;
  private final PrintStream err;
  private final ConsoleEvents events;

  /** Stream names for tab completion. */
  private final KnownStreams knownStreams = new KnownStreams();

  private final StreamWatches streams;

  /** Gates' questions to the person, on a gateway of this process; null when attached. */
  private volatile ConsoleQuestions questions;

  /** The command Ctrl-C interrupts. */
  private final RunningCommand command = new RunningCommand();

  /** The gateway once started; read by the signal hook. */
  private volatile RunningGateway running;

  /** With {@code attach}: the connection to a gateway running elsewhere; else null. */
  private volatile GatewayClient client;

  /** Set once the stop has been reported. */
  private final AtomicBoolean stopping = new AtomicBoolean();

  /**
   * The console on plain streams: lines in, lines out.
   *
   * @param prompts whether to print {@code > } before each command (a terminal without line
   *     editing)
   */
  ConsoleHost(InputStream in, OutputStream out, PrintStream err, boolean prompts) {
    this(in, prompts, CompletableFuture.completedFuture(null), new ConsoleOut(out), err);
  }

  /** The console on a terminal, with line editing. */
  ConsoleHost(ConsoleTerminal terminal, PrintStream err) {
    this(
        InputStream.nullInputStream(),
        false,
        CompletableFuture.completedFuture(terminal),
        new ConsoleOut(terminal.sink()),
        err);
  }

  private ConsoleHost(
      InputStream in,
      boolean prompts,
      CompletableFuture<ConsoleTerminal> terminal,
      ConsoleOut out,
      PrintStream err) {
    this.in = in;
    this.prompts = prompts;
    this.terminal = terminal;
    this.out = out;
    this.err = err;
    this.events = new ConsoleEvents(out);
    this.streams = new StreamWatches(out, knownStreams);
  }

  /**
   * The console {@code ./gateway} runs: with line editing on the process's terminal when {@code
   * onTerminal} (stdin and stdout are one), else on plain streams. The terminal opens while the
   * gateway starts (JLine takes a few hundred milliseconds): lines printed meanwhile go straight to
   * stdout, which is that terminal. Should JLine fail to drive it, the console reads plain lines
   * with a {@code > } prompt, as before JLine.
   */
  public static ConsoleHost create(
      InputStream in, OutputStream out, PrintStream err, boolean onTerminal) {
    if (!onTerminal) {
      return new ConsoleHost(in, out, err, false);
    }
    AtomicReference<ConsoleHost> host = new AtomicReference<>();
    CompletableFuture<ConsoleTerminal> opening =
        ConsoleTerminal.openSystem(() -> ExitOnSignal.stopAndExit(() -> host.get().stopOnSignal()))
            .exceptionally(
                e -> {
                  err.println(
                      "gateway: no line editing on this terminal ("
                          + CommandFailed.rootMessage(e)
                          + ")");
                  return null;
                });
    LineQueue.Sink stdout = ConsoleOut.streamSink(out);
    CompletableFuture<LineQueue.Sink> sink =
        opening.thenApply(opened -> opened != null ? opened.sink() : stdout);
    host.set(
        new ConsoleHost(
            in, true, opening, new ConsoleOut(ConsoleOut.switching(stdout, sink)), err));
    return host.get();
  }

  @Override
  public int run(AppOptions options) {
    try {
      running = RunningGateway.start(options, events);
    } catch (StartupException e) {
      err.println("gateway: " + e.getMessage());
      finish();
      return ExitCodes.START_FAILED;
    }
    HostApi api = running.gateway();
    // The person at this console answers gates' questions (extension gate.ask) for every session.
    questions = new ConsoleQuestions(out, api);
    running.gateway().asks().add(questions);
    SessionHost host = knownStreams.recording(events);
    ConsoleSessions sessions = new ConsoleSessions(out, api, host);
    streams.start(api, sessions);
    banner(options);
    try {
      SessionInfo session =
          await(api.startSession(SessionSpec.of("console", System.getProperty("user.dir")), host));
      sessions.makeCurrent(session.id());
      sessions.startedHere(session.id());
      out.say(
          "Session " + session.id() + " (\"console\") started, so a provider can bind to it now.");
    } catch (CommandFailed e) {
      out.say("Could not start the default session: " + e.getMessage());
    }
    out.say("Type 'help' for commands; 'quit' or end of input stops the gateway.");
    Duration deadline = serveUntilStopped(api, sessions, options.home());
    List<SessionInfo> agents = agentsAttached(api, sessions);
    stop(deadline);
    sayTheGuardIsDown(agents, options.home());
    finish();
    return ExitCodes.OK;
  }

  /**
   * {@code gateway attach}: the console on the gateway already running for {@code home}. It
   * observes every session's timeline and may drive any of them; sessions it starts end when it
   * quits, the gateway and the others stay. It follows the gateway through a restart.
   */
  public int attach(Path home, int port) {
    try {
      client =
          GatewayClient.connect(
              home,
              port,
              GatewayClientOptions.builder()
                  .observer(true)
                  .listener(new AttachedEvents(out, events))
                  .build());
    } catch (IOException e) {
      err.println("gateway attach: " + e.getMessage());
      finish();
      return ExitCodes.START_FAILED;
    }
    HostApi api = client;
    ConsoleSessions sessions = new ConsoleSessions(out, api, knownStreams.recording(SILENT));
    streams.start(api, sessions);
    out.say("Provider gateway " + Version.text() + ": attached to the gateway for " + home);
    try {
      List<SessionInfo> existing = await(api.sessions());
      if (existing.isEmpty()) {
        out.say("It has no sessions; 'start [label]' makes one (it ends when you quit).");
      } else {
        sessions.makeCurrent(existing.get(0).id());
        sessions.list();
        out.say("Current session: " + sessions.current() + " ('use <session>' picks another).");
      }
    } catch (CommandFailed e) {
      out.say("Could not list its sessions: " + e.getMessage());
    }
    out.say(
        "Type 'help' for commands; 'quit' or end of input detaches and leaves the gateway running.");
    serve(api, sessions, home);
    stop(STOP_DEADLINE);
    finish();
    return ExitCodes.OK;
  }

  /**
   * The audit trail the console reads: this process's gateway's own, or the attached gateway's over
   * the host protocol.
   */
  private AuditCommands.Source auditSource(HostApi api) {
    if (api instanceof GatewayClient attached) {
      return attached::auditQuery;
    }
    RunningGateway local = running;
    return filter ->
        CompletableFuture.completedFuture(
            local.decisions().query(filter).stream()
                .map(d -> (JsonNode) local.decisionJson(d))
                .toList());
  }

  /** The status page's links: this process's gateway's own, or the attached gateway's. */
  private Supplier<CompletableFuture<URI>> statusLinks(HostApi api) {
    if (api instanceof GatewayClient attached) {
      return attached::statusLink;
    }
    RunningGateway local = running;
    return () -> CompletableFuture.completedFuture(local.statusLink());
  }

  /**
   * {@code reload}: this process's gateway's own config, or the attached gateway's over {@code
   * providers.reload} (whose entry names this console does not know, so it completes none).
   */
  private ReloadCommands reloads(HostApi api) {
    if (api instanceof GatewayClient attached) {
      return new ReloadCommands(out, attached::reloadProviders, List::of);
    }
    RunningGateway local = running;
    return new ReloadCommands(out, local::reload, local::configEntries);
  }

  /**
   * {@code gates}: this process's gateway's held gates, or the attached gateway's over {@code
   * gates.held} and {@code gates.release}.
   */
  private GateCommands gates(HostApi api) {
    HeldGates held =
        api instanceof GatewayClient attached ? GateCommands.of(attached) : running.heldGates();
    return new GateCommands(
        out::say, held, "gates release", Path.of(System.getProperty("user.dir")));
  }

  /**
   * Serves commands until {@code quit} or the end of input, or until {@code gateway stop} asks this
   * gateway to stop (issue 77: it stops a console's gateway as {@code quit} does); returns the
   * goodbye deadline. The commands are read on a thread of their own, since a read waits for the
   * person and nothing ends it: on a stop asked from outside that thread is interrupted and left to
   * the process's exit.
   */
  private Duration serveUntilStopped(HostApi api, ConsoleSessions sessions, Path home) {
    CompletableFuture<Duration> ended = new CompletableFuture<>();
    Thread reader =
        DaemonThreads.start(
            "console-commands",
            () -> {
              try {
                serve(api, sessions, home);
                ended.complete(STOP_DEADLINE);
              } catch (RuntimeException | Error e) {
                ended.completeExceptionally(e);
              }
            });
    running
        .stopRequested()
        .thenAccept(
            deadline -> {
              if (ended.complete(deadline)) {
                out.say("'gateway stop' asked this gateway to stop: stopping, as 'quit' does.");
                ConsoleTerminal editor = terminal.getNow(null);
                if (editor != null) {
                  editor.stopReading();
                }
                reader.interrupt();
              }
            });
    try {
      return ended.join();
    } catch (java.util.concurrent.CompletionException e) {
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw (RuntimeException) e.getCause();
    }
  }

  private void serve(HostApi api, ConsoleSessions sessions, Path home) {
    ReloadCommands reloads = reloads(api);
    GateCommands gates = gates(api);
    CommandInput input;
    String help = ConsoleCommand.help();
    ConsoleTerminal editor = terminal.join();
    if (editor == null) {
      input = CommandInput.lines(in, out, prompts);
    } else {
      input =
          editor.commands(
              historyFile(home),
              new ConsoleCompleter(
                  api, sessions, knownStreams, streams, reloads::entries, gates::providers),
              command,
              out);
      help += "\n" + TERMINAL_KEYS;
    }
    ConsoleQuestions asked = questions;
    ToolCommands tools =
        asked == null
            ? new ToolCommands(out, api, sessions)
            : new ToolCommands(
                out,
                api,
                sessions,
                new ToolCommands.Waiting() {
                  @Override
                  public <T> T await(CompletableFuture<T> future) {
                    return asked.await(future, input);
                  }
                });
    new CommandLoop(
            input,
            out,
            err,
            sessions,
            tools,
            new AuditCommands(out, auditSource(api), statusLinks(api)),
            reloads,
            gates,
            streams,
            asked == null ? new ConsoleQuestions(out, api) : asked,
            command,
            help,
            STOP_DEADLINE)
        .serve();
  }

  /** The history file in {@code home}, or null (and a word why) when it cannot be used. */
  private Path historyFile(Path home) {
    try {
      return ConsoleHistory.prepare(home);
    } catch (IOException e) {
      out.say("(Commands are not kept for the next run: " + e.getMessage() + ")");
      return null;
    }
  }

  /** Prints what is left, then gives the terminal back as it was. */
  private void finish() {
    out.finish();
    ConsoleTerminal editor = terminal.join();
    if (editor != null) {
      editor.close();
    }
  }

  @Override
  public void stopOnSignal() {
    if (running != null || client != null) {
      stop(SIGNAL_DEADLINE);
    }
  }

  /** The sessions other hosts (agents' {@code gateway mcp}) opened on this console's gateway. */
  private static List<SessionInfo> agentsAttached(HostApi api, ConsoleSessions sessions) {
    try {
      return api.sessions().get(5, java.util.concurrent.TimeUnit.SECONDS).stream()
          .filter(s -> !sessions.isOwn(s.id()) && s.openedByTokenHolder())
          .toList();
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      return List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return List.of();
    }
  }

  /**
   * Stopping with agents attached leaves their hooks without a gateway: every call they make is
   * denied until one runs again (architecture, decision 61). Said out loud, with how it ends.
   */
  private void sayTheGuardIsDown(List<SessionInfo> agents, java.nio.file.Path home) {
    if (agents.isEmpty()) {
      return;
    }
    List<String> named =
        agents.stream()
            .map(
                s ->
                    VisibleText.escape(ConsoleText.orDash(s.label()))
                        + " in "
                        + VisibleText.escape(ConsoleText.orDash(s.cwd())))
            .toList();
    out.say(
        "The guard is down for "
            + String.join(", ", named)
            + ": until a gateway runs for "
            + home
            + " their command hooks deny what their providers' gates concern and leave the rest to"
            + " the built-in guard (an HTTP hook blocks every call), and their gates stay held"
            + " until their providers are back. Their gateway mcp"
            + " starts the home's gateway by itself within seconds; to keep one running, start it"
            + " with --detached, or 'gateway service install'.");
  }

  private void stop(Duration deadline) {
    streams.cancelAll();
    if (client != null) {
      if (stopping.compareAndSet(false, true)) {
        client.close(); // ends only the sessions started here
        streams.closeTimer();
        out.say("Detached; the gateway keeps running.");
      }
      return;
    }
    // Safe twice (end of input, then the hook System.exit runs): a second caller waits for the
    // first stop to finish, so the JVM never halts half-way through it.
    running.stop(deadline);
    if (stopping.compareAndSet(false, true)) {
      streams.closeTimer();
      out.say("Gateway stopped; token file removed.");
    }
  }

  private void banner(AppOptions options) {
    String token = ShellWords.quote(running.tokenFile().toString());
    out.say("Provider gateway " + Version.text());
    out.say("  listening on  " + running.url());
    out.say("  token file    " + running.tokenFile());
    out.say("  home          " + options.home());
    if (options.record() != null) {
      out.say(
          "  home settings "
              + RunningGateway.describe(options.record())
              + ": every start of this home's gateway uses them now ("
              + options.home().resolve(io.github.providergateway.host.client.HomeSettings.FILE)
              + ")");
    }
    out.say("  status page   type 'status' for a one-time link");
    if (options.config() != null) {
      out.say("  config        " + options.config());
      if (options.watch()) {
        out.say(
            "  watching      the config and its providers' files: a change reloads what it concerns");
      }
      for (String problem : running.configProblems()) {
        out.say("  config problem (entry not started): " + problem);
      }
    }
    out.say("");
    out.say(
        "Connect a provider from another terminal, for example this repository's Node example:");
    out.say("  export TAP_PROVIDER_TOKEN=$(cat " + token + ")");
    out.say("  export TAP_GATEWAY_URL=" + running.url());
    out.say("  node examples/node/provider.mjs        # or: python3 examples/python/provider.py");
    out.say("");
  }
}
