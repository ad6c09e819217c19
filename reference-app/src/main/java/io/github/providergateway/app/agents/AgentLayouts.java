package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.agent.hook.AgentDialect;
import io.github.providergateway.agent.hook.AgentDialects;
import io.github.providergateway.agent.hook.AgentKind;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where each agent keeps its MCP servers and its pre-tool-use hooks, and what {@code gateway setup}
 * puts there: the gateway's MCP server ({@code gateway mcp}, as {@code gateway mcp --print-config}
 * prints it) and a hook before every tool of each kind (shell, read, edit, write, notebook, MCP),
 * running {@code <launcher> hook <agent>}. Also what the person must still do for the agent to run
 * the hook (trust), where setup cannot establish it by writing settings.
 */
public final class AgentLayouts {

  /**
   * The agents {@code gateway setup} and {@code doctor} know: one for each {@link AgentDialect}, in
   * {@link AgentDialects#all()}'s order ({@code AgentConfigTest} checks), named as on the command
   * line. What is the agent's own (its binary, matchers, tools) is read from its dialect.
   */
  public enum Agent {
    claude,
    copilot,
    gemini,
    codex,
    cursor;

    /** The agent's command-line binary, whose version setup and doctor ask. */
    final String binary = dialect().binary();

    /** {@return the agent's dialect} */
    AgentDialect dialect() {
      return AgentDialects.byId(name()).orElseThrow();
    }
  }

  /** Claude Code 2.1.295 and later block a call whose HTTP hook failed ({@code onFailure}). */
  static final String CLAUDE_HTTP_HOOK_SINCE = "2.1.295";

  /**
   * Claude Code's tools of every kind: its own shell, edits, writes, notebooks and reads, and every
   * MCP tool (the gateway's own, and those of servers Claude reaches directly, which only this hook
   * guards).
   */
  static final String CLAUDE_MATCHER = AgentConfig.CLAUDE_MATCHER;

  /**
   * Gemini CLI's tools of every kind (0.61.0): shell, reads and searches, edits, writes, and every
   * MCP tool ({@code mcp_<server>_<tool>}). Its matcher is an unanchored regular expression.
   */
  static final String GEMINI_MATCHER = AgentConfig.GEMINI_MATCHER;

  /** The hook's name where an agent shows one (Gemini). */
  private static final String HOOK_NAME = AgentConfig.SERVER_NAME;

  private final AgentConfig config;
  private final Map<String, String> env;
  private final Path userHome;

  AgentLayouts(AgentConfig config, Map<String, String> env, Path userHome) {
    this.config = config;
    this.env = env;
    this.userHome = userHome;
  }

  /**
   * What setup writes for one agent in one scope.
   *
   * @param edits the files and their entries
   * @param notes what the person must know or still do, one paragraph each
   */
  record Plan(List<SettingsEdit> edits, List<String> notes) {}

  /**
   * Claude Code's HTTP hook, for 2.1.295 and later.
   *
   * @param url the gateway's {@code /hooks/claude}
   * @param token the hook token, written into the (owner-only, never committed) user settings
   */
  record HttpHook(URI url, String token) {}

  /**
   * The gateway's MCP server over Streamable HTTP: the running gateway's {@code /mcp}, with a token
   * of the agent's kind ({@code ClientTokens.Kind.AGENT}), so the agent's windows start no process
   * and their sessions are the agent's own.
   *
   * @param url {@code http://127.0.0.1:<port>/mcp}
   * @param token the token, written only into the user's (owner-only) settings
   */
  record McpHttp(URI url, String token) {
    /** {@return the header every request carries} */
    String authorization() {
      return "Bearer " + token;
    }
  }

  /** What an earlier setup of the same agent and scope added to a file; empty for none. */
  @FunctionalInterface
  interface Earlier {
    /** The additions recorded for {@code file}. */
    List<SettingsEdit.Addition> in(Path file);
  }

  /**
   * The set-up of {@code agent}.
   *
   * @param project the project's folder for a project set-up; null for the user's
   * @param http Claude Code's HTTP hook when the installed version takes it; null for the command
   *     hook
   * @param earlier what an earlier setup recorded (where Codex's trust must name the hook's place)
   * @param mcp the MCP server over HTTP, for the user's settings; null for the stdio command
   * @throws IOException when a file the plan depends on cannot be read
   */
  Plan plan(Agent agent, Path project, HttpHook http, Earlier earlier, McpHttp mcp)
      throws IOException {
    if (mcp != null && project != null) {
      throw new IllegalArgumentException("a project's settings are committed: no token in them");
    }
    return switch (agent) {
      case claude -> claude(project, http, mcp);
      case copilot -> copilot(project, mcp);
      case gemini -> gemini(project, mcp);
      case codex -> codex(project, earlier, mcp);
      case cursor -> cursor(project, mcp);
    };
  }

