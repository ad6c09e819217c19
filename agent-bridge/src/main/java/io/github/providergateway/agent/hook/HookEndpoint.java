package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.guard.GuardFactory;
import io.github.providergateway.agent.guard.SessionFlows;
import io.github.providergateway.agent.internal.UserHome;
import io.github.providergateway.agent.mcp.ProjectRoot;
import io.github.providergateway.agent.person.AgentOrigin;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.guard.CallFlow;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.loop.Scheduler;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * The hooks of coding agents, answered in the gateway's own process: the HTTP hook on the gateway's
 * port and the command hook's local socket hand an agent's hook call here, and get back what the
 * agent reads (docs/agents.md). The same decision as {@code gateway hook <agent>} ({@link
 * HookAdapter}) reaches, without a process or a connection of its own: the agent's session by its
 * working directory, the session's hooks, a gate's question returned as the agent's "ask",
 * rewritten arguments in the agent's shape. Input that cannot be read is denied. While the person
 * is away ({@link PersonAway}, decision 321) a question or a rewrite is a deny kept for their
 * return, with an audit record of code {@value PersonAway#CODE} that {@code gateway back} lists.
 *
 * <p>Thread-safe: each call goes to the gateway's loop.
 */
public final class HookEndpoint {

  /**
   * One answer to an agent.
   *
   * @param body what the agent reads: its hook output JSON, one line
   * @param word {@code allow}, {@code deny} or {@code ask}
   * @param note what decided, for a log a person reads; for a deny of an agent that reads the
   *     reason from stderr (Gemini CLI, Codex: exit code 2), that reason
   */
  public record Answer(String body, String word, String note) {
    /**
     * Checks the answer.
     *
     * @param body what the agent reads
     * @param word allow, deny or ask
     * @param note what decided
     * @throws NullPointerException when any is null
     */
    public Answer {
      requireNonNull(body, "body");
      requireNonNull(word, "word");
      requireNonNull(note, "note");
    }
  }

  /**
   * The answer to every call once the gateway has closed (issue 48). Its own check, not left to the
   * gateway's requests failing: an embedder's executor still runs them on the stopped engine, which
   * lists no session, and the home's record of gates holds none unless {@link
   * HookGateRecorder#stopping} was called first, so the call would be allowed.
   */
  private static final HookVerdict STOPPED =
      HookVerdict.deny(
          "the provider gateway has stopped, so it cannot check the call; denied",
          "the gateway has stopped, denied");

  private final Gateway gateway;
  private final HookDecisions.Context context;

  /** Whether the person is away (decision 321), read from the gateway's home. */
  private final PersonAway away;

  /** Where an agent whose hook calls for the first time came from (issue 75). */
  private volatile LongFunction<AgentOrigin> origins = NestedSessions.SYSTEM;

  /**
   * An endpoint answering from {@code gateway}'s sessions and hooks, and from the gates its home
   * holds beyond them ({@code gates}); a call with no session meets the guard of the standard
   * preset ({@link GuardSettings#defaults}).
   *
   * @param gateway the gateway of this process
   * @param gates the home's record of gates, which {@code gateway}'s listeners keep
   * @param scheduler times a call's wait for its session to join (the gateway's timers)
   */
  public HookEndpoint(Gateway gateway, HookGateRecorder gates, Scheduler scheduler) {
    this(gateway, gates, scheduler, defaultGuard(gateway));
  }

  /**
   * An endpoint answering from {@code gateway}'s sessions and hooks, from the gates its home holds
   * beyond them ({@code gates}), and for a call with no session, from {@code guard} first (issue
   * 44): its deny or ask is the answer, recorded in the audit trail with provider {@code guard}.
   *
   * @param gateway the gateway of this process
   * @param gates the home's record of gates, which {@code gateway}'s listeners keep
   * @param scheduler times a call's wait for its session to join (the gateway's timers)
   * @param guard the home's guard as of each call (a reload may replace it)
   */
  public HookEndpoint(
      Gateway gateway, HookGateRecorder gates, Scheduler scheduler, Supplier<Guard> guard) {
    this(
        gateway,
        requireNonNull(gates, "gates").home(),
        new HookDecisions.Context(
            gates::view,
            requireNonNull(scheduler, "scheduler"),
            requireNonNull(gateway, "gateway").transports().clock(),
            UserHome.get(),
            gateway.monitor()::record,
            requireNonNull(guard, "guard")));
  }

  /**
   * As {@link #HookEndpoint(Gateway, HookGateRecorder, Scheduler, Supplier)}, keeping what each
   * session has seen in {@code flows} (the guard's flow rules): a call with no session is judged by
   * its agent session's past, and the agents' after-tool hooks report there the calls that ran.
   *
   * @param gateway the gateway of this process
   * @param gates the home's record of gates, which {@code gateway}'s listeners keep
   * @param scheduler times a call's wait for its session to join (the gateway's timers)
   * @param guard the home's guard as of each call (a reload may replace it)
   * @param flows what each session has seen, shared with the gateway's guard policy
   */
  public HookEndpoint(
      Gateway gateway,
      HookGateRecorder gates,
      Scheduler scheduler,
      Supplier<Guard> guard,
      SessionFlows flows) {
    this(
        gateway,
        requireNonNull(gates, "gates").home(),
        new HookDecisions.Context(
            requireNonNull(gates, "gates")::view,
            requireNonNull(scheduler, "scheduler"),
            requireNonNull(gateway, "gateway").transports().clock(),
            UserHome.get(),
            gateway.monitor()::record,
            requireNonNull(guard, "guard"),
            new SessionPins(),
            requireNonNull(flows, "flows")));
  }

  /**
   * Fault-injection seam for tests (issue 48): an endpoint whose home rules come from {@code
   * homeRules}, which a test makes throw to see a failure inside a decision answered as a deny.
   */
  HookEndpoint(
      Gateway gateway,
      Supplier<HomeGates.View> homeRules,
      Scheduler scheduler,
      Supplier<Guard> guard) {
    this(
        gateway,
        tokenHome(gateway),
        new HookDecisions.Context(
            homeRules,
            requireNonNull(scheduler, "scheduler"),
            requireNonNull(gateway, "gateway").transports().clock(),
            UserHome.get(),
            gateway.monitor()::record,
            requireNonNull(guard, "guard")));
  }

  /**
   * Fault-injection seam for tests (issue 63): an endpoint deciding in {@code context}, whose pins
   * a test makes throw to see a failing choice of the session, inside the gateway's one request,
   * answered as a deny.
   */
  HookEndpoint(Gateway gateway, HookDecisions.Context context) {
    this(gateway, tokenHome(gateway), context);
  }

  /**
   * An endpoint deciding in {@code context}, the person away while {@code home} holds {@value
   * PersonAway#FILE} (decision 321), by the gateway's clock.
   */
  private HookEndpoint(Gateway gateway, Path home, HookDecisions.Context context) {
    this.gateway = requireNonNull(gateway, "gateway");
    this.context = requireNonNull(context, "context");
    this.away = PersonAway.of(home, context.clock());
  }

  /** The home of {@code gateway}'s token file, else the one providers look in. */
  private static Path tokenHome(Gateway gateway) {
    return gateway
        .credentials()
        .tokenFile()
        .map(Path::getParent)
        .orElseGet(HookEndpoint::usualHome);
  }

  /** Test seam: where agents came from, on a process table of the test's making. */
  void origins(LongFunction<AgentOrigin> origins) {
    this.origins = requireNonNull(origins, "origins");
  }

  private static Supplier<Guard> defaultGuard(Gateway gateway) {
    Guard guard = GuardFactory.defaults(tokenHome(gateway));
    return () -> guard;
  }

  /**
   * The gateway home providers look in ({@code $COPILOT_HOME/extensions/tap}, or under {@code
   * ~/.copilot}), for a gateway without a token file of its own. Not the user's home: the guard
   * holds every file of the gateway's home as the gateway's (issue 75), and would take each of the
   * user's files for one.
   */
  private static Path usualHome() {
    String copilot = System.getenv("COPILOT_HOME");
    Path base =
        copilot != null && !copilot.isBlank()
            ? Path.of(copilot)
            : UserHome.get().resolve(".copilot");
    return base.resolve("extensions").resolve("tap");
  }

  /**
   * Answers one hook call of {@code agent}.
   *
   * @param agent whose hook protocol {@code input} and the answer speak
   * @param input the agent's hook call, as it sent it
   * @return the answer; completes when the session's gates have answered, never exceptionally: a
   *     failure is a deny that says why
   */
  public CompletableFuture<Answer> answer(AgentKind agent, byte[] input) {
    return answer(agent, input, OptionalLong::empty);
  }

  /**
   * Answers one hook call of {@code agent}, whose hook's client process is {@code client}: an agent
   * session met for the first time is looked up there (issue 75), and one that another agent's
   * command started goes on with that session's past ({@link AgentOrigin}).
   *
   * @param agent whose hook protocol {@code input} and the answer speak
   * @param input the agent's hook call, as it sent it
   * @param client the process that ran the hook (the command hook's parent, named by its script),
   *     or the agent itself (its HTTP hook's connection), or empty when unknown; asked only for an
   *     agent session met for the first time
   * @return the answer, as {@link #answer(AgentKind, byte[])}'s
   */
  public CompletableFuture<Answer> answer(
      AgentKind agent, byte[] input, Supplier<OptionalLong> client) {
    requireNonNull(agent, "agent");
    CompletableFuture<Answer> spoken;
    try {
      if (HookRequests.afterTool(input)) {
        return CompletableFuture.completedFuture(reported(agent, input));
      }
      HookRequests.Read read = HookRequests.read(agent, input);
      noteOrigin(agent, read, client);
      CompletableFuture<HookVerdict> verdict =
          read.refusal() != null
              ? CompletableFuture.completedFuture(read.refusal())
              : gateway.isClosed()
                  ? CompletableFuture.completedFuture(STOPPED)
                  : HookDecisions.decide(gateway, read.request(), agent, context)
                      .thenApply(this::unlessClosedMeanwhile);
      spoken =
          verdict
              .exceptionally(HookEndpoint::couldNotCheck)
              .thenApply(
                  decided -> {
                    // The person away: a question or a rewrite is a deny kept for their return,
                    // recorded so that gateway back lists it (decision 321). Then the agent's
                    // terms: a question or a rewrite it cannot take becomes a deny that names it
                    // (decision 66).
                    HookVerdict kept =
                        AwayAnswer.fit(decided, away.now(), context.clock().instant());
                    if (kept != decided) {
                      context
                          .audit()
                          .accept(
                              AwayAnswer.record(
                                  agent, read.request(), decided, context.clock().instant()));
                    }
                    HookVerdict fitted = agent.fit(kept, read.request());
                    return new Answer(agent.answer(fitted), fitted.word(), agent.noteLine(fitted));
                  });
    } catch (RuntimeException e) {
      spoken = CompletableFuture.failedFuture(e);
    }
    // A failure past the decision (reading the input, the agent's terms) is a deny too.
    return spoken.exceptionally(failure -> failed(agent, failure));
  }

  /**
   * Notes where the agent session of {@code read} came from, when it is met for the first time. Not
   * knowing leaves the session as it would have been: the call is decided all the same.
   */
  private void noteOrigin(AgentKind agent, HookRequests.Read read, Supplier<OptionalLong> client) {
    if (read.request() == null) {
      return;
    }
    try {
      NestedSessions.noteOrigin(
          context.flows(), agent, read.request().agentSession(), client, origins);
    } catch (RuntimeException e) {
      // The process table could not be read (AgentOrigin reads /proc): the session stays as a
      // session the person started would be, and the guard still decides every call.
    }
  }

  /**
   * An after-tool hook's report of a call that ran: kept in its session's past (the flow rules),
   * answered with nothing for the agent to do. A report that cannot be read is answered the same
   * way: the call has run, and nothing the answer says can change that.
   */
  private Answer reported(AgentKind agent, byte[] input) {
    HookRequests.Read read = HookRequests.read(agent, input);
    if (read.refusal() != null) {
      return new Answer("{}", "allow", "after-tool report not read: " + read.refusal().note());
    }
    HookRequest request = read.request();
    String agentKey = SessionFlows.agentKey(agent.name(), request.agentSession());
    String key = context.flows().keyOf(agentKey);
    CallFlow flow =
        context
            .guard()
            .get()
            .flowOf(
                new GuardCall(
                    request.tool(), request.args(), null, HookDecisions.cwd(request), null));
    Path cwd = HookDecisions.cwd(request);
    boolean asked =
        context
            .flows()
            .ran(
                key,
                cwd == null ? null : ProjectRoot.of(cwd, context.userHome()),
                request.tool(),
                request.args(),
                flow,
                reportsAfterTool(agent));
    // Never a grant: any process of the user can post this report (decision 82).
    return new Answer(
        "{}",
        "allow",
        "after-tool: "
            + request.tool()
            + " ran"
            + (asked ? " (a call the guard asked about)" : ""));
  }

  /** Whether {@code agent}'s hooks, as setup writes them, report the calls that ran. */
  private static boolean reportsAfterTool(AgentKind agent) {
    return agent.dialect().hookEntries().stream().anyMatch(AgentDialect.HookEntry::afterTool);
  }

  /**
   * {@code decided}, unless it lets the call run and the gateway closed while it was decided: then
   * it may rest on the stopped engine's empty lists, and the call is denied as one after the close.
   */
  private HookVerdict unlessClosedMeanwhile(HookVerdict decided) {
    return decided.allowed() && gateway.isClosed() ? STOPPED : decided;
  }

  /** The deny of a call whose decision failed with {@code failure} (fail closed). */
  private static HookVerdict couldNotCheck(Throwable failure) {
    return HookVerdict.deny(
        "provider gateway could not check the call (" + failure + "); denied",
        "failed, denied: " + failure);
  }

  /**
   * The deny of a call left unchecked, in {@code agent}'s terms, saying so and why (issue 47: a
   * fail-safe denial says it is one).
   *
   * @throws RuntimeException when even that cannot be built; the caller then answers an error
   */
  static Answer notChecked(AgentKind agent, String why) {
    HookVerdict deny =
        HookVerdict.deny(
            "not checked: " + why + "; the call is denied, not run (try it again)",
            "not checked, denied: " + why);
    return new Answer(agent.answer(deny), deny.word(), agent.noteLine(deny));
  }

  /** {@return what times the waits of this endpoint's calls (the gateway's timers)} */
  Scheduler scheduler() {
    return context.scheduler();
  }

  /**
   * The deny of a call whose answer failed with {@code failure}, in {@code agent}'s terms: what
   * {@link HookRoute} and {@link HookSocket} answer for a failed decision, so that the agent reads
   * an explicit deny rather than an error (which an older Claude Code counts as a failed hook, and
   * lets the call run).
   *
   * @throws RuntimeException when even that cannot be built; the caller then answers an error
   */
  static Answer failed(AgentKind agent, Throwable failure) {
    HookVerdict deny = couldNotCheck(failure);
    return new Answer(agent.answer(deny), deny.word(), agent.noteLine(deny));
  }
}
