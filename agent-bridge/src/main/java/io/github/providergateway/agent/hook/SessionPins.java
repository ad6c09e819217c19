package io.github.providergateway.agent.hook;

import io.github.providergateway.protocol.SessionInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which gateway session an agent's session belongs to, pinned at its first hook call (decision 75,
 * amending 60): the agent names its own session in every hook call ({@code session_id}, Cursor's
 * {@code conversation_id}), and the first call that finds a gateway session pins it. Later calls of
 * that agent session are decided in the pinned session whatever folder they come from, so a window
 * the agent starts later for another folder ({@code cd .. && gateway mcp &}) cannot re-home it or
 * widen its project. When the pinned session ends (its window restarted), the session whose project
 * is the pinned folder itself takes its place, never one that merely holds it (a parent's window).
 *
 * <p>Bounded: the agent chooses the ids it sends, so at most {@link #MAX_PINS}, the least recently
 * used forgotten first (a forgotten agent session pins again at its next call, by its folder, as
 * before decision 75). Thread-safe.
 *
 * <p>Not final: a test's pins that throw stand for a choice of the session that fails inside the
 * gateway's one request for a hook decision (issue 63), which must end in a deny.
 */
class SessionPins {

  /** How many agent sessions are remembered: far more than run on one machine at once. */
  static final int MAX_PINS = 1024;

  /** The agent's session id's longest kept form: longer ids are not pinned. */
  static final int MAX_ID_LENGTH = 256;

  /**
   * One pin.
   *
   * @param sessionId the gateway session
   * @param project its folder when it was pinned
   */
  record Pin(String sessionId, String project) {}

  private final Map<String, Pin> pins =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Pin> eldest) {
          return size() > MAX_PINS;
        }
      };

  /**
   * The gateway session of the agent's session {@code agentSession} among {@code sessions}, if it
   * is pinned: the pinned one while it lives, else the one whose project is the pinned folder
   * (pinned from then on), else none; empty when nothing is pinned for it.
   *
   * @return the session; {@code Optional.empty()} inside when the pin has no live session
   */
  synchronized Optional<Optional<SessionInfo>> pinned(
      AgentKind agent, String agentSession, List<SessionInfo> sessions) {
    String key = key(agent, agentSession);
    Pin pin = key == null ? null : pins.get(key);
    if (pin == null) {
      return Optional.empty();
    }
    for (SessionInfo session : sessions) {
      if (session.id().equals(pin.sessionId())) {
        return Optional.of(Optional.of(session));
      }
    }
    Optional<SessionInfo> same =
        sessions.stream()
            .filter(SessionInfo::openedByTokenHolder)
            .filter(session -> pin.project().equals(session.cwd()))
            .reduce((first, later) -> later); // the latest, as HookSessionChoice takes it
    same.ifPresent(session -> pins.put(key, new Pin(session.id(), pin.project())));
    return Optional.of(same);
  }

  /** Pins {@code agentSession} of {@code agent} to {@code session}, if the agent named one. */
  synchronized void pin(AgentKind agent, String agentSession, SessionInfo session) {
    String key = key(agent, agentSession);
    if (key != null && session.cwd() != null) {
      pins.put(key, new Pin(session.id(), session.cwd()));
    }
  }

  /** {@return how many are pinned} */
  synchronized int size() {
    return pins.size();
  }

  private static String key(AgentKind agent, String agentSession) {
    if (agentSession == null || agentSession.isEmpty() || agentSession.length() > MAX_ID_LENGTH) {
      return null;
    }
    return agent.name() + "\n" + agentSession;
  }
}
