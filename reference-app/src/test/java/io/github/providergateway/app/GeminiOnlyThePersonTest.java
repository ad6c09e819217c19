package io.github.providergateway.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 75 end to end with the real Gemini CLI (the pinned binary, offline against a scripted
 * model), set up by {@code gateway setup gemini}: the model tries every way the red team found to
 * answer its own question ({@link OnlyThePersonScene}), and no upload the flow rule stops runs.
 * Gemini has no {@code ask} for a hook: the gateway's question is a deny. {@code gateway setup}
 * writes no OS sandbox for Gemini CLI, so this one runs without.
 */
@Tag(NpmAgent.TAG)
class GeminiOnlyThePersonTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path temp;

  @Test
  void noWayOfTheModelsShellAnswersItsOwnQuestion() throws Exception {
    GeminiCli gemini = GeminiCli.installed();
    try (OnlyThePersonScene scene =
        OnlyThePersonScene.start(
            temp, OnlyThePersonScene.Agent.GEMINI, prompt -> gemini.binary() + " -p " + prompt)) {
      Path home = Files.createDirectories(scene.guarded().temp().resolve("gemini-user"));
      scene
          .guarded()
          .setup("gemini", Map.of("HOME", home.toString(), "PATH", System.getenv("PATH")));
      GeminiCli.trustFolder(home, scene.guarded().project());
      // Setup's settings, with the offline run's auth and quiet settings beside them; and the
      // person lets the shell run without a prompt, so that the nested gemini (-p without --yolo,
      // which the guard asks about: guard.agent-unguarded) offers it to its model.
      Path file = home.resolve(".gemini/settings.json");
      ObjectNode settings = (ObjectNode) JSON.readTree(file.toFile());
      settings.setAll(GeminiCli.settings());
      settings.putObject("tools").putArray("allowed").add("run_shell_command");
      GeminiCli.writeSettings(home, settings);

      NpmAgent.Run run =
          gemini.run(
              scene.guarded().project(),
              home,
              scene.model(),
              Map.of(),
              OnlyThePersonScene.PROMPT,
              List.of("--approval-mode", "yolo"),
              AgentGateTests.AGENT_LIMIT);

      scene.assertNothingAskedRan(run, false);
    }
  }
}
