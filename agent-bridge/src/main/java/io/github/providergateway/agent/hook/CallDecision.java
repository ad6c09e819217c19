package io.github.providergateway.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.agent.guard.GuardJudge;
import io.github.providergateway.agent.guard.JudgedCall;
import io.github.providergateway.agent.guard.SessionFlows;
import io.github.providergateway.agent.mcp.ProjectRoot;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.host.api.HookCall;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.loop.base.Durations;
import io.github.providergateway.protocol.ProjectScope;
import io.github.providergateway.protocol.SessionInfo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One agent call's decision ({@link HookDecisions#decide}), with its deadline for waiting: the
 * gateway asked once for the call's session and its evaluation, and with no session, the guard's
 * reading without a project and the home's rules, waiting at most {@link HookDecisions#JOIN_WAIT}
 * from its arrival for its session to join. A decision taken here is recorded as the gateway
 * records its own.
 */
final class CallDecision {
  private final HostApi gateway;
  private final HookRequest request;
  private final AgentKind agent;
  private final HookDecisions.Context context;
  private final Instant arrived;
  private final CompletableFuture<HookVerdict> verdict = new CompletableFuture<>();

  /**
   * The guard's reading of this call with no session, in its agent session's past, taken at its
   * first look: a wait for its session polls every {@link HookDecisions#POLL}, and the call, its
   * arguments and the guard do not change.
   */
  private JudgedCall judgedWithoutSession;

  /**
   * The repository the call's folder is in (its git top level), whose remotes are the project's own
   * for a call with no session; null when the agent gives no folder the guard can read.
   */
  private Path repository() {
    Path cwd = HookDecisions.cwd(request);
    return cwd == null ? null : ProjectRoot.of(cwd, context.userHome());
  }

  /**
   * The call's agent session's key in {@link HookDecisions.Context#flows}, or null when it names
   * none.
   */
  private String agentKey() {
    return SessionFlows.agentKey(agent.name(), request.agentSession());
  }

  private boolean blockedAnywhere;

  CallDecision(
      HostApi gateway, HookRequest request, AgentKind agent, HookDecisions.Context context) {
    this.gateway = gateway;
    this.request = request;
    this.agent = agent;
    this.context = context;
    this.arrived = context.clock().instant();
  }

  CompletableFuture<HookVerdict> decide() {
    if (HookCanary.is(request)) {
      // gateway doctor's canary: denied here, before sessions, rules, gates and the guard, so
      // that nothing a person configured answers it, and recorded as the doctor's.
      String command = request.args().get("command").asText();
      String reason = HookCanary.reason(command);
      complete(HookVerdict.deny(reason, reason), null, HookCanary.PROVIDER);
      return verdict;
    }
    look();
    return verdict;
  }

  private Duration left() {
    Duration waited = Duration.between(arrived, context.clock().instant());
    return HookDecisions.JOIN_WAIT.minus(waited);
  }

  /**
   * Asks the gateway once (issue 63): it chooses the call's session ({@link #choose}), waits for
   * its providers at most what is {@link #left}, lets {@link #answeredBefore} answer and evaluates.
   * Without a session, waits while the home's rules would block.
   */
  private void look() {
    Look look = new Look();
    gateway
        .preToolUse(look)
        .whenComplete(
            (decision, failure) -> {
              if (failure != null) {
                verdict.completeExceptionally(failure);
                return;
              }
              try {
                if (decision != null) {
                  if (look.chosen != null) {
                    // The agent's after-tool hook reports where its calls were decided.
                    context.flows().link(agentKey(), SessionFlows.sessionKey(look.chosen.id()));
                  }
                  verdict.complete(verdict(decision, request, about(look.chosen)));
                } else if (look.chosen == null) {
                  withoutSession();
                } else if (!look.answered) {
                  // A gateway that neither evaluated the call nor let this answer it: never an
                  // allow, and never a hook left to its timeout.
                  verdict.completeExceptionally(
                      new IllegalStateException(
                          "the provider gateway evaluated nothing in session " + look.chosen.id()));
                }
              } catch (RuntimeException e) { // a rewrite the agent's shape cannot take, say
                verdict.completeExceptionally(e);
              }
            });
  }

