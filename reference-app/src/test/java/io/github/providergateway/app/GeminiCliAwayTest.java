package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The person away (decisions 321, 322) with Gemini CLI's real binary, set up by {@code gateway
 * setup gemini}: after {@code gateway away}, its model runs a shell command the guard asks about
 * ({@code git push origin v1.2.3}) and calls the gateway's {@code mark} with a name its gate asks
 * about. Gemini cannot be asked (decision 66), and both answers now say the person is away and that
 * the call is kept for their return; neither runs, and {@code gateway back} lists both.
 */
@Tag(NpmAgent.TAG)
class GeminiCliAwayTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TAG_PUSH = "git push origin v1.2.3";
  private static final String MARKER = "asked-release-notes";

  @TempDir Path temp;
  private GuardedHome guarded;
  private GeminiCli gemini;
  private Path home;

  @BeforeEach
  void aProjectAndTheHomesGateway() throws Exception {
    gemini = GeminiCli.installed();
    guarded = GuardedHome.start(temp);
    home = Files.createDirectories(guarded.temp().resolve("gemini-user"));
  }

  @AfterEach
  void stop() throws Exception {
    if (guarded != null) {
      guarded.close();
    }
  }

  @Test
  void whileAwayTheTagPushAndTheAskedMcpCallAreDeniedSayingSoAndBackListsThem() throws Exception {
    GeminiCli.setUpBy(guarded, home);
    AppRun away =
        AppRun.of(List.of("away", "--for", "2h", "--home", guarded.home().toString()), Map.of());
    assertThat(away.exit()).as(away.err()).isZero();

    try (ScriptedModel model =
        ScriptedModel.start(
            ScriptedModel.Dialect.GEMINI,
            List.of(
                ScriptedModel.Turn.toolUse(
                        "run_shell_command",
                        "push",
                        JSON.createObjectNode().put("command", TAG_PUSH))
                    .after("the guard is bound to the agent's session", guarded::guardIsBound),
                ScriptedModel.Turn.toolUse(
                    "mcp_provider-gateway_mark",
                    "mark",
                    JSON.createObjectNode().put("name", MARKER)),
                ScriptedModel.Turn.text("done")))) {
      NpmAgent.Run run =
          gemini.run(
              guarded.project(),
              home,
              model,
              Map.of(),
              "Publish the release.",
              List.of("--approval-mode", "yolo"),
              AgentGateTests.AGENT_LIMIT);
      String describe = run.describe() + model.describe() + guarded.describe();

      for (String id : List.of("push", "mark")) {
        assertThat(model.toolResult(id).map(ScriptedModel::text))
            .as(describe)
            .hasValueSatisfying(
                text ->
                    assertThat(text)
                        .contains("the person is away until ")
                        .contains("kept for their return"));
      }
      assertThat(guarded.marker(MARKER)).as("the asked MCP call never ran").doesNotExist();
      guarded.awaitHeldCalls(2);
      AppRun back = AppRun.of(List.of("back", "--home", guarded.home().toString()), Map.of());
      assertThat(back.out())
          .as(back.err() + describe)
          .contains("2 calls were denied (not run) and kept for your return")
          .contains(TAG_PUSH + ": asked: ")
          .contains("mark {\"name\":\"" + MARKER + "\"}: asked: ");
    }
  }
}
