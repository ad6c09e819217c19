package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The person away (decisions 321, 322) with Claude Code's real binary (the pinned one, offline
 * against a scripted model): after {@code gateway away}, its model pushes a release tag ({@code git
 * push origin v1.2.3}, which the guard's standard preset asks about, {@code release.tag-pushed})
 * and calls the guard's MCP tool {@code mark} with a name its gate asks about (through {@code
 * gateway mcp}, the MCP front door). Both are denies at once saying the person is away and that the
 * call is kept for their return; the tag is not on the remote and the marker is not made; {@code
 * gateway back} lists both calls. The command hook is the one {@code gateway setup claude} writes.
 */
@Tag(NpmAgent.TAG)
class ClaudeCodeAwayTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TAG_PUSH = "git push origin v1.2.3";
  private static final String MARKER = "asked-release-notes";
  private static final Duration CLAUDE_LIMIT = Duration.ofSeconds(120);
  private static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir Path temp;
  private ClaudeCode claude;
  private GuardedHome guarded;
  private ScriptedModel model;
  private Path claudeHome;
  private Path origin;

  @BeforeEach
  void aProjectWithARemoteAndTheHomesGateway() throws Exception {
    claude = ClaudeCode.installed();
    guarded = GuardedHome.start(temp);
    Path project = guarded.project();
    origin = guarded.temp().resolve("origin.git");
    git(guarded.temp(), "init", "-q", "--bare", origin.toString());
    Files.writeString(project.resolve("README.md"), "# shop\n");
    git(project, "init", "-q");
    git(project, "add", "README.md");
    git(
        project,
        "-c",
        "user.name=dev",
        "-c",
        "user.email=dev@example.org",
        "commit",
        "-q",
        "-m",
        "1");
    git(project, "tag", "v1.2.3");
    git(project, "remote", "add", "origin", origin.toString());
    claudeHome = Files.createDirectory(guarded.temp().resolve("claude-home"));
    claude.mcpAdd(project, claudeHome, "gw", guarded.mcpCommand());
    ObjectNode settings = JSON.createObjectNode();
    ObjectNode group = settings.putObject("hooks").putArray("PreToolUse").addObject();
    group.put("matcher", "Bash");
    group
        .putArray("hooks")
        .addObject()
        .put("type", "command")
        .put("command", guarded.hookCommand("claude"))
        .put("timeout", 30);
    Path file = Files.createDirectories(claudeHome.resolve(".claude")).resolve("settings.json");
    Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(settings));
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

  private static String git(Path in, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    Process git =
        new ProcessBuilder(command).directory(in.toFile()).redirectErrorStream(true).start();
    String said = new String(git.getInputStream().readAllBytes());
    assertThat(git.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS) && git.exitValue() == 0)
        .as("git %s: %s", command, said)
        .isTrue();
    return said;
  }

  /** {@code gateway LINE… --home HOME} as the person runs it; {@return what it printed} */
  private String gateway(String... line) {
    List<String> args = new java.util.ArrayList<>(List.of(line));
    args.addAll(List.of("--home", guarded.home().toString()));
    AppRun run = AppRun.of(args, Map.of());
    assertThat(run.exit()).as("gateway %s: %s", args, run.err()).isZero();
    return run.out();
  }

  @Test
  void whileAwayTheTagPushAndTheAskedMcpCallAreDeniedNotRunAndBackListsThem() throws Exception {
    assertThat(gateway("away", "--for", "2h")).startsWith("away until ");
    model =
        ScriptedModel.start(
            List.of(
                ScriptedModel.Turn.toolUse(
                        "Bash", "toolu_push", JSON.createObjectNode().put("command", TAG_PUSH))
                    // Decided in the agent's session, its guard bound (the mark tool is there).
                    .after("the guard is bound to the agent's session", guarded::guardIsBound),
                ScriptedModel.Turn.toolUse(
                    "mcp__gw__mark", "toolu_mark", JSON.createObjectNode().put("name", MARKER)),
                ScriptedModel.Turn.text("Done.")));

    NpmAgent.Run run =
        claude.print(
            guarded.project(),
            claudeHome,
            model,
            Map.of(),
            "Publish the release.",
            List.of("--allowedTools", "Bash", "mcp__gw"),
            CLAUDE_LIMIT);

    assertThat(run.timedOut() || run.exitCode() != 0).as(() -> describe(run)).isFalse();
    JsonNode push =
        model.toolResult("toolu_push").orElseThrow(() -> new AssertionError(describe(run)));
    assertThat(push.path("is_error").asBoolean()).as(() -> describe(run)).isTrue();
    assertThat(ScriptedModel.text(push))
        .as(() -> describe(run))
        .contains("the person is away until ")
        .contains("release.tag-pushed")
        .contains("kept for their return");
    assertThat(git(guarded.temp(), "--git-dir", origin.toString(), "tag"))
        .as("the tag never reached the remote")
        .isEmpty();
    JsonNode mark =
        model.toolResult("toolu_mark").orElseThrow(() -> new AssertionError(describe(run)));
    assertThat(ScriptedModel.text(mark))
        .as(() -> describe(run))
        .contains("the person is away until ")
        .contains("agent-guard asks: may the agent make the asked marker?")
        .contains("kept for their return");
    assertThat(guarded.marker(MARKER)).as("the asked MCP call never ran").doesNotExist();
    guarded.awaitHeldCalls(2);

    String back = gateway("back");

    assertThat(back)
        .as(() -> back + describe(run))
        .contains("2 calls were denied (not run) and kept for your return")
        .contains("  shell  " + TAG_PUSH + ": asked: ")
        .contains("  mark  mark {\"name\":\"" + MARKER + "\"}: asked: agent-guard asks");
  }

  private String describe(NpmAgent.Run run) {
    return run.describe() + "\n--- the model endpoint:\n" + model.describe() + guarded.describe();
  }
}