  /** One ask of the gateway: this call, and what the steps the gateway ran here came to. */
  private final class Look implements HookCall {
    /** The session chosen, once {@link #choose} has run and found one. */
    private volatile SessionInfo chosen;

    /** Whether {@link #answeredBefore} answered the call. */
    private volatile boolean answered;

    @Override
    public String tool() {
      return request.tool();
    }

    @Override
    public JsonNode args() {
      return request.args();
    }

    @Override
    public Optional<SessionInfo> choose(List<SessionInfo> sessions) {
      Optional<SessionInfo> session = CallDecision.this.choose(sessions);
      chosen = session.orElse(null);
      return session;
    }

    @Override
    public Duration readyWait() {
      return left();
    }

    @Override
    public boolean answeredBefore(SessionInfo session) {
      answered = CallDecision.this.answeredBefore(session);
      return answered;
    }
  }

  /**
   * The call's session: the one its agent session is pinned to, else the one its folder picks,
   * pinned from now on (decision 75).
   */
  private Optional<SessionInfo> choose(List<SessionInfo> sessions) {
    Optional<Optional<SessionInfo>> pinned =
        context.pins().pinned(agent, request.agentSession(), sessions);
    if (pinned.isPresent()) {
      return pinned.get();
    }
    Optional<SessionInfo> picked =
        HookSessionChoice.pick(sessions, request.cwd(), agent, context.userHome());
    picked.ifPresent(
        session -> {
          context.pins().pin(agent, request.agentSession(), session);
          // Before the session's policy judges this first call: a nested agent's session takes
          // the past it was born with there (issue 75).
          context.flows().link(agentKey(), SessionFlows.sessionKey(session.id()));
        });
    return picked;
  }

  private void withoutSession() {
    if (judgedWithoutSession == null) {
      Guard guard = context.guard().get();
      judgedWithoutSession =
          JudgedCall.judge(
              GuardJudge.of(guard),
              withoutProject(request),
              context.flows(),
              agentKey(),
              repository());
      blockedAnywhere =
          !judgedWithoutSession.verdict().allowed() && blockedInAnyProject(guard, request);
    }
    GuardVerdict guarded = judgedWithoutSession.verdict();
    if (!guarded.allowed()) {
      if (Durations.isPositive(left()) && !blockedAnywhere) {
        // Its session may be joining, and the session's project may hold what this reading
        // takes as outside every project.
        context.scheduler().schedule(HookDecisions.POLL, this::look);
        return;
      }
      String why =
          guarded.message()
              + " (no agent session holds "
              + request.cwd()
              + ", so nothing counts as inside a project)";
      judgedWithoutSession.keep(context.flows());
      complete(HookDecisions.guardAnswer(guarded, why), null, HookDecisions.GUARD_PROVIDER);
      return;
    }
    HomeGates.View view = context.homeRules().get();
    Optional<HomeGates.Found> found = view.firstBlocking(null, request, context.userHome());
    if (found.isEmpty() && !view.unknownEntries().isEmpty()) {
      // The home's configured providers have never bound: their gates are not known yet. The
      // agent's session (and with it their first copies) may be on its way.
      if (Durations.isPositive(left())) {
        context.scheduler().schedule(HookDecisions.POLL, this::look);
        return;
      }
      String reason =
          unknownGates(view)
              + " (providers of this home's configuration that have not started in any"
              + " session), and no agent session holds "
              + request.cwd()
              + " to start them; denied (fail closed)";
      complete(HookVerdict.deny(reason, reason), null, null);
      return;
    }
    if (found.isEmpty()) {
      judgedWithoutSession.keep(context.flows());
      complete(
          HookVerdict.allow(
              List.of(),
              "no gateway session holds "
                  + request.cwd()
                  + ", and no rule the home holds applies; allowed"),
          null,
          null);
      return;
    }
    if (Durations.isPositive(left())) {
      // The agent's session may be joining (its MCP server answers initialize first).
      context.scheduler().schedule(HookDecisions.POLL, this::look);
      return;
    }
    HomeGates.Found rule = found.get();
    String why =
        "no agent session holds "
            + request.cwd()
            + " (the agent's MCP server, gateway mcp, opens one for its project)";
    complete(denial(rule, why), null, rule.blocking().provider());
  }

