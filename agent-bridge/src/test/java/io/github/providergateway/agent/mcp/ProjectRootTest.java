package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ProjectRoot}: the project of an agent that announced no root is the git top level of the
 * directory it started in, else that directory; a {@code .git} at the home or above is no project
 * (issue 43, X-PROJECT-02).
 */
class ProjectRootTest {

  @TempDir Path temp;

  @Test
  void theGitTopLevelAboveTheStartDirectoryIsTheProject() throws IOException {
    Path repo = Files.createDirectories(temp.resolve("home/me/repo"));
    gitDirectory(repo);
    Path sub = Files.createDirectories(repo.resolve("examples/node"));

    assertThat(ProjectRoot.of(sub, temp.resolve("home/me"))).isEqualTo(repo);
    assertThat(ProjectRoot.of(repo, temp.resolve("home/me"))).isEqualTo(repo);
  }

  @Test
  void aWorktreeOrSubmodulesGitFileMarksItsOwnTopLevel() throws IOException {
    Path repo = Files.createDirectories(temp.resolve("repo"));
    gitDirectory(repo);
    Path module = Files.createDirectories(repo.resolve("vendor/lib"));
    Files.writeString(module.resolve(".git"), "gitdir: ../../.git/modules/lib\n");

    Files.createDirectories(module.resolve("src"));

    assertThat(ProjectRoot.of(module.resolve("src"), null)).isEqualTo(module);
    assertThat(ProjectRoot.of(repo.resolve("vendor"), null)).isEqualTo(repo);
  }

  @Test
  void withoutGitTheStartDirectoryIsTheProject() throws IOException {
    Path dir = Files.createDirectories(temp.resolve("plain/dir"));

    assertThat(ProjectRoot.of(dir, temp.resolve("home/me"))).isEqualTo(dir);
  }

  @Test
  void aGitAtTheHomeOrAboveIsNoProject() throws IOException {
    Path home = Files.createDirectories(temp.resolve("home/me"));
    gitDirectory(home); // dot files kept in git
    Path scratch = Files.createDirectories(home.resolve("scratch/thing"));
    gitDirectory(temp.resolve("home"));

    assertThat(ProjectRoot.of(scratch, home)).isEqualTo(scratch);
    assertThat(ProjectRoot.of(home, home)).isEqualTo(home);
  }

  /**
   * An empty {@code .git} is what Codex's sandbox puts up at a writable root for as long as a
   * command runs ({@code /tmp/.git}, seen beside every sandboxed {@code codex} command): git passes
   * over it, and so does the project's root, or a project under /tmp would be /tmp itself.
   */
  @Test
  void anEmptyGitDirectoryIsPassedOverAsGitPassesItOver() throws IOException {
    Path repo = Files.createDirectories(temp.resolve("tmp/repo"));
    gitDirectory(repo);
    Files.createDirectory(temp.resolve("tmp/.git"));
    Path plain = Files.createDirectories(temp.resolve("tmp/junit-1/project"));
    Files.createDirectories(repo.resolve("sub/.git"));

    assertThat(ProjectRoot.of(plain, null)).isEqualTo(plain);
    assertThat(ProjectRoot.of(repo.resolve("sub"), null)).isEqualTo(repo);
  }

  /** A {@code .git} directory as git makes one: with its {@code HEAD}. */
  private static void gitDirectory(Path topLevel) throws IOException {
    Path git = Files.createDirectories(topLevel.resolve(".git"));
    Files.writeString(git.resolve("HEAD"), "ref: refs/heads/main\n");
  }
}
