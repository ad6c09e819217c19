package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Gemini CLI 0.61.0's real binary gated end to end ({@link AgentGateTests}): {@code gemini -p} in a
 * folder trusted the way a person trusts it ({@code ~/.gemini/trustedFolders.json}, not {@code
 * GEMINI_CLI_TRUST_WORKSPACE}), {@code --approval-mode yolo} (in {@code -p} nobody could approve a
 * tool), its MCP server {@code gw} = {@code gateway mcp} in {@code settings.json}, and where a test
 * says so its {@code BeforeTool} hook = {@code gateway hook gemini} for {@code run_shell_command}.
 * Gemini calls the gateway's tools {@code mcp_gw_<tool>}.
 */
@Tag(NpmAgent.TAG)
class GeminiCliGateTest extends AgentGateTests {

  private GeminiCli gemini;
  private Path geminiHome;
  private ObjectNode settings;

  /** Whether gateway setup wrote Gemini's settings, so that a run leaves them as they are. */
  private boolean setUpByGateway;

  /** More arguments for a run, after {@code --approval-mode yolo}. */
  private List<String> runArgs = List.of();

  /** More variables for a run. */
  private final Map<String, String> runEnv = Map.of();

  /**
   * A person's set-up in one command: {@code gateway setup gemini --project} in the project writes
   * the project's MCP server and hook ({@code .gemini/settings.json}) and trusts the folder, and
   * Gemini, with no {@code GEMINI_CLI_TRUST_WORKSPACE}, then runs the hook: the gated call does not
   * run. The user's own settings hold only the API key's auth.
   */
  @Test
  @OwnHome
  void afterGatewaySetupGeminiProjectAGatedCallDoesNotRun() throws Exception {
    geminiHome = Files.createDirectory(temp.toRealPath().resolve("gemini-setup-home"));
    GeminiCli.writeSettings(geminiHome, GeminiCli.settings());
    String said =
        guarded.setup(
            "gemini",
            Map.of(
                "HOME",
                geminiHome.toString(),
                "PATH",
                gemini.binary().getParent() + ":" + System.getenv("PATH")),
            "--project");
    setUpByGateway = true;

    NpmAgent.Run run = shell("guarded-denied.marker");

    assertThat(guarded.marker("guarded-denied.marker"))
        .as(() -> "gateway setup said: " + said + "\n" + describe(run))
        .doesNotExist();
    assertThat(resultOf("call_shell", run)).contains("agent-guard: no-marker says no");
  }

  /**
   * What {@code gateway setup gemini} says a headless Gemini needs, on Gemini's real binary (issue
   * 77): with no auth anywhere setup says so and {@code gemini -p} exits 41 before anything runs;
   * with the auth a person gives but the project not trusted, it exits 55; and with {@code
   * --skip-trust}, one of the ways the block names, Gemini trusts the folder for the run and runs
   * the hook: the gated call does not run.
   */
  @Test
  @OwnHome
  void setupSaysWhatAHeadlessGeminiNeedsAndTheHookRunsOnceGiven() throws Exception {
    geminiHome = Files.createDirectory(temp.toRealPath().resolve("gemini-first-run-home"));
    ObjectNode quiet = GeminiCli.settings();
    quiet.remove("security");
    GeminiCli.writeSettings(geminiHome, quiet);
    Map<String, String> person = new java.util.HashMap<>();
    person.put("HOME", geminiHome.toString());
    person.put("PATH", gemini.binary().getParent() + ":" + System.getenv("PATH"));
    // The person's shell holds no auth of Gemini's (setup reads these three, as Gemini does).
    List.of("GOOGLE_GENAI_USE_GCA", "GOOGLE_GENAI_USE_VERTEXAI", "GEMINI_API_KEY")
        .forEach(variable -> person.put(variable, ""));
    String said = guarded.setup("gemini", person);
    setUpByGateway = true;
    assertThat(said)
        .contains("auth:  none found: gemini -p exits 41")
        .contains("gemini -p exits 55")
        .contains("--skip-trust");
    model = ScriptedModel.start(dialect(), List.of(ScriptedModel.Turn.text("Nothing to do.")));

    Map<String, String> noAuth = new java.util.HashMap<>(runEnv);
    noAuth.put("GEMINI_API_KEY", "");
    noAuth.put("GOOGLE_GEMINI_BASE_URL", "");
    NpmAgent.Run unauthenticated =
        gemini.run(guarded.project(), geminiHome, model, noAuth, "Hi.", List.of(), AGENT_LIMIT);
    assertThat(unauthenticated.exitCode()).as(() -> describe(unauthenticated)).isEqualTo(41);
    assertThat(unauthenticated.stdout() + unauthenticated.stderr())
        .contains("Please set an Auth method");

    // The auth a person gives with a key: the selected type in their settings, the key in the
    // environment (the run's).
    ObjectNode withAuth =
        (ObjectNode) JSON.readTree(geminiHome.resolve(".gemini/settings.json").toFile());
    withAuth.putObject("security").putObject("auth").put("selectedType", "gemini-api-key");
    GeminiCli.writeSettings(geminiHome, withAuth);
    NpmAgent.Run untrusted =
        gemini.run(guarded.project(), geminiHome, model, runEnv, "Hi.", List.of(), AGENT_LIMIT);
    assertThat(untrusted.exitCode()).as(() -> describe(untrusted)).isEqualTo(55);
    assertThat(untrusted.stdout() + untrusted.stderr())
        .contains("not running in a trusted directory");
    model.close();

    runArgs = List.of("--skip-trust");
    NpmAgent.Run run = shell("guarded-denied.marker");

    assertThat(guarded.marker("guarded-denied.marker")).as(() -> describe(run)).doesNotExist();
    assertThat(resultOf("call_shell", run)).contains("agent-guard: no-marker says no");
  }

