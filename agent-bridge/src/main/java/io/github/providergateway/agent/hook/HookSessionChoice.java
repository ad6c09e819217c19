package io.github.providergateway.agent.hook;

import io.github.providergateway.protocol.ProjectScope;
import io.github.providergateway.protocol.SessionInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which gateway session an agent's hook call belongs to: the session whose project holds the call's
 * {@code cwd} ({@link ProjectScope}: its cwd, or a folder below it; a session at {@code /}, at the
 * user's home or above it holds only itself). Claude Code sends the shell's current directory, so a
 * {@code cd} into a subfolder must not leave the agent's session behind. Of several, the deepest
 * project wins (a nested project is the more specific one); of several equally deep, one whose
 * label names the agent ({@code claude}, {@code copilot}), then the one started last (the gateway
 * lists sessions in start order; the record keeps that order). A hook must answer, so it breaks a
 * tie a provider would ask about (docs/agents.md, "Which session").
 *
 * <p>Only sessions that holders of the gateway token opened are candidates ({@link
 * SessionInfo#openedByTokenHolder()}: {@code gateway mcp}, {@code /host} hosts, the console). A
 * client of the HTTP front door chooses its own label and roots, so it could name itself {@code
 * claude} in the agent's project and, being later, be taken for the agent: its sessions never are
 * (and {@link HookGateRecorder} never records them).
 */
final class HookSessionChoice {

  private HookSessionChoice() {}

  /** The agent's session among what the gateway lists: see the class description. */
  static Optional<SessionInfo> pick(
      List<SessionInfo> sessions, String wantedCwd, AgentKind agent, Path userHome) {
    List<SessionInfo> candidates =
        sessions.stream().filter(SessionInfo::openedByTokenHolder).toList();
    return pick(candidates, SessionInfo::label, SessionInfo::cwd, wantedCwd, agent, userHome);
  }

  static <T> Optional<T> pick(
      List<T> sessions,
      Function<T, String> label,
      Function<T, String> cwd,
      String wantedCwd,
      AgentKind agent,
      Path userHome) {
    List<T> deepest =
        ProjectScope.deepest(
            sessions, cwd, wantedCwd, userHome == null ? null : userHome.toString());
    T chosen = null;
    boolean chosenNamesAgent = false;
    for (T session : deepest) {
      String name = label.apply(session);
      boolean namesAgent = agent.isNamedIn(name);
      // A later session replaces the choice unless only the choice names the agent.
      if (chosen == null || namesAgent || !chosenNamesAgent) {
        chosen = session;
        chosenNamesAgent = namesAgent;
      }
    }
    return Optional.ofNullable(chosen);
  }
}
