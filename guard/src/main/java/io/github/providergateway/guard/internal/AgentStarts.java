package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.AgentFootprints.Footprint;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A coding agent started on other settings than the person's, beyond what the rule book's patterns
 * say of its options ({@code guard.agent-unguarded}): with a variable that points it at another
 * settings folder or file, or that replaces its sandbox ({@link Footprint#settingsVariables}, and a
 * {@code HOME} of its own) set anywhere in the command; or Codex given an override of its hooks,
 * features, sandbox, approvals or permissions in any spelling of {@code -c}/{@code --config}, a
 * feature of its hooks disabled, or a profile of its config. An agent in any of its forms is read
 * by its name ({@link AgentPrograms}).
 */
final class AgentStarts {
  private AgentStarts() {}

  /** The coding agents' programs, every name each runs under. */
  private static final Set<String> AGENTS = programs();

  /**
   * The variables that point an agent at other settings than the person's ({@link
   * Footprint#settingsVariables}: {@code CLAUDE_CONFIG_DIR}, {@code CODEX_HOME}, {@code
   * GEMINI_CLI_SYSTEM_SETTINGS_PATH}…) and a {@code HOME} of its own: set by {@code NAME=} or
   * {@code NAME+=}, or named by {@code read}, {@code printf -v}, {@code export} or {@code declare}
   * ({@code $HOME} only reads it).
   */
  private static final String NAMES = names();

  private static final Pattern SETS =
      Pattern.compile(
          "(?<![\\w$]|\\$\\{)"
              + NAMES
              + "\\+?="
              + "|\\b(?:read|printf\\s+-v|export|declare|typeset|local)\\b[^;&|\\n]*?(?<![\\w$])"
              + NAMES
              + "(?!\\w)");

  /**
   * The first parts of Codex's config keys that say what guards it: its hooks (and their trust,
   * {@code hooks.state}), its features (the hooks among them), its sandbox and approvals, its
   * permissions, which profile it takes its settings from, and the environment its commands get
   * (which would shed the marks it sets on them).
   */
  private static final List<String> CODEX_KEYS =
      List.of(
          "hooks",
          "features",
          "sandbox",
          "approval",
          "permissions",
          "default_permissions",
          "profile",
          "shell_environment_policy");

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
    return PatternLiterals.finds(SETS, text);
  }

  /**
   * Whether the step starts Codex with an override of what guards it: {@code -c
   * features.hooks=false}, {@code -chooks=…}, {@code -c=…}, {@code --config …}, {@code --config=…}
   * of one of {@link #CODEX_KEYS}, {@code --disable hooks}, or a {@code --profile} ({@code -p}). A
   * command that asks for help runs nothing.
   *
   * @param step the step
   * @return whether it overrides
   */
  static boolean overridesCodex(Step step) {
    if (!step.program().equals("codex")) {
      return false;
    }
    List<Word> args = step.args();
    int end = args.size();
    for (int i = 0; i < end; i++) {
      String t = args.get(i).text();
      if (t.equals("--")) {
        end = i; // what follows is a prompt or a command, no option of Codex's
      } else if (t.equals("--help") || t.equals("-h")) {
        return false;
      }
    }
    for (int i = 0; i < end; i++) {
      String t = args.get(i).text();
      String next = i + 1 < end ? args.get(i + 1).text() : "";
      if (t.equals("-c") || t.equals("--config")) {
        if (overridesKey(next)) {
          return true;
        }
      } else if (t.startsWith("--config=") && overridesKey(t.substring(9))
          || t.startsWith("-c") && !t.startsWith("--") && overridesKey(t.substring(2))) {
        return true;
      } else if (t.equals("--disable") && next.contains("hook")
          || t.startsWith("--disable=") && t.contains("hook")) {
        return true;
      } else if (t.equals("-p")
          || t.equals("--profile")
          || t.startsWith("--profile=")
          || t.startsWith("-p") && !t.startsWith("--") && t.length() > 2) {
        return true;
      }
    }
    return false;
  }

  /** Whether a {@code key=value} override's key, in any quoting, is one of {@link #CODEX_KEYS}. */
  private static boolean overridesKey(String override) {
    String plain = override.startsWith("=") ? override.substring(1) : override;
    int eq = plain.indexOf('=');
    if (eq <= 0) {
      return false;
    }
    String key = plain.substring(0, eq).replaceAll("[\"'\\s]", "");
    String first = key.contains(".") ? key.substring(0, key.indexOf('.')) : key;
    for (String guarded : CODEX_KEYS) {
      if (first.startsWith(guarded)) {
        return true;
      }
    }
    return false;
  }

  private static Set<String> programs() {
    Set<String> programs = new LinkedHashSet<>();
    for (Footprint agent : AgentFootprints.all()) {
      programs.addAll(agent.programs());
    }
    return NameSet.copyOf(programs);
  }

  private static String names() {
    Set<String> names = new LinkedHashSet<>();
    for (Footprint agent : AgentFootprints.all()) {
      names.addAll(agent.settingsVariables());
    }
    names.add("HOME");
    return "(?:" + String.join("|", names) + ")";
  }
}
