package io.github.providergateway.app;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/**
 * Issue 81: every gate test of {@link CodexCliGateTest} again with Codex's MCP client in the
 * 2026-07-28 era ({@code -c features.mcp_2026_07_28=true}): Codex probes {@code server/discover},
 * which it refuses without {@code ttlMs} and {@code cacheScope}, and then lists and calls the
 * gateway's tools statelessly; the gates, the guard and the gateway stopped or killed decide as in
 * the legacy era.
 */
@Tag(NpmAgent.TAG)
class CodexModernEraGateTest extends CodexCliGateTest {

  /** Codex's feature for MCP's 2026-07-28 revision. */
  static final String MODERN_ERA = "features.mcp_2026_07_28=true";

  @Override
  NpmAgent.Run run() throws Exception {
    return codex()
        .exec(
            guarded.project(),
            codexHome(),
            model,
            Map.of(),
            "Make the marker.",
            List.of("--dangerously-bypass-approvals-and-sandbox", "-c", MODERN_ERA),
            AGENT_LIMIT);
  }
}
