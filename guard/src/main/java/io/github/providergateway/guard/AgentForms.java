package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.guard.internal.AgentFootprints;
import java.util.List;
import java.util.Optional;

/**
 * Every form a coding agent takes on this machine, in one table (issue 75; the guard's {@code
 * agents.json} since issue 79, where each agent's settings, tokens and sandbox files are too): its
 * name for a person, the names its program runs under, the npm packages it comes in (and so the
 * folders {@code npx}, {@code bunx}, {@code pnpm dlx} and {@code yarn dlx} run it from), the
 * folders its own installer keeps its versions in (Claude Code's native binary is named by its
 * version, {@code ~/.local/share/claude/versions/2.1.332}), the environment variables it sets on
 * every command its tools run (which a double fork, {@code setsid} or {@code nohup} keeps, where
 * the agent's process no longer is an ancestor), and the variables that point it at other settings
 * than the person's.
 *
 * <p>Read by the guard (an agent, in any of these forms, started by its model on other settings,
 * rule {@code guard.agent-unguarded}; the marks shed, rule {@code guard.self}) and by the gateway's
 * test of a process on the agent's side (the refusal of lowering commands, the person's channels),
 * so that both know the same agents the same way. The table itself is the guard's internal {@code
 * AgentFootprints}, which its rules read (decision 80); this class hands it over.
 *
 * <p>What was seen of each agent's environment (2026-11-29, the real binaries driven offline):
 * Claude Code 2.1.332 sets {@code CLAUDECODE=1}, {@code CLAUDE_CODE_ENTRYPOINT} and {@code
 * AI_AGENT} on its tools' commands and hooks; Codex CLI 0.171.0 sets {@code CODEX_THREAD_ID},
 * {@code CODEX_SESSION_ID} and {@code CODEX_TOOL_CALL_ID} on its tools' commands (its hooks get
 * none); Gemini CLI 0.61.0 sets {@code GEMINI_CLI=1} on its tools' commands. Copilot CLI's and
 * Cursor's were not seen: those two are known by their programs only. Gemini CLI runs no hook in a
 * folder it does not trust, so {@code GEMINI_CLI_TRUSTED_FOLDERS_PATH} (its trust list elsewhere)
 * is among its settings variables.
 */
public final class AgentForms {

  /**
   * One agent's forms.
   *
   * @param id the agent's word ({@code claude}), as {@code gateway hook <word>} names it
   * @param displayName its name for a person ({@code Claude Code})
   * @param programs the names its program runs under, its usual one first ({@code claude}, {@code
   *     claude.exe})
   * @param npmPackages the npm packages it comes in ({@code @anthropic-ai/claude-code})
   * @param installFolders the folders, under the user's home, its own installer keeps versions in
   * @param environmentMarks the variables it sets on the commands its tools run
   * @param settingsVariables the variables that point it at other settings, hooks or sandbox
   * @param sessionVariable the variable its tools' commands carry its session's id in, the id its
   *     hooks name ({@code session_id}), or null where it sets none: what ties an agent that one of
   *     its commands started to the session that started it
   */
  public record Agent(
      String id,
      String displayName,
      List<String> programs,
      List<String> npmPackages,
      List<String> installFolders,
      List<String> environmentMarks,
      List<String> settingsVariables,
      String sessionVariable) {

    /**
     * Checks and copies.
     *
     * @param id the agent's word
     * @param displayName its name for a person
     * @param programs the names its program runs under
     * @param npmPackages its npm packages
     * @param installFolders its installer's folders under the user's home
     * @param environmentMarks the variables it sets on its tools' commands
     * @param settingsVariables the variables that point it at other settings
     * @param sessionVariable the variable its tools' commands carry its session's id in, or null
     */
    public Agent {
      requireNonNull(id, "id");
      requireNonNull(displayName, "displayName");
      programs = List.copyOf(programs);
      npmPackages = List.copyOf(npmPackages);
      installFolders = List.copyOf(installFolders);
      environmentMarks = List.copyOf(environmentMarks);
      settingsVariables = List.copyOf(settingsVariables);
    }
  }

  /**
   * The variable an agent names itself by in the commands it runs, by a convention some agents
   * follow ({@code AI_AGENT=claude-code_2-1-332_agent}): whatever its value, the command is an
   * agent's.
   */
  public static final String AI_AGENT = AgentFootprints.AI_AGENT;

  /** The table as the public records, in the order of {@link AgentFootprints#all()}. */
  private static final List<Agent> AGENTS =
      AgentFootprints.all().stream()
          .map(
              f ->
                  new Agent(
                      f.id(),
                      f.displayName(),
                      f.programs(),
                      f.npmPackages(),
                      f.installFolders(),
                      f.environmentMarks(),
                      f.settingsVariables(),
                      f.sessionVariable()))
          .toList();

  private AgentForms() {}

  /** {@return every agent known, in the order agents are listed everywhere} */
  public static List<Agent> all() {
    return AGENTS;
  }

  /**
   * The row of the agent {@code id} names.
   *
   * @param id the agent's word ({@code claude}), as {@code gateway hook <word>} names it
   * @return its row
   * @throws IllegalArgumentException when no row is the agent's: a dialect without its row
   */
  public static Agent of(String id) {
    return AGENTS.stream()
        .filter(agent -> agent.id().equals(id))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("agents.json has no row for " + id));
  }

  /**
   * The agent a program is, by the path it runs from: its name ({@code claude}, {@code codex}), a
   * folder of one of its npm packages anywhere on the path (how {@code npx} and its kin, and an npm
   * install's platform package, run it), or one of its installer's version folders.
   *
   * @param path the program's path or name, as an executable or an interpreter's script
   * @return the agent, when it is one
   */
  public static Optional<Agent> ofProgram(String path) {
    return AgentFootprints.ofProgram(path).map(AgentForms::publicOf);
  }

  /**
   * The agent a command's words start, when they run one through a package runner: {@code npx
   * @anthropic-ai/claude-code}, {@code npm exec @openai/codex}, {@code bunx}, {@code pnpm dlx},
   * {@code yarn dlx}, with a version ({@code @google/gemini-cli@0.61.0}), options before it, or the
   * package named by {@code -p}/{@code --package}.
   *
   * @param words the command's words, the runner's name first
   * @return the agent, when it is one
   */
  public static Optional<Agent> runThroughPackageRunner(List<String> words) {
    return AgentFootprints.runThroughPackageRunner(words).map(AgentForms::publicOf);
  }

  /**
   * The agent whose environment mark {@code variable} is ({@link #AI_AGENT}, which any agent may
   * set, is none of them in particular: its reader says so).
   *
   * @param variable a variable's name
   * @return the agent, when it is one's mark
   */
  public static Optional<Agent> ofEnvironmentMark(String variable) {
    return AgentFootprints.ofEnvironmentMark(variable).map(AgentForms::publicOf);
  }

  /** The public record of the table's row {@code footprint}. */
  private static Agent publicOf(AgentFootprints.Footprint footprint) {
    return AGENTS.get(AgentFootprints.all().indexOf(footprint));
  }
}
