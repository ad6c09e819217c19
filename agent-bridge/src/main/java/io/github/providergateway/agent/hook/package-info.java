/**
 * {@code gateway hook claude|copilot}: pre-tool-use hook adapters that put an agent's own tools
 * (shell, edits) under the providers' gates. Each reads its agent's hook JSON on stdin, asks the
 * shared gateway's {@code hook.preToolUse} and answers in the agent's own format.
 */
package io.github.providergateway.agent.hook;
