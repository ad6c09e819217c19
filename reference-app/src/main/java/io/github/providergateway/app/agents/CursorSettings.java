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

/**
 * Cursor's set-up: its hooks, one per event of its dialect, in {@code .cursor/hooks.json} (each
 * failing closed), and its MCP servers in {@code .cursor/mcp.json}; written from its published
 * documentation.
 */
final class CursorSettings extends AgentSettings {

  @Override
  String noManagedLayer() {
    return "cursor: no managed layer is written: no Cursor binary runs here to check which"
        + " administrator-owned hooks file it reads and how, so the gateway does not claim one;"
        + " each developer runs 'gateway setup cursor'";
  }

  @Override
  public AgentKind kind() {
    return AgentKind.CURSOR;
  }

  @Override
  public AgentLayouts.Plan plan(
      AgentLayouts layouts,
      Path project,
      AgentLayouts.HttpHook http,
      AgentLayouts.Earlier earlier,
      AgentLayouts.McpHttp mcp) {
    Path cursorDir =
        project == null ? layouts.userHome().resolve(".cursor") : project.resolve(".cursor");
    String command = layouts.config().hookCommand("cursor");
    List<SettingsEdit.Addition> additions = new ArrayList<>();
    additions.add(
        new SettingsEdit.Member(List.of(), "version", JsonNodeFactory.instance.numberNode(1)));
    for (AgentDialect.HookEntry entry : kind().dialect().hookEntries()) {
      additions.add(
          new SettingsEdit.Element(
              List.of("hooks", entry.event()), hook(command, entry.matcher())));
    }
    List<SettingsEdit> edits = new ArrayList<>();
    edits.add(
        new SettingsEdit(
            cursorDir.resolve("hooks.json"), SettingsEdit.Format.json, additions, false));
    edits.add(
        mcp != null
            ? AgentLayouts.mcpMember(
                cursorDir.resolve("mcp.json"), AgentLayouts.httpServer(mcp, null, "url"), true)
            : AgentLayouts.mcpMember(
                cursorDir.resolve("mcp.json"), layouts.config().stdioServer(null), false));
    return new AgentLayouts.Plan(
        edits,
        List.of(
            "Cursor's hooks are written from its published documentation and not tried against"
                + " a Cursor binary here."));
  }

  private static ObjectNode hook(String command, String matcher) {
    ObjectNode hook = JsonNodeFactory.instance.objectNode().put("command", command);
    if (matcher != null) {
      hook.put("matcher", matcher);
    }
    hook.put("timeout", (int) AgentDialect.HOOK_TIMEOUT.toSeconds()).put("failClosed", true);
    return hook;
  }

  @Override
  public String mcpSnippet(AgentConfig config) {
    String mcp = AgentConfig.mcpServers(config.stdioServer("stdio"));
    return String.join(
        "\n",
        "# Cursor: merge into ~/.cursor/mcp.json or .cursor/mcp.json",
        mcp,
        "",
        config.printedHooks(kind().dialect()));
  }

  @Override
  public String precedence() {
    return "project .cursor/hooks.json and user ~/.cursor/hooks.json both run (Cursor hooks"
        + " documentation)";
  }

  /** Cursor has no command line on the PATH to find: its settings say it is used. */
  @Override
  public boolean examinedByItsFiles() {
    return true;
  }

  @Override
  public HookTrustCheck.Trust trust(
      HookTrustCheck check,
      Path project,
      List<AgentHooks.Hook> hooks,
      List<AgentHooks.Read> reads) {
    return new HookTrustCheck.Trust(true, "nothing needed by Cursor's documentation");
  }

  @Override
  public ObjectNode canaryInput(String event, String command, String folder) {
    ObjectNode in = JsonNodeFactory.instance.objectNode();
    in.put("conversation_id", "gateway-doctor");
    // Its shell's own hook, unless the hook is its preToolUse.
    in.put("hook_event_name", event.equals("preToolUse") ? event : "beforeShellExecution");
    in.putArray("workspace_roots").add(folder);
    if (event.equals("preToolUse")) {
      in.put("tool_name", "Shell");
      in.putObject("tool_input").put("command", command);
    } else {
      in.put("command", command).put("cwd", folder);
    }
    return in;
  }

  @Override
  public CanaryRun.Result canaryAnswer(JsonNode answer, String text) {
    return CanaryRun.permission(answer, "permission", "agent_message", text);
  }

  /** Cursor documents no default: taken as the shortest of the others', 30 s. */
  @Override
  Duration defaultHookTimeout() {
    return Duration.ofSeconds(30);
  }

  /** With {@code "failClosed": true} (as setup writes it) Cursor blocks the call. */
  @Override
  String onHookTimeout(AgentHooks.Hook hook) {
    return hook.handler().path("failClosed").asBoolean(false)
        ? "blocks the call (failClosed)"
        : "runs the call";
  }
}
