package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.guard.SessionFlows;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.loop.Scheduler;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What the gateway's providers decide about one agent hook call, whichever way the gateway is
 * reached: in the gateway's process, where the HTTP hooks and the command hooks' socket are served
 * ({@link HookEndpoint}), or from a hook's own process over the host protocol ({@link
 * HookAdapter}).
 *
 * <p>The call belongs to the session whose project holds its {@code cwd} ({@link
 * HookSessionChoice}). Besides that session's live rules, the rules the home holds apply ({@link
 * HomeGates}): gates held since a gateway stopped or crashed, until their provider is bound again,
 * and the configured providers' rules, for a session whose own copy of a provider has not bound. So
 * that the agent's first call is not decided before its session has joined (Claude Code calls its
 * first tool while {@code gateway mcp} is still joining), a call those rules would block waits, at
 * most {@link #JOIN_WAIT} from its arrival, for a session that holds its folder and for that
 * session's configured providers to bind; then it is decided live, or, with no session after all,
 * by the home's rules: denied. A call no rule of the home concerns is never held up. The agent asks
 * its person itself, so a gate's question comes back as the agent's "ask".
 *
 * <p>A call with no session meets the guard first (issue 44, docs/guard.md): the same {@link Guard}
 * the gateway's guard provider runs, read the stricter way (no project: nothing is inside one). A
 * call it would block waits for its session as above (the session's own reading may allow it), and
 * with none after all, the guard's deny or ask is the answer, recorded with provider {@value
 * #GUARD_PROVIDER} and the rule's id in the reason.
 *
 * <p>Every decision taken here rather than by the gateway's evaluation (no session, a held gate) is
 * given to {@link Context#audit} as an audit record, as the gateway records its own.
 */
final class HookDecisions {

  /**
   * The longest a call waits for its session to join and its configured providers to bind, from its
   * arrival: within the command hook's 10 s with a gate's 5 s after it.
   */
  static final Duration JOIN_WAIT = Duration.ofSeconds(4);

  /** How often a waiting call looks for its session. */
  static final Duration POLL = Duration.ofMillis(100);

  /** The provider name the guard's decisions are recorded with, as its provider's are. */
  static final String GUARD_PROVIDER = "guard";

  private HookDecisions() {}

  /**
   * Where a decision takes what is not the gateway's own.
   *
   * @param homeRules the rules the home holds beyond its live sessions, as of now
   * @param scheduler times the polls of a call waiting for its session to join (the gateway times
   *     the wait for a joined session's providers itself)
   * @param clock the gateway's clock, for the waits and the audit records
   * @param userHome the user's home, which holds only itself as a project
   * @param audit takes the records of decisions taken here
   * @param guard the home's guard as of now, for calls with no session
   * @param pins which gateway session each agent session was pinned to (decision 75)
   * @param flows what each session has seen (the flow rules): a call with no session is judged by
   *     its agent session's past and remembered there; one with a session links its agent session
   *     to it
   */
  record Context(
      Supplier<HomeGates.View> homeRules,
      Scheduler scheduler,
      Clock clock,
      Path userHome,
      Consumer<Decision> audit,
      Supplier<Guard> guard,
      SessionPins pins,
      SessionFlows flows) {
    Context {
      requireNonNull(homeRules, "homeRules");
      requireNonNull(scheduler, "scheduler");
      requireNonNull(clock, "clock");
      requireNonNull(audit, "audit");
      requireNonNull(guard, "guard");
      requireNonNull(pins, "pins");
      requireNonNull(flows, "flows");
    }

    /** A context with pins of its own and sessions' pasts kept in memory. */
    Context(
        Supplier<HomeGates.View> homeRules,
        Scheduler scheduler,
        Clock clock,
        Path userHome,
        Consumer<Decision> audit,
        Supplier<Guard> guard,
        SessionPins pins) {
      this(homeRules, scheduler, clock, userHome, audit, guard, pins, SessionFlows.inMemory(clock));
    }

    /** A context with pins of its own, for one process's calls. */
    Context(
        Supplier<HomeGates.View> homeRules,
        Scheduler scheduler,
        Clock clock,
        Path userHome,
        Consumer<Decision> audit,
        Supplier<Guard> guard) {
      this(homeRules, scheduler, clock, userHome, audit, guard, new SessionPins());
    }
  }

  /** The guard's ask or deny of a call, saying {@code why}: a hook's answer to it. */
  static HookVerdict guardAnswer(GuardVerdict guarded, String why) {
    return guarded.outcome() == GuardVerdict.Outcome.ASK
        ? HookVerdict.ask(why, List.of(), why, null)
        : HookVerdict.deny(why, why);
  }

  /** The agent's folder, absolute, or null when it gives none the guard can read. */
  static Path cwd(HookRequest request) {
    try {
      Path cwd = Path.of(request.cwd());
      return cwd.isAbsolute() ? cwd.normalize() : null;
    } catch (java.nio.file.InvalidPathException e) {
      return null;
    }
  }

  /**
   * Decides {@code request} of {@code agent} through {@code gateway}: the gateway of this process,
   * or a client of a shared one.
   */
  static CompletableFuture<HookVerdict> decide(
      HostApi gateway, HookRequest request, AgentKind agent, Context context) {
    if (ToolMapping.isGatewaysOwn(request.tool())) {
      // Its front door runs it through the gateway's own evaluation (rules, gates, the guard,
      // elicitation for a question): deciding it here too would record it twice and could ask
      // twice. Nothing else runs that tool, so leaving it there lets nothing past.
      return CompletableFuture.completedFuture(
          HookVerdict.allow(
              List.of(),
              request.tool()
                  + " is a tool of the gateway's own MCP server: its front door decides it"));
    }
    if (request.others().isEmpty()) {
      return new CallDecision(gateway, request, agent, context).decide();
    }
    // A call that names several files is decided once per file (ToolMapping): one file a rule
    // refuses refuses the call, whichever field or place of a patch names it.
    List<HookRequest> views = new ArrayList<>();
    views.add(request);
    views.addAll(request.others());
    return decideEach(gateway, views, agent, context, new ArrayList<>());
  }

  /** Decides {@code views} one after another, from the first not in {@code decided}. */
  private static CompletableFuture<HookVerdict> decideEach(
      HostApi gateway,
      List<HookRequest> views,
      AgentKind agent,
      Context context,
      List<HookVerdict> decided) {
    HookRequest view = views.get(decided.size());
    return new CallDecision(gateway, view, agent, context)
        .decide()
        .thenCompose(
            verdict -> {
              decided.add(verdict);
              return decided.size() < views.size()
                  ? decideEach(gateway, views, agent, context, decided)
                  : CompletableFuture.completedFuture(together(decided));
            });
  }

  /**
   * One verdict for a call from those of its files: the first deny, else the first question, else
   * allowed with every file's context and the one rewrite gates made. Rewrites of two of its files
   * cannot both be applied to the one call: denied, saying so.
   */
  private static HookVerdict together(List<HookVerdict> verdicts) {
    for (HookVerdict verdict : verdicts) {
      if (!verdict.allowed() && !verdict.ask()) {
        return verdict;
      }
    }
    for (HookVerdict verdict : verdicts) {
      if (verdict.ask()) {
        return verdict;
      }
    }
    Set<String> context = new LinkedHashSet<>();
    List<HookVerdict> rewritten = new ArrayList<>();
    for (HookVerdict verdict : verdicts) {
      context.addAll(verdict.context());
      if (verdict.updatedInput() != null) {
        rewritten.add(verdict);
      }
    }
    if (rewritten.size() > 1) {
      String why =
          "the provider gateway's gates rewrote "
              + rewritten.size()
              + " of the files this call names, and one call can take only one rewrite; denied"
              + " (make one call for each file)";
      return HookVerdict.deny(why, why);
    }
    HookVerdict first = rewritten.isEmpty() ? verdicts.get(0) : rewritten.get(0);
    return new HookVerdict(
        true,
        null,
        List.copyOf(context),
        first.note() + " (each of the " + verdicts.size() + " files the call names)",
        first.updatedInput());
  }
}
