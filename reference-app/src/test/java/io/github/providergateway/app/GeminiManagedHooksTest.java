package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real Gemini CLI (0.61.0) runs the hook of the system settings {@code gateway setup gemini
 * --managed --write} wrote (issue 66), with the user's settings holding no hook at all: the file
 * goes where Gemini's own {@code GEMINI_CLI_SYSTEM_SETTINGS_PATH} says, so neither the test nor
 * Gemini touches /etc/gemini-cli. Gemini reads the file only when no folder above it is writable by
 * others than its owner, so it lies under {@code target/}, not in the temporary folder. The
 * launcher is a stand-in that records its arguments and denies (exit 2, the reason on stderr), and
 * the shell call it was asked about never runs. Writing needs root, as on a real system install.
 */
@Tag(NpmAgent.TAG)
class GeminiManagedHooksTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void geminiRunsTheSystemSettingsHookThatSetupWroteAndItsDenyHolds() throws Exception {
    GeminiCli gemini = GeminiCli.installed();
    Path calls = dir.resolve("launcher-calls");
    Path launcher = Files.createDirectories(dir.resolve("install/bin")).resolve("gateway");
    Files.writeString(
        launcher,
        "#!/bin/sh\necho \"$*\" >> '" + calls + "'\necho 'the managed gate said no' >&2\nexit 2\n");
    launcher.toFile().setExecutable(true);
    // Gemini skips a system settings file in a folder that others may write, and any folder above
    // it (0.61.0: "Parent directory '/tmp' is insecure"): this one is under target/, not /tmp.
    Path secure =
        Files.createDirectories(
            Path.of("target", "managed-gemini", dir.getFileName().toString()).toAbsolutePath());
    Path system = secure.resolve("system-settings.json");
    Path home = Files.createDirectories(dir.resolve("home"));
    Path project = Files.createDirectories(dir.resolve("project"));
    Map<String, String> env = Map.of("GEMINI_CLI_SYSTEM_SETTINGS_PATH", system.toString());

    AppRun written =
        ManagedWrite.run(
            "gemini",
            launcher,
            dir.resolve("etc"),
            dir.resolve("system"),
            Map.of("HOME", home.toString(), "GEMINI_CLI_SYSTEM_SETTINGS_PATH", system.toString()));
    assertThat(written.exit()).as(written.err()).isZero();
    assertThat(Files.readString(system)).contains(launcher + " hook gemini");
    GeminiCli.writeSettings(home, GeminiCli.settings());
    GeminiCli.trustFolder(home, project);

    try (ScriptedModel model =
        ScriptedModel.start(
            ScriptedModel.Dialect.GEMINI,
            List.of(
                ScriptedModel.Turn.toolUse(
                    "run_shell_command",
                    "gated",
                    JSON.createObjectNode().put("command", "touch ran")),
                ScriptedModel.Turn.text("done")))) {
      NpmAgent.Run run =
          gemini.run(
              project,
              home,
              model,
              env,
              "Touch the file.",
              List.of("--approval-mode", "yolo"),
              AgentGateTests.AGENT_LIMIT);
      String describe = run.describe() + model.describe();

      assertThat(calls).as(describe).exists();
      assertThat(Files.readString(calls)).as(describe).contains("hook gemini");
      assertThat(project.resolve("ran")).as(describe).doesNotExist();
      assertThat(model.toolResult("gated").map(ScriptedModel::text))
          .as(describe)
          .hasValueSatisfying(text -> assertThat(text).contains("the managed gate said no"));
    }
  }
}
