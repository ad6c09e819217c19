package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.app.home.SettingsEdit;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The agents {@code gateway setup} and {@code doctor} know, and what their set-up depends on: the
 * user's home and the agents' environment variables (where each keeps its files), and the
 * launcher's command lines. What setup puts where (the gateway's MCP server and a hook before every
 * tool of each kind, and the trust the agent needs) is each agent's own settings class's ({@code
 * AgentSettings}).
 */
public final class AgentLayouts {

  private final AgentConfig config;
  private final Map<String, String> env;
  private final Path userHome;
  private final SandboxChoice sandbox;

  AgentLayouts(AgentConfig config, Map<String, String> env, Path userHome) {
    this(config, env, userHome, SandboxChoice.off());
  }

  AgentLayouts(AgentConfig config, Map<String, String> env, Path userHome, SandboxChoice sandbox) {
    this.config = config;
    this.env = env;
    this.userHome = userHome;
    this.sandbox = sandbox;
  }

  /** {@return whether and how setup writes the agents' own sandboxes} */
  SandboxChoice sandbox() {
    return sandbox;
  }

  /**
   * What setup writes for one agent in one scope.
   *
   * @param edits the files and their entries
   * @param notes what the person must know or still do, one paragraph each
   * @param sandbox the entries among {@code edits} that set the agent's own sandbox: where the
   *     person's own settings refuse one, setup says how to keep theirs ({@code --no-sandbox})
   */
  record Plan(List<SettingsEdit> edits, List<String> notes, List<SettingsEdit.Addition> sandbox) {

    /** A plan that sets no sandbox. */
    Plan(List<SettingsEdit> edits, List<String> notes) {
      this(edits, notes, List.of());
    }
  }

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
  Plan plan(AgentSettings agent, Path project, HttpHook http, Earlier earlier, McpHttp mcp)
      throws IOException {
    if (mcp != null && project != null) {
      throw new IllegalArgumentException("a project's settings are committed: no token in them");
    }
    return agent.plan(this, project, http, earlier, mcp);
  }

  /** {@return the launcher's command lines} */
  AgentConfig config() {
    return config;
  }

  /** {@return the environment the agents run with} */
  Map<String, String> env() {
    return env;
  }

  /** {@return the user's home} */
  Path userHome() {
    return userHome;
  }

  /** {@return the folder the environment's {@code variable} names, else {@code otherwise}} */
  Path envDir(String variable, Path otherwise) {
    String dir = env.get(variable);
    return dir != null && !dir.isBlank() ? Path.of(dir) : otherwise;
  }

  /**
   * The server entry of the JSON agents over HTTP: {@code urlKey} ({@code url}, Gemini's {@code
   * httpUrl}) and the {@code Authorization} header, after {@code type} when the agent takes one.
   */
  static ObjectNode httpServer(McpHttp mcp, String type, String urlKey) {
    ObjectNode server = JsonNodeFactory.instance.objectNode();
    if (type != null) {
      server.put("type", type);
    }
    server.put(urlKey, mcp.url().toString());
    server.putObject("headers").put("Authorization", mcp.authorization());
    return server;
  }

  /** The gateway's entry in {@code file}'s {@code mcpServers}; the file owner-only when secret. */
  static SettingsEdit mcpMember(Path file, ObjectNode server, boolean secret) {
    return new SettingsEdit(
        file,
        SettingsEdit.Format.json,
        List.of(new SettingsEdit.Member(List.of("mcpServers"), AgentConfig.SERVER_NAME, server)),
        secret);
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
    return CodexSettings.userConfig(this);
  }

  /** Gemini CLI's {@code trustedFolders.json}. */
  Path geminiTrustedFolders() {
    return GeminiSettings.trustedFolders(this);
  }
}
