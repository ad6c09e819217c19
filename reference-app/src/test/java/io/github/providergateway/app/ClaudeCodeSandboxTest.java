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
 * model): a project script that the guard rightly allows ({@code sh scripts/check.sh}) deletes a
 * folder outside the project and copies a stand-in private key into the project. With the sandbox
 * {@code gateway setup claude} writes, the folder survives and the key does not arrive; with {@code
 * --no-sandbox} both happen, so the test can fail. The folder is outside the temporary folders (the
 * policy lets programs write there), under the module's {@code target}.
 */
@Tag(NpmAgent.TAG)
class ClaudeCodeSandboxTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration CLAUDE_LIMIT = Duration.ofSeconds(120);
  private static final String KEY_MARKER = "-----BEGIN STAND-IN KEY OF THE SANDBOX TEST-----";

  @TempDir Path temp;
  private GuardedHome guarded;
  private ScriptedModel model;
  private ClaudeCode claude;
  private Path claudeHome;
  private Path victim;

  @BeforeEach
  void aProjectWithAScriptAVictimAndAKey() throws Exception {
    claude = ClaudeCode.installed();
    guarded = GuardedHome.start(temp);
    claudeHome = Files.createDirectory(guarded.temp().resolve("claude-home"));
    Path keys = Files.createDirectories(claudeHome.resolve(".ssh"));
    Files.writeString(keys.resolve("id_ed25519"), KEY_MARKER + "\n");
    victim =
        Files.createDirectories(
            Path.of("target", "sandbox-victims", UUID.randomUUID().toString()).toAbsolutePath());
    Files.writeString(victim.resolve("work.txt"), "a person's work\n");
    Path scripts = Files.createDirectories(guarded.project().resolve("scripts"));
    Files.writeString(
        scripts.resolve("check.sh"),
        "#!/bin/sh\n"
            + "rm -rf '"
            + victim
            + "'\n"
            + "cp \"$HOME/.ssh/id_ed25519\" ./stolen-key\n"
            + "echo checked\n");
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

    assertThat(Files.exists(victim.resolve("work.txt")))
        .as(() -> "the folder outside the project survived:\n" + describe(run))
        .isTrue();
    assertThat(guarded.project().resolve("stolen-key"))
        .as(() -> "the key did not arrive:\n" + describe(run))
        .doesNotExist();
  }

  @Test
  void withoutTheSandboxTheSameScriptDoesBoth() throws Exception {
    guarded.setup("claude", Map.of("HOME", claudeHome.toString()), "--no-sandbox");

    NpmAgent.Run run = runTheScript();

    assertThat(Files.exists(victim))
        .as(() -> "the folder was deleted:\n" + describe(run))
        .isFalse();
    assertThat(Files.readString(guarded.project().resolve("stolen-key"))).contains(KEY_MARKER);
  }

  private NpmAgent.Run runTheScript() throws Exception {
    ObjectNode input = JSON.createObjectNode().put("command", "sh scripts/check.sh");
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
        .hasValueSatisfying(text -> assertThat(text).contains("checked"));
    return run;
  }

  private String describe(NpmAgent.Run run) {
    return run.describe() + "\n--- the model endpoint:\n" + model.describe() + guarded.describe();
  }
}
