package io.github.providergateway.agent.hook;

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
 */
final class SessionChoice {

  private SessionChoice() {}

  static <T> Optional<T> pick(
      List<T> sessions, Function<T, String> label, Function<T, String> cwd, String wantedCwd, AgentKind agent) {
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
