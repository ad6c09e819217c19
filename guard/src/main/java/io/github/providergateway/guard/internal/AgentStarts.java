package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Scan.Step;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A coding agent started on other settings than the person's: with a variable that points it at
 * another settings folder, or that replaces its sandbox, set anywhere in the command. Read from the
 * command's text, since an assignment is no word of the program's, and with its quotes taken off,
 * as the shell joins {@code "CLAUDE""_CONFIG_DIR=…"}; a variable given a value by {@code read},
 * {@code printf -v} or {@code +=} names it as a word too.
 */
final class AgentStarts {
  private AgentStarts() {}

  /** The coding agents' programs. */
  private static final Set<String> AGENTS =
      Set.of("claude", "codex", "gemini", "copilot", "cursor-agent", "opencode");

  /**
   * The variables that point an agent at other settings than the person's, with other hooks or
   * none, or another sandbox: {@code CLAUDE_CONFIG_DIR}, {@code CODEX_HOME}, {@code COPILOT_HOME},
   * {@code GEMINI_CLI_HOME}, {@code CURSOR_CONFIG_DIR}, {@code XDG_CONFIG_HOME} (Cursor's config),
   * {@code GEMINI_SANDBOX} (over Gemini CLI's settings), and a {@code HOME} of its own: set by
   * {@code NAME=} or {@code NAME+=}, or named by {@code read}, {@code printf -v}, {@code export} or
   * {@code declare} ({@code $HOME} only reads it).
   */
  private static final String NAMES =
      "(?:CLAUDE_CONFIG_DIR|CODEX_HOME|COPILOT_HOME|GEMINI_CLI_HOME|CURSOR_CONFIG_DIR"
          + "|XDG_CONFIG_HOME|GEMINI_SANDBOX|HOME)";

  private static final Pattern SETS =
      Pattern.compile(
          "(?<![\\w$]|\\$\\{)"
              + NAMES
              + "\\+?="
              + "|\\b(?:read|printf\\s+-v|export|declare|typeset|local)\\b[^;&|\\n]*?(?<![\\w$])"
              + NAMES
              + "(?!\\w)");

  /**
   * Whether the step starts an agent and the command sets one of the variables above.
   *
   * @param scan the call's scan
   * @param step the step
   * @return whether the agent may start on other settings or without its sandbox
   */
  static boolean onOtherSettings(Scan scan, Step step) {
    if (!AGENTS.contains(step.program()) || scan.source() == null) {
      return false;
    }
    String text = scan.source().replace("\"", "").replace("'", "");
    return SETS.matcher(text).find();
  }
}