  /**
   * What the call meets in its session before the live evaluation: a rule the home holds, a strayed
   * call, gates nobody knows yet. Whether it answered the call.
   */
  private boolean answeredBefore(SessionInfo session) {
    // Before the live evaluation, on the gateway's loop with it: a provider binding in between
    // releases its held gates only after its rules are live, so the call meets one or the other,
    // never neither.
    HomeGates.View view = context.homeRules().get();
    Optional<HomeGates.Found> found = view.firstBlocking(session.id(), request, context.userHome());
    if (found.isPresent()) {
      HomeGates.Found rule = found.get();
      complete(denial(rule, null), session.id(), rule.blocking().provider());
      return true;
    }
    if (strayed(session)) {
      return true;
    }
    if (!view.unknownEntries().isEmpty()) {
      // A configured provider that has never bound in this home, still starting when the wait
      // ended (a slow machine's first start) or failed: its gates are unknown, so the session's
      // live rules without it are not the whole answer.
      String unknown =
          unknownGates(view)
              + " (providers of this home's configuration that have not bound in any session:"
              + " still starting after "
              + HookDecisions.JOIN_WAIT.toSeconds()
              + " s, or failed to start; see their logs)";
      GuardVerdict guarded = GuardJudge.alone(context.guard().get(), inProject(request, session));
      if (guarded.outcome() == GuardVerdict.Outcome.DENY) {
        // The guard refuses it whatever those gates say: its rule is the answer the person can
        // act on (CI's ClaudeCodeGateTest, 2026-12-01, read a provider's slow start instead).
        String why = guarded.message() + "; " + unknown;
        complete(HookVerdict.deny(why, why), session.id(), HookDecisions.GUARD_PROVIDER);
        return true;
      }
      String reason = unknown + "; denied (fail closed)";
      complete(HookVerdict.deny(reason, reason), session.id(), null);
      return true;
    }
    // Else the gateway evaluates it; the agent asks its person itself (Claude Code's and Copilot
    // CLI's "ask"): a gate's question comes back in the decision rather than going to the
    // console or status page.
    return false;
  }

  /** What the evaluation's note says it is about: the session and the tool. */
  private String about(SessionInfo session) {
    String tool = "tool " + request.tool();
    // Only a gateway that evaluated without choosing (a test's stand-in) leaves it unknown.
    return session == null
        ? tool
        : "gateway session " + session.id() + " (" + session.label() + "), " + tool;
  }

  /**
   * Whether the call, decided in its pinned session, runs outside that session's project (the
   * agent's shell did {@code cd ..}) and the guard, read as for a call with no session, would not
   * allow it: then that reading answers it, since the guard's provider takes relative paths in the
   * session's project, and nothing outside it is the project (decision 75).
   */
  private boolean strayed(SessionInfo session) {
    String home = context.userHome() == null ? null : context.userHome().toString();
    if (ProjectScope.holds(session.cwd(), request.cwd(), home)) {
      return false;
    }
    GuardVerdict outside = GuardJudge.alone(context.guard().get(), withoutProject(request));
    if (outside.allowed()) {
      return false;
    }
    String why =
        outside.message()
            + " (the call runs in "
            + request.cwd()
            + ", outside its session's project "
            + session.cwd()
            + ")";
    complete(HookDecisions.guardAnswer(outside, why), session.id(), HookDecisions.GUARD_PROVIDER);
    return true;
  }

  /** The start of a deny for gates nobody knows yet. */
  private static String unknownGates(HomeGates.View view) {
    return "the provider gateway does not know the gates of "
        + String.join(", ", view.unknownEntries())
        + " yet";
  }

