package io.github.providergateway.agent.hook;

import io.github.providergateway.protocol.SessionInfo;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which gateway session an agent's hook call belongs to. The MCP front door starts one gateway
 * session per agent session with the agent's working directory as its cwd, so the candidates are
 * the sessions whose cwd is the hook's {@code cwd} (compared as normalized paths). Of several, one
 * whose label names the agent ({@code claude}, {@code copilot}) wins, then the one started last
 * (the gateway lists sessions in start order; the record keeps that order).
 *
 * <p>Only sessions that holders of the gateway token opened are candidates ({@link
 * SessionInfo#openedByTokenHolder()}: {@code gateway mcp}, {@code /host} hosts, the console). A
 * client of the HTTP front door chooses its own label and roots, so it could name itself {@code
 * claude} in the agent's project and, being later, be taken for the agent: its sessions never are
 * (and {@link HookGateRecorder} never records them).
 */
final class SessionChoice {

  private SessionChoice() {}

  /** The agent's session among what the gateway lists: see the class description. */
  static Optional<SessionInfo> pick(List<SessionInfo> sessions, String wantedCwd, AgentKind agent) {
    List<SessionInfo> candidates =
        sessions.stream().filter(SessionInfo::openedByTokenHolder).toList();
    return pick(candidates, SessionInfo::label, SessionInfo::cwd, wantedCwd, agent);
  }

  static <T> Optional<T> pick(
      List<T> sessions,
      Function<T, String> label,
      Function<T, String> cwd,
      String wantedCwd,
      AgentKind agent) {
    Path wanted = normalized(wantedCwd);
    T chosen = null;
    boolean chosenNamesAgent = false;
    for (T session : sessions) {
      Path at = normalized(cwd.apply(session));
      if (at == null || !at.equals(wanted)) {
        continue;
      }
      String name = label.apply(session);
      boolean namesAgent = name != null && name.toLowerCase(Locale.ROOT).contains(agent.word());
      // A later session replaces the choice unless only the choice names the agent.
      if (chosen == null || namesAgent || !chosenNamesAgent) {
        chosen = session;
        chosenNamesAgent = namesAgent;
      }
    }
    return Optional.ofNullable(chosen);
  }

  private static Path normalized(String path) {
    if (path == null) {
      return null;
    }
    try {
      return Path.of(path).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      return null;
    }
  }
}