  /**
   * The server entry of the JSON agents over HTTP: {@code urlKey} ({@code url}, Gemini's {@code
   * httpUrl}) and the {@code Authorization} header, after {@code type} when the agent takes one.
   */
  private static ObjectNode httpServer(McpHttp mcp, String type, String urlKey) {
    ObjectNode server = JsonNodeFactory.instance.objectNode();
    if (type != null) {
      server.put("type", type);
    }
    server.put(urlKey, mcp.url().toString());
    server.putObject("headers").put("Authorization", mcp.authorization());
    return server;
  }

  private Plan claude(Path project, HttpHook http, McpHttp mcpHttp) {
    List<SettingsEdit> edits = new ArrayList<>();
    ObjectNode hook = JsonNodeFactory.instance.objectNode();
    boolean secret = false;
    if (http != null && project == null) {
      hook.put("type", "http").put("url", http.url().toString());
      hook.putObject("headers").put("Authorization", "Bearer " + http.token());
      hook.put("timeout", 30).put("onFailure", "block");
      secret = true;
    } else {
      hook.put("type", "command").put("command", config.hookCommand("claude")).put("timeout", 30);
    }
    ObjectNode group = JsonNodeFactory.instance.objectNode().put("matcher", CLAUDE_MATCHER);
    group.putArray("hooks").add(hook);
    Path configDir = claudeConfigDir();
    Path settings =
        project == null
            ? configDir.resolve("settings.json")
            : project.resolve(".claude").resolve("settings.json");
    edits.add(
        new SettingsEdit(
            settings,
            SettingsEdit.Format.json,
            List.of(new SettingsEdit.Element(List.of("hooks", "PreToolUse"), group)),
            secret));
    // User scope: Claude Code keeps user MCP servers in ~/.claude.json (claude mcp add --scope
    // user); project scope: .mcp.json at the project's root.
    Path mcp =
        project == null
            ? (env.containsKey("CLAUDE_CONFIG_DIR") ? configDir : userHome).resolve(".claude.json")
            : project.resolve(".mcp.json");
    // Claude Code 2.1.332 writes ~/.claude.json owner-only and keeps a file's mode when it rewrites
    // it (checked): the token stays readable by the person alone.
    edits.add(
        mcpHttp != null
            ? mcpMember(mcp, httpServer(mcpHttp, "http", "url"), true)
            : mcpMember(mcp, config.stdioServer("stdio"), false));
    List<String> notes = new ArrayList<>();
    if (secret) {
      notes.add(
          "Claude Code's calls run only while a gateway answers at "
              + http.url()
              + ": the MCP server entry starts the home's shared gateway with Claude. The token is"
              + " in "
              + settings
              + ", now readable by you alone. On a machine other people log in to, use"
              + " --command-hook: while no gateway listens there, another user could.");
    }
    if (project != null) {
      notes.add(
          "The project's files are committed: they get the command hook, and no token. The MCP"
              + " server in .mcp.json asks each person once whether to use it.");
    }
    return new Plan(edits, notes);
  }

  private Plan copilot(Path project, McpHttp mcp) {
    ObjectNode file = JsonNodeFactory.instance.objectNode();
    file.put("version", 1);
    ObjectNode hook = JsonNodeFactory.instance.objectNode();
    hook.put("type", "command").put("bash", config.hookCommand("copilot")).put("timeoutSec", 30);
    Path copilotHome = copilotHome();
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
          mcp != null ? httpServer(mcp, "http", "url") : config.stdioServer("local");
      server.putArray("tools").add("*");
      edits.add(mcpMember(copilotHome.resolve("mcp-config.json"), server, mcp != null));
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
    return new Plan(edits, notes);
  }

