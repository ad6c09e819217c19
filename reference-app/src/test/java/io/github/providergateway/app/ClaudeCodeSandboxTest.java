package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 64, end to end with the real Claude Code (the pinned binary, offline against a scripted
 * model), in a {@link SandboxScene}: a project script that the guard rightly allows deletes a
 * folder outside the project and copies a stand-in private key into the project. With the sandbox
 * {@code gateway setup claude} writes, the folder survives and the key does not arrive while the
 * script's ordinary work (its build output, the Maven cache) is done; with {@code --no-sandbox}
 * both happen, so the test can fail.
 */
@Tag(NpmAgent.TAG)
class ClaudeCodeSandboxTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration CLAUDE_LIMIT = Duration.ofSeconds(120);

  @TempDir Path temp;
  private GuardedHome guarded;
  private ScriptedModel model;
  private ClaudeCode claude;
  private Path claudeHome;
  private SandboxScene scene;

  @BeforeEach
  void aProjectWithAScriptAVictimAndAKey() throws Exception {
    claude = ClaudeCode.installed();
    guarded = GuardedHome.start(temp);
    // Outside /tmp, where the policy lets programs write: the doctor's canary writes in the home.
    claudeHome =
        Files.createDirectories(
            Path.of("target", "sandbox-homes", UUID.randomUUID().toString()).toAbsolutePath());
    scene = SandboxScene.set(claudeHome, guarded.project());
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
  void theSandboxSetupWritesKeepsTheFolderAndTheKeyWhereTheGuardCannotSee() throws Exception {
    String said = guarded.setup("claude", Map.of("HOME", claudeHome.toString()));
    assertThat(said).contains("Claude Code's own sandbox is on");

    NpmAgent.Run run = runTheScript();

    assertThat(scene.folderSurvived())
        .as(() -> "the folder outside the project survived:\n" + describe(run))
        .isTrue();
    assertThat(scene.stolenKey()).as(() -> "the key did not arrive:\n" + describe(run)).isNull();
    assertThat(scene.ordinaryWorkDone()).as(() -> describe(run)).isTrue();

    // The doctor's canary through srt (the runtime Claude's sandbox is built on), with the
    // effective lists of Claude's settings.
    Path srt =
        NpmAgent.installed("sandbox-runtime", "@anthropic-ai/sandbox-runtime", "srt").binary();
    String doctor =
        guarded.doctor(
            Map.of(
                "HOME",
                claudeHome.toString(),
                "PATH",
                srt.getParent() + ":" + System.getenv("PATH")),
            "--verbose");
    assertThat(doctor)
        .contains("sandbox: on: sandbox.enabled true in")
        .contains("canary: refused both");
  }

  @Test
  void withoutTheSandboxTheSameScriptDoesBoth() throws Exception {
    guarded.setup("claude", Map.of("HOME", claudeHome.toString()), "--no-sandbox");

    NpmAgent.Run run = runTheScript();

    assertThat(scene.folderSurvived())
        .as(() -> "the folder was deleted:\n" + describe(run))
        .isFalse();
    assertThat(scene.stolenKey()).contains(SandboxScene.KEY_MARKER);
  }

  private NpmAgent.Run runTheScript() throws Exception {
    ObjectNode input = JSON.createObjectNode().put("command", SandboxScene.COMMAND);
    input.put("description", "Run the project's checks");
    model =
        ScriptedModel.start(
            List.of(
                // Held until the home's guard has bound to the agent's session: under load its
                // start outlasted the hook's 4 s and the call was denied before it could run.
                ScriptedModel.Turn.toolUse("Bash", "toolu_check", input)
                    .after("the guard is bound to the agent's session", guarded::guardIsBound),
                ScriptedModel.Turn.text("Done.")));
    NpmAgent.Run run =
        claude.print(
            guarded.project(),
            claudeHome,
            model,
            Map.of(),
            "Run the project's checks.",
            List.of("--allowedTools", "Bash"),
            CLAUDE_LIMIT);
    assertThat(run.timedOut()).as(() -> describe(run)).isFalse();
    // The script ran to its end (in the sandbox too): what stopped it was not the guard.
    assertThat(model.toolResult("toolu_check").map(ScriptedModel::text))
        .as(() -> describe(run))
        .hasValueSatisfying(text -> assertThat(text).contains(SandboxScene.DONE));
    return run;
  }

  private String describe(NpmAgent.Run run) {
    return run.describe() + "\n--- the model endpoint:\n" + model.describe() + guarded.describe();
  }
}
