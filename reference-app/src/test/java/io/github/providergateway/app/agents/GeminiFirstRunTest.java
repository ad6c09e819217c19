package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code gateway setup gemini} says a headless Gemini CLI needs before any hook runs (issue
 * 77): the auth it finds, in Gemini 0.61.0's order, or how to give one; and the trust. That Gemini
 * does stop as the block says (exit 41, exit 55) and runs the hook once given both is proven on its
 * real binary ({@code GeminiCliGateTest#setupSaysWhatAHeadlessGeminiNeedsAndTheHookRunsOnceGiven}).
 */
class GeminiFirstRunTest {

  @TempDir Path temp;

  @Test
  void withNoAuthAnywhereItSaysGeminiStopsAndHowToGiveOne() throws Exception {
    Path settings = Files.writeString(temp.resolve("settings.json"), "{\"hooks\":{}}");

    String block =
        GeminiFirstRun.block(
            List.of(settings, temp.resolve("missing.json")),
            Map.of("GEMINI_API_KEY", "", "GOOGLE_GENAI_USE_GCA", "false"),
            temp.resolve("trustedFolders.json"),
            null);

    assertThat(block.lines())
        .hasSize(3)
        .first()
        .asString()
        .startsWith("Before Gemini CLI runs these hooks");
    assertThat(block)
        .contains("auth:  none found: gemini -p exits 41")
        .contains("export GEMINI_API_KEY")
        .contains("trust: each project folder")
        .contains("gemini -p exits 55")
        .contains("'gateway setup gemini --project'")
        .contains("--skip-trust");
  }

  @Test
  void anAuthFromTheEnvironmentOrASettingsFileIsNamedWithWhereItCameFrom() throws Exception {
    Path user =
        Files.writeString(
            temp.resolve("user.json"),
            "{\"security\":{\"auth\":{\"selectedType\":\"vertex-ai\"}}}");
    Path older =
        Files.writeString(temp.resolve("older.json"), "{\"selectedAuthType\":\"oauth-personal\"}");
    Path trusted = temp.resolve("trustedFolders.json");

    assertThat(GeminiFirstRun.block(List.of(user), Map.of("GEMINI_API_KEY", "k"), trusted, null))
        .contains("auth:  gemini-api-key, from GEMINI_API_KEY in this environment.");
    assertThat(
            GeminiFirstRun.block(
                List.of(user), Map.of("GOOGLE_GENAI_USE_GCA", "true"), trusted, null))
        .contains("auth:  oauth-personal, from GOOGLE_GENAI_USE_GCA");
    assertThat(
            GeminiFirstRun.block(List.of(temp.resolve("none.json"), user), Map.of(), trusted, null))
        .contains("auth:  vertex-ai, from " + user + ".");
    assertThat(GeminiFirstRun.block(List.of(older), Map.of(), trusted, null))
        .contains("auth:  oauth-personal, from " + older);
  }

  @Test
  void aKeyAuthInTheSettingsSaysItStillNeedsTheKey() throws Exception {
    Path user =
        Files.writeString(
            temp.resolve("user.json"),
            "{\"security\":{\"auth\":{\"selectedType\":\"gemini-api-key\"}}}");

    assertThat(GeminiFirstRun.block(List.of(user), Map.of(), temp.resolve("t.json"), null))
        .contains("gemini-api-key, from " + user + " (with GEMINI_API_KEY in the environment");
  }

  @Test
  void aFileThatIsNotJsonNamesNoAuthAndBreaksNothing() throws Exception {
    Path broken = Files.writeString(temp.resolve("settings.json"), "{ // a comment\n \"x\": [");
    Path folder = Files.createDirectory(temp.resolve("folder.json"));

    assertThat(GeminiFirstRun.selectedType(broken)).isEmpty();
    assertThat(GeminiFirstRun.selectedType(folder)).isEmpty();
    assertThat(GeminiFirstRun.block(List.of(broken, folder), Map.of(), temp, null))
        .contains("auth:  none found");
  }

  @Test
  void forAProjectItSaysSetupTrustedIt() {
    Path project = temp.resolve("project");
    Path trusted = temp.resolve("trustedFolders.json");

    assertThat(GeminiFirstRun.block(List.of(), Map.of(), trusted, project))
        .contains("trust: " + project + " trusted by setup in " + trusted + ".");
  }
}
