package io.github.providergateway.app;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Tag;

/**
 * Claude Code 2.1.197 (before 2.1.295: no {@code "onFailure": "block"}, {@link
 * ClaudeCodeBeforeOnFailureTest}) under the contract every agent meets ({@link AgentGateTests}),
 * with the hook that is safe there: the command hook, {@code gateway hook claude}.
 */
@Tag(NpmAgent.TAG)
class ClaudeCodeBeforeOnFailureAgentGateTest extends ClaudeCodeAgentGateTest {

  @Override
  ClaudeCode claude() throws Exception {
    return ClaudeCode.beforeOnFailure();
  }

  @Override
  void installHook() throws Exception {
    ObjectNode hook = JSON.createObjectNode();
    hook.put("type", "command")
        .put("command", guarded.hookCommand("claude"))
        .put("timeout", HOOK_TIMEOUT.toSeconds());
    settings(hook);
  }
}
