package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.app.agents.CodexLeftovers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 77 on the real Codex CLI (the version {@link CodexCli#installed} gives: the pin, or what
 * the agents' version matrix puts there): after {@code gateway setup codex}, a person's ordinary
 * first hour runs headless under the profile setup wrote, in the home that broke Codex 0.171.0: the
 * user's home inside a folder the profile makes writable ({@code /tmp}), with none of the
 * credential files there, {@code ~/.docker} included, and the gateway's home under {@code /tmp}
 * too. Codex's own home is under the module's {@code target} ({@code CODEX_HOME}): Codex makes no
 * sandbox helper under a temporary folder.
 *
 * <p>One turn: a shell call, a file edit (through the shell: Codex offers this model no {@code
 * apply_patch}), a call of the gateway's MCP tool {@code mark}, and a {@code git commit}. Codex
 * exits 0, the MCP call ran (setup's {@code default_tools_approval_mode}), and the user's home
 * holds nothing new. The commit is refused: Codex keeps a writable root's {@code .git} read-only
 * (so a script cannot plant a hook that runs outside the sandbox), as both versions tried do.
 */
@Tag(NpmAgent.TAG)
@ExtendWith(SandboxLitter.class)
class CodexFirstHourTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration CODEX_LIMIT = Duration.ofSeconds(180);
  private static final String MARK = "mcp__provider_gateway__mark"; // Codex makes the "-" a "_"

  @TempDir Path temp;
  private GuardedHome guarded;
  private ScriptedModel model;
  private CodexCli codex;
  private Path userHome;
  private Path codexHome;

  @BeforeEach
  void aHomeUnderTmpWithNoCredentialFiles() throws Exception {
    codex = CodexCli.installed();
    guarded = GuardedHome.start(temp);
    userHome = Files.createDirectory(temp.toRealPath().resolve("person"));
    codexHome =
        Files.createDirectories(
            Path.of("target", "sandbox-homes", UUID.randomUUID().toString(), ".codex")
                .toAbsolutePath());
    Path project = guarded.project();
    Files.writeString(project.resolve("README.md"), "A project.\n");
    git(project, "init", "-q");
    // The project's own identity: the model commits as it, as an agent does where one is set (a
    // commit in another name than the configured one is the guard's person.commit-as-other).
    git(project, "config", "user.email", "ada@example.com");
    git(project, "config", "user.name", "Ada");
    git(project, "add", "README.md");
    git(project, "commit", "-q", "-m", "first");
  }

  @AfterEach
  void stop() throws Exception {
    if (model != null) {
      model.close();
    }
    if (guarded != null) {
      guarded.close();
    }
  }

  @Test
  void aShellCallAnEditAGatewayToolAndACommitRunAndTheHomeGetsNothingNew() throws Exception {
    assertThat(userHome.resolve(".docker")).doesNotExist();
    List<String> before = tree(userHome);
    String said = guarded.setup("codex", env());
    assertThat(said).contains("Codex's own sandbox is on");

    model =
        ScriptedModel.start(
            ScriptedModel.Dialect.RESPONSES,
            List.of(
                shell("call_shell", "ls -a ~ && echo shell-ran > shell.txt")
                    .after("the guard is bound to the agent's session", guarded::guardIsBound),
                shell("call_edit", "sed -i 's/A project/An edited project/' README.md"),
                ScriptedModel.Turn.toolUse(
                        MARK, "call_mark", JSON.createObjectNode().put("name", "first-hour.marker"))
                    .onceOffered(shell("call_probe", "true")),
                shell("call_commit", "git add -A && git commit -q -m edit && echo committed"),
                ScriptedModel.Turn.text("Done.")));
    NpmAgent.Run run =
        codex.exec(
            guarded.project(),
            userHome,
            model,
            Map.of("CODEX_HOME", codexHome.toString()),
            "Do the first hour's work.",
            List.of(),
            CODEX_LIMIT);

    assertThat(run.exitCode()).as(() -> describe(run, said)).isZero();
    assertThat(guarded.project().resolve("shell.txt"))
        .as(() -> describe(run, said))
        .hasContent("shell-ran");
    assertThat(guarded.project().resolve("README.md")).hasContent("An edited project.");
    assertThat(guarded.marker("first-hour.marker")).as(() -> describe(run, said)).exists();
    assertThat(result("call_commit"))
        .as("Codex keeps the project's .git read-only: " + describe(run, said))
        .contains(".git/index.lock")
        .contains("Read-only file system");
    assertThat(tree(userHome))
        .as(() -> "the user's home after setup and one Codex turn:\n" + describe(run, said))
        .containsExactlyElementsOf(before);
    // What Codex left in the project and /tmp, the writable roots: for the report, and taken
    // by gateway uninstall (CodexLeftoversTest).
    System.out.println(
        "Codex "
            + codex.binary()
            + " left, in the project and /tmp: "
            + CodexLeftovers.survey(
                codexHome.resolve("config.toml"), userHome, List.of(guarded.project())));
  }

  private Map<String, String> env() {
    return Map.of(
        "HOME", userHome.toString(),
        "CODEX_HOME", codexHome.toString(),
        "PATH", codex.binary().getParent() + ":" + System.getenv("PATH"));
  }

  private static ScriptedModel.Turn shell(String id, String command) {
    return ScriptedModel.Turn.toolUse(
        "exec_command", id, JSON.createObjectNode().put("cmd", command));
  }

  private String result(String id) {
    return model.toolResult(id).map(ScriptedModel::text).orElse("(no result for " + id + ")");
  }

  /** Every path under {@code root}, relative, sorted. */
  private static List<String> tree(Path root) throws IOException {
    try (Stream<Path> all = Files.walk(root)) {
      return new ArrayList<>(new TreeSet<>(all.map(p -> root.relativize(p).toString()).toList()));
    }
  }

  private static void git(Path project, String... args) throws Exception {
    List<String> line = new ArrayList<>(List.of("git", "-c", "user.email=ada@example.com"));
    line.addAll(List.of("-c", "user.name=Ada"));
    line.addAll(List.of(args));
    Process git = new ProcessBuilder(line).directory(project.toFile()).inheritIO().start();
    assertThat(git.waitFor()).as("git %s", List.of(args)).isZero();
  }

  private String describe(NpmAgent.Run run, String said) {
    return "gateway setup said: "
        + said
        + "\n"
        + run.describe()
        + "\n--- the model endpoint:\n"
        + model.describe()
        + guarded.describe();
  }
}
