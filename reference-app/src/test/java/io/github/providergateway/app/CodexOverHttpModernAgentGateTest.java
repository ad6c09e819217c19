package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.mcp.McpHttpFrontDoor;
import io.github.providergateway.agent.tokens.ClientTokens;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * {@link CodexCliGateTest} with Codex's MCP server {@code gw} over Streamable HTTP on the running
 * gateway's {@code /mcp} and its {@code mcp_2026_07_28} feature on ({@code -c
 * features.mcp_2026_07_28=true}), issue 81: Codex probes {@code server/discover}, is answered
 * {@code -32601} (an agent's token naming no project keeps the legacy era) and initializes, and the
 * same contract holds; {@link #codexWithItsFlagTakesTheNewEraOverHttpNamingItsProject} records the
 * new era, request by request, through a relay that keeps each request's method and era headers.
 */
@Tag(NpmAgent.TAG)
class CodexOverHttpModernAgentGateTest extends CodexCliGateTest {

  /** The one test that records what Codex sends, through a relay (see below). */
  private static final String RECORDED = "codexWithItsFlagTakesTheNewEraOverHttpNamingItsProject";

  private final boolean recorded;
  private BearerProxy relay;

  CodexOverHttpModernAgentGateTest(TestInfo test) {
    this.recorded = test.getTestMethod().map(m -> m.getName().equals(RECORDED)).orElse(false);
  }

  /**
   * Codex's {@code [mcp_servers.gw]} over HTTP as {@code gateway setup codex --mcp http} writes it
   * ({@code url} and {@code http_headers} with the agent's token): its session's project is the
   * folder Codex works in, told by the process at the far end of its connection (decision 130). The
   * recording test goes through a relay instead, which adds the token, and names the project in the
   * header a window's bridge sends: the relay, not Codex, is then the far end.
   */
  @Override
  void addMcpServer(List<String> command) throws Exception {
    String token =
        ClientTokens.mcpHttp(guarded.home()).issue("setup-codex", ClientTokens.Kind.AGENT);
    String table;
    if (recorded) {
      relay = new BearerProxy(guarded.port(), token);
      table =
          "\n[mcp_servers.gw]\nurl = \"http://127.0.0.1:"
              + relay.port()
              + McpHttpFrontDoor.PATH
              + "\"\nhttp_headers = { \"Provider-Gateway-Project\" = \""
              + guarded.project()
              + "\" }\nrequired = true\n";
    } else {
      table =
          "\n[mcp_servers.gw]\nurl = \"http://127.0.0.1:"
              + guarded.port()
              + McpHttpFrontDoor.PATH
              + "\"\nhttp_headers = { \"Authorization\" = \"Bearer "
              + token
              + "\" }\nrequired = true\n";
    }
    Files.writeString(
        Files.createDirectories(CodexCli.codexHome(codexHome)).resolve("config.toml"),
        table,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  @Override
  List<String> codexArguments() {
    return List.of(
        "--dangerously-bypass-approvals-and-sandbox", "-c", "features.mcp_2026_07_28=true");
  }

  @AfterEach
  void closeTheRelay() throws Exception {
    if (relay != null) {
      relay.close();
    }
  }

  /**
   * What Codex sent to {@code /mcp} on a run, with its flag on and its project named (so the
   * gateway serves an agent's token the 2026-07-28 era, decision 116): the probe ({@code
   * server/discover}) and then its list in that era (the version in each request's {@code
   * MCP-Protocol-Version} header), never an {@code initialize}. Without the project named it
   * initializes after the probe is refused with {@code -32601}: the other tests of this class.
   * Recorded, not a gate's proof: Codex 0.169.0 in this era lists once at its start and neither
   * lists again ({@code ttlMs: 0}) nor listens for changes, so a provider that binds after that
   * first list's wait for the session's providers ({@code AgentSession.SETTLE_WAIT}) is not offered
   * to it (docs/agents.md).
   */
  @Test
  @OwnHome // its session, in the new era through the relay, stayed on a shared home past its run
  void codexWithItsFlagTakesTheNewEraOverHttpNamingItsProject() throws Exception {
    model = ScriptedModel.start(dialect(), List.of(ScriptedModel.Turn.text("Done.")));

    NpmAgent.Run run = run();

    List<String> heard = relay.heard();
    System.out.println("[codex over http with mcp_2026_07_28] " + String.join("\n  ", heard));
    assertEnded(run);
    assertThat(heard).as("what Codex sent to /mcp").anyMatch(l -> l.contains("server/discover"));
    assertThat(heard).noneMatch(l -> l.contains("method=initialize"));
    assertThat(heard)
        .filteredOn(l -> l.contains("method=tools/"))
        .as("what Codex sent to /mcp")
        .isNotEmpty()
        .allMatch(l -> l.contains("MCP-Protocol-Version=2026-07-28"));
  }
}
