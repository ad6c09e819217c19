package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.app.home.SettingsEdit;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Gemini CLI's set-up: its hook before its tools and after them, {@code hooksConfig.enabled} and
 * its MCP servers in {@code .gemini/settings.json}, the project folder trusted in {@code
 * trustedFolders.json}, without which it runs no hook, and for the user its policy file from the
 * gateway's sandbox policy ({@link GeminiPolicyFile}).
 */
final class GeminiSettings extends AgentSettings {

  /**
   * Gemini CLI's tools of every kind (0.61.0): shell, reads and searches, edits, writes, and every
   * MCP tool ({@code mcp_<server>_<tool>}), as its dialect names them. Its matcher is an unanchored
   * regular expression.
   */
  static final String MATCHER = AgentConfig.matcher(AgentKind.GEMINI, "BeforeTool");

  @Override
  public AgentKind kind() {
    return AgentKind.GEMINI;
  }

  @Override
  public AgentLayouts.Plan plan(
      AgentLayouts layouts,
      Path project,
      AgentLayouts.HttpHook http,
      AgentLayouts.Earlier earlier,
      AgentLayouts.McpHttp mcp)
      throws IOException {
    AgentConfig config = layouts.config();
    Path geminiDir = geminiDir(layouts);
    Path settings =
        project == null
            ? geminiDir.resolve("settings.json")
            : project.resolve(".gemini").resolve("settings.json");
    List<SettingsEdit.Addition> additions = hooksAndServer(config, mcp);
    List<SettingsEdit> edits = new ArrayList<>();
    edits.add(new SettingsEdit(settings, SettingsEdit.Format.json, additions, mcp != null));
    List<String> notes = new ArrayList<>();
    List<SettingsEdit.Addition> sandbox = List.of();
    Path trusted = trustedFolders(layouts);
    if (project != null) {
      // Gemini CLI runs no hook at all (its users' neither) in a folder it does not trust: the
      // person named this folder, so setup trusts it, and --remove takes that back.
      edits.add(
          new SettingsEdit(
              trusted,
              SettingsEdit.Format.json,
              List.of(
                  new SettingsEdit.Member(
                      List.of(), project.toString(), TextNode.valueOf("TRUST_FOLDER"))),
              false));
    } else {
      SettingsEdit policy = GeminiPolicyFile.edit(layouts, geminiDir, earlier, notes);
      if (policy != null) {
        edits.add(policy);
        sandbox = policy.additions();
      }
    }
    List<Path> authSettings = new ArrayList<>();
    if (project != null) {
      authSettings.add(settings);
    }
    authSettings.add(geminiDir.resolve("settings.json"));
    authSettings.add(
        layouts.envDir(
            "GEMINI_CLI_SYSTEM_SETTINGS_PATH", Path.of("/etc/gemini-cli/settings.json")));
    notes.add(GeminiFirstRun.block(authSettings, layouts.env(), trusted, project));
    return new AgentLayouts.Plan(edits, notes, sandbox);
  }

  /**
   * The gateway's hook before Gemini's tools and after them, {@code hooksConfig.enabled} and the
   * MCP server ({@code mcp} over HTTP, or the stdio command when null): what setup adds to a
   * user's, a project's or the system's settings.
   */
  private List<SettingsEdit.Addition> hooksAndServer(AgentConfig config, AgentLayouts.McpHttp mcp) {
    List<SettingsEdit.Addition> additions = new ArrayList<>();
    ObjectNode hook = JsonNodeFactory.instance.objectNode();
    hook.put("type", "command")
        .put("command", config.hookCommand("gemini"))
        .put("name", AgentConfig.SERVER_NAME) // the hook's name, which Gemini shows
        .put("timeout", (int) AgentDialect.HOOK_TIMEOUT.toMillis());
    // The hook before its tools, and the same hook after them (AfterTool), which tells the
    // gateway that a call ran.
    for (AgentDialect.HookEntry entry : kind().dialect().hookEntries()) {
      ObjectNode group = JsonNodeFactory.instance.objectNode().put("matcher", entry.matcher());
      group.putArray("hooks").add(hook.deepCopy());
      additions.add(new SettingsEdit.Element(List.of("hooks", entry.event()), group));
    }
    // On by default; written so that a later default does not turn the gate off unseen, and a
    // file that turned hooks off is refused with a clear reason instead of gated in name only.
    additions.add(
        new SettingsEdit.Member(
            List.of("hooksConfig"), "enabled", JsonNodeFactory.instance.booleanNode(true)));
    // Gemini CLI: httpUrl is Streamable HTTP (url is the older SSE transport).
    additions.add(
        new SettingsEdit.Member(
            List.of("mcpServers"),
            AgentConfig.SERVER_NAME,
            mcp != null
                ? AgentLayouts.httpServer(mcp, null, "httpUrl")
                : config.stdioServer(null)));
    return additions;
  }

