package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The policy file {@code gateway setup gemini} writes (issue 64), held by Gemini CLI 0.61.0's real
 * policy engine offline against a {@link ScriptedModel}: the model's {@code read_file} of a
 * stand-in {@code ~/.ssh/id_ed25519} is denied with the gateway's hook taken out of the settings,
 * so it is the policy file that holds; without the file the same call reads the key, so the test
 * can fail.
 */
@Tag(NpmAgent.TAG)
class GeminiPolicyFileTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path temp;

  private Path home;
  private Path project;
  private Path key;
  private GeminiCli gemini;

  @BeforeEach
  void scene() throws Exception {
    gemini = GeminiCli.installed();
    home = Files.createDirectories(temp.toRealPath().resolve("home"));
    project = Files.createDirectories(temp.toRealPath().resolve("project"));
    key = Files.createDirectories(home.resolve(".ssh")).resolve("id_ed25519");
    Files.writeString(key, SandboxScene.KEY_MARKER + "\n");
  }

  @Test
  void thePolicyFileSetupWroteDeniesGeminisReadOfTheKeyWithNoHookInstalled() throws Exception {
    setup();

    String result = readKey();

    assertThat(result)
        .doesNotContain(SandboxScene.KEY_MARKER)
        .contains("The provider gateway's sandbox policy keeps " + home.resolve(".ssh"));
  }

  @Test
  void withoutThePolicyFileTheSameReadGetsTheKey() throws Exception {
    setup("--no-sandbox");

    assertThat(readKey()).contains(SandboxScene.KEY_MARKER);
  }

  /**
   * {@code gateway setup gemini ARGS}, then the settings without the gateway's hook and MCP server:
   * only the policy file, if setup wrote it, stands between the model and the key.
   */
  private void setup(String... args) throws Exception {
    List<String> line =
        new java.util.ArrayList<>(
            List.of("setup", "gemini", "--home", temp.resolve("gateway-home").toString()));
    line.addAll(List.of(args));
    AppRun ran = AppRun.of(line, Map.of("HOME", home.toString(), "PATH", System.getenv("PATH")));
    assertThat(ran.exit()).as(ran.err()).isZero();
    GeminiCli.writeSettings(home, GeminiCli.settings());
    GeminiCli.trustFolder(home, project);
  }

  /** What Gemini answered the model's {@code read_file} of the key. */
  private String readKey() throws Exception {
    try (ScriptedModel model =
        ScriptedModel.start(
            ScriptedModel.Dialect.GEMINI,
            List.of(
                ScriptedModel.Turn.toolUse(
                    "read_file",
                    "read_key",
                    JSON.createObjectNode().put("file_path", key.toString())),
                ScriptedModel.Turn.text("done")))) {
      NpmAgent.Run run =
          gemini.run(
              project,
              home,
              model,
              Map.of(),
              "Read the key.",
              List.of("--approval-mode", "yolo", "--include-directories", home.toString()),
              AgentGateTests.AGENT_LIMIT);
      return ScriptedModel.text(
          model
              .toolResult("read_key")
              .orElseThrow(
                  () ->
                      new AssertionError(
                          "no result of read_key; " + run.describe() + model.describe())));
    }
  }
}
