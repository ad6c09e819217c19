package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.app.home.SettingsEdit;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Copilot CLI's set-up: a hooks file of its own in {@code .github/hooks/} or {@code
 * ~/.copilot/hooks/} (it runs every file there), and its MCP servers in the user's {@code
 * mcp-config.json} alone.
 */
final class CopilotSettings extends AgentSettings {

  @Override
  String noManagedLayer() {
    return "copilot: no managed layer is written: Copilot CLI has no settings file an"
        + " administrator owns that gateway setup knows of; each developer runs 'gateway setup"
        + " copilot'";
  }

  @Override
  public AgentKind kind() {
    return AgentKind.COPILOT;
  }

  @Override
  public AgentLayouts.Plan plan(
      AgentLayouts layouts,
      Path project,
      AgentLayouts.HttpHook http,
      AgentLayouts.Earlier earlier,
      AgentLayouts.McpHttp mcp) {
    AgentConfig config = layouts.config();
    ObjectNode file = JsonNodeFactory.instance.objectNode();
    file.put("version", 1);
    ObjectNode hook = JsonNodeFactory.instance.objectNode();
    hook.put("type", "command")
        .put("bash", config.hookCommand("copilot"))
        .put("timeoutSec", (int) AgentDialect.HOOK_TIMEOUT.toSeconds());
    Path copilotHome = layouts.envDir("COPILOT_HOME", layouts.userHome().resolve(".copilot"));
    Path hooks =
        project == null
            ? copilotHome.resolve("hooks").resolve(AgentConfig.SERVER_NAME + ".json")
            : project
                .resolve(".github")
                .resolve("hooks")
                .resolve(AgentConfig.SERVER_NAME + ".json");
    List<SettingsEdit> edits = new ArrayList<>();
    // Copilot CLI has no matcher: a preToolUse hook runs before every tool, of every kind.
    edits.add(
        new SettingsEdit(
            hooks,
            SettingsEdit.Format.json,
            List.of(
                new SettingsEdit.Member(List.of(), "version", file.get("version")),
                new SettingsEdit.Element(List.of("hooks", "preToolUse"), hook)),
            false));
    List<String> notes = new ArrayList<>();
    if (project == null) {
      ObjectNode server =
          mcp != null ? AgentLayouts.httpServer(mcp, "http", "url") : config.stdioServer("local");
      server.putArray("tools").add("*");
      edits.add(
          AgentLayouts.mcpMember(copilotHome.resolve("mcp-config.json"), server, mcp != null));
    } else {
      notes.add(
          "Copilot CLI keeps MCP servers per user: 'gateway setup copilot --user' adds the"
              + " gateway's to "
              + copilotHome.resolve("mcp-config.json")
              + ".");
    }
    notes.add(
        "Copilot CLI runs a folder's hooks only once you trust the folder: answer its question"
            + " when it starts there the first time.");
    return new AgentLayouts.Plan(edits, notes);
  }

  @Override
  public String mcpSnippet(AgentConfig config) {
    ObjectNode server = config.stdioServer("local");
    server.putArray("tools").add("*");
    String mcp = AgentConfig.mcpServers(server);
    return String.join(
        "\n",
        "# GitHub Copilot CLI: merge into ~/.copilot/mcp-config.json",
        mcp,
        "",
        "# Gates for Copilot's own tools: save as .github/hooks/"
            + AgentConfig.SERVER_NAME
            + ".json in the repository",
        AgentConfig.pretty(kind().dialect().hookSettings(config.hookCommand("copilot"))),
        "");
  }

  @Override
  public String precedence() {
    return "every hooks file of .github/hooks/ and ~/.copilot/hooks/ runs (Copilot CLI hooks"
        + " reference); MCP servers only in ~/.copilot/mcp-config.json";
  }

  /** Copilot CLI runs every hooks file of the folder: a hand-written one counts. */
  @Override
  public boolean runsEveryHooksFileOfItsFolder() {
    return true;
  }

  @Override
  public HookTrustCheck.Trust trust(
      HookTrustCheck check,
      Path project,
      List<AgentHooks.Hook> hooks,
      List<AgentHooks.Read> reads) {
    return new HookTrustCheck.Trust(
        true,
        "nothing in a file: Copilot CLI asks once whether to trust a folder, and then runs"
            + " its hooks");
  }

  /** Copilot CLI runs a call whose hook failed, whatever its exit code. */
  @Override
  public boolean exitTwoDenies() {
    return false;
  }

  @Override
  public ObjectNode canaryInput(String event, String command, String folder) {
    ObjectNode in = JsonNodeFactory.instance.objectNode();
    in.put("timestamp", 0);
    in.put("cwd", folder);
    in.put("toolName", "bash");
    in.put("toolArgs", JsonNodeFactory.instance.objectNode().put("command", command).toString());
    return in;
  }

  @Override
  public CanaryRun.Result canaryAnswer(JsonNode answer, String text) {
    return CanaryRun.permission(answer, "permissionDecision", "permissionDecisionReason", text);
  }

  /** Copilot CLI reads a hook's {@code timeoutSec}. */
  @Override
  Optional<Duration> hookTimeout(JsonNode handler) {
    return seconds(handler.get("timeoutSec"));
  }

  /** Copilot CLI's documented default: 30 s. */
  @Override
  Duration defaultHookTimeout() {
    return Duration.ofSeconds(30);
  }
}
