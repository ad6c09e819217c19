package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.testing.FreePorts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Claude Code on both sides of 2.1.295, the version whose HTTP hooks got {@code "onFailure":
 * "block"}: 2.1.197 (what {@code npm install @anthropic-ai/claude-code} gives on Node 20) and
 * 2.1.332, each {@code claude -p} against a {@link ScriptedModel} in a project of a {@link
 * GuardedHome}.
 *
 * <p>Why the command hook before 2.1.295: there an HTTP hook whose request fails (nothing listens
 * on its port: the gateway is not running) is a non-blocking error, {@code "onFailure": "block"} or
 * not, and <b>the call runs</b> ({@link
 * #before2_1_295AnHttpHookThatCannotBeReachedLetsTheCallRun}); from 2.1.295 on the same hook blocks
 * it ({@link #from2_1_295AnHttpHookThatCannotBeReachedBlocksTheCall}). The command hook, {@code
 * gateway hook claude}, answers a deny itself whatever happens, so 2.1.197 is gated by it ({@link
 * #before2_1_295TheCommandHookDeniesAndTheCallDoesNotRun}).
 */
@Tag(NpmAgent.TAG)
class ClaudeCodeBeforeOnFailureTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration CLAUDE_LIMIT = Duration.ofSeconds(120);

  @TempDir Path temp;
  private GuardedHome guarded;
  private Path claudeHome;
  private ScriptedModel model;

  @BeforeEach
  void theHomesGateway() throws Exception {
    guarded = GuardedHome.start(temp);
    claudeHome = Files.createDirectory(guarded.temp().resolve("claude-home"));
  }

  @AfterEach
  void stopEverythingStartedHere() throws Exception {
    if (model != null) {
      model.close();
    }
    guarded.close();
  }

  @Test
  void before2_1_295TheCommandHookDeniesAndTheCallDoesNotRun() throws Exception {
    ClaudeCode claude = ClaudeCode.beforeOnFailure();
    claude.mcpAdd(guarded.project(), claudeHome, "gw", guarded.mcpCommand());
    ObjectNode hook = JSON.createObjectNode();
    hook.put("type", "command").put("command", guarded.hookCommand("claude")).put("timeout", 30);
    settings(hook);

    NpmAgent.Run run = touch(claude, "guarded-denied.marker", true);

    assertThat(guarded.marker("guarded-denied.marker")).as(() -> describe(run)).doesNotExist();
    JsonNode result = model.toolResult("toolu_touch").orElseThrow();
    assertThat(result.path("is_error").asBoolean()).as(() -> describe(run)).isTrue();
    assertThat(ScriptedModel.text(result))
        .as(() -> describe(run))
        .contains("agent-guard: no-marker says no");
  }

  /**
   * The documented gap, shown: 2.1.197 reads {@code "onFailure": "block"} as nothing, a refused
   * HTTP hook request as a non-blocking error, and runs the call.
   */
  @Test
  void before2_1_295AnHttpHookThatCannotBeReachedLetsTheCallRun() throws Exception {
    NpmAgent.Run run = touch(ClaudeCode.beforeOnFailure(), "unreachable-hook.marker", false);

    assertThat(run.log())
        .as(() -> "2.1.197 tried its HTTP hook and was refused; " + describe(run))
        .contains("HTTP hook error: connect ECONNREFUSED");
    assertThat(guarded.marker("unreachable-hook.marker"))
        .as(() -> "2.1.197 ran the call its failed HTTP hook did not answer; " + describe(run))
        .exists();
  }

  @Test
  void from2_1_295AnHttpHookThatCannotBeReachedBlocksTheCall() throws Exception {
    NpmAgent.Run run = touch(ClaudeCode.installed(), "unreachable-hook.marker", false);

    assertThat(run.log())
        .as(() -> describe(run))
        .contains("HTTP hook error: connect ECONNREFUSED")
        .contains("blocking (onFailure: \"block\")");
    assertThat(guarded.marker("unreachable-hook.marker")).as(() -> describe(run)).doesNotExist();
  }

  /**
   * Claude's settings: {@code hook} for {@code Bash}, or (when null) an HTTP hook with {@code
   * "onFailure": "block"} on a port nothing listens on, as {@code hook --print-config claude}
   * prints it for a gateway that is not running.
   */
  private void settings(ObjectNode hook) throws Exception {
    if (hook == null) {
      hook = JSON.createObjectNode();
      hook.put("type", "http").put("url", "http://127.0.0.1:" + FreePorts.pick() + "/hooks/claude");
      hook.putObject("headers").put("Authorization", "Bearer $PROVIDER_GATEWAY_HOOK_TOKEN");
      hook.putArray("allowedEnvVars").add("PROVIDER_GATEWAY_HOOK_TOKEN");
      hook.put("timeout", 30).put("onFailure", "block");
    }
    ObjectNode settings = JSON.createObjectNode();
    ObjectNode preToolUse = settings.putObject("hooks").putArray("PreToolUse").addObject();
    preToolUse.put("matcher", "Bash");
    preToolUse.putArray("hooks").add(hook);
    Path file = Files.createDirectories(claudeHome.resolve(".claude")).resolve("settings.json");
    Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(settings));
  }

  /**
   * Runs {@code claude} on one Bash call, {@code touch <markers>/<marker>} (held until agent-guard
   * is bound when {@code bound}; with the unreachable HTTP hook of {@link #settings} when the test
   * wrote none), to a normal end.
   */
  private NpmAgent.Run touch(ClaudeCode claude, String marker, boolean bound) throws Exception {
    if (!Files.exists(claudeHome.resolve(".claude/settings.json"))) {
      settings(null);
    }
    ObjectNode input = JSON.createObjectNode().put("command", "touch " + guarded.marker(marker));
    input.put("description", "Make a marker");
    ScriptedModel.Turn call = ScriptedModel.Turn.toolUse("Bash", "toolu_touch", input);
    model =
        ScriptedModel.start(
            List.of(
                bound ? call.after("agent-guard is bound", guarded::guardIsBound) : call,
                ScriptedModel.Turn.text("Done.")));
    NpmAgent.Run run =
        claude.print(
            guarded.project(),
            claudeHome,
            model,
            Map.of("PROVIDER_GATEWAY_HOOK_TOKEN", "no-gateway-answers-this"),
            "Make the marker.",
            List.of("--allowedTools", "Bash", "mcp__gw"),
            CLAUDE_LIMIT);
    assertThat(run.timedOut() || run.exitCode() != 0).as(() -> describe(run)).isFalse();
    assertThat(model.failures()).as(() -> describe(run)).isEmpty();
    assertThat(model.toolResult("toolu_touch"))
        .as(() -> "Claude tried the call and reported back; " + describe(run))
        .isPresent();
    return run;
  }

  private String describe(NpmAgent.Run run) {
    return run.describe() + "\n--- the model endpoint:\n" + model.describe() + guarded.describe();
  }
}