  /**
   * Gemini CLI's managed layer (checked in 0.61.0's bundle): its system settings, {@code
   * /etc/gemini-cli/settings.json} on Linux or the file {@code GEMINI_CLI_SYSTEM_SETTINGS_PATH}
   * names, which win over the user's and the workspace's, with the gateway's hooks and MCP server.
   * Gemini has no key that runs the system's hooks alone: the hooks of every layer run (they are
   * concatenated), and {@code hooksConfig.disabled} is the union of every layer's.
   */
  @Override
  Optional<ManagedLayer> managedLayer(AgentConfig config, Path launcher, ManagedPlaces places) {
    Path settings =
        places.envFile(
            "GEMINI_CLI_SYSTEM_SETTINGS_PATH", places.etc("gemini-cli", "settings.json"));
    return Optional.of(
        new ManagedLayer(
            List.of(
                new SettingsEdit(
                    settings, SettingsEdit.Format.json, hooksAndServer(config, null), false)),
            List.of(),
            null,
            "the system settings win over the user's and the workspace's for a single value"
                + " (hooksConfig.enabled true holds), but the hooks of every layer run, a"
                + " user-level gateway hook (gateway setup gemini) as well: Gemini has no"
                + " managed-hooks-only key.",
            List.of(
                "hooksConfig.disabled is merged from every layer: a user who lists the hook's name"
                    + " ("
                    + AgentConfig.SERVER_NAME
                    + ") there turns it off, and Gemini CLI runs no hook in a folder it does not"
                    + " trust. Both are the user's to change.",
                "Gemini CLI skips the system settings file, with a security warning, when its"
                    + " folder or any folder above it is writable by group or others (checked in"
                    + " 0.61.0): keep it root-owned, 0644, in root-owned 0755 folders.")));
  }

  private static Path geminiDir(AgentLayouts layouts) {
    return layouts.envDir("GEMINI_CLI_HOME", layouts.userHome()).resolve(".gemini");
  }

  /** {@return Gemini CLI's {@code trustedFolders.json}} */
  static Path trustedFolders(AgentLayouts layouts) {
    return layouts.envDir(
        "GEMINI_CLI_TRUSTED_FOLDERS_PATH", geminiDir(layouts).resolve("trustedFolders.json"));
  }

  @Override
  public String mcpSnippet(AgentConfig config) {
    String mcp = AgentConfig.mcpServers(config.stdioServer(null));
    return String.join(
        "\n",
        "# Gemini CLI: merge into ~/.gemini/settings.json or .gemini/settings.json",
        mcp,
        "",
        config.printedHooks(kind().dialect()));
  }

  /** Gemini CLI's {@code hooksConfig.enabled}, from the highest file that sets it (issue 75). */
  @Override
  Optional<DoctorProblem> hooksTurnedOff(List<AgentHooks.Read> reads) {
    for (AgentHooks.Read read : reads) {
      JsonNode enabled =
          read.root() == null ? null : read.root().path("hooksConfig").get("enabled");
      if (enabled != null && enabled.isBoolean()) {
        return enabled.asBoolean()
            ? Optional.empty()
            : Optional.of(
                new DoctorProblem(
                    "hooks turned off (hooksConfig.enabled is false)",
                    "hooksConfig.enabled is false in "
                        + read.file()
                        + ": Gemini CLI runs no hook"));
      }
    }
    return Optional.empty();
  }

  @Override
  public String precedence() {
    return "project .gemini/settings.json > user ~/.gemini/settings.json (Gemini CLI's"
        + " configuration layers, geminicli.com/docs/get-started/configuration); hooks of"
        + " both run, hooksConfig.enabled is read from the highest file that sets it";
  }

  @Override
  public HookTrustCheck.Trust trust(
      HookTrustCheck check,
      Path project,
      List<AgentHooks.Hook> hooks,
      List<AgentHooks.Read> reads) {
    return check.gemini(project, reads);
  }

  @Override
  public boolean trustKeptInFile() {
    return true;
  }

  @Override
  public ObjectNode canaryInput(String event, String command, String folder) {
    return CanaryRun.claudeLayout(folder, "BeforeTool", "run_shell_command", command);
  }

  @Override
  public CanaryRun.Result canaryAnswer(JsonNode answer, String text) {
    String decision = answer.path("decision").asText("");
    return CanaryRun.decided(
        decision.equals("deny") || decision.equals("block") || decision.equals("ask"),
        answer.path("reason").asText(""),
        text);
  }

  /**
   * Setup's stand-in for a sandbox in Gemini CLI: its policy file, {@code provider-gateway.toml}
   * (it confines Gemini's file tools, not what its shell runs).
   */
  @Override
  boolean isSandbox(Path file, SettingsEdit.Addition addition) {
    return file.getFileName() != null
        && file.getFileName().toString().equals(GeminiPolicyFile.NAME);
  }

  /** Gemini CLI reads a hook's {@code timeout} in milliseconds. */
  @Override
  Optional<Duration> hookTimeout(JsonNode handler) {
    JsonNode value = handler.get("timeout");
    return value != null && value.isNumber() && value.asLong() > 0
        ? Optional.of(Duration.ofMillis(value.asLong()))
        : Optional.empty();
  }

  /** Gemini CLI's default: 60 s. */
  @Override
  Duration defaultHookTimeout() {
    return Duration.ofSeconds(60);
  }
}
