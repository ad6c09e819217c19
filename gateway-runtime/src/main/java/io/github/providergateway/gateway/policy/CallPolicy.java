package io.github.providergateway.gateway.policy;

import java.util.concurrent.CompletionStage;

/**
 * A policy the engine asks about every tool call before the providers' pre-tool rules (decision
 * 77): the reference app's command guard is one, and an embedder may register its own with {@link
 * io.github.providergateway.gateway.Gateway.Builder#policy}. It is not a provider: it has no
 * connection, no binding and nothing to wait for in a session, and it is told what the engine knows
 * of the call ({@link PolicyCall}) rather than asking the gateway back.
 *
 * <p>It is asked wherever a session's {@code onPreToolUse} rules run (an agent's hook call, a tool
 * call from the host or the MCP front door, a federated tool), first, in registration order, and
 * again whenever a gate rewrites the call's arguments (decision 37), so that what runs is what it
 * allowed. It runs on the executor it was registered with, never on the gateway's loop, so it may
 * read files. It fails closed (decision 61): a policy that throws, completes exceptionally, answers
 * null or does not answer within the gate timeout ({@link
 * io.github.providergateway.protocol.CallLimits#gateTimeout}, 5 s by default) denies the call, and
 * the deny says so.
 *
 * <pre>{@code
 * CallPolicy noFriday = call ->
 *     CompletableFuture.completedFuture(
 *         call.tool().equals("deploy") && isFriday()
 *             ? PolicyVerdict.deny("no deploys on Friday", "team.no-friday-deploy")
 *             : PolicyVerdict.allow());
 * Gateway gateway = Gateway.builder().policy("team", noFriday, policyExecutor).build();
 * }</pre>
 *
 * <p>Its answers are in the audit trail as a gate whose provider is the policy's name and whose
 * gate id is the id of the rule that decided ({@link PolicyVerdict#ruleId()}: {@code
 * guard/git.push-force} for the app's guard), or the policy's name again when the verdict names
 * none.
 */
@FunctionalInterface
public interface CallPolicy {

  /**
   * Decides about a call. Called on the policy's executor; may complete later, on any thread.
   *
   * @param call the call as the engine knows it
   * @return allow, deny or ask; never null
   */
  CompletionStage<PolicyVerdict> decide(PolicyCall call);

  /**
   * The person allowed a call this policy asked about ({@link PolicyVerdict#ask}), on a channel the
   * gateway put the question to itself: a console, a status page, an MCP client's elicitation, a
   * host's {@code gate.answer}. Not told of a question handed back to a host that asks its person
   * itself (an agent's hook: the agent's own prompt answers it, and the gateway never learns how),
   * nor of a no or a question nobody answered. Called on the policy's executor, after the call was
   * let go on; what it throws is logged and changes nothing. Default: nothing.
   *
   * @param call the call as the policy was told of it
   * @param by the channel the person answered on, as the audit trail names it
   */
  default void personAllowed(PolicyCall call, String by) {}
}
