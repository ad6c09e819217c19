package io.github.providergateway.app;

import io.github.providergateway.agent.mcp.McpHttpFrontDoor;
import io.github.providergateway.agent.tokens.ClientTokens;
import java.util.List;
import org.junit.jupiter.api.Tag;

/**
 * {@link ClaudeCodeAgentGateTest} with Claude Code's MCP server {@code gw} over Streamable HTTP on
 * the running gateway's {@code /mcp}, with a token of the agent's kind (issue 46: no process per
 * window), as {@code gateway setup claude --mcp http} writes it: the same contract holds, so the
 * HTTP session is the agent's own (its gates decide the MCP tools, and the hook takes it for the
 * agent's session through Claude's roots, its project).
 */
@Tag(NpmAgent.TAG)
class ClaudeCodeOverHttpAgentGateTest extends ClaudeCodeAgentGateTest {

  @Override
  void addMcpServer(List<String> command) throws Exception {
    claudeCode()
        .mcpAddHttp(
            guarded.project(),
            claudeHome(),
            "gw",
            "http://127.0.0.1:" + guarded.port() + McpHttpFrontDoor.PATH,
            ClientTokens.mcpHttp(guarded.home()).issue("setup-claude", ClientTokens.Kind.AGENT));
  }
}
