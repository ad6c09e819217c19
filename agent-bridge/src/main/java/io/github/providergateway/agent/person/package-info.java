/**
 * Which processes may act for the person (issue 75, decision 82): the agent runs as the same user
 * as the person, so the gateway tells a process on a coding agent's side by the marks that survive
 * re-parenting ({@link io.github.providergateway.agent.person.AgentSide}), read from the system's
 * process table ({@link io.github.providergateway.agent.person.ProcessTable}), and refuses such a
 * process the person's channels: the answer to a question, a status-page link, a lowering command
 * ({@link io.github.providergateway.agent.person.AgentSideCheck}).
 */
package io.github.providergateway.agent.person;
