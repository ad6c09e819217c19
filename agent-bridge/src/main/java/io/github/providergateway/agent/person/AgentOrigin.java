package io.github.providergateway.agent.person;

import io.github.providergateway.guard.AgentForms;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Where an agent whose hook calls the gateway came from (issue 75): started by the person, or by
 * another agent's command (a nested agent: {@code claude -p '…'} run by an agent's shell). A nested
 * agent's session inherits what the session that started it had seen, or starts as unknown when
 * that cannot be told, so that handing a send to an agent of its own makes nothing clean.
 *
 * <p>The hook's client process is walked up to the nearest agent's program, the agent whose hook it
 * is. That program is nested when its starting environment holds what an agent sets on its tools'
 * commands (re-parenting keeps it: {@code setsid claude}, {@code nohup claude &}), or when another
 * agent's program is above it (past its own launcher: Gemini CLI relaunches itself, Codex runs
 * under its npm wrapper). The outer session's id is in the same environment for the agents that set
 * one ({@link AgentForms.Agent#sessionVariable}: Claude Code, Codex).
 *
 * @param nested whether another agent's command started it
 * @param outerAgent the outer agent's word ({@code claude}), or null
 * @param outerSession the outer agent session's id, as its hooks name it, or null when unknown
 * @param why how a person reads it
 */
public record AgentOrigin(boolean nested, String outerAgent, String outerSession, String why) {

  /** Every variable the origin is read from: the agents' marks and their session variables. */
  public static final Set<String> VARIABLES = variables();

  private static final AgentOrigin THE_PERSON =
      new AgentOrigin(false, null, null, "started by the person");

  /**
   * The origin of the agent whose hook {@code client} runs.
   *
   * @param client the hook's process, or the process that started it
   * @param table the system's processes, reading {@link #VARIABLES}
   * @return its origin; the person's when no agent's program is found above {@code client}
   */
  public static AgentOrigin of(long client, ProcessTable table) {
    long at = client;
    ProcessFacts agent = null;
    AgentForms.Agent kind = null;
    Set<Long> seen = new HashSet<>();
    for (int depth = 0; depth < AgentSide.MAX_DEPTH && at > 0 && seen.add(at); depth++) {
      Optional<ProcessFacts> facts = table.facts(at);
      if (facts.isEmpty()) {
        break;
      }
      Optional<AgentForms.Agent> program = AgentSide.program(facts.get());
      if (program.isPresent()) {
        agent = facts.get();
        kind = program.get();
        break;
      }
      at = facts.get().parentPid();
    }
    if (agent == null) {
      return THE_PERSON;
    }
    Optional<AgentOrigin> byMark = byEnvironment(agent);
    if (byMark.isPresent()) {
      return byMark.get();
    }
    // Above the agent's own program (its launcher, a relaunch of itself), another agent's.
    at = agent.parentPid();
    boolean pastItsOwn = false;
    for (int depth = 0; depth < AgentSide.MAX_DEPTH && at > 0 && seen.add(at); depth++) {
      Optional<ProcessFacts> facts = table.facts(at);
      if (facts.isEmpty()) {
        break;
      }
      Optional<AgentForms.Agent> program = AgentSide.program(facts.get());
      if (program.isPresent() && (pastItsOwn || !program.get().id().equals(kind.id()))) {
        return new AgentOrigin(
            true,
            program.get().id(),
            null,
            kind.id()
                + " (pid "
                + agent.pid()
                + ") runs under "
                + program.get().id()
                + " (pid "
                + at
                + ")");
      }
      pastItsOwn |= program.isEmpty();
      Optional<AgentOrigin> above = byEnvironment(facts.get());
      if (above.isPresent()) {
        return above.get();
      }
      at = facts.get().parentPid();
    }
    return THE_PERSON;
  }

  private static Optional<AgentOrigin> byEnvironment(ProcessFacts process) {
    for (AgentForms.Agent outer : AgentForms.all()) {
      for (String mark : outer.environmentMarks()) {
        if (process.marks().containsKey(mark)) {
          String session =
              outer.sessionVariable() == null ? null : process.marks().get(outer.sessionVariable());
          return Optional.of(
              new AgentOrigin(
                  true,
                  outer.id(),
                  session == null || session.isBlank() ? null : session,
                  "started by "
                      + outer.id()
                      + "'s command (its "
                      + mark
                      + " in the environment of pid "
                      + process.pid()
                      + ")"));
        }
      }
    }
    return Optional.empty();
  }

  private static Set<String> variables() {
    Set<String> names = new HashSet<>(AgentSide.MARKS);
    AgentForms.all().stream()
        .map(AgentForms.Agent::sessionVariable)
        .filter(name -> name != null)
        .forEach(names::add);
    return Set.copyOf(names);
  }
}
