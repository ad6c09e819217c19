package io.github.providergateway.app;

import io.github.providergateway.agent.hook.AgentKind;
import java.util.List;

/**
 * What {@code gateway hook AGENT --help} says of one agent's hook beside the options they all
 * share: what the hook reads and answers, and where the agent's settings install it.
 *
 * @param description the paragraphs above the options
 * @param footerHeading the heading of the installation, a picocli format
 * @param footer the installation and the agent's tool names
 */
record AgentHookHelp(List<String> description, String footerHeading, List<String> footer) {

  /** {@return the help of {@code agent}'s hook} */
  static AgentHookHelp of(AgentKind agent) {
    return switch (agent) {
      case CLAUDE ->
          new AgentHookHelp(
              List.of(
                  "Claude Code's PreToolUse command hook: reads the hook's JSON on stdin, asks the gateway"
                      + " session whose cwd is the agent's, and prints a deny with the provider's reason, or"
                      + " no decision (Claude Code's own permissions then apply). Always exits 0; when it"
                      + " cannot check a call it denies explicitly.",
                  ""),
              "%nInstall it in ~/.claude/settings.json or <project>/.claude/settings.json:%n",
              List.of(
                  "  {\"hooks\":{\"PreToolUse\":[{\"matcher\":\"Bash|Edit|Write|Read\",\"hooks\":[",
                  "    {\"type\":\"command\",\"command\":\"/abs/path/gateway hook claude\",\"timeout\":30}]}]}}",
                  "",
                  "Bash becomes tool 'shell' with {\"command\": ...}; Edit/MultiEdit/Write/NotebookEdit become"
                      + " 'edit' with 'path'; Read/NotebookRead/Grep/Glob become 'read' with 'path'; other"
                      + " tools keep their names (docs/agents.md).",
                  "No gateway answering: the gateway's record <home>/hook-gates.json decides; a matching"
                      + " fail-closed gate denies, fail-open gates allow. Stderr says which."));
      case COPILOT ->
          new AgentHookHelp(
              List.of(
                  "GitHub Copilot CLI's preToolUse command hook: reads the hook's JSON on stdin, asks the"
                      + " gateway session whose cwd is the agent's, and prints a deny with the provider's"
                      + " reason, or no decision. Always exits 0; when it cannot check a call it denies"
                      + " explicitly.",
                  ""),
              "%nInstall it in <repo>/.github/hooks/gateway.json:%n",
              List.of(
                  "  {\"version\":1,\"hooks\":{\"preToolUse\":[{\"type\":\"command\",",
                  "    \"bash\":\"/abs/path/gateway hook copilot\",\"timeoutSec\":30}]}}",
                  "",
                  "bash/shell/powershell become tool 'shell' with {\"command\": ...}; edit/create/write/"
                      + "str_replace_editor become 'edit' with 'path'; view/read become 'read' with 'path';"
                      + " other tools keep their names (docs/agents.md).",
                  "No gateway answering: the gateway's record <home>/hook-gates.json decides; a matching"
                      + " fail-closed gate denies, fail-open gates allow. Stderr says which."));
      case GEMINI ->
          new AgentHookHelp(
              List.of(
                  "Gemini CLI's BeforeTool command hook: reads the hook's JSON on stdin, asks the gateway"
                      + " session whose cwd is the agent's, and exits 2 with the reason on stderr (and"
                      + " {\"decision\":\"deny\"} on stdout) to deny, or 0 with no decision. Gemini CLI cannot"
                      + " ask for a hook and would run a rewritten call unseen: a gate's question or rewrite"
                      + " is a deny that names it (docs/decisions/0066). Any failure exits 2.",
                  ""),
              "%nInstall it in ~/.gemini/settings.json or <project>/.gemini/settings.json:%n",
              List.of(
                  "  {\"hooks\":{\"BeforeTool\":[{\"matcher\":\".*\",\"hooks\":[{\"type\":\"command\",",
                  "    \"command\":\"/abs/path/gateway hook gemini\",\"timeout\":30000}]}]}}",
                  "",
                  "run_shell_command becomes tool 'shell' with {\"command\": ...}; write_file/replace become"
                      + " 'edit' with 'path'; read_file/read_many_files/glob/grep_search/list_directory become"
                      + " 'read' with 'path'; mcp_<server>_<tool> becomes mcp__<server>__<tool> (docs/agents.md)."));
      case CODEX ->
          new AgentHookHelp(
              List.of(
                  "Codex CLI's PreToolUse command hook (Claude Code's layout): reads the hook's JSON on stdin,"
                      + " asks the gateway session whose cwd is the agent's, and exits 2 with the reason on"
                      + " stderr to deny (a deny always has a reason), or 0 with no decision. Codex refuses"
                      + " ask and a rewrite without allow: a gate's question or rewrite is a deny that names it"
                      + " (docs/decisions/0066). Any failure exits 2.",
                  ""),
              "%nInstall it in $CODEX_HOME/hooks.json (~/.codex/hooks.json), and trust it:%n",
              List.of(
                  "  {\"hooks\":{\"PreToolUse\":[{\"matcher\":\".*\",\"hooks\":[{\"type\":\"command\",",
                  "    \"command\":\"/abs/path/gateway hook codex\",\"timeout\":30}]}]}}",
                  "",
                  "Bash/exec_command/shell become tool 'shell' with {\"command\": ...}; apply_patch becomes"
                      + " 'edit', once for each file its patch names; mcp__<server>__<tool> stays (docs/agents.md)."));
      case CURSOR ->
          new AgentHookHelp(
              List.of(
                  "Cursor's beforeShellExecution, beforeMCPExecution, beforeReadFile and preToolUse command"
                      + " hooks, built from Cursor's published hooks documentation and untested against a"
                      + " Cursor binary: reads the hook's JSON on stdin and prints {\"permission\":\"deny\"}"
                      + " with the reason, {\"permission\":\"ask\"} for a gate's question (beforeReadFile:"
                      + " a deny), or {} for no objection. Always exits 0; set failClosed on the hooks.",
                  ""),
              "%nInstall it in ~/.cursor/hooks.json or <project>/.cursor/hooks.json:%n",
              List.of(
                  "  {\"version\":1,\"hooks\":{\"beforeShellExecution\":[{\"command\":\"/abs/path/gateway hook"
                      + " cursor\",\"timeout\":30,\"failClosed\":true}], …}}",
                  "",
                  "See 'gateway hook --print-config cursor' for every hook, and docs/agents.md."));
    };
  }
}
