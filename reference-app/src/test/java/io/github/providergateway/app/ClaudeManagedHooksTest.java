package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
 * The real Claude Code (2.1.332) runs the hook of the managed-settings.json {@code gateway setup
 * claude --managed --write} wrote (issue 66), and under its {@code allowManagedHooksOnly} not the
 * user's own hook: the launcher is a stand-in that records its arguments and denies, and the shell
 * call never runs. Claude reads /etc/claude-code/managed-settings.json, shown there through an
 * overlay in a mount namespace of its own ({@link EtcOverlay}): the machine's /etc is never
 * written. Needs root and {@code unshare}; skipped without them.
 */
@Tag(NpmAgent.TAG)
class ClaudeManagedHooksTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void claudeRunsTheManagedHookAloneAndItsDenyHolds() throws Exception {
    assumeTrue(EtcOverlay.available(), "needs root and unshare: a mount namespace of its own");
    ClaudeCode claude = ClaudeCode.installed();
    Path calls = dir.resolve("launcher-calls");
    Path launcher = Files.createDirectories(dir.resolve("install/bin")).resolve("gateway");
    Files.writeString(
        launcher,
        "#!/bin/sh\necho \"$*\" >> '"
            + calls
            + "'\nprintf '%s' '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\","
            + "\"permissionDecision\":\"deny\",\"permissionDecisionReason\":"
            + "\"the managed gate said no\"}}'\n");
    launcher.toFile().setExecutable(true);
    Path upper = Files.createDirectories(dir.resolve("upper"));
    Path work = Files.createDirectories(dir.resolve("work"));
    Path home = Files.createDirectories(dir.resolve("home"));
    Path project = Files.createDirectories(dir.resolve("project"));
    // The user's own hook, which allowManagedHooksOnly must leave out.
    Path userHookRan = dir.resolve("user-hook-ran");
    ObjectNode user = JSON.createObjectNode();
    ObjectNode group = user.putObject("hooks").putArray("PreToolUse").addObject();
    group.put("matcher", "Bash");
    group
        .putArray("hooks")
        .addObject()
        .put("type", "command")
        .put("command", "touch '" + userHookRan + "'");
    Files.writeString(
        Files.createDirectories(home.resolve(".claude")).resolve("settings.json"), user.toString());

    AppRun written =
        ManagedWrite.run(
            "claude", launcher, upper, dir.resolve("system"), Map.of("HOME", home.toString()));
    assertThat(written.exit()).as(written.err()).isZero();

    try (ScriptedModel model =
        ScriptedModel.start(
            List.of(
                ScriptedModel.Turn.toolUse(
                    "Bash", "gated", JSON.createObjectNode().put("command", "touch ran")),
                ScriptedModel.Turn.text("done")))) {
      NpmAgent.Run run =
          claude
              .underEtc(upper, work)
              .print(
                  project,
                  home,
                  model,
                  Map.of(),
                  "Touch the file.",
                  List.of("--allowedTools", "Bash"),
                  AgentGateTests.AGENT_LIMIT);
      String describe = run.describe() + model.describe();

      assertThat(calls).as(describe).exists();
      assertThat(Files.readString(calls)).as(describe).contains("hook claude");
      assertThat(project.resolve("ran")).as(describe).doesNotExist();
      assertThat(model.toolResult("gated").map(ScriptedModel::text))
          .as(describe)
          .hasValueSatisfying(text -> assertThat(text).contains("the managed gate said no"));
      assertThat(userHookRan).as("the user's hook, left out: " + describe).doesNotExist();
    }
  }
}
