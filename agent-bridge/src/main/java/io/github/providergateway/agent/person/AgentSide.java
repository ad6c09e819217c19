package io.github.providergateway.agent.person;

import io.github.providergateway.guard.AgentForms;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a process is on a coding agent's side (issue 75, decision 82): the agent runs as the same
 * user as the person, so no file mode tells them apart; what does is a mark the agent's processes
 * carry and cannot lose by being re-parented. Two are read, each enough:
 *
 * <ul>
 *   <li><b>An agent among its processes</b>: the process itself or one of its ancestors is a coding
 *       agent's program, in any form ({@link AgentForms#ofProgram}: its name, its npm package's
 *       folder as {@code npx} and its kin run it, its installer's version folder, an interpreter's
 *       script). A double fork, {@code setsid} or {@code nohup} takes the agent out of this line
 *       (the process is re-parented to init); the next mark stays.
 *   <li><b>An agent's mark in its environment</b>: a variable the agent sets on every command its
 *       tools run ({@link AgentForms.Agent#environmentMarks}: {@code CLAUDECODE}, {@code
 *       GEMINI_CLI}, Codex's {@code CODEX_THREAD_ID}…, and any agent's {@code AI_AGENT}), read from
 *       the starting environment of the process and of each ancestor. A re-parented process keeps
 *       it, and so does a job {@code at} runs (it records the submitter's environment).
 * </ul>
 *
 * <p>What neither mark survives is a command the agent has another program run with a clean
 * environment (a service manager, cron, a person's terminal multiplexer) or whose environment it
 * strips: the guard denies those shapes where it can read them (rule {@code guard.self}), and the
 * agents' OS sandboxes, as {@code gateway setup} writes them, hold where it cannot
 * (docs/security.md, "Only the person answers").
 */
public final class AgentSide {

  /** How many processes up are looked at: far more than any real chain, and a bound on a loop. */
  static final int MAX_DEPTH = 64;

  /** Programs that run an agent's script: Node (the npm packages), Bun, Deno and the shells. */
  private static final Set<String> INTERPRETERS =
      Set.of("node", "nodejs", "bun", "deno", "sh", "bash", "dash", "zsh", "busybox");

  /** An interpreter's options that take code rather than a script. */
  private static final Set<String> INLINE = Set.of("-c", "-e", "--eval", "-p", "--print");

  /** Every variable read from environments: the agents' marks and {@code AI_AGENT}. */
  public static final Set<String> MARKS = marks();

  /**
   * Why a process is on an agent's side.
   *
   * @param agent the agent's word ({@code claude})
   * @param why how a person reads it: {@code it runs under claude (pid 4242)}, {@code its
   *     environment holds CLAUDECODE, which claude sets on what its tools run}
   */
  public record Mark(String agent, String why) {}

  private AgentSide() {}

  /**
   * The mark that puts {@code pid} on an agent's side, if any: the nearest agent among the process
   * and its ancestors, else the nearest agent's mark in their environments.
   *
   * @param pid the process
   * @param table the system's processes
   * @return the mark, or empty for a process on nobody's side but the person's
   */
  public static Optional<Mark> of(long pid, ProcessTable table) {
    long at = pid;
    Optional<Mark> byEnvironment = Optional.empty();
    Set<Long> seen = new HashSet<>();
    for (int depth = 0; depth < MAX_DEPTH && at > 0 && seen.add(at); depth++) {
      Optional<ProcessFacts> facts = table.facts(at);
      if (facts.isEmpty()) {
        break;
      }
      ProcessFacts process = facts.get();
      Optional<AgentForms.Agent> agent = program(process);
      if (agent.isPresent()) {
        String why =
            at == pid
                ? "it is " + agent.get().id() + " (pid " + at + "), a coding agent"
                : "it runs under " + agent.get().id() + " (pid " + at + "), a coding agent";
        return Optional.of(new Mark(agent.get().id(), why));
      }
      if (byEnvironment.isEmpty()) {
        byEnvironment = environmentMark(process, at == pid);
      }
      at = process.parentPid();
    }
    return byEnvironment;
  }

  /**
   * Whether {@code process} is a coding agent's program itself, in any of its forms.
   *
   * @param process the process
   * @return the agent, if it is one
   */
  public static Optional<AgentForms.Agent> program(ProcessFacts process) {
    Optional<AgentForms.Agent> byExecutable = AgentForms.ofProgram(process.executable());
    if (byExecutable.isPresent()) {
      return byExecutable;
    }
    List<String> arguments = process.arguments();
    if (arguments.size() == 1 && arguments.get(0).indexOf(' ') > 0) {
      // A process that set its title (npx shows itself as "npm exec @openai/codex"): one string.
      arguments = List.of(arguments.get(0).split(" +"));
    }
    if (arguments.isEmpty()) {
      return Optional.empty();
    }
    Optional<AgentForms.Agent> byName = AgentForms.ofProgram(arguments.get(0));
    if (byName.isPresent()) {
      return byName;
    }
    Optional<AgentForms.Agent> byRunner = AgentForms.runThroughPackageRunner(arguments);
    if (byRunner.isPresent()) {
      return byRunner; // npx, npm exec, pnpm dlx … by their own name or title
    }
    String program = name(process.executable().isEmpty() ? arguments.get(0) : process.executable());
    if (!INTERPRETERS.contains(program.replaceAll("[0-9.]+$", ""))) {
      return Optional.empty();
    }
    for (int i = 1; i < arguments.size(); i++) {
      String argument = arguments.get(i);
      if (INLINE.contains(argument)) {
        return Optional.empty(); // sh -c '…', node -e '…': code, not a script; its child is read
      }
      if (!argument.startsWith("-")) {
        String script = name(argument);
        if (script.startsWith("npx-cli") || script.startsWith("npm-cli")) {
          // node …/npm/bin/npx-cli.js @anthropic-ai/claude-code: npx run by node
          List<String> asRunner = new ArrayList<>();
          asRunner.add(script.startsWith("npx") ? "npx" : "npm");
          asRunner.addAll(arguments.subList(i + 1, arguments.size()));
          return AgentForms.runThroughPackageRunner(asRunner);
        }
        return AgentForms.ofProgram(argument); // the interpreter's script
      }
    }
    return Optional.empty();
  }

  private static Optional<Mark> environmentMark(ProcessFacts process, boolean itself) {
    for (AgentForms.Agent agent : AgentForms.all()) {
      for (String mark : agent.environmentMarks()) {
        if (process.marks().containsKey(mark)) {
          return Optional.of(
              new Mark(
                  agent.id(),
                  (itself
                          ? "its environment"
                          : "the environment of its parent (pid " + process.pid() + ")")
                      + " holds "
                      + mark
                      + ", which "
                      + agent.id()
                      + " sets on what its tools run"));
        }
      }
    }
    String named = process.marks().get(AgentForms.AI_AGENT);
    if (named != null) {
      String agent = named.isBlank() ? "an agent" : named.split("[_ ]")[0];
      return Optional.of(
          new Mark(
              agent,
              (itself
                      ? "its environment"
                      : "the environment of its parent (pid " + process.pid() + ")")
                  + " holds AI_AGENT="
                  + (named.length() > 64 ? named.substring(0, 64) + "…" : named)
                  + ", which coding agents set on what their tools run"));
    }
    return Optional.empty();
  }

  private static String name(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  private static Set<String> marks() {
    Set<String> marks = new HashSet<>();
    AgentForms.all().forEach(agent -> marks.addAll(agent.environmentMarks()));
    marks.add(AgentForms.AI_AGENT);
    return Set.copyOf(marks);
  }
}
