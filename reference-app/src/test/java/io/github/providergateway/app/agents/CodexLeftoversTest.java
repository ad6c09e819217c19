package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codex's leftovers found by what Codex makes (issue 77, decision 0085): the empty read-only files
 * at a profile's {@code "none"} paths with the owner-only folders above them, and the empty {@code
 * .git}, {@code .codex}, {@code .agents}, {@code .aws} in its writable roots; never a file or
 * folder with anything in it. The shapes are those Codex 0.169.0 and 0.171.0 left on real runs.
 */
class CodexLeftoversTest {

  @TempDir Path home;

  @Test
  void findsTheFilesCodexMadeAtMissingDeniedPathsAndTheFoldersAboveThem() throws IOException {
    Path aws = codexFile(home.resolve(".aws"));
    Path dockerConfig = codexFile(home.resolve(".docker/config.json"));
    Path rsa = codexFile(home.resolve(".ssh/id_rsa"));
    Path ed = codexFile(home.resolve(".ssh/id_ed25519"));

    List<Path> found = CodexLeftovers.survey(config(), home, List.of());

    assertThat(found)
        .containsExactlyInAnyOrder(
            aws, dockerConfig, home.resolve(".docker"), rsa, ed, home.resolve(".ssh"));
    assertThat(found.indexOf(dockerConfig)).isLessThan(found.indexOf(home.resolve(".docker")));
  }

  @Test
  void leavesWhatThePersonHas() throws IOException {
    Files.createDirectories(home.resolve(".aws"));
    Files.writeString(home.resolve(".netrc"), "machine example.com");
    Path gh = codexFile(home.resolve(".config/gh")); // an empty read-only file: Codex's
    Files.writeString(home.resolve(".config/other"), "the person's"); // so .config stays
    Path empty = Files.createFile(home.resolve(".git-credentials")); // 0644: the person's
    Path m2 = Files.createDirectories(home.resolve(".m2/.git"));
    Files.writeString(m2.resolve("HEAD"), "ref: refs/heads/main");

    List<Path> found = CodexLeftovers.survey(config(), home, List.of());

    assertThat(found).containsExactly(gh);
    assertThat(empty).exists();
  }

  @Test
  void findsTheEmptyFoldersInWritableRootsAndTheProject() throws IOException {
    Path project = Files.createDirectories(home.resolve("project"));
    List<Path> made = new ArrayList<>();
    for (Path root : List.of(home.resolve(".cache"), home.resolve(".m2"), project)) {
      for (String name : CodexLeftovers.IN_WRITABLE_ROOTS) {
        made.add(Files.createDirectories(root.resolve(name)));
      }
    }
    Files.createDirectories(home.resolve(".cache/.claude")); // not a name Codex makes

    List<Path> found = CodexLeftovers.survey(config(), home, List.of(project));

    assertThat(found).containsExactlyInAnyOrderElementsOf(made);
  }

  @Test
  void takesOnlyWhatIsStillEmpty() throws IOException {
    Path aws = codexFile(home.resolve(".aws"));
    Path dockerConfig = codexFile(home.resolve(".docker/config.json"));
    Path git = Files.createDirectories(home.resolve(".cache/.git"));
    List<Path> found = CodexLeftovers.survey(config(), home, List.of());
    Files.writeString(git.resolve("config"), "written since"); // the person's now

    List<Path> removed = CodexLeftovers.take(found);

    assertThat(removed).containsExactlyInAnyOrder(aws, dockerConfig, home.resolve(".docker"));
    assertThat(aws).doesNotExist();
    assertThat(home.resolve(".docker")).doesNotExist();
    assertThat(git.resolve("config")).exists();
  }

  @Test
  void aConfigWithNoProfileHasNone() throws IOException {
    codexFile(home.resolve(".aws"));

    assertThat(CodexLeftovers.survey("model = \"gpt-5\"\n", home, List.of())).isEmpty();
  }

  @Test
  void theDoctorNamesADeniedPathThatAppearedSinceSetup() throws IOException {
    List<String> lines = new ArrayList<>();
    String config = config().replace("\"" + home.resolve(".kube") + "\" = \"none\"\n", "");
    Files.createDirectories(home.resolve(".kube"));

    DoctorProblem problem = CodexProfileCheck.check(config, home, null, lines);

    assertThat(problem).isNotNull();
    assertThat(problem.detail())
        .isEqualTo(
            "~/.kube now exists and Codex's sandbox does not hide it: run gateway setup codex"
                + " again");
  }

  @Test
  void theDoctorNamesTheLeftoversAndHowToRemoveThem() throws IOException {
    List<String> lines = new ArrayList<>();
    Path aws = codexFile(home.resolve(".aws"));

    DoctorProblem problem = CodexProfileCheck.check(config(), home, null, lines);

    assertThat(problem.brief()).isEqualTo("sandbox leftovers");
    assertThat(problem.detail()).contains(aws.toString()).contains("rm -d").contains("uninstall");
    assertThat(lines).anyMatch(line -> line.startsWith("Codex's leftovers"));
  }

  @Test
  void aHomeAsSetupLeftItIsWell() throws IOException {
    List<String> lines = new ArrayList<>();

    assertThat(CodexProfileCheck.check(config(), home, null, lines)).isNull();
    assertThat(lines).isEmpty();
  }

  /** An empty read-only file with owner-only folders above it, as Codex makes one. */
  private Path codexFile(Path path) throws IOException {
    for (Path up = path.getParent(); !up.equals(home); up = up.getParent()) {
      if (!Files.exists(up)) {
        Files.createDirectories(up);
        Files.setPosixFilePermissions(up, PosixFilePermissions.fromString("rwx------"));
      }
    }
    Files.createFile(path);
    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("r--r--r--"));
    return path;
  }

  /** The profile an older setup wrote: every default denied path, missing or not. */
  private String config() {
    StringBuilder toml =
        new StringBuilder("default_permissions = \"provider-gateway\"\n\n")
            .append("[permissions.provider-gateway.filesystem]\n\"/\" = \"read\"\n")
            .append("\":workspace_roots\" = \"write\"\n");
    for (String root : List.of(".m2", ".cache")) {
      toml.append('"').append(home.resolve(root)).append("\" = \"write\"\n");
    }
    for (String denied :
        List.of(
            ".ssh/id_rsa",
            ".ssh/id_ed25519",
            ".aws",
            ".kube",
            ".docker/config.json",
            ".netrc",
            ".git-credentials",
            ".config/gh")) {
      toml.append('"').append(home.resolve(denied)).append("\" = \"none\"\n");
    }
    return toml.append("\n[permissions.provider-gateway.network]\nenabled = true\n").toString();
  }
}
