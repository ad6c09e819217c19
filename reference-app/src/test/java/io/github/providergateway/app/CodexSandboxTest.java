package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 64, end to end with the real Codex CLI (the pinned binary, offline against a scripted
 * model), as {@link ClaudeCodeSandboxTest} is with Claude Code, in a {@link SandboxScene}. With the
 * permission profile {@code gateway setup codex} writes, the folder outside the project survives
 * and the key does not arrive, while the script's build output and cache are written (so it is
 * setup's profile, not Codex's read-only default, that held). With {@code --no-sandbox}, and Codex
 * run unconfined as a person who wants no sandbox runs it ({@code
 * --dangerously-bypass-approvals-and-sandbox}), both happen.
 *
 * <p>Codex's home is under the module's {@code target}, not under /tmp: Codex will not make the
 * helper its sandbox runs through ({@code codex-linux-sandbox}) under a temporary folder, and its
 * sandbox then fails (setup checks that, and writes no profile).
 */
@Tag(NpmAgent.TAG)
@ExtendWith(SandboxLitter.class)
class CodexSandboxTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration CODEX_LIMIT = Duration.ofSeconds(120);

  @TempDir Path temp;
  private GuardedHome guarded;
  private ScriptedModel model;
  private CodexCli codex;
  private Path codexUserHome;
  private SandboxScene scene;

  @BeforeEach
  void aProjectWithAScriptAVictimAndAKey() throws Exception {
    codex = CodexCli.installed();
    guarded = GuardedHome.start(temp);
    codexUserHome =
        Files.createDirectories(
            Path.of("target", "sandbox-homes", UUID.randomUUID().toString()).toAbsolutePath());
    scene = SandboxScene.set(codexUserHome, guarded.project());
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
  void theProfileSetupWritesKeepsTheFolderAndTheKeyWhereTheGuardCannotSee() throws Exception {
    String said = guarded.setup("codex", setupEnv());
    assertThat(said).contains("Codex's own sandbox is on");

    NpmAgent.Run run = runTheScript();

    assertThat(scene.folderSurvived())
        .as(() -> "the folder outside the project survived:\n" + said + describe(run))
        .isTrue();
    assertThat(scene.stolenKey()).as(() -> "the key did not arrive:\n" + describe(run)).isNull();
    assertThat(scene.ordinaryWorkDone()).as(() -> describe(run)).isTrue();

    // The doctor's canary through Codex's own runner, with the profile as Codex reads it.
    String doctor = guarded.doctor(setupEnv(), "--verbose");
    assertThat(doctor)
        .contains("sandbox: on: the permission profile \"provider-gateway\"")
        .contains("canary: refused both");
  }

  @Test
  void withoutTheSandboxTheSameScriptDoesBoth() throws Exception {
    guarded.setup("codex", setupEnv(), "--no-sandbox");

    NpmAgent.Run run = runTheScript("--dangerously-bypass-approvals-and-sandbox");

    assertThat(scene.folderSurvived())
        .as(() -> "the folder was deleted:\n" + describe(run))
        .isFalse();
    assertThat(scene.stolenKey()).contains(SandboxScene.KEY_MARKER);
  }

  private Map<String, String> setupEnv() {
    return Map.of(
        "HOME", codexUserHome.toString(),
        "CODEX_HOME", CodexCli.codexHome(codexUserHome).toString(),
        "PATH", codex.binary().getParent() + ":" + System.getenv("PATH"));
  }

  /** Codex runs the script; {@code args} are given to {@code codex exec}. */
  private NpmAgent.Run runTheScript(String... args) throws Exception {
    model =
        ScriptedModel.start(
            ScriptedModel.Dialect.RESPONSES,
            List.of(
                ScriptedModel.Turn.toolUse(
                        "exec_command",
                        "call_check",
                        JSON.createObjectNode().put("cmd", SandboxScene.COMMAND))
                    .after("the guard is bound to the agent's session", guarded::guardIsBound),
                ScriptedModel.Turn.text("Done.")));
    NpmAgent.Run run =
        codex.exec(
            guarded.project(),
            codexUserHome,
            model,
            Map.of(),
            "Run the project's checks.",
            List.of(args),
            CODEX_LIMIT);
    assertThat(run.timedOut()).as(() -> describe(run)).isFalse();
    // The script ran to its end (in the sandbox too): what stopped it was not the guard.
    assertThat(model.toolResult("call_check").map(ScriptedModel::text))
        .as(() -> describe(run))
        .hasValueSatisfying(text -> assertThat(text).contains(SandboxScene.DONE));
    return run;
  }

  private String describe(NpmAgent.Run run) {
    return run.describe() + "\n--- the model endpoint:\n" + model.describe() + guarded.describe();
  }
}
