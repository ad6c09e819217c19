package io.github.providergateway.app.guard;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.app.home.StartupException;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardCall.ToolHints;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.ToolAnnotations;
import io.github.providergateway.provider.GateVerdict;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.transport.local.LocalProviderTransport;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The guard in the box (issue 44): an in-process provider every gateway of the app runs, written as
 * any embedder writes one (docs/java-provider.md, "In the gateway's process"): a {@link
 * JavaProvider} named {@value #NAME} on the local transport, bound to every session, with one
 * {@code onPreToolUse} rule that matches every tool call and gates it ({@value #GATE_ID}). Its gate
 * asks the home's {@link HomeGuard} about the call in the call's session's project, the session's
 * folder as the gateway knows it (never the folder the agent says it is in), and answers allow,
 * deny (the reason names the rule: {@code guard: fs.delete-root: ...}) or ask (extension {@code
 * gate.ask}).
 *
 * <p>So it applies to whatever reaches a session's {@code onPreToolUse}: the agents' hook calls
 * with a session, tool calls through the MCP front door, federated MCP servers' and providers'
 * tools; its decisions are in the audit trail as the gate {@code guard/guard}.
 */
public final class GuardProvider implements AutoCloseable {

  /** The provider's name, as the audit trail and {@code providers} show it. */
  public static final String NAME = "guard";

  /** Its one gate's id. */
  static final String GATE_ID = "guard";

  /** How long a start waits for it to bind: it is in-process, a loop turn or two. */
  private static final Duration BIND_WAIT = Duration.ofSeconds(10);

  /**
   * The names the agents' own tools reach the gates by (docs/agents.md, "Tool mapping"): no
   * provider declares them, so there is nothing to look up.
   */
  private static final Set<String> AGENT_TOOLS = Set.of("shell", "edit", "read");

  private final Gateway gateway;
  private final HomeGuard guard;

  /**
   * Where decisions run: off the gateway's loop (a decision may read the project's files). Named,
   * not {@code thenApplyAsync}'s default: on a machine of fewer than three cores the common pool
   * has no thread to spare and the JDK starts a new thread for every task, which cost a hook call
   * about 0.9 ms of CPU on Java 17 (docs/performance.md, "Fast from the first call"). Released by
   * {@link #close}.
   */
  private final Executor decisions;

  /**
   * The folders of the sessions, by id, as the gateway lists them. The provider's executor only.
   */
  private final Map<String, Path> projects = new HashMap<>();

  private ProviderSession session;

  private GuardProvider(Gateway gateway, HomeGuard guard, Executor decisions) {
    this.gateway = gateway;
    this.guard = guard;
    this.decisions = decisions;
  }

  /**
   * Connects the guard to {@code gateway} and waits until it is bound: a session started after this
   * returns meets its gate from its first call (the engine holds a call until an {@code
   * "all"}-bound provider is ready in its session).
   *
   * @param gateway the gateway it guards
   * @param guard the home's guard
   * @param decisions where decisions run, off the gateway's loop (a {@link
   *     io.github.providergateway.loop.Backend#ioExecutor}); the provider's own from now on,
   *     released by {@link #close}
   * @return the provider, bound
   * @throws StartupException when it does not bind
   */
  public static GuardProvider start(Gateway gateway, HomeGuard guard, Executor decisions)
      throws StartupException {
    GuardProvider provider =
        new GuardProvider(
            requireNonNull(gateway), requireNonNull(guard), requireNonNull(decisions));
    provider.session = LocalProviderTransport.connect(gateway, provider.definition(), null);
    try {
      provider
          .session
          .bound()
          .toCompletableFuture()
          .get(BIND_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      provider.close();
      throw new StartupException("the guard provider did not bind: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      provider.close();
      throw new StartupException("interrupted while the guard provider bound", e);
    }
    return provider;
  }

  /** {@return the provider as an embedder would declare it} */
  JavaProvider definition() {
    return JavaProvider.builder(NAME)
        .allSessions()
        .extension(ProtocolExtension.GATE_ASK)
        .onSessions(this::sessions)
        .onPreToolUse(HookRule.gate(new HookMatch(null, null, null, null), GATE_ID))
        .gateHandler(GATE_ID, this::check)
        .build();
  }

  private void sessions(List<SessionInfo> sessions) {
    projects.clear();
    for (SessionInfo session : sessions) {
      Path project = project(session);
      if (project != null) {
        projects.put(session.id(), project);
      }
    }
  }

  /**
   * The session's folder, absolute, or null when it has none the guard can read: its project, as
   * the app's {@code ProjectProviders} reads it too (for which it reads this).
   */
  public static Path project(SessionInfo session) {
    if (session.cwd() == null || session.cwd().isBlank()) {
      return null;
    }
    try {
      Path cwd = Path.of(session.cwd());
      return cwd.isAbsolute() ? cwd.normalize() : null;
    } catch (InvalidPathException e) {
      return null;
    }
  }

  /**
   * The gate's handler: the verdict for {@code check}. Package-private for tests, which hand it a
   * check the gateway would not send (a session that ended).
   */
  CompletionStage<GateVerdict> check(GateCheck check) {
    CompletableFuture<Declared> hints =
        AGENT_TOOLS.contains(check.tool())
            ? CompletableFuture.completedFuture(Declared.NOTHING)
            : hints(check.sessionId(), check.tool());
    Path project = projects.get(check.sessionId());
    if (project != null || projects.containsKey(check.sessionId())) {
      return hints.thenApplyAsync(declared -> decide(check, project, declared), decisions);
    }
    // Not in the last list it heard (it may be on its way): the gateway's own list says. Its answer
    // completes on the gateway's loop, where the project's file is not to be read: decided off it.
    return gateway
        .sessions()
        .thenCombineAsync(
            hints,
            (sessions, declared) ->
                decide(
                    check,
                    sessions.stream()
                        .filter(s -> s.id().equals(check.sessionId()))
                        .findFirst()
                        .map(GuardProvider::project)
                        .orElse(null),
                    declared),
            decisions);
  }

  /**
   * What a tool declared of itself ({@code hints}, null for none: a tool the session does not list,
   * or one of the agents' own), or why that could not be learnt ({@code unknown}).
   */
  private record Declared(ToolHints hints, Throwable unknown) {
    static final Declared NOTHING = new Declared(null, null);
  }

  /**
   * What {@code tool} of the session declared of itself (MCP's annotations) and the trust of the
   * provider that offers it: the guard's tool rules ask about a destructive tool of a provider
   * below the trust its preset wants. None for a tool the session does not list; the failure when
   * the gateway cannot say (the session ended, the gateway stops).
   */
  private CompletableFuture<Declared> hints(String sessionId, String tool) {
    return gateway
        .tools(sessionId)
        .thenCombine(
            gateway.providers(),
            (tools, providers) ->
                tools.stream()
                    .filter(t -> t.name().equals(tool))
                    .findFirst()
                    .map(t -> hints(t, providers, sessionId))
                    .orElse(null))
        .handle(Declared::new);
  }

  /**
   * The verdict for {@code check}: {@link #decide(GateCheck, Path, ToolHints)} with what the tool
   * declared, or a deny when that is unknown (FC-35, fail closed): decided without it, a
   * destructive tool of a low-trust provider would lose the question the guard asks about it.
   */
  private GateVerdict decide(GateCheck check, Path project, Declared declared) {
    if (declared.unknown() != null) {
      return GateVerdict.deny(
          reason(
              new GuardVerdict(
                  GuardVerdict.Outcome.DENY,
                  HomeGuard.UNREADABLE,
                  "the guard could not learn what tool '"
                      + check.tool()
                      + "' declares of itself ("
                      + declared.unknown()
                      + "), and does not decide without it",
                  null)));
    }
    return decide(check, project, declared.hints());
  }

  private static ToolHints hints(HostTool tool, List<ProviderInfo> providers, String sessionId) {
    ToolAnnotations declared = tool.annotations();
    String trust =
        providers.stream()
            .filter(p -> p.name().equals(tool.provider()) && p.sessions().contains(sessionId))
            .map(p -> p.trust().wireName())
            .findFirst()
            .orElse(null);
    return new ToolHints(
        declared == null ? null : declared.destructiveHint(),
        declared == null ? null : declared.readOnlyHint(),
        declared == null ? null : declared.openWorldHint(),
        tool.provider(),
        trust);
  }

  /**
   * The verdict for {@code check} in {@code project} (null: none known, the stricter reading), with
   * what the tool declared of itself ({@code hints}, null for none).
   */
  GateVerdict decide(GateCheck check, Path project, ToolHints hints) {
    GuardVerdict verdict;
    try {
      verdict = guard.decide(new GuardCall(check.tool(), check.args(), project, project, hints));
    } catch (RuntimeException e) {
      // Fail closed at once rather than by the gate's timeout: what the guard could not read is
      // denied (rule guard.unreadable). Guard.explain catches its own failures (FC-33), but the
      // home's work around it (the project's file, its reporter) runs outside that catch (FC-34).
      verdict =
          new GuardVerdict(
              GuardVerdict.Outcome.DENY,
              HomeGuard.UNREADABLE,
              "the guard could not decide this call (" + e + ")",
              null);
    }
    return switch (verdict.outcome()) {
      case ALLOW -> GateVerdict.allow();
      case DENY -> GateVerdict.deny(reason(verdict));
      case ASK -> GateVerdict.ask(reason(verdict) + ". Run it?", null);
    };
  }

  /** {@code guard: fs.delete-root: <why>; instead: <what>}: what the agent and the audit read. */
  private static String reason(GuardVerdict verdict) {
    return io.github.providergateway.agent.hook.HookAdapter.guardReason(verdict);
  }

  @Override
  public void close() {
    if (session != null) {
      session.close();
    }
    Backend.release(decisions);
  }
}
