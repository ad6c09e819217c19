package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
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
@ExtendWith(SandboxLitter.class)
class ClaudeCodeSandboxTest {

  @TempDir Path temp;
  private GuardedHome guarded;
  private ClaudeScriptRun script;
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
    if (script != null) {
      script.close();
    }
    if (guarded != null) {
      guarded.close();
    }
  }

  @Test
  void theSandboxSetupWritesKeepsTheFolderAndTheKeyWhereTheGuardCannotSee() throws Exception {
    String said = guarded.setup("claude", Map.of("HOME", claudeHome.toString()));
    assertThat(said).contains("Claude Code's own sandbox is on");

    ClaudeScriptRun run = runTheScript();

    assertThat(scene.folderSurvived())
        .as(() -> "the folder outside the project survived:\n" + run.describe())
        .isTrue();
    assertThat(scene.stolenKey()).as(() -> "the key did not arrive:\n" + run.describe()).isNull();
    assertThat(scene.ordinaryWorkDone()).as(() -> run.describe()).isTrue();

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

    ClaudeScriptRun run = runTheScript();

    assertThat(scene.folderSurvived())
        .as(() -> "the folder was deleted:\n" + run.describe())
        .isFalse();
    assertThat(scene.stolenKey()).contains(SandboxScene.KEY_MARKER);
  }

  private ClaudeScriptRun runTheScript() throws Exception {
    script =
        ClaudeScriptRun.run(claude, guarded, claudeHome, SandboxScene.COMMAND, SandboxScene.DONE);
    return script;
  }
}
