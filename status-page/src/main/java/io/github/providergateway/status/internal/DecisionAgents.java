package io.github.providergateway.status.internal;

import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionOpener;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whose decision each row of the page's decisions is, in a person's words (issue 77: the table had
 * no agent column): the agent whose own hook took it ({@link Decision#agent()}, its hook's name:
 * {@code claude} is Claude Code), else the agent or client whose session it was ({@link
 * SessionAgent}), as the audit trail's {@code agent} names it. None for the console's or a script's
 * session.
 *
 * <p>A session's agent is remembered from the snapshots that listed it, for the latest {@value
 * #MAX} sessions and past their end: a decision stays on the page after its session ended. A
 * session that began and ended between two snapshots is not known. Guarded by this.
 */
final class DecisionAgents {

  /** The sessions remembered, at most; the oldest is forgotten first. */
  static final int MAX = 1024;

  /** The agents' names for a person. */
  private final SessionAgent names;

  private final Map<String, String> agents =
      new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
          return size() > MAX;
        }
      };

  DecisionAgents(SessionAgent names) {
    this.names = names;
  }

  /** Remembers the agent of each of {@code sessions} an agent or a client opened. */
  synchronized void saw(List<SessionInfo> sessions) {
    for (SessionInfo session : sessions) {
      if (session.opener() != SessionOpener.HOST) {
        agents.putIfAbsent(session.id(), names.of(session));
      }
    }
  }

  /** {@return the agent of {@code decision} in a person's words, or null when none is known} */
  synchronized String of(Decision decision) {
    if (decision.agent() != null) {
      return names.named(decision.agent());
    }
    return decision.sessionId() == null ? null : agents.get(decision.sessionId());
  }
}
