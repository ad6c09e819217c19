package io.github.providergateway.app.agents;

import io.github.providergateway.agent.hook.AgentKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Whether an agent's hooks of the gateway run before every tool of every kind: each of the agent's
 * own tools the gateway maps (agent-bridge's {@link AgentKind#tools}: shells, reads, edits, writes,
 * notebooks) and an MCP tool, tested against the hooks' matchers as the agent reads them.
 *
 * <ul>
 *   <li>Claude Code (and Codex, which takes its layout): no matcher, {@code ""} or {@code *} is
 *       every tool; letters, digits, {@code _} and {@code |} only are exact names; anything else a
 *       regular expression found anywhere in the name (its hooks reference).
 *   <li>Gemini CLI: no matcher, {@code ""} or {@code *} is every tool, else an unanchored regular
 *       expression.
 *   <li>Copilot CLI: no matcher, its {@code preToolUse} runs before every tool.
 *   <li>Cursor: {@code beforeShellExecution} runs before its shell, {@code beforeReadFile} before
 *       {@code Read}, {@code beforeMCPExecution} before MCP tools, {@code preToolUse} before the
 *       tools its matcher (a regular expression) names.
 * </ul>
 */
final class MatcherCoverage {

  private static final Pattern EXACT_NAMES = Pattern.compile("[A-Za-z0-9_|]+");

  private MatcherCoverage() {}

  /** An MCP tool's name as {@code agent} shows it to its hooks. */
  static String mcpTool(AgentLayouts.Agent agent) {
    return switch (agent) {
      case claude, codex -> "mcp__server__tool";
      case gemini -> "mcp_server_tool";
      case copilot -> "server-tool";
      case cursor -> "MCP:server:tool";
    };
  }

  /** The tool names of {@code agent} that none of {@code hooks} runs before, sorted. */
  static List<String> uncovered(AgentLayouts.Agent agent, List<AgentHooks.Hook> hooks) {
    AgentKind kind = AgentKind.valueOf(agent.name().toUpperCase(java.util.Locale.ROOT));
    Set<String> names = new TreeSet<>(kind.tools().keySet());
    names.add(mcpTool(agent));
    List<String> uncovered = new ArrayList<>();
    for (String name : names) {
      boolean shell = "shell".equals(kind.tools().get(name));
      if (hooks.stream().noneMatch(h -> runsBefore(agent, h, name, shell))) {
        uncovered.add(name);
      }
    }
    return uncovered;
  }

  private static boolean runsBefore(
      AgentLayouts.Agent agent, AgentHooks.Hook hook, String tool, boolean shell) {
    String matcher = hook.matcher();
    return switch (agent) {
      case copilot -> true;
      case claude, codex -> claudeMatches(matcher, tool);
      case gemini -> all(matcher) || found(matcher, tool);
      case cursor ->
          switch (hook.event()) {
            case "beforeShellExecution" -> shell;
            case "beforeReadFile" -> tool.equals("Read");
            case "beforeMCPExecution" -> tool.startsWith("MCP:");
            case "preToolUse" -> all(matcher) || found(matcher, tool);
            default -> false;
          };
    };
  }

  /** Claude Code's reading of a matcher (hooks reference, "Structure"). */
  static boolean claudeMatches(String matcher, String tool) {
    if (all(matcher)) {
      return true;
    }
    if (EXACT_NAMES.matcher(matcher).matches()) {
      return List.of(matcher.split("\\|")).contains(tool);
    }
    return found(matcher, tool);
  }

  private static boolean all(String matcher) {
    return matcher == null || matcher.isEmpty() || matcher.equals("*");
  }

  private static boolean found(String regex, String tool) {
    try {
      return Pattern.compile(regex).matcher(tool).find();
    } catch (PatternSyntaxException e) {
      return false; // the agent cannot use it either
    }
  }
}
