package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The agents' own command lines that rewrite their settings ({@code guard.self}, issue 75), as
 * editing the files would: the MCP servers ({@code claude mcp add|add-json|remove}, {@code codex
 * mcp add|remove}, {@code gemini mcp add|remove}, {@code cursor-agent mcp disable}), which hold the
 * gateway's own, Claude Code's {@code config set|add|remove}, and Gemini CLI's extensions ({@code
 * gemini extensions install|uninstall|disable|enable|link|update}: an extension brings settings,
 * hooks and MCP servers of its own). An agent in any of its forms is read by its name ({@link
 * AgentPrograms}); what only reads ({@code claude mcp list}, {@code gemini extensions list}) and
 * {@code --help} stay allowed.
 */
final class AgentSettingsCommands {
  private static final BuiltinRule SELF = RuleBook.rule("guard.self");

  private AgentSettingsCommands() {}

  /** The {@code mcp} subcommands that change which servers an agent reaches. */
  private static final Set<String> MCP_CHANGES =
      NameSet.of(
          "add",
          "add-json",
          "add-from-claude-desktop",
          "remove",
          "rm",
          "delete",
          "disable",
          "enable",
          "reset-project-choices");

  /** Claude Code's {@code config} subcommands that write its settings. */
  private static final Set<String> CONFIG_CHANGES =
      NameSet.of("set", "add", "remove", "rm", "unset");

  /** Gemini CLI's {@code extensions} subcommands that only read. */
  private static final Set<String> EXTENSIONS_READ = NameSet.of("list", "ls", "");

  /**
   * Scans each agent's command line for a rewrite of its settings.
   *
   * @param scan the call's scan
   */
  static void scan(Scan scan) {
    for (Step step : scan.steps()) {
      if (AgentFootprints.byName(step.program()).isPresent() && rewrites(step)) {
        scan.hit(SELF, step, null);
      }
    }
  }

  private static boolean rewrites(Step step) {
    List<String> words = new ArrayList<>(2);
    for (Word word : step.args()) {
      String t = word.text();
      if (t.equals("--help") || t.equals("-h")) {
        return false;
      }
      if (!t.startsWith("-") && words.size() < 2) {
        words.add(t);
      }
    }
    String first = words.isEmpty() ? "" : words.get(0);
    String second = words.size() < 2 ? "" : words.get(1);
    return switch (first) {
      case "mcp" -> MCP_CHANGES.contains(second);
      case "config" -> step.program().equals("claude") && CONFIG_CHANGES.contains(second);
      case "extensions", "extension" ->
          step.program().equals("gemini") && !EXTENSIONS_READ.contains(second);
      default -> false;
    };
  }
}
