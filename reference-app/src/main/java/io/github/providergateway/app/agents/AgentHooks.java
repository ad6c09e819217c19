package io.github.providergateway.app.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one of an agent's settings files holds of the gateway, as {@code gateway doctor} reads it:
 * the gateway's MCP server entry, and the pre-tool-use hooks that run {@code gateway hook <agent>}
 * (a command naming it) or post to the gateway's {@code /hooks/<agent>} (Claude Code's HTTP hook),
 * whoever wrote them: {@code gateway setup} or a person.
 */
final class AgentHooks {

  /**
   * One hook of the gateway.
   *
   * @param file the settings file
   * @param scope {@code user} or {@code project}
   * @param event the agent's event it runs at ({@code PreToolUse}, {@code BeforeTool}, …)
   * @param group its place in the event's list, counting from 0 (Codex keys its trust by it)
   * @param matcher the tool names it runs for, as the agent reads them; null for every tool
   * @param handler the hook as the file has it
   */
  record Hook(Path file, String scope, String event, int group, String matcher, JsonNode handler) {

    /** The shell command the agent runs, or null for an HTTP hook. */
    String command() {
      JsonNode command = handler.has("bash") ? handler.get("bash") : handler.get("command");
      return command != null && command.isTextual() ? command.asText() : null;
    }

    /** The URL an HTTP hook posts to, or null. */
    String url() {
      return "http".equals(handler.path("type").asText()) ? handler.path("url").asText() : null;
    }
  }

  /**
   * One settings file read.
   *
   * @param file the file
   * @param scope {@code user} or {@code project}
   * @param exists whether it is there
   * @param mcpServer whether it holds the gateway's MCP server entry
   * @param mcp how that entry reaches the gateway: the command or Streamable HTTP; null without it
   * @param hooks the gateway's hooks in it
   * @param root the file's JSON object (empty for TOML, for none, or when it could not be read)
   * @param problem why it could not be read, or null
   */
  record Read(
      Path file,
      String scope,
      boolean exists,
      boolean mcpServer,
      McpEntry mcp,
      List<Hook> hooks,
      ObjectNode root,
      String problem) {}

  /**
   * The gateway's MCP server entry in an agent's settings, in either form setup writes: the command
   * {@code gateway mcp} (stdio), or Streamable HTTP on the gateway's {@code /mcp} with a bearer
   * token.
   *
   * @param url the {@code /mcp} URL; null for the command
   * @param token the bearer token of its {@code Authorization} header; null for none
   */
  record McpEntry(String url, String token) {
    /** The command's entry. */
    static final McpEntry COMMAND = new McpEntry(null, null);

    private static final Pattern BEARER = Pattern.compile("Bearer\\s+(\\S+)");

    boolean http() {
      return url != null;
    }

    /** The entry of a JSON agent: {@code url} (Gemini: {@code httpUrl}) and {@code headers}. */
    static McpEntry of(JsonNode server) {
      String url =
          server.hasNonNull("httpUrl")
              ? server.get("httpUrl").asText()
              : server.hasNonNull("url") ? server.get("url").asText() : null;
      if (url == null) {
        return COMMAND;
      }
      return new McpEntry(url, bearer(server.path("headers").path("Authorization").asText("")));
    }

    /** The entry of Codex's table, from the lines after its header up to the next table. */
    static McpEntry ofToml(List<String> table) {
      String url = null;
      String token = null;
      for (String line : table) {
        if (line.startsWith("url")) {
          url = line.replaceFirst("^url\\s*=\\s*\"([^\"]*)\".*$", "$1");
        } else if (line.startsWith("http_headers")) {
          token = bearer(line);
        }
      }
      return url == null ? COMMAND : new McpEntry(url, token);
    }

    private static String bearer(String text) {
      Matcher matcher = BEARER.matcher(text);
      return matcher.find() ? matcher.group(1).replaceAll("[\"}]+$", "") : null;
    }
  }

  private AgentHooks() {}

  /**
   * Whether {@code command} runs {@code gateway hook <agent>}, or the launcher's script for it
   * ({@code gateway-hook.sh <agent>}).
   */
  static boolean runsHook(String command, String agent) {
    return Pattern.compile(
            "(^|[\\s'\"/])(hook|gateway-hook\\.sh)\\s+" + Pattern.quote(agent) + "(?![\\w-])")
        .matcher(command)
        .find();
  }

  /** Reads {@code file} of {@code agent} ({@code claude}, {@code gemini}, …). */
  static Read read(String agent, Path file, String scope) {
    byte[] content;
    try {
      content = SettingsFiles.read(file);
    } catch (IOException e) {
      return unread(file, scope, true, null, e.getMessage());
    }
    if (content == null) {
      return unread(file, scope, false, null, null);
    }
    if (file.getFileName().toString().endsWith(".toml")) {
      List<String> lines =
          new String(content, StandardCharsets.UTF_8).lines().map(String::strip).toList();
      McpEntry entry = null;
      for (int i = 0; i < lines.size() && entry == null; i++) {
        String l = lines.get(i);
        if (l.equals("[mcp_servers." + AgentConfig.SERVER_NAME + "]")
            || l.equals("[mcp_servers.\"" + AgentConfig.SERVER_NAME + "\"]")) {
          int end = i + 1;
          while (end < lines.size() && !lines.get(end).startsWith("[")) {
            end++;
          }
          entry = McpEntry.ofToml(lines.subList(i + 1, end));
        }
      }
      return unread(file, scope, true, entry, null);
    }
    ObjectNode root;
    try {
      root = SettingsMerge.parseObject(file.toString(), content);
    } catch (SettingsMerge.Refused e) {
      return unread(file, scope, true, null, e.getMessage());
    }
    JsonNode server = root.path("mcpServers").get(AgentConfig.SERVER_NAME);
    McpEntry mcpEntry = server == null ? null : McpEntry.of(server);
    List<Hook> hooks = new ArrayList<>();
    root.path("hooks")
        .fields()
        .forEachRemaining(
            event -> {
              JsonNode list = event.getValue();
              for (int i = 0; i < list.size(); i++) {
                JsonNode entry = list.get(i);
                String matcher = entry.hasNonNull("matcher") ? entry.get("matcher").asText() : null;
                // Claude Code, Gemini CLI, Codex: matcher groups holding handlers; Copilot CLI,
                // Cursor: the handlers themselves.
                JsonNode handlers =
                    entry.has("hooks")
                        ? entry.get("hooks")
                        : JsonNodeFactory.instance.arrayNode().add(entry);
                for (JsonNode handler : handlers) {
                  Hook hook = new Hook(file, scope, event.getKey(), i, matcher, handler);
                  if (ours(hook, agent)) {
                    hooks.add(hook);
                  }
                }
              }
            });
    return new Read(file, scope, true, mcpEntry != null, mcpEntry, List.copyOf(hooks), root, null);
  }

  /** A file with no hook read from it: none there, TOML, or one that cannot be read. */
  private static Read unread(
      Path file, String scope, boolean exists, McpEntry mcp, String problem) {
    return new Read(
        file,
        scope,
        exists,
        mcp != null,
        mcp,
        List.of(),
        JsonNodeFactory.instance.objectNode(),
        problem);
  }

  private static boolean ours(Hook hook, String agent) {
    if (hook.url() != null) {
      return hook.url().endsWith("/hooks/" + agent);
    }
    return hook.command() != null && runsHook(hook.command(), agent);
  }
}
