package io.github.providergateway.app.guard;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.agent.guard.JudgedCall;
import io.github.providergateway.agent.guard.SessionFlows;
import io.github.providergateway.gateway.policy.CallPolicy;
import io.github.providergateway.gateway.policy.PolicyCall;
import io.github.providergateway.gateway.policy.PolicyVerdict;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardCall.ToolHints;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.protocol.ToolAnnotations;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The guard in the box (issue 44) as the engine's policy (decision 77): every gateway of the app
 * registers it as {@value #NAME}, and the engine asks it about every call that reaches a session's
 * {@code onPreToolUse} (the agents' hook calls with a session, tool calls through the MCP front
 * door, federated MCP servers' and providers' tools), before the providers' rules. It asks the
 * home's {@link HomeGuard} about the call in the call's session's project, the session's folder as
 * the gateway knows it (never the folder the agent says it is in), with what the tool declared of
 * itself, and answers allow, deny (the reason names the rule: {@code guard: fs.delete-root: ...})
 * or ask. Its decisions are in the audit trail as the gate {@code guard/<rule id>} ({@code
 * guard/git.push-force}), so that an export can be filtered by rule (issue 78).
 *
 * <p>The engine runs it on the executor it is registered with, off the loop: a decision may read
 * the project's file.
 */
public final class GuardPolicy implements CallPolicy {

  /** The policy's name, as the audit trail shows it, and a name no provider over a socket takes. */
  public static final String NAME = "guard";

  /**
   * The names the agents' own tools reach the gates by (docs/agents.md, "Tool mapping"): what a
   * provider declares under one of these names is not what the agent runs, so it is not asked.
   */
  private static final Set<String> AGENT_TOOLS = Set.of("shell", "edit", "read");

  private final HomeGuard guard;
  private final SessionFlows flows;

  /**
   * The policy of {@code guard}, each session's past kept in memory only.
   *
   * @param guard the home's guard
   */
  public GuardPolicy(HomeGuard guard) {
    this(guard, SessionFlows.inMemory(java.time.Clock.systemUTC()));
  }

  /**
   * The policy of {@code guard}, each session's past kept in {@code flows} (the flow rules).
   *
   * @param guard the home's guard
   * @param flows what each session has seen
   */
  public GuardPolicy(HomeGuard guard, SessionFlows flows) {
    this.guard = requireNonNull(guard, "guard");
    this.flows = requireNonNull(flows, "flows");
  }

  @Override
  public CompletionStage<PolicyVerdict> decide(PolicyCall call) {
    return CompletableFuture.completedFuture(verdict(call));
  }

  /**
   * The person allowed a call this policy asked about, on a channel the gateway put the question to
   * itself: a flow rule's question grants its places for the session (decision 82). An agent's own
   * prompt never comes here, nor does an after-tool report.
   */
  @Override
  public void personAllowed(PolicyCall call, String by) {
    flows.personAllowed(SessionFlows.sessionKey(call.sessionId()), call.tool(), call.args());
  }

  /**
   * The verdict for {@code call}, kept in its session's past; never throws (the guard's runtime
   * fails closed, {@link JudgedCall#judgeAndKeep}).
   */
  PolicyVerdict verdict(PolicyCall call) {
    Path project = call.project();
    GuardVerdict verdict =
        JudgedCall.judgeAndKeep(
            guard::judge,
            new GuardCall(call.tool(), call.args(), project, project, hints(call)),
            flows,
            SessionFlows.sessionKey(call.sessionId()),
            project);
    return switch (verdict.outcome()) {
      case ALLOW -> PolicyVerdict.allow();
      case DENY -> PolicyVerdict.deny(verdict.message(), verdict.ruleId());
      case ASK -> PolicyVerdict.ask(verdict.message() + ". Run it?", verdict.ruleId());
    };
  }

  /**
   * What the tool declared of itself (MCP's annotations) and the trust of the provider that offers
   * it: the guard's tool rules ask about a destructive tool of a provider below the trust its
   * preset wants. None for the agents' own tools and for a tool no provider of the session offers.
   */
  private static ToolHints hints(PolicyCall call) {
    if (AGENT_TOOLS.contains(call.tool()) || call.toolProvider() == null) {
      return null;
    }
    ToolAnnotations declared = call.annotations();
    return new ToolHints(
        declared == null ? null : declared.destructiveHint(),
        declared == null ? null : declared.readOnlyHint(),
        declared == null ? null : declared.openWorldHint(),
        call.toolProvider(),
        call.providerTrust() == null ? null : call.providerTrust().wireName());
  }
}