  /**
   * After {@code gateway setup gemini} for the user (hooks, MCP server, the policy file from the
   * sandbox policy), with the auth and the project's trust a person gives, Gemini's first hour
   * works headless: a shell call, a {@code write_file}, the gateway's tool, a commit.
   */
  @Test
  @OwnHome
  void afterGatewaySetupGeminiTheFirstHourWorks() throws Exception {
    geminiHome = Files.createDirectory(temp.toRealPath().resolve("gemini-first-hour-home"));
    GeminiCli.writeSettings(geminiHome, GeminiCli.settings());
    guarded.setup(
        "gemini",
        Map.of(
            "HOME",
            geminiHome.toString(),
            "PATH",
            gemini.binary().getParent() + ":" + System.getenv("PATH")));
    setUpByGateway = true;
    GeminiCli.trustFolder(geminiHome, guarded.project());

    firstHour(
        "write_file",
        JSON.createObjectNode()
            .put("file_path", guarded.project().resolve("notes.txt").toString())
            .put("content", "first hour"),
        "mcp_provider-gateway_mark");
  }

  @Override
  void install() throws Exception {
    gemini = GeminiCli.installed();
    geminiHome = Files.createDirectory(temp.toRealPath().resolve("gemini-home"));
    settings = GeminiCli.settings();
  }

  @Override
  void addMcpServer(List<String> command) {
    ObjectNode server = settings.putObject("mcpServers").putObject("gw");
    server.put("command", command.get(0));
    command.subList(1, command.size()).forEach(server.putArray("args")::add);
  }

  @Override
  ScriptedModel.Dialect dialect() {
    return ScriptedModel.Dialect.GEMINI;
  }

  @Override
  String shellTool() {
    return "run_shell_command";
  }

  @Override
  ObjectNode shellInput(String command) {
    return JSON.createObjectNode().put("command", command).put("description", "Make a marker");
  }

  @Override
  String mcpTool(String tool) {
    return "mcp_gw_" + tool;
  }

  @Override
  void installHook() {

    ObjectNode group = settings.putObject("hooks").putArray("BeforeTool").addObject();
    group.put("matcher", "run_shell_command");
    group
        .putArray("hooks")
        .addObject()
        .put("type", "command")
        .put("name", "provider-gateway")
        .put("command", guarded.hookCommand("gemini"))
        .put("timeout", HOOK_TIMEOUT.toMillis());
  }

  @Override
  NpmAgent.Run run() throws Exception {
    if (!setUpByGateway) {
      GeminiCli.writeSettings(geminiHome, settings);
      GeminiCli.trustFolder(geminiHome, guarded.project());
    }
    return gemini.run(
        guarded.project(),
        geminiHome,
        model,
        runEnv,
        "Make the marker.",
        Stream.concat(Stream.of("--approval-mode", "yolo"), runArgs.stream()).toList(),
        AGENT_LIMIT);
  }
}
