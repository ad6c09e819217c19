package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.guard.GuardFactory;
import io.github.providergateway.agent.guard.GuardJudge;
import io.github.providergateway.agent.guard.SessionFlows;
import io.github.providergateway.agent.internal.UserHome;
import io.github.providergateway.agent.mcp.ProjectRoot;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayClientOptions;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.UnverifiedGatewayException;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SystemScheduler;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.loop.base.UnsafeFileException;
import io.github.providergateway.protocol.ProjectScope;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code gateway hook claude|copilot|gemini|codex|cursor}: answers one pre-tool-use hook call of a
 * coding agent, in that agent's own dialect ({@link AgentKind}), with what the gateway's providers
 * decide, so their {@code onPreToolUse} rules and gates hold for the agent's own tools too
 * (docs/agents.md).
 *
 * <p>It reads the agent's JSON on stdin, maps the tool ({@link ToolMapping}), finds the gateway
 * session of the agent's working directory ({@link HookSessionChoice}: among sessions holders of
 * the gateway token opened) and asks the gateway's {@code preToolUse}. No such session: nothing to
 * check, allowed. No gateway at all (no token file, the port refuses, which is known at once, or no
 * connection within {@link Settings#connectTimeout}), or what answers on its port cannot prove it
 * holds the home's token ({@code host.challenge}; it is shown neither the token nor the call): the
 * gateway's last {@link HookGateRecord} decides, each matching gate by its own setting: fail closed
 * denies, fail open allows. A gateway that accepted the connection but has not decided within
 * {@link Settings#answerTimeout} is denied: it is there, stuck, and may hold rules the record does
 * not. Stderr always says which path decided.
 *
 * <p>The launcher runs this JVM only when no gateway answers on the home's Unix socket ({@link
 * HookSocket}): while one runs, a shell script asks it there, and no JVM starts.
 *
 * <p>The guard (issue 44, docs/guard.md) decides here too: a call with no session meets it first,
 * as in the gateway ({@link HookDecisions}), and with no gateway at all its deny names its rule
 * ({@code rm -rf /} is refused by {@code fs.delete-root}, not only because the gateway is down);
 * the call is denied either way.
 *
 * <p>It never fails open by accident: malformed input, an unreadable record, a token file or record
 * another user could have written ({@link io.github.providergateway.loop.base.SafeFiles}) and any
 * unexpected error answer an explicit deny: exit code 0 with the deny printed for agents that read
 * it (Claude Code, Copilot CLI, Cursor), exit code 2 with the reason on stderr for those that block
 * on it (Gemini CLI, Codex).
 */
public final class HookAdapter {

  /**
   * The longest the adapter waits for a gateway that holds the home but does not listen yet (one an
   * agent's {@code gateway mcp} is starting, a restart after a crash): a JVM's start and the
   * gateway's, on a busy machine.
   */
  static final Duration STARTING_WAIT = Duration.ofSeconds(5);

  /** How often it looks whether that gateway listens. */
  private static final Duration STARTING_POLL = Duration.ofMillis(100);

  /**
   * The stack of the adapter's threads: a regex that recurses once a character decides here as on
   * the gateway's deep stack (RegexGuard), whatever the JIT has compiled; reserved, not committed.
   */
  private static final long WORKER_STACK_BYTES = 256L << 20;

  /**
   * Where the gateway is and how long to wait for it.
   *
   * @param home the gateway's home (its token, {@code gateway.port} and {@link HookGateRecord})
   * @param port the port when {@code <home>/gateway.port} does not say
   * @param connectTimeout how long to try to connect before counting the gateway as not running; a
   *     port that refuses counts at once
   * @param answerTimeout how long a gateway that accepted the connection has to decide: a gate may
   *     take the gateway's 5 s gate timeout, and several gates run one after another. Past it the
   *     call is denied (a gateway is there but stuck), never left to the record
   */
  public record Settings(Path home, int port, Duration connectTimeout, Duration answerTimeout) {
    /**
     * 1 s to connect: a running gateway on loopback accepts in microseconds, a dead port refuses at
     * once.
     */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(1);

    /**
     * Two gates' 5 s timeouts: the hook should be installed with a timeout above 10 s plus the
     * JVM's start.
     */
    public static final Duration DEFAULT_ANSWER_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Checks the settings.
     *
     * @param home the gateway's home
     * @param port the port when {@code <home>/gateway.port} does not say
     * @param connectTimeout how long to try to connect
     * @param answerTimeout how long to wait for the decision once connected
     * @throws NullPointerException when {@code home} or either timeout is null
     */
    public Settings {
      requireNonNull(home, "home");
      requireNonNull(connectTimeout, "connectTimeout");
      requireNonNull(answerTimeout, "answerTimeout");
    }

    /**
     * The default timeouts, for the gateway of {@code home}.
     *
     * @param home the gateway's home
     * @param port the port when {@code <home>/gateway.port} does not say
     * @return settings with {@link #DEFAULT_CONNECT_TIMEOUT} and {@link #DEFAULT_ANSWER_TIMEOUT}
     */
    public static Settings of(Path home, int port) {
      return new Settings(home, port, DEFAULT_CONNECT_TIMEOUT, DEFAULT_ANSWER_TIMEOUT);
    }
  }

  /** The gateway cannot be asked; the message says why. */
  private static final class Unreachable extends Exception {
    private static final long serialVersionUID = 1L;

    Unreachable(String message) {
      super(message, null, false, false);
    }
  }

  /** A gateway accepted the connection but did not answer within the answer budget: denies. */
  private static final class Stuck extends Exception {
    private static final long serialVersionUID = 1L;

    Stuck(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * The home's token file is one another user could have written: nothing it leads to can be
   * believed, and since the home is not the user's alone, neither can its record. Denies.
   */
  private static final class Untrusted extends Exception {
    private static final long serialVersionUID = 1L;

    Untrusted(UnsafeFileException cause) {
      super(cause.getMessage(), cause, false, false);
    }
  }

  private final AgentKind agent;
  private final Settings settings;
  private final PrintStream err;

  /** The home's guard, for a call with no session and for the offline path. */
  private final Guard guard;

  /** Times the waits: for a starting gateway, and for a call's session to join. */
  private final SystemScheduler scheduler = new SystemScheduler();

  /** The command that runs the gateway, as the person would type it. */
  private final String launcher = GatewayDown.launcher();

  private final ExecutorService workers =
      Executors.newCachedThreadPool(DaemonThreads.factory("gateway-hook", WORKER_STACK_BYTES));

  /**
   * The entries of the home's configuration that start a provider for every session, or null when
   * not known: with no gateway, a call the guard allows is allowed only when each of them has left
   * its gates in the home's record (decision 76).
   */
  private final Set<String> configured;

  /** What this call decided with no gateway to ask, for the keeper; null otherwise. */
  private volatile OfflineDecision offline;

  /** The guard's rule that denied with no gateway to ask, or null. */
  private volatile String offlineRule;

  private HookAdapter(
      AgentKind agent, Settings settings, PrintStream err, Guard guard, Set<String> configured) {
    this.agent = agent;
    this.settings = settings;
    this.err = err;
    this.guard = guard;
    this.configured = configured == null ? null : Set.copyOf(configured);
  }

  /**
   * As {@link #run(AgentKind, InputStream, PrintStream, PrintStream, Settings, Guard)} with the
   * guard of the standard preset ({@link GuardSettings#defaults}).
   *
   * @param agent whose hook protocol {@code in} and {@code out} speak
   * @param in the agent's hook call, one JSON object, read to its end
   * @param out where the answer goes, in the agent's format
   * @param err where the reason for the answer goes, for a person reading the agent's log
   * @param settings where the gateway is; null when the command line was wrong, which denies
   * @return the exit code: 0, the answer itself saying allow or deny; 2 for a deny of an agent that
   *     reads denials from the exit code and stderr (Gemini CLI, Codex: {@link AgentKind#exitCode})
   */
  public static int run(
      AgentKind agent, InputStream in, PrintStream out, PrintStream err, Settings settings) {
    return run(
        agent,
        in,
        out,
        err,
        settings,
        GuardFactory.defaults(settings == null ? UserHome.get() : settings.home()));
  }

  /**
   * Answers the one hook call on {@code in}: its answer on {@code out}, what decided it on {@code
   * err}.
   *
   * @param agent whose hook protocol {@code in} and {@code out} speak
   * @param in the agent's hook call, one JSON object, read to its end
   * @param out where the answer goes, in the agent's format
   * @param err where the reason for the answer goes, for a person reading the agent's log
   * @param settings where the gateway is; null when the command line was wrong, which denies
   * @param guard the home's guard (its person's settings): decides a call with no session first,
   *     and names its rule when no gateway runs
   * @return the exit code: 0, the answer itself saying allow or deny; 2 for a deny of an agent that
   *     reads denials from the exit code and stderr (Gemini CLI, Codex: {@link AgentKind#exitCode})
   */
  public static int run(
      AgentKind agent,
      InputStream in,
      PrintStream out,
      PrintStream err,
      Settings settings,
      Guard guard) {
    return run(agent, in, out, err, settings, guard, null);
  }

  /**
   * As {@link #run(AgentKind, InputStream, PrintStream, PrintStream, Settings, Guard)}, knowing the
   * home's configuration: with no gateway answering, the guard decides a call no recorded gate
   * concerns, once every provider of {@code configured} has left its gates in the home's record
   * (decision 76); with {@code configured} null, every call is denied then, as decision 61 says.
   *
   * @param agent whose hook protocol {@code in} and {@code out} speak
   * @param in the agent's hook call, one JSON object, read to its end
   * @param out where the answer goes, in the agent's format
   * @param err where the reason for the answer goes, for a person reading the agent's log
   * @param settings where the gateway is; null when the command line was wrong, which denies
   * @param guard the home's guard (its person's settings)
   * @param configured the names of the configuration's entries that start a provider for every
   *     session; null when not known
   * @return the exit code, as {@link #run(AgentKind, InputStream, PrintStream, PrintStream,
   *     Settings, Guard)} says
   */
  public static int run(
      AgentKind agent,
      InputStream in,
      PrintStream out,
      PrintStream err,
      Settings settings,
      Guard guard,
      Set<String> configured) {
    requireNonNull(guard, "guard");
    return answerOf(agent, in, err, settings, guard, configured).print(out, err);
  }

  /**
   * As {@link #run(AgentKind, InputStream, PrintStream, PrintStream, Settings, Guard, Set)}, within
   * {@code bound} (issue 76): whatever it waits on (the agent's input, the gateway's port, its
   * answer, the home's record), it answers by the bound, a deny naming it when it has not decided
   * by then, so that the agent reads an answer before its own hook timeout. Exactly one answer is
   * printed.
   *
   * @param agent whose hook protocol {@code in} and {@code out} speak
   * @param in the agent's hook call, one JSON object, read to its end
   * @param out where the answer goes, in the agent's format
   * @param err where the reason for the answer goes, for a person reading the agent's log
   * @param settings where the gateway is; null when the command line was wrong, which denies
   * @param guard the home's guard (its person's settings)
   * @param configured the names of the configuration's entries that start a provider for every
   *     session; null when not known
   * @param bound when the answer is due
   * @return the exit code, as {@link #run(AgentKind, InputStream, PrintStream, PrintStream,
   *     Settings, Guard)} says
   */
  public static int run(
      AgentKind agent,
      InputStream in,
      PrintStream out,
      PrintStream err,
      Settings settings,
      Guard guard,
      Set<String> configured,
      HookBound bound) {
    return run(agent, in, out, err, settings, guard, configured, bound, null);
  }

  /**
   * As {@link #run(AgentKind, InputStream, PrintStream, PrintStream, Settings, Guard, Set,
   * HookBound)}, handing what it decided with no gateway to ask to {@code keeper} once the answer
   * is printed (issue 78: those decisions were in no record). A keeper that throws changes nothing
   * of the answer.
   *
   * @param agent whose hook protocol {@code in} and {@code out} speak
   * @param in the agent's hook call, one JSON object, read to its end
   * @param out where the answer goes, in the agent's format
   * @param err where the reason for the answer goes
   * @param settings where the gateway is; null when the command line was wrong, which denies
   * @param guard the home's guard (its person's settings)
   * @param configured the names of the configuration's entries that start a provider for every
   *     session; null when not known
   * @param bound when the answer is due
   * @param keeper where a decision taken with no gateway goes; null to keep none
   * @return the exit code, as {@link #run(AgentKind, InputStream, PrintStream, PrintStream,
   *     Settings, Guard)} says
   */
  public static int run(
      AgentKind agent,
      InputStream in,
      PrintStream out,
      PrintStream err,
      Settings settings,
      Guard guard,
      Set<String> configured,
      HookBound bound,
      OfflineDecision.Keeper keeper) {
    requireNonNull(guard, "guard");
    requireNonNull(bound, "bound");
    // One answer, whichever comes first: the decision, or the bound's deny. The decision prints
    // nothing itself.
    CompletableFuture<Answer> answer = new CompletableFuture<>();
    Thread decider =
        DaemonThreads.start(
            "gateway-hook-decide",
            () -> {
              try {
                answer.complete(answerOf(agent, in, err, settings, guard, configured));
              } catch (RuntimeException | Error e) {
                answer.complete(Answer.of(agent, failed(e)));
              }
            });
    // Fail closed: at the bound, a deny that names it (spec: the hook's own bound, issue 76).
    Scheduler.Cancellable timer =
        bound
            .scheduler()
            .schedule(
                bound.left(),
                () ->
                    answer.complete(
                        Answer.of(agent, HookVerdict.deny(bound.reason(), bound.reason()))));
    Answer chosen;
    try {
      chosen = answer.get();
    } catch (InterruptedException e) {
      // The hook's own thread interrupted (its process shutting down, an embedder cancelling it):
      // a deny, never what the decision may still say.
      Thread.currentThread().interrupt();
      decider.interrupt();
      answer.complete(
          Answer.of(
              agent,
              HookVerdict.deny(
                  "interrupted while asking the provider gateway; denied", "interrupted, denied")));
      chosen = answer.join();
    } catch (ExecutionException e) {
      chosen = Answer.of(agent, failed(e.getCause())); // never: completed with answers only
    }
    timer.cancel();
    int exit = chosen.print(out, err);
    if (keeper != null && chosen.offline() != null) {
      try {
        keeper.keep(chosen.offline());
      } catch (RuntimeException e) {
        err.println("gateway hook " + agent.word() + ": the decision was not kept: " + e);
      }
    }
    return exit;
  }

  /**
   * What the hook prints: its line on stdout, its line on stderr, its exit code; and what it
   * decided with no gateway to ask, to keep once printed (null otherwise).
   */
  private record Answer(String stdout, String stderr, int exitCode, OfflineDecision offline) {
    static Answer of(AgentKind agent, HookVerdict verdict) {
      return new Answer(
          agent.answer(verdict), agent.stderr(verdict), agent.exitCode(verdict), null);
    }

    Answer decidedOffline(OfflineDecision decision) {
      return new Answer(stdout, stderr, exitCode, decision);
    }

    int print(PrintStream out, PrintStream err) {
      out.println(stdout);
      out.flush();
      err.println(stderr);
      err.flush();
      return exitCode;
    }
  }

  /** The deny for whatever went wrong in deciding. */
  private static HookVerdict failed(Throwable e) {
    // Fail closed: whatever went wrong, the agent reads a deny (Claude Code runs the tool after
    // any exit code but 0 and 2, so crashing is not an option).
    return HookVerdict.deny(
        "provider gateway hook failed (" + e + "); denied because it could not check the call",
        "unexpected error, denied: " + e);
  }

  /** Decides the one hook call on {@code in}; what decided it goes to {@code err} as it happens. */
  private static Answer answerOf(
      AgentKind agent,
      InputStream in,
      PrintStream err,
      Settings settings,
      Guard guard,
      Set<String> configured) {
    byte[] bytes = null;
    try {
      bytes = in.readNBytes(HookRequests.MAX_INPUT_BYTES + 1);
    } catch (IOException | RuntimeException e) {
      // decide() reads what is left, fails the same way, and denies (fail closed).
    }
    if (bytes != null && HookRequests.afterTool(bytes)) {
      // An after-tool hook reports a call that ran; only a gateway keeps what sessions have seen.
      return new Answer(
          "{}",
          "gateway hook "
              + agent.word()
              + ": after-tool report not kept: no gateway runs (the flow rules start from what the"
              + " next gateway sees)",
          0,
          null);
    }
    if (bytes != null) {
      in = new java.io.ByteArrayInputStream(bytes);
    }
    HookAdapter adapter = new HookAdapter(agent, settings, err, guard, configured);
    HookVerdict verdict;
    try {
      verdict =
          settings == null
              ? HookVerdict.deny(
                  "provider gateway hook is misconfigured (see its stderr); denied",
                  "bad command line, denied")
              : adapter.decide(in);
    } catch (RuntimeException | Error e) {
      verdict = failed(e);
    } finally {
      adapter.workers.shutdownNow();
      adapter.scheduler.close();
    }
    return Answer.of(agent, verdict).decidedOffline(adapter.offline);
  }

  private HookVerdict decide(InputStream in) {
    HookRequests.Read read;
    try {
      read = HookRequests.read(agent, in.readNBytes(HookRequests.MAX_INPUT_BYTES + 1));
    } catch (IOException e) {
      return HookVerdict.deny(
          "provider gateway hook could not read the "
              + agent.word()
              + " hook input ("
              + e.getMessage()
              + "); denied",
          "unreadable input, denied: " + e.getMessage());
    }
    if (read.refusal() != null) {
      return read.refusal();
    }
    HookRequest request = read.request();
    Attempt attempt = askOnce(request);
    if (attempt.down() != null && GatewayDown.starting(settings.home())) {
      // A gateway holds the home and does not listen yet (an agent's gateway mcp starting it, a
      // restart after a crash): wait for it, boundedly, rather than deny what it may allow.
      if (awaitListening(STARTING_WAIT)) {
        attempt = askOnce(request);
      }
    }
    HookVerdict verdict =
        attempt.down() != null ? down(request, attempt.down()) : attempt.verdict();
    HookVerdict fitted = agent.fit(verdict, request);
    if (attempt.down() != null) {
      offline =
          new OfflineDecision(
              agent,
              request.tool(),
              fitted.allowed(),
              fitted.reason() != null ? fitted.reason() : String.valueOf(fitted.note()),
              offlineRule);
    }
    return fitted;
  }

  /** What one try to ask the gateway gave: its verdict, or why no gateway could be asked. */
  private record Attempt(HookVerdict verdict, String down) {}

  private Attempt askOnce(HookRequest request) {
    CompletableFuture<HookVerdict> online = new CompletableFuture<>();
    workers.execute(() -> ask(request, online));
    // The connect is bounded by its own timeout inside ask(); this bounds the rest.
    Duration limit = settings.connectTimeout().plus(settings.answerTimeout());
    try {
      return new Attempt(online.get(limit.toMillis(), TimeUnit.MILLISECONDS), null);
    } catch (TimeoutException e) {
      return new Attempt(
          stuck(
              "provider gateway accepted the connection but did not decide within "
                  + seconds(settings.answerTimeout())),
          null);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Untrusted untrusted) {
        return new Attempt(
            HookVerdict.deny(
                "provider gateway hook refused its gateway's token file: "
                    + untrusted.getMessage()
                    + "; denied",
                "token file refused, denied (fail closed): " + untrusted.getMessage()),
            null);
      }
      if (cause instanceof Stuck stuck) {
        return new Attempt(stuck(stuck.getMessage()), null);
      }
      if (cause instanceof Unreachable down) {
        return new Attempt(null, down.getMessage());
      }
      if (cause instanceof UnsafeFileException unsafe) {
        return new Attempt(
            HookVerdict.deny(
                "provider gateway hook refused the home's record of gates: "
                    + unsafe.getMessage()
                    + "; denied",
                "record refused, denied (fail closed): " + unsafe.getMessage()),
            null);
      }
      return new Attempt(
          HookVerdict.deny(
              "provider gateway failed (" + cause + "); denied",
              "gateway failed, denied: " + cause),
          null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Attempt(
          HookVerdict.deny(
              "interrupted while asking the provider gateway; denied", "interrupted, denied"),
          null);
    }
  }

  /**
   * Whether the home's gateway is there within {@code limit} (its token file published, its port
   * accepting), looking every 100 ms.
   */
  private boolean awaitListening(Duration limit) {
    CompletableFuture<Boolean> listening = new CompletableFuture<>();
    scheduler.schedule(limit, () -> listening.complete(false));
    poll(listening);
    try {
      return listening.get(limit.plusSeconds(1).toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException | TimeoutException e) {
      return false;
    }
  }

  private void poll(CompletableFuture<Boolean> listening) {
    if (listening.isDone()) {
      return;
    }
    try {
      // Its token file is published once it listens (decision 14): without one it is not there yet.
      if (Files.notExists(
          settings.home().resolve(GatewayHome.TOKEN_FILE), LinkOption.NOFOLLOW_LINKS)) {
        throw new Unreachable("no token file yet");
      }
      probe(settings.home());
      listening.complete(true);
    } catch (Stuck stuck) {
      listening.complete(true); // something listens: asking will tell
    } catch (Unreachable notYet) {
      scheduler.schedule(STARTING_POLL, () -> workers.execute(() -> poll(listening)));
    }
  }

  /**
   * A gateway is there but does not answer (stopped, swapping, a gate's provider hanging past every
   * timeout): denied. The record is only for "no gateway at all": a gateway that holds its port may
   * still have rules the record does not (issue 33).
   */
  private static HookVerdict stuck(String why) {
    return HookVerdict.deny(why + "; denied (fail closed)", why + "; denied (fail closed)");
  }

  // ---- the gateway ----

  private void ask(HookRequest request, CompletableFuture<HookVerdict> verdict) {
    GatewayClient client;
    try {
      client = connect();
    } catch (Unreachable | Untrusted | Stuck e) {
      verdict.completeExceptionally(e);
      return;
    }
    try {
      HomeGates.View held = HomeGates.View.of(HookGateRecord.read(settings.home()));
      HookDecisions.Context context =
          new HookDecisions.Context(
              () -> held,
              scheduler,
              Clock.systemUTC(),
              UserHome.get(),
              decision -> {},
              () -> guard);
      verdict.complete(HookDecisions.decide(client, request, agent, context).join());
    } catch (IOException e) {
      verdict.completeExceptionally(e);
    } catch (CompletionException e) {
      verdict.completeExceptionally(e.getCause());
    } finally {
      try {
        workers.execute(client::close); // after the answer: closing must not delay it
      } catch (RejectedExecutionException exiting) {
        // the answer is out and the process is ending: the socket goes with it
      }
    }
  }

  private GatewayClient connect() throws Unreachable, Untrusted, Stuck {
    Path home = settings.home();
    // Not isRegularFile, which follows a link: a link at the token file's name is refused, not
    // missed.
    if (Files.notExists(home.resolve(GatewayHome.TOKEN_FILE), LinkOption.NOFOLLOW_LINKS)) {
      throw new Unreachable("provider gateway not running (no token file in " + home + ")");
    }
    int port = probe(home);
    // Something listens: from here on, silence is a stuck gateway, not a missing one.
    GatewayClientOptions options =
        GatewayClientOptions.builder().connectTimeout(settings.answerTimeout()).build();
    CompletableFuture<GatewayClient> connecting = new CompletableFuture<>();
    workers.execute(
        () -> {
          try {
            connecting.complete(GatewayClient.connect(home, port, options));
          } catch (IOException | RuntimeException e) {
            connecting.completeExceptionally(e);
          }
        });
    try {
      return connecting.get(settings.answerTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      // A connection made after all is nobody's: close it.
      connecting.thenAccept(GatewayClient::close);
      throw new Stuck(
          "provider gateway on port "
              + port
              + " accepted the connection but did not answer within "
              + seconds(settings.answerTimeout())
              + " (is it stopped?)");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnsafeFileException unsafe) {
        throw new Untrusted(unsafe);
      }
      if (e.getCause() instanceof UnverifiedGatewayException impostor) {
        // Whatever answers on the port could not prove it holds the home's token: not believed,
        // and not shown the token or the call. Its gateway is as good as not running.
        throw new Unreachable("provider gateway not reachable: " + impostor.getMessage());
      }
      if (refused(e.getCause())) {
        // Gone between the probe and the connection: no gateway after all.
        throw new Unreachable(
            "provider gateway not running (port " + port + ": Connection refused)");
      }
      // Something listens and did not let us in (a handshake pushed out, a token refused): it is
      // there, so the record, which may lack its rules, does not decide.
      throw new Stuck(
          "provider gateway on port "
              + port
              + " accepted the connection but could not be asked ("
              + e.getCause().getMessage()
              + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Unreachable("interrupted while connecting to the provider gateway");
    }
  }

  /**
   * The gateway's port, once something accepts a TCP connection there. A port that refuses is a
   * gateway that is not running, known at once (a dead gateway's port refuses in microseconds,
   * where waiting out the connect timeout cost every call a second: issue 33).
   */
  private int probe(Path home) throws Unreachable, Stuck {
    int port;
    try {
      port = GatewayHome.port(home, settings.port());
    } catch (IOException e) {
      throw new Unreachable("provider gateway not running (" + e.getMessage() + ")");
    }
    try (Socket socket = new Socket()) {
      socket.connect(
          new InetSocketAddress(InetAddress.getLoopbackAddress(), port),
          (int) Math.max(1, settings.connectTimeout().toMillis()));
      return port;
    } catch (ConnectException e) {
      throw new Unreachable("provider gateway not running (port " + port + ": Connection refused)");
    } catch (SocketTimeoutException e) {
      // On loopback a connect that neither succeeds nor is refused meets a full accept queue: a
      // listener that is there and not accepting.
      throw new Stuck(
          "provider gateway on port "
              + port
              + " did not accept a connection within "
              + seconds(settings.connectTimeout())
              + " (is it stopped?)");
    } catch (IOException e) {
      throw new Unreachable(
          "provider gateway not running (port " + port + ": " + e.getMessage() + ")");
    }
  }

  /** Whether {@code failure} (or what caused it) is a refused TCP connection. */
  private static boolean refused(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof ConnectException) {
        return true;
      }
    }
    return false;
  }

  // ---- no gateway ----

  /**
   * No gateway answers ({@code cause}). A gate the home's record holds that concerns the call
   * denies it (it cannot be checked); the guard's deny or question answers it; a configured
   * provider whose gates the record does not know yet denies it; and what is left, the guard allows
   * (decision 76, amending 61): the first call of the day is decided by the guard, not by a
   * connection error. The project is the git top level of the call's folder, as a session's would
   * be. Without the configuration's entries ({@link #configured} null) every call is denied, as
   * decision 61 says.
   */
  private HookVerdict down(HookRequest request, String cause) {
    HookGateRecord.Contents record;
    try {
      record = HookGateRecord.read(settings.home());
    } catch (UnsafeFileException e) {
      return HookVerdict.deny(
          cause + "; its record of gates is refused: " + e.getMessage() + "; denied",
          cause + "; record refused, denied (fail closed): " + e.getMessage());
    } catch (IOException e) {
      return HookVerdict.deny(
          cause + "; its record of gates cannot be read (" + e.getMessage() + "); denied",
          cause + "; " + e.getMessage() + "; denied (fail closed)");
    }
    String state = GatewayDown.state(record, settings.home());
    String notRunning = "the provider gateway is not running: " + state + " (" + cause + ")";
    String start = ". " + GatewayDown.howToStart(settings.home(), launcher);
    String held = GatewayDown.heldFor(record, request, UserHome.get());
    if (HookCanary.is(request)) {
      // gateway doctor's canary is the gateway's to deny: with none, it is denied, not by it.
      String reason = notRunning + ", so the doctor's canary is not answered by it; denied" + start;
      return HookVerdict.deny(reason, reason);
    }
    if (!held.isEmpty()) {
      String reason =
          notRunning + ", so the gates it held cannot be checked; denied" + held + start;
      return HookVerdict.deny(reason, reason);
    }
    GuardCall offline = offlineCall(request);
    GuardVerdict guarded =
        GuardJudge.withoutGateway(
            guard,
            offline,
            settings.home(),
            SessionFlows.agentKey(agent.name(), request.agentSession()));
    if (!guarded.allowed()) {
      offlineRule = guarded.ruleId();
      return HookDecisions.guardAnswer(guarded, guarded.message() + " (" + notRunning + ")");
    }
    if (configured == null) {
      String reason =
          notRunning
              + ", so the providers' gates cannot be checked and every call is denied"
              + start;
      return HookVerdict.deny(reason, reason);
    }
    Set<String> unknown = new java.util.TreeSet<>(configured);
    record.configured().forEach(known -> unknown.remove(known.entry()));
    if (!unknown.isEmpty()) {
      String reason =
          notRunning
              + ", and the gates of "
              + String.join(", ", unknown)
              + " (in the home's configuration) are not known until it has run; denied"
              + start;
      return HookVerdict.deny(reason, reason);
    }
    String note =
        notRunning
            + "; no gate the home's record holds concerns this call, and the guard allows it";
    return HookVerdict.allow(List.of(), note);
  }

  /**
   * The call as the guard reads it with no gateway: the project is the git top level of its folder
   * (a session's would be), none when that is {@code /}, the home or above it, or the folder is not
   * absolute.
   */
  private static GuardCall offlineCall(HookRequest request) {
    Path cwd = HookDecisions.cwd(request);
    if (cwd == null) {
      return new GuardCall(request.tool(), request.args(), null, null, null);
    }
    Path userHome = UserHome.get();
    Path project = ProjectRoot.of(cwd, userHome);
    boolean holdsOthers =
        !ProjectScope.holdsOnlyItself(
            project.toString(), userHome == null ? null : userHome.toString());
    return new GuardCall(request.tool(), request.args(), holdsOthers ? project : null, cwd, null);
  }

  private static String seconds(Duration duration) {
    long millis = duration.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
  }
}
