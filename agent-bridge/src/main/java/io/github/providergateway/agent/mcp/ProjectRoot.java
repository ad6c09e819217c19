package io.github.providergateway.agent.mcp;

import io.github.providergateway.protocol.ProjectScope;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The project of an agent that announced no root: the git top level of the directory it started
 * {@code gateway mcp} in, else that directory (architecture, decision 60). Claude Code keeps a
 * {@code cd} between its shell commands and sends the new directory as its hook's {@code cwd}, so a
 * session registered at the agent's start directory alone would lose its gates one {@code cd} up;
 * the git top level is the project a person means.
 *
 * <p>A {@code .git} entry marks a top level: the file of a worktree or submodule, or a directory
 * holding {@code HEAD}, as git itself reads one. An empty {@code .git} directory is passed over as
 * git passes it over: Codex's sandbox puts one up at each writable root that has none (at {@code
 * /tmp} while every sandboxed command runs, and leaves it there when killed: openai/codex issue
 * 31599), and a project under {@code /tmp} would otherwise take {@code /tmp} for its top level. One
 * at {@code /}, at the user's home or above it does not count (a home kept in git, for its dot
 * files, is no project): the directory itself is the project then, as where there is no git at all.
 * No {@code git} process runs; links are not resolved, as hook {@code cwd}s are compared as
 * written.
 */
public final class ProjectRoot {

  private ProjectRoot() {}

  /**
   * The project of an agent started in {@code dir}.
   *
   * @param dir where the agent started {@code gateway mcp}; absolute
   * @param userHome the user's home, or null when unknown
   * @return the nearest folder at or above {@code dir} holding a {@code .git} file or a {@code
   *     .git} directory with a {@code HEAD}, unless that is {@code /}, the home or above it; else
   *     {@code dir}
   */
  public static Path of(Path dir, Path userHome) {
    Path start = dir.toAbsolutePath().normalize();
    String home = userHome == null ? null : userHome.toString();
    for (Path at = start; at != null; at = at.getParent()) {
      if (ProjectScope.holdsOnlyItself(at.toString(), home)) {
        break; // / or the home or above: never a project of its own
      }
      if (marksTopLevel(at.resolve(".git"))) {
        return at;
      }
    }
    return start;
  }

  /** A worktree's or submodule's {@code .git} file, or a {@code .git} directory with a HEAD. */
  private static boolean marksTopLevel(Path git) {
    return Files.isRegularFile(git, LinkOption.NOFOLLOW_LINKS)
        || Files.isRegularFile(git.resolve("HEAD"), LinkOption.NOFOLLOW_LINKS);
  }
}
