package io.github.providergateway.agent.hook;

import io.github.providergateway.agent.guard.SessionFlows;
import io.github.providergateway.agent.person.AgentOrigin;
import io.github.providergateway.agent.person.ProcessTable;
import java.util.OptionalLong;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * An agent session met for the first time, and where its agent came from (issue 75): one that
 * another agent's command started ({@link AgentOrigin}) is born in {@link SessionFlows} with the
 * past of the session that started it, or as unknown when that session cannot be told.
 */
final class NestedSessions {

  /** The origins on this machine's process table. */
  static final LongFunction<AgentOrigin> SYSTEM =
      pid -> AgentOrigin.of(pid, ProcessTable.system(AgentOrigin.VARIABLES));

  private NestedSessions() {}

  /**
   * Notes where the agent of {@code agentSession} came from, when its session is new to {@code
   * flows}: the process table is read once per agent session.
   *
   * @param flows what each session has seen
   * @param agent the agent whose hook called
   * @param agentSession the session its hook input names, or null
   * @param client the hook's client process, asked only for a new session; empty when unknown
   * @param origins where an agent came from, by its hook's client
   */
  static void noteOrigin(
      SessionFlows flows,
      AgentKind agent,
      String agentSession,
      Supplier<OptionalLong> client,
      LongFunction<AgentOrigin> origins) {
    String key = SessionFlows.agentKey(agent.name(), agentSession);
    if (key == null || !flows.unseen(key)) {
      return;
    }
    OptionalLong pid = client.get();
    if (pid.isEmpty()) {
      return;
    }
    AgentOrigin origin = origins.apply(pid.getAsLong());
    if (!origin.nested()) {
      return;
    }
    String outer = null;
    if (origin.outerSession() != null) {
      for (AgentKind kind : AgentKind.values()) {
        if (kind.word().equals(origin.outerAgent())) {
          outer = SessionFlows.agentKey(kind.name(), origin.outerSession());
        }
      }
    }
    flows.bornOf(key, outer, origin.why());
  }
}
