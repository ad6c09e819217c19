package io.github.providergateway.app.audit;

import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.protocol.SessionInfo;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which agent each decision is of, for the records that leave it (issue 66: a report across
 * machines counts per host, agent and rule). A decision an agent's own hook took names its agent
 * ({@link Decision#agent()}, the hook's name: {@code claude}, {@code gemini}). Any other is the
 * agent's whose session it was: a session an agent's {@code gateway mcp} window opened ({@code
 * openedBy} {@code agent}, {@code agent:<detail>}) is that agent's, named by the label its window
 * gave it (the MCP client's {@code clientInfo.name}, e.g. {@code claude-code}) or the front door's
 * token name. A known agent is named as its hook names it, whichever path its call took, so that a
 * report counts Claude Code's hook calls and MCP calls on one row ({@code claude-code} and {@code
 * gemini-cli-mcp-client} are {@code claude} and {@code gemini}); another agent keeps its label.
 *
 * <p>Kept for the latest {@value #MAX} sessions, and past their end: a decision of a session may be
 * written after it ended. Thread-safe: {@link #started} runs on the gateway's loop (one map put),
 * {@link #of} on a writer's thread.
 */
public final class SessionAgents {

  /** The sessions remembered, at most; the oldest is forgotten first. */
  static final int MAX = 1024;

  /** The longest agent name kept, in characters: a label is the agent's to choose. */
  static final int MAX_NAME = 64;

  /** The name of an agent's session whose window gave no label. */
  static final String UNNAMED = "agent";

  private final Map<String, String> agents =
      new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
          return size() > MAX;
        }
      };

  /** A session started: remembered when an agent opened it. */
  public synchronized void started(SessionInfo session) {
    String openedBy = session.openedBy();
    if (openedBy == null || !(openedBy.equals("agent") || openedBy.startsWith("agent:"))) {
      return;
    }
    String label = session.label() == null ? "" : session.label().strip();
    String name =
        AgentKind.namedIn(openedBy)
            .or(() -> AgentKind.namedIn(label))
            .map(AgentKind::word)
            .orElse(label.isEmpty() ? UNNAMED : label);
    agents.put(session.id(), name.length() > MAX_NAME ? name.substring(0, MAX_NAME) : name);
  }

  /**
   * {@return the agent of {@code decision}: the agent whose hook took it, else the agent that
   * opened its session; null when neither is known (or the session is forgotten)}
   */
  public synchronized String of(Decision decision) {
    return decision.agent() != null ? decision.agent() : of(decision.sessionId());
  }

  /**
   * {@return the agent that opened {@code sessionId}, or null when none did (or it is forgotten)}
   */
  public synchronized String of(String sessionId) {
    return sessionId == null ? null : agents.get(sessionId);
  }
}
