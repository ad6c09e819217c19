package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.tokens.ClientTokens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Claude Code 2.1.337's real binary under the contract every agent meets ({@link AgentGateTests}):
 * {@code claude -p} with its MCP server {@code gw} = {@code gateway mcp} ({@code claude mcp add}),
 * and where a test says so its {@code PreToolUse} hook for {@code Bash}: the HTTP hook on the
 * home's port with {@code "onFailure": "block"}, as {@code hook --print-config claude} offers it
 * from 2.1.295 on. Claude's shell tool is {@code Bash {command, description}}; it calls the
 * gateway's tools {@code mcp__gw__<tool>}. {@link ClaudeCodeBeforeOnFailureAgentGateTest} runs the
 * same with 2.1.197 and the command hook.
 */
@Tag(NpmAgent.TAG)
class ClaudeCodeAgentGateTest extends AgentGateTests {

  /** Claude's HTTP hook's limit where the gateway is stopped: the command hook's own budget. */
  private static final Duration STOPPED_HOOK_TIMEOUT = Duration.ofSeconds(10);

  private ClaudeCode claude;
  private Path claudeHome;
  private Map<String, String> env = Map.of();

  /**
   * Claude's own limit for its HTTP hook's request: {@link #HOOK_TIMEOUT}, but for the stopped
   * gateway's test, where nothing answers in any time.
   */
  private Duration httpHookTimeout = HOOK_TIMEOUT;

  /** The tools Claude may use without asking, in {@code -p} where nobody can be asked. */
  private List<String> allowedTools = List.of("Bash", "mcp__gw");

  /** The Claude Code under test. */
  ClaudeCode claude() throws Exception {
    return ClaudeCode.installed();
  }

  @Override
  void install() throws Exception {
    claudeHome = Files.createDirectory(temp.toRealPath().resolve("claude-home"));
    claude = claude();
  }

  @Override
  void addMcpServer(List<String> command) throws Exception {
    claude.mcpAdd(guarded.project(), claudeHome, "gw", command);
  }

  /** The Claude Code installed for this test. */
  ClaudeCode claudeCode() {
    return claude;
  }

  /** Claude's {@code HOME} for this test. */
  Path claudeHome() {
    return claudeHome;
  }

  /**
   * The MCP servers of Claude's {@code ~/.claude.json}, the user scope's ({@link ClaudeCode#mcpAdd}
   * adds there) and each project's: a run that connects none of them has found none.
   */
  @Override
  String agentsConfig() {
    return "\n--- ~/.claude.json's MCP servers:\n" + ClaudeCode.projectsAndServers(claudeHome);
  }

  @Override
  ScriptedModel.Dialect dialect() {
    return ScriptedModel.Dialect.ANTHROPIC;
  }

  @Override
  String shellTool() {
    return "Bash";
  }

  @Override
  ObjectNode shellInput(String command) {
    return JSON.createObjectNode().put("command", command).put("description", "Make a marker");
  }

  @Override
  String mcpTool(String tool) {
    return "mcp__gw__" + tool;
  }

  /**
   * Claude is answered {@code ask} with the rewritten arguments ({@code updatedInput}), so that its
   * person sees the rewritten call; in {@code -p} nobody can be asked, and the ask is a denial with
   * the adapter's reason.
   */
  @Override
  String rewriteTold() {
    return "gates rewrote the arguments; check the call before it runs";
  }

  @Override
  void installHook() throws Exception {
    ObjectNode hook = JSON.createObjectNode();
    hook.put("type", "http").put("url", "http://127.0.0.1:" + guarded.port() + "/hooks/claude");
    hook.putObject("headers").put("Authorization", "Bearer $PROVIDER_GATEWAY_HOOK_TOKEN");
    hook.putArray("allowedEnvVars").add("PROVIDER_GATEWAY_HOOK_TOKEN");
    hook.put("timeout", httpHookTimeout.toSeconds()).put("onFailure", "block");
    settings(hook);
    env = Map.of("PROVIDER_GATEWAY_HOOK_TOKEN", ClientTokens.hooks(guarded.home()).issue("claude"));
  }