  /** A decision taken here: answered, and recorded as the gateway records its own. */
  private void complete(HookVerdict decided, String sessionId, String provider) {
    Instant now = context.clock().instant();
    context
        .audit()
        .accept(
            Decision.builder(
                    now,
                    DecisionKind.PRE_TOOL_USE,
                    decided.ask()
                        ? Decision.Outcome.ASK
                        : decided.allowed() ? Decision.Outcome.ALLOW : Decision.Outcome.DENY)
                .reason(decided.note())
                .sessionId(sessionId)
                .provider(provider)
                .agent(agent.word())
                .call(request.tool(), null)
                .latency(Duration.between(arrived, now))
                .args(sha256(request.args()), request.args(), false)
                .build());
    verdict.complete(decided);
  }

  /**
   * {@code request} as the guard reads it in {@code session}: its project is the session's folder,
   * or none (the stricter reading) when that is no absolute path.
   */
  private static GuardCall inProject(HookRequest request, SessionInfo session) {
    Path project;
    try {
      project = session.cwd() == null ? null : Path.of(session.cwd());
    } catch (java.nio.file.InvalidPathException e) {
      project = null;
    }
    if (project != null && !project.isAbsolute()) {
      project = null;
    }
    return new GuardCall(request.tool(), request.args(), project, HookDecisions.cwd(request), null);
  }

  /**
   * {@code request} as the guard reads it with no session: no project, the stricter reading; the
   * agent's {@code cwd} only for its relative paths.
   */
  private static GuardCall withoutProject(HookRequest request) {
    return new GuardCall(request.tool(), request.args(), null, HookDecisions.cwd(request), null);
  }

  /**
   * Whether no session could make the guard allow {@code request}: it blocks it even when the whole
   * file system is the project (the most lenient reading), as it does the root, secrets and the
   * guard itself. Such a call is answered at once rather than waiting for its session.
   */
  private static boolean blockedInAnyProject(Guard guard, HookRequest request) {
    Path cwd = HookDecisions.cwd(request);
    if (cwd == null) {
      return false;
    }
    return !GuardJudge.alone(
            guard, new GuardCall(request.tool(), request.args(), cwd.getRoot(), cwd, null))
        .allowed();
  }

  /** The deny of a rule the home holds, saying why it holds and how it ends. */
  private static HookVerdict denial(HomeGates.Found found, String noSession) {
    RecordedRules.Blocking rule = found.blocking();
    String provider = rule.provider();
    String what;
    if (found.held() != null) {
      what =
          rule.describe()
              + " is held for "
              + found.held().project()
              + " since "
              + GatewayDown.seconds(found.held().since())
              + " ("
              + found.held().why()
              + ") until "
              + provider
              + " binds there again; if it is gone for good: gateway gates release "
              + provider;
    } else {
      what =
          rule.describe()
              + " applies to every session of this home ("
              + provider
              + " is in its configuration), and "
              + provider
              + " is not bound to this call's session"
              + (noSession == null ? " (it has not started or it failed: see its log)" : "");
    }
    String denyReason = rule.denyReason();
    String reason =
        (denyReason != null ? denyReason + " (" : "provider gateway: ")
            + what
            + (denyReason != null ? ")" : "")
            + (noSession == null ? "" : "; " + noSession)
            + "; denied (fail closed)";
    return HookVerdict.deny(reason, reason);
  }

  private static HookVerdict verdict(HookDecision decision, HookRequest request, String about) {
    JsonNode updated =
        decision.updatedArgs() == null
            ? null
            : ToolMapping.toAgent(request, decision.updatedArgs());
    if (decision.ask()) {
      return HookVerdict.ask(
          decision.reason(),
          decision.context(),
          about + ": a gate asks the person, so the agent asks them: " + decision.reason(),
          updated);
    }
    if (!decision.allowed()) {
      return new HookVerdict(
          false, decision.reason(), decision.context(), about + ": " + decision.reason(), null);
    }
    if (updated != null) {
      return new HookVerdict(
          true,
          null,
          decision.context(),
          about
              + ": the providers allow it with the arguments their gates rewrote; the agent asks the person",
          updated);
    }
    return HookVerdict.allow(decision.context(), about + ": the providers allow it");
  }

  /** The SHA-256 of {@code args} as JSON text, hex, as the gateway's own records give it. */
  static String sha256(JsonNode args) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest(args.toString().getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