  private Plan gemini(Path project, McpHttp mcp) {
    Path geminiDir = geminiHome().resolve(".gemini");
    Path settings =
        project == null
            ? geminiDir.resolve("settings.json")
            : project.resolve(".gemini").resolve("settings.json");
    ObjectNode hook = JsonNodeFactory.instance.objectNode();
    hook.put("type", "command")
        .put("command", config.hookCommand("gemini"))
        .put("name", HOOK_NAME)
        .put("timeout", 30_000);
    ObjectNode group = JsonNodeFactory.instance.objectNode().put("matcher", GEMINI_MATCHER);
    group.putArray("hooks").add(hook);
    List<SettingsEdit.Addition> additions = new ArrayList<>();
    additions.add(new SettingsEdit.Element(List.of("hooks", "BeforeTool"), group));
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
            mcp != null ? httpServer(mcp, null, "httpUrl") : config.stdioServer(null)));
    List<SettingsEdit> edits = new ArrayList<>();
    edits.add(new SettingsEdit(settings, SettingsEdit.Format.json, additions, mcp != null));
    List<String> notes = new ArrayList<>();
    Path trusted = trustedFoldersFile(geminiDir);
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
      notes.add(
          "Gemini CLI runs hooks only in folders it trusts: setup marked "
              + project
              + " trusted in "
              + trusted
              + ".");
    } else {
      notes.add(
          "Gemini CLI runs no hook, not even these, in a folder it does not trust, and then the"
              + " calls run unchecked: trust each project folder when Gemini asks (or run"
              + " 'gateway setup gemini --project' there, which trusts it in "
              + trusted
              + ").");
    }
    return new Plan(edits, notes);
  }

  private Plan codex(Path project, Earlier earlier, McpHttp mcpHttp) throws IOException {
    Path codexHome = project == null ? codexHome() : project.resolve(".codex");
    ObjectNode hook = JsonNodeFactory.instance.objectNode();
    hook.put("type", "command").put("command", config.hookCommand("codex")).put("timeout", 30);
    // No matcher: the hook runs before every tool, its shell, apply_patch and MCP tools alike.
    ObjectNode group = JsonNodeFactory.instance.objectNode();
    group.putArray("hooks").add(hook);
    List<SettingsEdit> edits = new ArrayList<>();
    Path hooksJson = codexHome.resolve("hooks.json");
    SettingsEdit.Element element = new SettingsEdit.Element(List.of("hooks", "PreToolUse"), group);
    SettingsEdit hooks =
        new SettingsEdit(hooksJson, SettingsEdit.Format.json, List.of(element), false);
    edits.add(hooks);
    List<String> notes = new ArrayList<>();
    // Codex skips a hook nobody trusted, silently: setup trusts the one it installs, in the user's
    // config.toml, under the key of the place the hook takes in hooks.json.
    Path userConfig = codexHome().resolve("config.toml");
    int place =
        SettingsMerge.indexAfterApply(
            hooks, SettingsFiles.read(hooksJson), earlier.in(hooksJson), element);
    String trust = place < 0 ? "" : CodexHookTrust.table(hooksJson, place, hook);
    String header = trust.lines().findFirst().orElse("");
    byte[] config = SettingsFiles.read(userConfig);
    boolean ours =
        earlier.in(userConfig).stream()
            .anyMatch(a -> a instanceof SettingsEdit.Block b && b.text().contains(header));
    if (!trust.isEmpty()
        && !ours
        && config != null
        && new String(config, java.nio.charset.StandardCharsets.UTF_8)
            .lines()
            .anyMatch(l -> l.strip().equals(header))) {
      notes.add(
          "Codex already keeps a trust state for this hook ("
              + header
              + " in "
              + userConfig
              + "): setup leaves it. If Codex says 'Hooks need review', trust the provider"
              + " gateway's hook there.");
      trust = "";
    }
    String mcp = mcpHttp != null ? codexHttpBlock(mcpHttp) : codexMcpBlock();
    if (project == null) {
      edits.add(
          new SettingsEdit(
              userConfig,
              SettingsEdit.Format.toml,
              List.of(new SettingsEdit.Block(mcp + trust)),
              mcpHttp != null));
    } else {
      edits.add(
          new SettingsEdit(
              codexHome.resolve("config.toml"),
              SettingsEdit.Format.toml,
              List.of(new SettingsEdit.Block(mcp)),
              false));
      if (!trust.isEmpty()) {
        edits.add(
            new SettingsEdit(
                userConfig,
                SettingsEdit.Format.toml,
                List.of(new SettingsEdit.Block(blockHeader() + trust)),
                false));
      }
      notes.add(
          "Codex reads "
              + codexHome
              + " only in a project you trusted: answer its question when it starts there.");
    }
    if (!trust.isEmpty()) {
      notes.add(
          "Codex runs only hooks it was told to trust: setup trusted this one in "
              + userConfig
              + " ("
              + header
              + "). Codex ties that to the hook's exact command and its place in hooks.json: if"
              + " either changes (another hook put before it), run setup again, or trust it when"
              + " Codex says 'Hooks need review'.");
    }
    return new Plan(edits, notes);
  }

  private Plan cursor(Path project, McpHttp mcp) {
    Path cursorDir = project == null ? userHome.resolve(".cursor") : project.resolve(".cursor");
    String command = config.hookCommand("cursor");
    List<SettingsEdit.Addition> additions = new ArrayList<>();
    additions.add(
        new SettingsEdit.Member(List.of(), "version", JsonNodeFactory.instance.numberNode(1)));
    for (AgentDialect.HookEntry entry : AgentKind.CURSOR.dialect().hookEntries()) {
      additions.add(
          new SettingsEdit.Element(
              List.of("hooks", entry.event()), cursorHook(command, entry.matcher())));
    }
    List<SettingsEdit> edits = new ArrayList<>();
    edits.add(
        new SettingsEdit(
            cursorDir.resolve("hooks.json"), SettingsEdit.Format.json, additions, false));
    edits.add(
        mcp != null
            ? mcpMember(cursorDir.resolve("mcp.json"), httpServer(mcp, null, "url"), true)
            : mcpMember(cursorDir.resolve("mcp.json"), config.stdioServer(null), false));
    return new Plan(
        edits,
        List.of(
            "Cursor's hooks are written from its published documentation and not tried against"
                + " a Cursor binary here."));
  }

  private static ObjectNode cursorHook(String command, String matcher) {
    ObjectNode hook = JsonNodeFactory.instance.objectNode().put("command", command);
    if (matcher != null) {
      hook.put("matcher", matcher);
    }
    hook.put("timeout", 30).put("failClosed", true);
    return hook;
  }

  /** The gateway's entry in {@code file}'s {@code mcpServers}; the file owner-only when secret. */
  private static SettingsEdit mcpMember(Path file, ObjectNode server, boolean secret) {
    return new SettingsEdit(
        file,
        SettingsEdit.Format.json,
        List.of(new SettingsEdit.Member(List.of("mcpServers"), AgentConfig.SERVER_NAME, server)),
        secret);
  }

  /**
   * Codex's {@code [mcp_servers.provider-gateway]} table over Streamable HTTP: {@code url} and a
   * static {@code http_headers} (Codex refuses an inline {@code bearer_token}; {@code
   * bearer_token_env_var} would need the person's environment), marked as setup's.
   */
  private static String codexHttpBlock(McpHttp mcp) {
    return blockHeader()
        + "[mcp_servers."
        + AgentConfig.SERVER_NAME
        + "]\n"
        + "url = "
        + tomlString(mcp.url().toString())
        + "\nhttp_headers = { \"Authorization\" = "
        + tomlString(mcp.authorization())
        + " }\n";
  }

  /** Codex's {@code [mcp_servers.provider-gateway]} table, marked as setup's. */
  private String codexMcpBlock() {
    ObjectNode server = config.stdioServer(null);
    StringBuilder args = new StringBuilder();
    server
        .path("args")
        .forEach(a -> args.append(args.length() == 0 ? "" : ", ").append(tomlString(a.asText())));
    return blockHeader()
        + "[mcp_servers."
        + AgentConfig.SERVER_NAME
        + "]\n"
        + "command = "
        + tomlString(server.path("command").asText())
        + "\nargs = ["
        + args
        + "]\n";
  }

  private static String blockHeader() {
    return "\n# Added by 'gateway setup codex'; 'gateway setup codex --remove' takes it back.\n";
  }

  /** A TOML basic string. */
  static String tomlString(String value) {
    StringBuilder quoted = new StringBuilder("\"");
    for (char c : value.toCharArray()) {
      switch (c) {
        case '"' -> quoted.append("\\\"");
        case '\\' -> quoted.append("\\\\");
        case '\n' -> quoted.append("\\n");
        case '\t' -> quoted.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            quoted.append(String.format("\\u%04X", (int) c));
          } else {
            quoted.append(c);
          }
        }
      }
    }
    return quoted.append('"').toString();
  }

  /** Codex's user {@code config.toml}, where it keeps its hooks' trust. */
  Path codexConfig() {
    return codexHome().resolve("config.toml");
  }

  /** Gemini CLI's {@code trustedFolders.json}. */
  Path geminiTrustedFolders() {
    return trustedFoldersFile(geminiHome().resolve(".gemini"));
  }

  private Path claudeConfigDir() {
    String dir = env.get("CLAUDE_CONFIG_DIR");
    return dir != null && !dir.isBlank() ? Path.of(dir) : userHome.resolve(".claude");
  }

  private Path copilotHome() {
    String dir = env.get("COPILOT_HOME");
    return dir != null && !dir.isBlank() ? Path.of(dir) : userHome.resolve(".copilot");
  }

  private Path geminiHome() {
    String dir = env.get("GEMINI_CLI_HOME");
    return dir != null && !dir.isBlank() ? Path.of(dir) : userHome;
  }

  private Path trustedFoldersFile(Path geminiDir) {
    String file = env.get("GEMINI_CLI_TRUSTED_FOLDERS_PATH");
    return file != null && !file.isBlank()
        ? Path.of(file)
        : geminiDir.resolve("trustedFolders.json");
  }

  private Path codexHome() {
    String dir = env.get("CODEX_HOME");
    return dir != null && !dir.isBlank() ? Path.of(dir) : userHome.resolve(".codex");
  }
}
