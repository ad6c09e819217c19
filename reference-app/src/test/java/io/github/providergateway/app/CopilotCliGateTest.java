package io.github.providergateway.app;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * GitHub Copilot CLI 1.0.102's real binary gated end to end ({@link AgentGateTests}), offline with
 * a model provider of the test's and no GitHub account ({@link CopilotCli}): {@code copilot -p}
 * with {@code --allow-all-tools}, its MCP server {@code gw} = {@code gateway mcp} in {@code
 * ~/.copilot/mcp-config.json}, and where a test says so its user-level {@code preToolUse} hook =
 * {@code gateway hook copilot} in {@code ~/.copilot/settings.json}, which needs no trust: neither
 * {@code --trust-folder} nor {@code COPILOT_ALLOW_ALL=true} is given. Copilot's shell tool is
 * {@code bash {command, description}}; it calls the gateway's tools {@code gw-<tool>}.
 */
@Tag(NpmAgent.TAG)
class CopilotCliGateTest extends AgentGateTests {

  private CopilotCli copilot;
  private Path copilotHome;

  /**
   * No shared home: after Copilot's run its session stayed on the gateway past {@link #SESSION_END}
   * (every test of the class, at a load of 25), so each test waited that out and then started a
   * home of its own anyway.
   */
  @Override
  boolean sharesAHome() {
    return false;
  }

  @Override
  void install() throws Exception {
    copilot = CopilotCli.installed();
    copilotHome = Files.createDirectory(temp.toRealPath().resolve("copilot-home"));
  }

  @Override
  void addMcpServer(List<String> command) throws Exception {
    CopilotCli.addMcpServer(copilotHome, "gw", command);
  }

  @Override
  ScriptedModel.Dialect dialect() {
    return ScriptedModel.Dialect.RESPONSES;
  }

  @Override
  String shellTool() {
    return "bash";
  }

  @Override
  ObjectNode shellInput(String command) {
    return JSON.createObjectNode().put("command", command).put("description", "Make a marker");
  }

  @Override
  String mcpTool(String tool) {
    return "gw-" + tool;
  }

  /**
   * Copilot is answered {@code ask} with the rewritten arguments ({@code modifiedArgs}), so that
   * its person sees the rewritten call; in {@code -p} nobody can be asked, and Copilot denies.
   */
  @Override
  String rewriteTold() {
    return "Denied by preToolUse hook (unable to ask user for confirmation)";
  }

  @Override
  void installHook() throws Exception {
    CopilotCli.writeHooks(
        copilotHome, guarded.hookCommand("copilot"), (int) HOOK_TIMEOUT.toSeconds());
  }

  /**
   * After {@code gateway setup copilot} (its user-level hook and MCP server), Copilot's first hour
   * works headless: a shell call, a file made with its {@code create}, the gateway's tool, a
   * commit.
   */
  @Test
  @OwnHome
  void afterGatewaySetupCopilotTheFirstHourWorks() throws Exception {
    guarded.setup("copilot", Map.of("HOME", copilotHome.toString()));

    firstHour(
        "create",
        JSON.createObjectNode()
            .put("path", guarded.project().resolve("notes.txt").toString())
            .put("file_text", "first hour"),
        "provider-gateway-mark");
  }

  @Override
  NpmAgent.Run run() throws Exception {
    return copilot.run(
        guarded.project(),
        copilotHome,
        model,
        Map.of(),
        "Make the marker.",
        List.of(),
        AGENT_LIMIT);
  }
}
