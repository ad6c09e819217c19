package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 75 end to end with the real Codex CLI (the pinned binary, offline against a scripted
 * model), set up by {@code gateway setup codex} with its permission profile and without (then run
 * unconfined, {@code --dangerously-bypass-approvals-and-sandbox}): the model tries every way the
 * red team found to answer its own question ({@link OnlyThePersonScene}), and no upload the flow
 * rule stops runs. Codex cannot ask (decision 66): the gateway's question is a deny.
 *
 * <p>Codex's home is under the module's {@code target}, not under /tmp, as in {@link
 * CodexSandboxTest}: Codex will not make its sandbox's helper under a temporary folder.
 */
@Tag(NpmAgent.TAG)
@ExtendWith(SandboxLitter.class)
class CodexOnlyThePersonTest {

  private static final Duration CODEX_LIMIT = Duration.ofSeconds(120);
  private static final String UNCONFINED = "--dangerously-bypass-approvals-and-sandbox";

  @TempDir Path temp;

  @ParameterizedTest(name = "sandbox {0}")
  @ValueSource(booleans = {false, true})
  void noWayOfTheModelsShellAnswersItsOwnQuestion(boolean sandbox) throws Exception {
    CodexCli codex = CodexCli.installed();
    // Codex leaves variables named *KEY* out of its commands: the model sets the key. With its own
    // safety off (--dangerously-bypass-approvals-and-sandbox) the guard would ask first
    // (guard.agent-unguarded), so the model starts it as the person set it up.
    try (OnlyThePersonScene scene =
        OnlyThePersonScene.start(
            temp,
            OnlyThePersonScene.Agent.CODEX,
            prompt ->
                "env SCRIPTED_MODEL_KEY=scripted-model-key "
                    + codex.binary()
                    + " exec --skip-git-repo-check --disable plugins "
                    + prompt)) {
      Path codexHome =
          Files.createDirectories(
              Path.of("target", "sandbox-homes", UUID.randomUUID().toString()).toAbsolutePath());
      Map<String, String> env =
          Map.of(
              "HOME", codexHome.toString(),
              "CODEX_HOME", CodexCli.codexHome(codexHome).toString(),
              "PATH", codex.binary().getParent() + ":" + System.getenv("PATH"));
      String said =
          scene
              .guarded()
              .setup("codex", env, sandbox ? new String[0] : new String[] {"--no-sandbox"});
      assertThat(said.contains("Codex's own sandbox is on")).as(said).isEqualTo(sandbox);
      ScriptedModel model = scene.model();
      CodexCli.useModel(codexHome, model);

      NpmAgent.Run run =
          codex.exec(
              scene.guarded().project(),
              codexHome,
              model,
              Map.of(),
              OnlyThePersonScene.PROMPT,
              sandbox ? List.of() : List.of(UNCONFINED),
              CODEX_LIMIT);

      scene.assertNothingAskedRan(run, sandbox);
    }
  }
}
