package io.github.providergateway.app;

import io.github.providergateway.agent.hook.AgentDialects;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Whether a process runs under a coding agent: one of its ancestors is Claude Code, Codex, Gemini
 * CLI, Copilot CLI or Cursor's agent (issue 61). The gateway's commands that lower protection
 * refuse there ({@link LoweringCommand}), whatever launcher or copy of the gateway runs them: the
 * agent's shell is a descendant of the agent however it was started, and a process cannot choose
 * its ancestors. What it can do is run the command outside its own tree (a job another program of
 * the user's runs for it, {@code systemd-run}, {@code at}); the guard denies those shapes, and
 * docs/security.md says which boundary covers the rest.
 *
 * <p>An agent is known by its program: its executable's name ({@code claude} and Claude Code's
 * {@code claude.exe}, {@code codex}, {@code gemini}, {@code copilot}, {@code cursor-agent}), or,
 * for one run by an interpreter ({@code node …/gemini-cli/dist/index.js}, {@code sh …/claude}), its
 * first argument that is not an option, by name or by its npm package's folder.
 */
final class AgentAncestry {

  /** How many ancestors are looked at: far more than any real chain, and a bound on a loop. */
  static final int MAX_DEPTH = 64;

  /** Every agent's program names, from its dialect. */
  private static final Set<String> AGENT_PROGRAMS =
      AgentDialects.all().stream()
          .flatMap(dialect -> dialect.programs().stream())
          .collect(Collectors.toUnmodifiableSet());

  /** Programs that run an agent's script: Node (the npm packages) and the shells. */
  private static final Set<String> INTERPRETERS =
      Set.of("node", "nodejs", "bun", "deno", "sh", "bash", "dash", "zsh", "busybox");

  /** The agents' npm packages, as folders in a script's path, from their dialects. */
  private static final List<String> AGENT_PACKAGES =
      AgentDialects.all().stream()
          .flatMap(dialect -> dialect.npmPackage().stream())
          .map(npm -> "/" + npm)
          .toList();

  private AgentAncestry() {}

  /**
   * An agent among a process's ancestors.
   *
   * @param agent the agent's program, as found ({@code claude})
   * @param pid its process id
   */
  record Found(String agent, long pid) {
    /** {@return how a refusal names it: {@code claude (pid 4242)}} */
    String describe() {
      return agent + " (pid " + pid + ")";
    }
  }

  /** {@return the nearest agent among the ancestors of {@code process}, if any} */
  static Optional<Found> of(ProcessHandle process) {
    Optional<ProcessHandle> ancestor = process.parent();
    for (int depth = 0; depth < MAX_DEPTH && ancestor.isPresent(); depth++) {
      ProcessHandle one = ancestor.get();
      ProcessHandle.Info info = one.info();
      Optional<String> agent =
          agentIn(info.command().orElse(""), List.of(info.arguments().orElse(new String[0])));
      if (agent.isPresent()) {
        return Optional.of(new Found(agent.get(), one.pid()));
      }
      ancestor = one.parent();
    }
    return Optional.empty();
  }

  /**
   * {@return the agent a process of this executable and arguments is, if it is one}
   *
   * @param command the executable's path
   * @param arguments its arguments, the program's name not among them
   */
  static Optional<String> agentIn(String command, List<String> arguments) {
    Optional<String> byProgram = agentNamed(command);
    if (byProgram.isPresent()) {
      return byProgram;
    }
    String program = command.substring(command.lastIndexOf('/') + 1);
    if (!INTERPRETERS.contains(program.replaceAll("[0-9.]+$", ""))) {
      return Optional.empty(); // `grep -r claude .` is no agent
    }
    for (String argument : arguments) {
      if (!argument.startsWith("-")) {
        return agentNamed(argument); // the interpreter's script: its first word that is no option
      }
    }
    return Optional.empty();
  }

  private static Optional<String> agentNamed(String path) {
    String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    if (AGENT_PROGRAMS.contains(name)) {
      return Optional.of(name.equals("claude.exe") ? "claude" : name);
    }
    for (String folder : AGENT_PACKAGES) {
      if (path.contains(folder + "/") || path.contains(folder + "-")) {
        return Optional.of(folder.substring(folder.lastIndexOf('/') + 1));
      }
    }
    return Optional.empty();
  }
}
