/**
 * The guard's runtime, in one room (issue 79): where a {@link
 * io.github.providergateway.guard.Guard} is built ({@link
 * io.github.providergateway.agent.guard.GuardFactory}, {@link
 * io.github.providergateway.agent.guard.GuardLayers}), asked about a call through one entry that
 * fails closed ({@link io.github.providergateway.agent.guard.GuardJudge#judge}, {@link
 * io.github.providergateway.agent.guard.JudgedCall}), and what each session has seen for the flow
 * rules ({@link io.github.providergateway.agent.guard.SessionFlows}). The engine's policy in the
 * reference app and the hook with no session or no gateway all call down into it; it reads none of
 * the bridge's doors (docs/architecture.md, "The guard's runtime: one room").
 */
package io.github.providergateway.agent.guard;
