package io.github.providergateway.protocol;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * Which folders a session's project holds: the one rule that hooks (both paths), the gateway's
 * record of gates and providers choosing a session all use (docs/agents.md, "Which session";
 * architecture, decision 60).
 *
 * <p>A session's project is its {@code cwd} (the MCP front door sets it to the root the agent
 * announced, else the git top level of the agent's directory). It holds that folder and every
 * folder below it, with one exception: a project at {@code /}, at the user's home directory or
 * above it (a console started in {@code ~}, say) holds only itself, so that it does not swallow
 * every folder of every project. Paths are compared as written, made absolute and normalized;
 * symbolic links are not resolved.
 *
 * <p>Of several sessions whose projects hold a folder, the deepest project is the folder's: a
 * nested project (a submodule with an agent of its own) is the more specific one. {@link #deepest}
 * returns every session at that depth; who chooses among ties is the caller's rule (a hook prefers
 * the session whose label names its agent, then the latest; a provider asks to be told). Pure: no
 * I/O.
 */
public final class ProjectScope {

  private ProjectScope() {}

  /**
   * Whether the project at {@code project} holds the folder {@code dir}.
   *
   * @param project the session's project (its cwd); null holds nothing
   * @param dir the folder asked about (a hook call's cwd, a provider's directory); null is held by
   *     nothing
   * @param userHome the user's home directory, which holds only itself; null when unknown (then
   *     only {@code /} is held to itself alone)
   * @return whether {@code dir} is {@code project} or below it, by the rule above
   */
  public static boolean holds(String project, String dir, String userHome) {
    Path root = normalized(project);
    Path folder = normalized(dir);
    if (root == null || folder == null) {
      return false;
    }
    if (folder.equals(root)) {
      return true;
    }
    return !holdsOnlyItself(root, normalized(userHome)) && folder.startsWith(root);
  }

  /**
   * Whether a project at {@code project} holds only itself: it is {@code /}, the user's home, or a
   * folder above the home.
   *
   * @param project the project; null holds nothing, so it counts as holding only itself
   * @param userHome the user's home directory, or null when unknown
   * @return whether folders below {@code project} are not held by it
   */
  public static boolean holdsOnlyItself(String project, String userHome) {
    Path root = normalized(project);
    return root == null || holdsOnlyItself(root, normalized(userHome));
  }

  private static boolean holdsOnlyItself(Path root, Path home) {
    return root.getNameCount() == 0 || (home != null && home.startsWith(root));
  }

  /**
   * The sessions whose projects hold {@code dir} and are deepest among those that do; empty when
   * none holds it. The order of {@code sessions} is kept.
   *
   * @param <T> whatever describes a session
   * @param sessions the candidates
   * @param project each one's project (its cwd)
   * @param dir the folder asked about
   * @param userHome the user's home directory, or null when unknown
   * @return the deepest holders, in the order given
   */
  public static <T> List<T> deepest(
      List<T> sessions, Function<T, String> project, String dir, String userHome) {
    int depth = -1;
    List<T> best = new java.util.ArrayList<>();
    for (T session : sessions) {
      String root = project.apply(session);
      if (!holds(root, dir, userHome)) {
        continue;
      }
      int d = normalized(root).getNameCount();
      if (d > depth) {
        depth = d;
        best.clear();
      }
      if (d == depth) {
        best.add(session);
      }
    }
    return List.copyOf(best);
  }

  private static Path normalized(String path) {
    if (path == null || path.isEmpty()) {
      return null;
    }
    try {
      return Path.of(path).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      return null;
    }
  }
}
