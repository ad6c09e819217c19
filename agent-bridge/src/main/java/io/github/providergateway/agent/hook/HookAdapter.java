package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.guard.GuardFactory;
import io.github.providergateway.agent.internal.UserHome;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SystemScheduler;
import io.github.providergateway.loop.base.DaemonThreads;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

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
 * <p>While the person is away ({@link PersonAway}, decision 321) a question or a rewrite, whoever
 * decided it, is a deny that says so and that the call is kept for their return ({@link
 * AwayAnswer}), for every agent; the keeper gets it, so that {@code gateway back} can list it.
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

  private final AgentKind agent;
  private final Settings settings;

  /** The home's guard, for a call with no session and for the offline path. */
  private final Guard guard;

  /** Times the waits: for a starting gateway, and for a call's session to join. */
  private final SystemScheduler scheduler = new SystemScheduler();

  private final ExecutorService workers =
      Executors.newCachedThreadPool(DaemonThreads.factory("gateway-hook", WORKER_STACK_BYTES));

  /**
   * The entries of the home's configuration that start a provider for every session, or null when
   * not known: with no gateway, a call the guard allows is allowed only when each of them has left
   * its gates in the home's record (decision 76).
   */
  private final Set<String> configured;

  /** What says whether the person's time away (decision 321) has passed. */
  private final Clock clock;

  /**
   * What this call decided with no gateway to ask, or denied because the person is away, for the
   * keeper; null otherwise.
   */
  private volatile OfflineDecision offline;

  private HookAdapter(
      AgentKind agent, Settings settings, Guard guard, Set<String> configured, Clock clock) {
    this.agent = agent;
    this.settings = settings;
    this.guard = guard;
    this.configured = configured == null ? null : Set.copyOf(configured);
    this.clock = clock;
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
    return answerOf(agent, in, err, settings, guard, configured, Clock.systemUTC()).print(out, err);
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
                answer.complete(
                    answerOf(agent, in, err, settings, guard, configured, bound.clock()));
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
      Set<String> configured,
      Clock clock) {
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
    HookAdapter adapter = new HookAdapter(agent, settings, guard, configured, clock);
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
    LiveGatewayVerdict gateway = new LiveGatewayVerdict(agent, settings, guard, workers, scheduler);
    LiveGatewayVerdict.Attempt attempt = gateway.once(request);
    if (attempt.down() != null && GatewayDown.starting(settings.home())) {
      // A gateway holds the home and does not listen yet (an agent's gateway mcp starting it, a
      // restart after a crash): wait for it, boundedly, rather than deny what it may allow.
      if (gateway.awaitListening(STARTING_WAIT)) {
        attempt = gateway.once(request);
      }
    }
    NoGatewayVerdict noGateway = new NoGatewayVerdict(agent, settings, guard, configured);
    HookVerdict verdict =
        attempt.down() != null ? noGateway.decide(request, attempt.down()) : attempt.verdict();
    // The person away (decision 321): a question or a rewrite is a deny kept for their return,
    // whichever agent asks; then the agent's own terms (decision 66).
    HookVerdict kept =
        AwayAnswer.fit(verdict, PersonAway.of(settings.home(), clock).now(), clock.instant());
    boolean heldAway = kept != verdict;
    HookVerdict fitted = agent.fit(kept, request);
    if (attempt.down() != null || heldAway) {
      offline =
          new OfflineDecision(
              agent,
              request.tool(),
              fitted.allowed(),
              heldAway
                  ? AwayAnswer.heldReason(request, verdict)
                  : fitted.reason() != null ? fitted.reason() : String.valueOf(fitted.note()),
              noGateway.rule(),
              heldAway);
    }
    return fitted;
  }
}