  /** Writes Claude's {@code ~/.claude/settings.json} with {@code hook} for {@code Bash}. */
  void settings(ObjectNode hook) throws Exception {
    ObjectNode settings = JSON.createObjectNode();
    ObjectNode preToolUse = settings.putObject("hooks").putArray("PreToolUse").addObject();
    preToolUse.put("matcher", "Bash");
    preToolUse.putArray("hooks").add(hook);
    Path file = Files.createDirectories(claudeHome.resolve(".claude")).resolve("settings.json");
    Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(settings));
  }

  /**
   * The contract's test, with Claude's HTTP hook given the 10 s the command hook's adapter gives
   * itself ({@code --timeout}) rather than 30: what it proves is that a request nobody answers
   * blocks the call ({@code "onFailure": "block"}), not how long Claude waits first, and against a
   * stopped gateway the 30 s were only waited out: the test took 44 s where the contract's others
   * take about 15.
   */
  @Test
  @OwnHome
  @Override
  void withTheGatewayStoppedACallDoesNotRun() throws Exception {
    httpHookTimeout = STOPPED_HOOK_TIMEOUT;
    super.withTheGatewayStoppedACallDoesNotRun();
  }

  /**
   * A fresh home, whose configured guard has never bound and says hello 6 s after it starts (longer
   * than a hook call waits for its session's configured providers, 4 s): Claude's first call, made
   * at once, must still not run. Claude calls its first tool before {@code gateway mcp} has joined,
   * so the call waits for the session, then for the guard, then is decided.
   */
  @Test
  void aGatedCallAtStartDoesNotRunWhileTheConfiguredGuardIsStillStarting() throws Exception {
    leaveTheHome();
    guarded =
        GuardedHome.start(
            Files.createDirectory(temp.toRealPath().resolve("late")), "agent-guard", "6000");
    // A Claude of its own: the first home's server is in the user scope of the one before.
    claudeHome = Files.createDirectory(temp.toRealPath().resolve("late/claude-home"));
    addMcpServer(guarded.mcpCommand());
    installHook();
    String command = "touch " + guarded.marker("guarded-denied.marker");
    model =
        ScriptedModel.start(
            dialect(),
            List.of(
                ScriptedModel.Turn.toolUse(shellTool(), "call_shell", shellInput(command)),
                ScriptedModel.Turn.text("Done.")));

    NpmAgent.Run run = run();

    assertEnded(run);
    assertThat(guarded.marker("guarded-denied.marker")).as(() -> describe(run)).doesNotExist();
  }

  /**
   * After {@code gateway setup claude} (hooks, MCP server, Claude's own sandbox from the sandbox
   * policy), Claude's first hour works headless: a shell call inside its sandbox, a {@code Write},
   * the gateway's tool, a commit.
   */
  @Test
  @OwnHome
  void afterGatewaySetupClaudeTheFirstHourWorks() throws Exception {
    String said = guarded.setup("claude", Map.of("HOME", claudeHome.toString()));
    allowedTools = List.of("Bash", "Write", "mcp__provider-gateway");
    env = Map.of();

    NpmAgent.Run run =
        firstHour(
            "Write",
            JSON.createObjectNode()
                .put("file_path", guarded.project().resolve("notes.txt").toString())
                .put("content", "first hour"),
            "mcp__provider-gateway__mark");

    assertThat(said).as(() -> describe(run)).contains("Claude Code's own sandbox is on");
  }

  @Override
  NpmAgent.Run run() throws Exception {
    return claude.print(
        guarded.project(),
        claudeHome,
        model,
        env,
        "Make the marker.",
        Stream.concat(Stream.of("--allowedTools"), allowedTools.stream()).toList(),
        AGENT_LIMIT);
  }
}
