package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Codex CLI 0.169.0's real binary gated end to end ({@link AgentGateTests}): {@code codex exec}
 * with a model provider of the test's in {@code config.toml}, its MCP server {@code gw} = {@code
 * gateway mcp} there too, and where a test says so its {@code PreToolUse} hook = {@code gateway
 * hook codex} for {@code Bash} in {@code hooks.json}, <b>trusted as a person trusts it</b> ({@link
 * CodexCli#trustHooks}), never with {@code --dangerously-bypass-hook-trust}. {@code
 * --dangerously-bypass-approvals-and-sandbox} stays: in {@code exec} nobody could approve a
 * command, and Codex's sandbox needs bubblewrap. Codex's shell tool is {@code exec_command {cmd}},
 * which its hooks see as {@code Bash {command}}; the gateway's tools come in the namespace {@code
 * mcp__gw}.
 */
@Tag(NpmAgent.TAG)
class CodexCliGateTest extends AgentGateTests {

  CodexCli codex;
  Path codexHome;

  /**
   * A person's set-up in one command: {@code gateway setup codex} writes the MCP server, the hook
   * and Codex's trust of it ({@code [hooks.state]}) into the user's Codex home, and Codex, with no
   * trust-bypass switch, then runs the hook: the gated call does not run.
   */
  @Test
  @OwnHome
  void afterGatewaySetupCodexAGatedCallDoesNotRun() throws Exception {
    codexHome = Files.createDirectory(temp.toRealPath().resolve("codex-setup-home"));
    String said =
        guarded.setup(
            "codex",
            Map.of(
                "HOME", codexHome.toString(),
                "CODEX_HOME", CodexCli.codexHome(codexHome).toString(),
                "PATH", codex.binary().getParent() + ":" + System.getenv("PATH")));

    NpmAgent.Run run = shell("guarded-denied.marker");

    assertThat(guarded.marker("guarded-denied.marker"))
        .as(() -> "gateway setup said: " + said + "\n" + describe(run))
        .doesNotExist();
    assertThat(resultOf("call_shell", run)).contains("agent-guard: no-marker says no");
  }

  @Override
  void install() throws Exception {
    codex = CodexCli.installed();
    codexHome = Files.createDirectory(temp.toRealPath().resolve("codex-home"));
  }

  @Override
  void addMcpServer(List<String> command) throws Exception {
    CodexCli.addMcpServer(codexHome, "gw", command);
  }

  @Override
  ScriptedModel.Dialect dialect() {
    return ScriptedModel.Dialect.RESPONSES;
  }

  @Override
  String shellTool() {
    return "exec_command";
  }

  @Override
  ObjectNode shellInput(String command) {
    return JSON.createObjectNode().put("cmd", command);
  }

  @Override
  String mcpTool(String tool) {
    return "mcp__gw__" + tool;
  }

  @Override
  void installHook() throws Exception {

    CodexCli.writeHooks(
        codexHome, "Bash", guarded.hookCommand("codex"), (int) HOOK_TIMEOUT.toSeconds());
    assertThat(codex.trustHooks(guarded.project(), codexHome))
        .as("the hook Codex found, now trusted")
        .hasSize(1);
  }

  @Override
  NpmAgent.Run run() throws Exception {
    return codex.exec(
        guarded.project(),
        codexHome,
        model,
        Map.of(),
        "Make the marker.",
        codexArguments(),
        AGENT_LIMIT);
  }

  /** What {@code codex exec} is given before its prompt. */
  List<String> codexArguments() {
    return List.of("--dangerously-bypass-approvals-and-sandbox");
  }
}
