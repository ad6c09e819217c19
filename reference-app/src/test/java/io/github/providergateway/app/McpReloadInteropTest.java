package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reload while an agent session is live (issue 21, item 3; X-RELOAD-13): the shared gateway runs
 * with a {@code --config} whose Python greeter (examples/stdio) it spawns for each session; the
 * official TypeScript MCP SDK's client is connected through {@code gateway mcp}, calls {@code
 * greet}, a host sends {@code providers.reload} over {@code /host}, and the client hears exactly
 * one {@code notifications/tools/list_changed} and calls {@code greet} again on the same session.
 * The script is {@code mcp-interop/mcp-reload.mjs}.
 */
@Tag("process")
class McpReloadInteropTest {

  @TempDir Path tmp;

  @Test
  void aReloadIsOneToolListChangeForTheAgentAndItsSessionGoesOn() throws Exception {
    try (SharedGatewayMcp gateway =
        SharedGatewayMcp.start(
            tmp,
            "{\"providers\":[{\"name\":\"greeter\",\"transport\":\"stdio\",\"cwd\":\""
                + Interop.repoRoot().resolve("examples/stdio")
                + "\",\"command\":[\"python3\",\"greet.py\"]}]}")) {
      JsonNode observed = gateway.observe("mcp-reload.mjs");

      assertThat(observed.at("/callBefore/content/0/text").asText()).isEqualTo("Hello, Ada!");
      assertThat(observed.at("/reloaded/restarted").toString()).isEqualTo("[\"greeter\"]");
      assertThat(observed.get("listChanged").asInt())
          .as("one tools/list_changed for the reload")
          .isEqualTo(1);
      assertThat(observed.get("after")).isEqualTo(observed.get("before"));
      assertThat(observed.at("/callAfter/content/0/text").asText()).isEqualTo("Hello, Bo!");
      assertThat(observed.at("/callAfter/isError").asBoolean()).isFalse();
    }
  }
}
