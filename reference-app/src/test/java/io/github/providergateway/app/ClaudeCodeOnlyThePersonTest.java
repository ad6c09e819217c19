package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
 * Issue 75 end to end with the real Claude Code (the pinned binary, offline against a scripted
 * model), set up by {@code gateway setup claude} with its sandbox ({@code sandbox.enabled}, in
 * bubblewrap) and without: the model tries every way the red team found to answer its own question
 * ({@link OnlyThePersonScene}), and no asked upload runs. In {@code -p} an {@code ask} is a denial.
 */
@Tag(NpmAgent.TAG)
@ExtendWith(SandboxLitter.class)
class ClaudeCodeOnlyThePersonTest {

  private static final Duration CLAUDE_LIMIT = Duration.ofSeconds(120);

  @TempDir Path temp;

  @ParameterizedTest(name = "sandbox {0}")
  @ValueSource(booleans = {false, true})
  void noWayOfTheModelsShellAnswersItsOwnQuestion(boolean sandbox) throws Exception {
    if (sandbox) {
      assumeTrue(
          Interop.runs(List.of("bwrap", "--version")) && Interop.runs(List.of("socat", "-V")),
          "Claude Code's sandbox needs bubblewrap and socat (.ci/run installs them): skipped");
    }
    ClaudeCode claude = ClaudeCode.installed();
    try (OnlyThePersonScene scene =
        OnlyThePersonScene.start(
            temp,
            OnlyThePersonScene.Agent.CLAUDE,
            prompt -> claude.binary() + " -p " + prompt + " --allowedTools Bash")) {
      // Outside /tmp, where the sandbox lets programs write.
      Path claudeHome =
          Files.createDirectories(
              Path.of("target", "sandbox-homes", UUID.randomUUID().toString()).toAbsolutePath());
      String said =
          scene
              .guarded()
              .setup(
                  "claude",
                  Map.of("HOME", claudeHome.toString()),
                  sandbox ? new String[0] : new String[] {"--no-sandbox"});
      assertThat(said.contains("Claude Code's own sandbox is on")).as(said).isEqualTo(sandbox);

      NpmAgent.Run run =
          claude.print(
              scene.guarded().project(),
              claudeHome,
              scene.model(),
              Map.of(),
              OnlyThePersonScene.PROMPT,
              List.of("--allowedTools", "Bash"),
              CLAUDE_LIMIT);

      scene.assertNothingAskedRan(run, sandbox);
    }
  }
}
