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
    Files.createDirectory(repo.resolve(".git"));
    Path sub = Files.createDirectories(repo.resolve("examples/node"));

    assertThat(ProjectRoot.of(sub, temp.resolve("home/me"))).isEqualTo(repo);
    assertThat(ProjectRoot.of(repo, temp.resolve("home/me"))).isEqualTo(repo);
  }

  @Test
  void aWorktreeOrSubmodulesGitFileMarksItsOwnTopLevel() throws IOException {
    Path repo = Files.createDirectories(temp.resolve("repo"));
    Files.createDirectory(repo.resolve(".git"));
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
    Files.createDirectory(home.resolve(".git")); // dot files kept in git
    Path scratch = Files.createDirectories(home.resolve("scratch/thing"));
    Files.createDirectory(temp.resolve("home/.git"));

    assertThat(ProjectRoot.of(scratch, home)).isEqualTo(scratch);
    assertThat(ProjectRoot.of(home, home)).isEqualTo(home);
  }
}
