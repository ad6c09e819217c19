/**
 * {@code gateway hook claude|copilot|gemini|codex|cursor}: pre-tool-use hook adapters that put an
 * agent's own tools (shell, reads, edits) under the providers' gates. Each reads its agent's hook
 * JSON on stdin, asks the shared gateway's {@code hook.preToolUse} and answers in the agent's own
 * format and exit codes ({@link io.github.providergateway.agent.hook.AgentKind}).
 */
package io.github.providergateway.agent.hook;
