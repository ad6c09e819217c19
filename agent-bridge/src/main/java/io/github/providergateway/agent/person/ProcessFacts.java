package io.github.providergateway.agent.person;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;

/**
 * What the process table says of one process, as far as telling an agent's side needs it.
 *
 * @param pid its id
 * @param parentPid its parent's id, or 0 when it has none the table can tell
 * @param executable the path of its executable, or empty when unknown
 * @param arguments its command line, the program's name first; empty when unknown
 * @param marks the variables of its starting environment that mark an agent's side ({@link
 *     io.github.providergateway.guard.AgentForms}), with their values; only those, so that nothing
 *     else of a process's environment (its secrets) is held
 */
public record ProcessFacts(
    long pid,
    long parentPid,
    String executable,
    List<String> arguments,
    Map<String, String> marks) {

  /**
   * Checks and copies.
   *
   * @param pid its id
   * @param parentPid its parent's id, or 0
   * @param executable its executable's path, or empty
   * @param arguments its command line
   * @param marks the marking variables of its environment
   */
  public ProcessFacts {
    requireNonNull(executable, "executable");
    arguments = List.copyOf(arguments);
    marks = Map.copyOf(marks);
  }

  /** {@return how a person reads it: {@code claude (pid 4242)}} */
  public String describe() {
    String name = executable.isEmpty() && !arguments.isEmpty() ? arguments.get(0) : executable;
    return name.substring(name.lastIndexOf('/') + 1) + " (pid " + pid + ")";
  }
}
