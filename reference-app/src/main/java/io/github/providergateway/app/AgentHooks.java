package io.github.providergateway.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
   * @param hooks the gateway's hooks in it
   * @param root the file's JSON object (empty for TOML, for none, or when it could not be read)
   * @param problem why it could not be read, or null
   */
  record Read(
      Path file,
      String scope,
      boolean exists,
      boolean mcpServer,
      List<Hook> hooks,
      ObjectNode root,
      String problem) {}

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
      return unread(file, scope, true, false, e.getMessage());
    }
    if (content == null) {
      return unread(file, scope, false, false, null);
    }
    if (file.getFileName().toString().endsWith(".toml")) {
      String text = new String(content, StandardCharsets.UTF_8);
      boolean server =
          text.lines()
              .map(String::strip)
              .anyMatch(
                  l ->
                      l.equals("[mcp_servers." + AgentConfig.SERVER_NAME + "]")
                          || l.equals("[mcp_servers.\"" + AgentConfig.SERVER_NAME + "\"]"));
      return unread(file, scope, true, server, null);
    }
    ObjectNode root;
    try {
      root = SettingsMerge.parseObject(file.toString(), content);
    } catch (SettingsMerge.Refused e) {
      return unread(file, scope, true, false, e.getMessage());
    }
    boolean server = root.path("mcpServers").has(AgentConfig.SERVER_NAME);
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
    return new Read(file, scope, true, server, List.copyOf(hooks), root, null);
  }

  /** A file with no hook read from it: none there, TOML, or one that cannot be read. */
  private static Read unread(
      Path file, String scope, boolean exists, boolean mcpServer, String problem) {
    return new Read(
        file, scope, exists, mcpServer, List.of(), JsonNodeFactory.instance.objectNode(), problem);
  }

  private static boolean ours(Hook hook, String agent) {
    if (hook.url() != null) {
      return hook.url().endsWith("/hooks/" + agent);
    }
    return hook.command() != null && runsHook(hook.command(), agent);
  }
}
