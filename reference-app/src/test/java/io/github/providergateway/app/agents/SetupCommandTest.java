package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.AgentKind;
import io.github.providergateway.app.AppRun;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.home.SettingsEdit;
import io.github.providergateway.app.home.SetupLedger;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway setup} (issue 45, "set up in one command, taken back in one"), run in-process with
 * {@code HOME}, {@code CODEX_HOME}, the gateway's home and a project in temporary directories, and
 * a {@code PATH} that holds only what a test puts there (a fake {@code claude} printing a version):
 * the real agents' settings are never touched.
 */
class SetupCommandTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private Path userHome;
  private Path gatewayHome;
  private Path project;
  private Path bin;
  private Map<String, String> env;

  /** What the last run printed on stdout and stderr. */
  private String out;

  private String err;

  @BeforeEach
  void directories() throws IOException {
    userHome = Files.createDirectories(dir.resolve("home"));
    gatewayHome = dir.resolve("gateway-home");
    project = Files.createDirectories(dir.resolve("project"));
    bin = Files.createDirectories(dir.resolve("bin"));
    env = new HashMap<>();
    env.put("HOME", userHome.toString());
    env.put("PATH", bin.toString());
    env.put("CODEX_HOME", dir.resolve("codex-home").toString());
  }

  private int setup(String... args) {
    List<String> line = new ArrayList<>(List.of("setup"));
    line.addAll(List.of(args));
    line.addAll(List.of("--home", gatewayHome.toString()));
    AppRun run = AppRun.of(line, env);
    out = run.out();
    err = run.err();
    return run.exit();
  }

  /** A {@code claude} on the PATH whose {@code --version} prints {@code version}. */
  private void fakeClaude(String version) throws IOException {
    Path claude = bin.resolve("claude");
    Files.writeString(claude, "#!/bin/sh\necho '" + version + " (Claude Code)'\n");
    Files.setPosixFilePermissions(claude, PosixFilePermissions.fromString("rwx------"));
  }

  private static JsonNode json(Path file) throws IOException {
    return JSON.readTree(Files.readAllBytes(file));
  }

  private static final String CLAUDE_SETTINGS =
      """
      {
          "model": "opus",
          "hooks": {
              "PreToolUse": [
                  {"matcher": "Bash", "hooks": [{"type": "command", "command": "my-own-check"}]}
              ]
          }
      }
      """;

  @Test
  void claudeSetupKeepsTheOtherEntriesAndASecondRunChangesNothing() throws IOException {
    Path settings = Files.createDirectories(userHome.resolve(".claude")).resolve("settings.json");
    Files.writeString(settings, CLAUDE_SETTINGS);

    assertThat(setup("claude")).as(err).isZero();

    JsonNode written = json(settings);
    assertThat(written.path("model").asText()).isEqualTo("opus");
    JsonNode groups = written.path("hooks").path("PreToolUse");
    assertThat(groups).hasSize(2);
    assertThat(groups.get(0).path("hooks").get(0).path("command").asText())
        .isEqualTo("my-own-check");
    JsonNode ours = groups.get(1);
    assertThat(ours.path("matcher").asText())
        .contains("Bash", "Edit", "Write", "NotebookEdit", "Read", "Grep", "Glob", "mcp__.*");
    assertThat(ours.path("hooks").get(0).path("type").asText()).isEqualTo("command");
    assertThat(ours.path("hooks").get(0).path("command").asText())
        .contains(" hook claude --home " + gatewayHome);
    JsonNode server =
        json(userHome.resolve(".claude.json")).path("mcpServers").path("provider-gateway");
    assertThat(server.path("args").toString()).contains("\"mcp\"", gatewayHome.toString());
    assertThat(out).contains("claude is not on the PATH; writing its settings anyway");
    assertThat(Files.readString(Path.of(out.replaceAll("(?s).*\\(backup: ([^)]+)\\).*", "$1"))))
        .isEqualTo(CLAUDE_SETTINGS);

    byte[] first = Files.readAllBytes(settings);
    byte[] ledger = Files.readAllBytes(gatewayHome.resolve("setup.json"));
    assertThat(setup("claude")).as(err).isZero();
    assertThat(out).contains("Nothing to change: claude is set up already.");
    assertThat(Files.readAllBytes(settings)).isEqualTo(first);
    assertThat(Files.readAllBytes(gatewayHome.resolve("setup.json"))).isEqualTo(ledger);
    assertThat(Files.getPosixFilePermissions(gatewayHome.resolve("setup.json")))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));
  }

  @Test
  void removeRestoresTheFileByteForByteAndDeletesWhatSetupCreated() throws IOException {
    Path settings = Files.createDirectories(userHome.resolve(".claude")).resolve("settings.json");
    Files.writeString(settings, CLAUDE_SETTINGS);
    assertThat(setup("claude")).as(err).isZero();

    assertThat(setup("claude", "--remove")).as(err).isZero();

    assertThat(Files.readString(settings)).isEqualTo(CLAUDE_SETTINGS);
    assertThat(userHome.resolve(".claude.json")).doesNotExist();
    assertThat(gatewayHome.resolve("setup.json")).doesNotExist();
    assertThat(out).contains("byte for byte");
  }

  /**
   * Issue 62: setup makes a file that holds a token owner-only; {@code --remove} gives back its
   * bytes and its mode (0644), never a mode that lets others write, whatever the ledger says.
   */
  @Test
  void removeRestoresTheModeWithTheBytesButNeverOneOthersCanWrite() throws IOException {
    fakeClaude("2.1.295");
    Path settings = Files.createDirectories(userHome.resolve(".claude")).resolve("settings.json");
    Files.writeString(settings, CLAUDE_SETTINGS);
    Files.setPosixFilePermissions(settings, PosixFilePermissions.fromString("rw-r--r--"));
    try (ServiceStandIn service = ServiceStandIn.install(env, gatewayHome, true)) {
      assertThat(setup("claude")).as(err).isZero(); // the HTTP hook: a token in the file
    }
    assertThat(Files.getPosixFilePermissions(settings))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));

    assertThat(setup("claude", "--remove")).as(err).isZero();

    assertThat(Files.readString(settings)).isEqualTo(CLAUDE_SETTINGS);
    assertThat(Files.getPosixFilePermissions(settings))
        .isEqualTo(PosixFilePermissions.fromString("rw-r--r--"));
    assertThat(out).contains("mode rw-r--r--");

    Files.setPosixFilePermissions(settings, PosixFilePermissions.fromString("rw-------"));
    SettingsFiles.restoreMode(settings, "rw-rw-rw-");
    assertThat(Files.getPosixFilePermissions(settings))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));
  }

  @Test
  void removeAfterAnotherChangeTakesOutOnlySetupsEntries() throws IOException {
    Path settings = Files.createDirectories(userHome.resolve(".claude")).resolve("settings.json");
    Files.writeString(settings, CLAUDE_SETTINGS);
    assertThat(setup("claude")).as(err).isZero();
    // The person (or Claude Code) changes the file after setup.
    JsonNode changed = json(settings);
    ((com.fasterxml.jackson.databind.node.ObjectNode) changed).put("theme", "dark");
    Files.write(settings, SettingsEdit.print(changed));
    // Claude Code rewrites the file setup created, compactly: the same entries, other bytes.
    Path claudeJson = userHome.resolve(".claude.json");
    Files.writeString(claudeJson, json(claudeJson).toString());

    assertThat(setup("claude", "--remove")).as(err).isZero();

    assertThat(claudeJson).doesNotExist();
    JsonNode after = json(settings);
    assertThat(after.path("theme").asText()).isEqualTo("dark");
    assertThat(after.path("model").asText()).isEqualTo("opus");
    assertThat(after.path("hooks").path("PreToolUse")).hasSize(1);
    assertThat(after.toString()).doesNotContain("hook claude");
  }

  @Test
  void aFileThatCannotBeParsedIsRefusedAndNothingIsWritten() throws IOException {
    Path settings = Files.createDirectories(userHome.resolve(".claude")).resolve("settings.json");
    String commented = "{\n  // my settings\n  \"model\": \"opus\"\n}\n";
    Files.writeString(settings, commented);

    assertThat(setup("claude")).isEqualTo(ExitCodes.START_FAILED);

    assertThat(err).contains("refused: " + settings, "left untouched", "nothing was changed");
    assertThat(Files.readString(settings)).isEqualTo(commented);
    assertThat(userHome.resolve(".claude.json")).doesNotExist();
    assertThat(gatewayHome.resolve("setup.json")).doesNotExist();
  }

  /**
   * Issue 75: setup wrote its hook into a {@code ~/.claude/settings.json} holding {@code
   * "disableAllHooks": true} and printed "Set up." for a hook Claude Code never runs. Each agent's
   * switch is named now, and nothing is changed.
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource(
      delimiter = '|',
      textBlock =
          """
          claude | .claude/settings.json      | {"disableAllHooks": true, "model": "opus"}   | disableAllHooks is true in
          gemini | .gemini/settings.json      | {"hooksConfig": {"enabled": false}}          | hooksConfig.enabled is false in
          codex  | codex-home/config.toml     | model = "o3"~[features]~hooks = false~   | the hooks feature is off in
          """)
  void anAgentWhoseHooksAreTurnedOffIsNamedAndNothingIsChanged(
      String agent, String file, String content, String said) throws IOException {
    Path settings = (file.startsWith("codex-home") ? dir : userHome).resolve(file);
    Files.createDirectories(settings.getParent());
    String text = content.replace("~", "\n");
    Files.writeString(settings, text);

    assertThat(setup(agent)).as(out + err).isEqualTo(ExitCodes.START_FAILED);

    assertThat(err).contains(said + " " + settings).contains("Nothing changed");
    assertThat(Files.readString(settings)).isEqualTo(text);
    assertThat(gatewayHome.resolve("setup.json")).doesNotExist();
  }

  @Test
  void anEntryOfTheSameNameSetupDidNotWriteIsRefused() throws IOException {
    String mine = "{\"mcpServers\": {\"provider-gateway\": {\"command\": \"something-else\"}}}";
    Files.writeString(userHome.resolve(".claude.json"), mine);

    assertThat(setup("claude")).isEqualTo(ExitCodes.START_FAILED);

    assertThat(err).contains("mcpServers.provider-gateway", "did not write");
    assertThat(Files.readString(userHome.resolve(".claude.json"))).isEqualTo(mine);
    assertThat(userHome.resolve(".claude/settings.json")).doesNotExist();
  }

  @Test
  void claudeBefore2_1_295GetsTheCommandHookAndSaysWhy() throws IOException {
    fakeClaude("2.1.197");

    assertThat(setup("claude")).as(err).isZero();

    assertThat(out)
        .contains("claude 2.1.197", "the command hook: Claude Code 2.1.197 is older than 2.1.295")
        // Issue 77: it said the command hook "denies" without a gateway; it lets the guard decide.
        .contains(
            "a failed HTTP hook lets the call run; the command hook, when it cannot ask the"
                + " gateway, allows only what the guard allows");
    JsonNode hook =
        json(userHome.resolve(".claude/settings.json")).at("/hooks/PreToolUse/0/hooks/0");
    assertThat(hook.path("type").asText()).isEqualTo("command");
  }

  /**
   * Decision 76 (issue 62): without a service keeping the gateway running, the HTTP hook would
   * block every call while it is down, the first of the day included; the command hook lets the
   * guard decide then.
   */
  @Test
  void claudeFrom2_1_295WithoutARunningServiceGetsTheCommandHookAndSaysWhy() throws IOException {
    fakeClaude("2.1.332");

    assertThat(setup("claude")).as(err).isZero();

    JsonNode hook =
        json(userHome.resolve(".claude/settings.json")).at("/hooks/PreToolUse/0/hooks/0");
    assertThat(hook.path("type").asText()).isEqualTo("command");
    // Issue 77: the line ended in a dangling "with '… service install' and setup again, the HTTP
    // hook".
    assertThat(out)
        .contains(
            "  the command hook: no service keeps the gateway running, and while none runs the HTTP"
                + " hook would block every call, where the command hook lets the guard decide; for"
                + " the HTTP hook, keep the gateway running with '")
        .containsPattern(
            "the command hook: no service [^\\n]* service install[^\\n]*' and run setup again\\R");
  }

  @Test
  void claudeFrom2_1_295GetsTheHttpHookThatBlocksWithATokenInAnOwnerOnlyFile() throws IOException {
    fakeClaude("2.1.295");
    try (ServiceStandIn service = ServiceStandIn.install(env, gatewayHome, true)) {
      httpHookWhileTheServiceRuns();
    }
  }

  private void httpHookWhileTheServiceRuns() throws IOException {
    assertThat(setup("claude")).as(err).isZero();

    Path settings = userHome.resolve(".claude/settings.json");
    JsonNode hook = json(settings).at("/hooks/PreToolUse/0/hooks/0");
    assertThat(hook.path("type").asText()).isEqualTo("http");
    assertThat(hook.path("onFailure").asText()).isEqualTo("block");
    assertThat(hook.path("url").asText()).endsWith("/hooks/claude");
    String token = hook.at("/headers/Authorization").asText().substring("Bearer ".length());
    assertThat(
            io.github.providergateway.agent.tokens.ClientTokens.hooks(gatewayHome)
                .clientOf(token)
                .map(c -> c.name()))
        .contains(AgentSetup.HOOK_CLIENT);
    assertThat(Files.getPosixFilePermissions(settings))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));

    // Again: the token still works, so it is kept and nothing changes.
    byte[] first = Files.readAllBytes(settings);
    assertThat(setup("claude")).as(err).isZero();
    assertThat(out).contains("Nothing to change");
    assertThat(Files.readAllBytes(settings)).isEqualTo(first);

    // Taken back: the token no longer opens the hook.
    assertThat(setup("claude", "--remove")).as(err).isZero();
    assertThat(
            io.github.providergateway.agent.tokens.ClientTokens.hooks(gatewayHome).clientOf(token))
        .isEmpty();
  }

  @Test
  void aProjectSetupWritesNoTokenEvenForANewClaude() throws IOException {
    fakeClaude("2.1.332");

    assertThat(setup("claude", "--project", "--dir", project.toString())).as(err).isZero();

    String settings = Files.readString(project.resolve(".claude/settings.json"));
    assertThat(settings).doesNotContain("Bearer", "\"http\"").contains("hook claude");
    assertThat(Files.readString(project.resolve(".mcp.json"))).doesNotContain("Bearer");
    assertThat(out).contains("the command hook: the project's settings are committed");
    assertThat(gatewayHome.resolve("hook-tokens.json")).doesNotExist();
  }

  @Test
  void codexGetsHooksJsonAndItsOwnBlockInConfigTomlTakenBackExactly() throws IOException {
    Path codexHome = Files.createDirectories(dir.resolve("codex-home"));
    String toml = "model = \"o3\"\n\n[mcp_servers.other]\ncommand = \"other\"";
    Files.writeString(codexHome.resolve("config.toml"), toml);

    assertThat(setup("codex")).as(err).isZero();

    String written = Files.readString(codexHome.resolve("config.toml"));
    assertThat(written).startsWith(toml + "\n").contains("[mcp_servers.provider-gateway]");
    JsonNode hook = json(codexHome.resolve("hooks.json")).at("/hooks/PreToolUse/0");
    assertThat(hook.has("matcher")).isFalse();
    assertThat(hook.at("/hooks/0/command").asText()).contains(" hook codex ", "exit 2");
    String command = hook.at("/hooks/0/command").asText();
    assertThat(written)
        .contains(
            "[hooks.state.\""
                + codexHome.resolve("hooks.json")
                + ":pre_tool_use:0:0\"]\n"
                + "trusted_hash = \""
                + CodexHookTrust.trustedHash("PreToolUse", command, 60)
                + "\"\n");
    assertThat(out).contains("setup trusted these in " + codexHome.resolve("config.toml"));

    assertThat(setup("codex")).as(err).isZero();
    assertThat(out).contains("Nothing to change");

    assertThat(setup("codex", "--remove")).as(err).isZero();
    assertThat(Files.readString(codexHome.resolve("config.toml"))).isEqualTo(toml);
    assertThat(codexHome.resolve("hooks.json")).doesNotExist();
  }

  /**
   * Codex gives an MCP server 10 s to start by default, short of a window on a busy machine (a
   * fresh gateway's first {@code initialize} took 15-17 s on 2 cores at load 10-16): setup writes
   * {@code startup_timeout_sec} in its own server table only, a project's included, and {@code
   * --remove} takes it back with that table, leaving another server's own timeout as it was.
   */
  @Test
  void codexsServerGetsAStartupTimeoutInSetupsTableAloneAndLosesItOnRemove() throws IOException {
    Path codexHome = Files.createDirectories(dir.resolve("codex-home"));
    String toml = "[mcp_servers.other]\ncommand = \"other\"\nstartup_timeout_sec = 5\n";
    Files.writeString(codexHome.resolve("config.toml"), toml);
    Path project = Files.createDirectories(dir.resolve("project"));

    assertThat(setup("codex")).as(err).isZero();
    assertThat(setup("codex", "--project", "--dir", project.toString())).as(err).isZero();

    String written = Files.readString(codexHome.resolve("config.toml"));
    String ours = written.substring(written.indexOf("[mcp_servers.provider-gateway]"));
    assertThat(ours.split("\n\\[", 2)[0] + "\n")
        .as("setup's server table")
        .contains("\nstartup_timeout_sec = " + CodexSettings.STARTUP.toSeconds() + "\n");
    assertThat(written).startsWith(toml);
    assertThat(Files.readString(project.resolve(".codex/config.toml")))
        .contains("[mcp_servers.provider-gateway]\n")
        .contains("\nstartup_timeout_sec = 120\n");

    assertThat(setup("codex", "--remove")).as(err).isZero();
    assertThat(setup("codex", "--project", "--dir", project.toString(), "--remove"))
        .as(err)
        .isZero();
    assertThat(Files.readString(codexHome.resolve("config.toml"))).isEqualTo(toml);
    assertThat(project.resolve(".codex/config.toml")).doesNotExist();
  }

  /**
   * Issue 62: Codex runs a hook only while the trust in its config.toml matches the hook's command
   * and timeout, and skips it silently otherwise; an upgrade that changed the hook's form switched
   * the guard off. install.sh runs {@code setup --refresh} on an upgrade, which writes every
   * agent's entries again in this version's form with the trust to match, and keeps what each was
   * set up with. The form changes here by the launcher's move, as any change of the command would.
   */
  @Test
  void refreshWritesEveryAgentAgainInThisVersionsFormAndCodexsTrustWithIt() throws IOException {
    Path codexHome = Files.createDirectories(dir.resolve("codex-home"));
    launcher(dir.resolve("old/gateway"));
    assertThat(setup("codex")).as(err).isZero();
    assertThat(setup("gemini", "--project", "--dir", project.toString())).as(err).isZero();
    String before = Files.readString(codexHome.resolve("config.toml"));
    launcher(dir.resolve("new/gateway"));

    assertThat(setup("--refresh")).as(err).isZero();

    String command =
        json(codexHome.resolve("hooks.json")).at("/hooks/PreToolUse/0/hooks/0/command").asText();
    assertThat(command).contains(dir.resolve("new/gateway").toString());
    String config = Files.readString(codexHome.resolve("config.toml"));
    assertThat(config)
        .contains(
            "trusted_hash = \"" + CodexHookTrust.trustedHash("PreToolUse", command, 60) + "\"")
        .isNotEqualTo(before);
    assertThat(config)
        .containsOnlyOnce(":pre_tool_use:")
        .containsOnlyOnce(":post_tool_use:")
        .contains(
            "trusted_hash = \"" + CodexHookTrust.trustedHash("PostToolUse", command, 60) + "\"");
    assertThat(config.split("trusted_hash", -1)).hasSize(3);
    assertThat(Files.readString(project.resolve(".gemini/settings.json")))
        .contains(dir.resolve("new/gateway").toString())
        .doesNotContain(dir.resolve("old/gateway").toString());
    assertThat(out).contains("gateway setup codex (user)", "gateway setup gemini (project");

    assertThat(setup("--refresh")).as(err).isZero();
    assertThat(out).contains("Nothing to change: codex is set up already.");
    assertThat(setup("codex", "--refresh")).isEqualTo(ExitCodes.USAGE);
  }

  @Test
  void codexConfigThatAlreadyNamesTheServerIsRefused() throws IOException {
    Path codexHome = Files.createDirectories(dir.resolve("codex-home"));
    String toml = "[mcp_servers.provider-gateway]\ncommand = \"mine\"\n";
    Files.writeString(codexHome.resolve("config.toml"), toml);

    assertThat(setup("codex")).isEqualTo(ExitCodes.START_FAILED);

    assertThat(err).contains("[mcp_servers.provider-gateway]", "did not write");
    assertThat(Files.readString(codexHome.resolve("config.toml"))).isEqualTo(toml);
    assertThat(codexHome.resolve("hooks.json")).doesNotExist();
  }

  @Test
  void geminiProjectGetsBeforeToolHooksAndTheFolderTrusted() throws IOException {
    Path trusted =
        Files.createDirectories(userHome.resolve(".gemini")).resolve("trustedFolders.json");
    Files.writeString(trusted, "{\"/elsewhere\": \"TRUST_FOLDER\"}");

    assertThat(setup("gemini", "--project", "--dir", project.toString())).as(err).isZero();

    JsonNode settings = json(project.resolve(".gemini/settings.json"));
    JsonNode group = settings.at("/hooks/BeforeTool/0");
    for (String tool :
        List.of(
            "run_shell_command",
            "read_file",
            "replace",
            "write_file",
            "mcp_provider-gateway_echo")) {
      assertThat(tool).matches(".*(" + group.path("matcher").asText() + ").*");
    }
    assertThat(group.at("/hooks/0/command").asText()).contains(" hook gemini ");
    assertThat(settings.at("/hooksConfig/enabled").asBoolean()).isTrue();
    assertThat(settings.at("/mcpServers/provider-gateway/command").isTextual()).isTrue();
    assertThat(json(trusted).path(project.toString()).asText()).isEqualTo("TRUST_FOLDER");
    assertThat(json(trusted).path("/elsewhere").asText()).isEqualTo("TRUST_FOLDER");

    assertThat(setup("gemini", "--project", "--dir", project.toString(), "--remove"))
        .as(err)
        .isZero();
    assertThat(Files.readString(trusted)).isEqualTo("{\"/elsewhere\": \"TRUST_FOLDER\"}");
    assertThat(project.resolve(".gemini/settings.json")).doesNotExist();
  }

  @Test
  void copilotAndCursorGetTheirHookFiles() throws IOException {
    assertThat(setup("copilot")).as(err).isZero();
    JsonNode copilot = json(userHome.resolve(".copilot/hooks/provider-gateway.json"));
    assertThat(copilot.path("version").asInt()).isEqualTo(1);
    assertThat(copilot.at("/hooks/preToolUse/0/bash").asText()).contains(" hook copilot ");
    assertThat(
            json(userHome.resolve(".copilot/mcp-config.json"))
                .at("/mcpServers/provider-gateway/tools/0")
                .asText())
        .isEqualTo("*");

    assertThat(setup("cursor")).as(err).isZero();
    JsonNode cursor = json(userHome.resolve(".cursor/hooks.json"));
    for (String event :
        List.of("beforeShellExecution", "beforeMCPExecution", "beforeReadFile", "preToolUse")) {
      assertThat(cursor.at("/hooks/" + event + "/0/failClosed").asBoolean()).as(event).isTrue();
      assertThat(cursor.at("/hooks/" + event + "/0/command").asText()).contains(" hook cursor ");
    }
  }

  @Test
  void listSaysWhatIsSetUpWhere() throws IOException {
    assertThat(setup("--list")).isZero();
    assertThat(out).contains("Nothing is set up");
    assertThat(setup("claude")).as(err).isZero();
    assertThat(setup("codex", "--project", "--dir", project.toString())).as(err).isZero();

    assertThat(setup("--list")).isZero();

    assertThat(out)
        .contains(
            "claude (user)", userHome.resolve(".claude/settings.json") + ": as setup wrote it")
        .contains(
            "codex (project " + project + ")", project.resolve(".codex/hooks.json").toString());
  }

  /** A launcher script at {@code path}, as the {@code gateway} script the app runs through. */
  private void launcher(Path path) throws IOException {
    Files.createDirectories(path.getParent());
    Files.writeString(path, "#!/bin/sh\n");
    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwx------"));
    env.put("GATEWAY_LAUNCHER", path.toString());
  }

  @Test
  void aMovedLauncherReplacesSetupsOwnEntriesInPlace() throws IOException {
    launcher(dir.resolve("old/gateway"));
    assertThat(setup("gemini")).as(err).isZero();
    launcher(dir.resolve("new/gateway"));

    assertThat(setup("gemini")).as(err).isZero();

    assertThat(out).contains("updated hooks.BeforeTool[0]", "updated mcpServers.provider-gateway");
    JsonNode settings = json(userHome.resolve(".gemini/settings.json"));
    assertThat(settings.at("/hooks/BeforeTool")).hasSize(1);
    assertThat(settings.toString()).contains(dir.resolve("new/gateway").toString());
    assertThat(settings.toString()).doesNotContain(dir.resolve("old/gateway").toString());
    assertThat(out)
        .contains(
            "Take it back with: " + dir.resolve("new/gateway") + " setup gemini --remove --home");

    assertThat(setup("gemini", "--remove")).as(err).isZero();
    assertThat(userHome.resolve(".gemini/settings.json")).doesNotExist();
  }

  @Test
  void commandHookFlagKeepsANewClaudeOnTheCommandHook() throws IOException {
    fakeClaude("2.1.332");

    assertThat(setup("claude", "--command-hook")).as(err).isZero();

    JsonNode hook =
        json(userHome.resolve(".claude/settings.json")).at("/hooks/PreToolUse/0/hooks/0");
    assertThat(hook.path("type").asText()).isEqualTo("command");
    assertThat(gatewayHome.resolve("hook-tokens.json")).doesNotExist();
  }

  @Test
  void theLayoutOfAProjectNeverHoldsAToken() throws IOException {
    AgentLayouts layouts =
        new AgentLayouts(new AgentConfig(List.of("/opt/gateway"), null), env, userHome);

    AgentLayouts.Plan plan =
        layouts.plan(
            AgentSettingsRegistry.of(AgentKind.CLAUDE),
            project,
            new AgentLayouts.HttpHook(
                java.net.URI.create("http://127.0.0.1:9400/hooks/claude"), "hook-secret"),
            file -> List.of(),
            null);

    assertThat(plan.edits()).allSatisfy(edit -> assertThat(edit.secret()).isFalse());
    assertThat(plan.edits().toString()).doesNotContain("hook-secret");
  }

  @Test
  void anAgentThatDoesNotAnswerItsVersionInTimeCountsAsUnknown() throws IOException {
    Path claude = bin.resolve("claude");
    Files.writeString(claude, "#!/bin/sh\nPATH=/usr/bin:/bin exec sleep 60\n");
    Files.setPosixFilePermissions(claude, PosixFilePermissions.fromString("rwx------"));

    AgentVersion version = AgentVersion.probe("claude", env, java.time.Duration.ofMillis(300));

    assertThat(version.version()).isNull();
    assertThat(version.atLeast(ClaudeCodeSettings.HTTP_HOOK_SINCE)).isFalse();
    assertThat(version.describe()).contains("did not answer within");
  }

  @Test
  void versionsCompareAsNumbers() {
    assertThat(AgentVersion.compare("2.1.295", "2.1.295")).isZero();
    assertThat(AgentVersion.compare("2.1.1000", "2.1.295")).isPositive();
    assertThat(AgentVersion.compare("2.0.999", "2.1.295")).isNegative();
    assertThat(AgentVersion.compare("10.0.0", "2.1.295")).isPositive();
  }

  /**
   * The hash Codex CLI 0.169.0 itself reported ({@code codex app-server}, {@code hooks/list},
   * {@code currentHash}) for {@code {"hooks":{"PreToolUse":[{"hooks":[{"type":"command",
   * "command":"echo hi","timeout":30}]}]}}}.
   */
  @Test
  void theTrustedHashIsTheOneCodexComputes() {
    assertThat(CodexHookTrust.trustedHash("PreToolUse", "echo hi", 30))
        .isEqualTo("sha256:d94b9f64da70c55ef842085ca595da25d055f2f81d7a6a9bb93cbb0a391cfdbc");
  }

  @Test
  void codexTrustNamesThePlaceTheHookTakesAfterThePersonsOwn() throws IOException {
    Path codexHome = Files.createDirectories(dir.resolve("codex-home"));
    Files.writeString(
        codexHome.resolve("hooks.json"),
        "{\"hooks\": {\"PreToolUse\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"mine\"}]}]}}");

    assertThat(setup("codex", "--project", "--dir", project.toString())).as(err).isZero();
    assertThat(setup("codex")).as(err).isZero();

    String config = Files.readString(codexHome.resolve("config.toml"));
    assertThat(config)
        .contains("[hooks.state.\"" + codexHome.resolve("hooks.json") + ":pre_tool_use:1:0\"]")
        .contains(
            "[hooks.state.\"" + project.resolve(".codex/hooks.json") + ":pre_tool_use:0:0\"]");
    assertThat(Files.readString(project.resolve(".codex/config.toml")))
        .contains("[mcp_servers.provider-gateway]")
        .doesNotContain("hooks.state");

    // Taken back in the reverse order, each restores the file as the other left it.
    assertThat(setup("codex", "--remove")).as(err).isZero();
    assertThat(setup("codex", "--project", "--dir", project.toString(), "--remove"))
        .as(err)
        .isZero();
    assertThat(codexHome.resolve("config.toml")).doesNotExist();
    assertThat(json(codexHome.resolve("hooks.json")).at("/hooks/PreToolUse")).hasSize(1);
  }

  @Test
  void twoSetupsThatChangeOneFileEachKeepTheirOwnBackup() throws IOException {
    Path trusted =
        Files.createDirectories(userHome.resolve(".gemini")).resolve("trustedFolders.json");
    String original = "{\"/elsewhere\": \"TRUST_FOLDER\"}";
    Files.writeString(trusted, original);
    Path other = Files.createDirectories(dir.resolve("other"));
    assertThat(setup("gemini", "--project", "--dir", project.toString())).as(err).isZero();
    assertThat(setup("gemini", "--project", "--dir", other.toString())).as(err).isZero();

    // Taken back last first: each restores the file byte for byte from its own backup.
    assertThat(setup("gemini", "--project", "--dir", other.toString(), "--remove"))
        .as(err)
        .isZero();
    assertThat(setup("gemini", "--project", "--dir", project.toString(), "--remove"))
        .as(err)
        .isZero();

    assertThat(Files.readString(trusted)).isEqualTo(original);
  }

  @Test
  void aTomlTableIsFoundHoweverItIsWritten() {
    String header = "[mcp_servers.provider-gateway]";
    assertThat(SettingsMerge.definesTable("[mcp_servers.provider-gateway]\n", header)).isTrue();
    assertThat(SettingsMerge.definesTable("[ mcp_servers . \"provider-gateway\" ]\n", header))
        .isTrue();
    assertThat(
            SettingsMerge.definesTable("[mcp_servers.provider-gateway.env]\nA = \"1\"\n", header))
        .isTrue();
    assertThat(SettingsMerge.definesTable("mcp_servers.provider-gateway.command = \"x\"\n", header))
        .isTrue();
    assertThat(
            SettingsMerge.definesTable(
                "[mcp_servers]\n\"provider-gateway\" = { command = \"x\" }\n", header))
        .isTrue();
    assertThat(
            SettingsMerge.definesTable(
                "[projects.\"/home/me/provider-gateway\"]\ntrust_level = \"trusted\"\n"
                    + "[other]\nprovider-gateway = 1\n",
                header))
        .isFalse();
  }

  @Test
  void jsonIsWrittenAsTheAgentsWriteIt() {
    assertThat(
            new String(
                SettingsEdit.print(
                    JSON.createObjectNode().putNull("n").set("a", JSON.createArrayNode())),
                StandardCharsets.UTF_8))
        .isEqualTo("{\n  \"n\": null,\n  \"a\": []\n}\n");
  }

  @Test
  void entriesThatWereThereAlreadyStayThePersonsOnRemove() throws IOException {
    assertThat(setup("gemini")).as(err).isZero();
    Path settings = userHome.resolve(".gemini/settings.json");
    byte[] pasted = Files.readAllBytes(settings);
    // As if the person had pasted the same entries by hand: no record of setup's.
    Files.delete(gatewayHome.resolve("setup.json"));

    assertThat(setup("gemini")).as(err).isZero();
    assertThat(out).contains("Nothing to change");
    JsonNode changed = json(settings);
    ((com.fasterxml.jackson.databind.node.ObjectNode) changed).put("theme", "dark");
    Files.write(settings, SettingsEdit.print(changed));
    assertThat(setup("gemini", "--remove")).as(err).isZero();

    JsonNode after = json(settings);
    assertThat(after.at("/hooks/BeforeTool")).hasSize(1);
    assertThat(after.at("/mcpServers/provider-gateway").isObject()).isTrue();
    assertThat(after.at("/hooksConfig/enabled").asBoolean()).isTrue();
    assertThat(pasted).isNotEmpty();
  }

  // ---- the ledger as a weapon (issue 61) ----

  /** The recorded setup of {@code agent} for the user, as another program rewrites it. */
  private void forgeUserSetup(
      String agent, java.util.function.UnaryOperator<List<SetupLedger.FileRecord>> files)
      throws IOException {
    SetupLedger ledger = SetupLedger.read(gatewayHome);
    SetupLedger.Setup setup = ledger.find(agent, "user", null).orElseThrow();
    ledger.put(
        new SetupLedger.Setup(
            setup.agent(),
            setup.scope(),
            setup.project(),
            setup.hookClient(),
            files.apply(new ArrayList<>(setup.files()))));
    ledger.write();
  }

  @Test
  void aLedgerEntryNamingAFileSetupDoesNotWriteIsKeptOnRemove() throws IOException {
    assertThat(setup("claude")).as(err).isZero();
    Path thesis = Files.writeString(userHome.resolve("thesis.tex"), "mine");
    forgeUserSetup(
        "claude",
        files -> {
          files.add(
              new SetupLedger.FileRecord(
                  thesis,
                  SettingsEdit.Format.json,
                  true,
                  null,
                  SetupLedger.sha256("mine".getBytes(StandardCharsets.UTF_8)),
                  List.of()));
          return files;
        });

    assertThat(setup("claude", "--remove")).as(err).isZero();

    assertThat(thesis).hasContent("mine");
    assertThat(err).contains("kept " + thesis, "setup writes no such file for it");
    assertThat(userHome.resolve(".claude/settings.json")).doesNotExist();
    assertThat(gatewayHome.resolve("setup.json")).doesNotExist();
  }

  @Test
  void aBackupTheLedgerNamesOutsideTheHomesBackupsIsNeverCopiedOverASettingsFile()
      throws IOException {
    Path settings = Files.createDirectories(userHome.resolve(".claude")).resolve("settings.json");
    Files.writeString(settings, CLAUDE_SETTINGS);
    assertThat(setup("claude")).as(err).isZero();
    Path secret = Files.writeString(userHome.resolve(".netrc"), "machine x password hunter2");
    // Owner-only, as a .netrc is: the backups' own checks would take it.
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    forgeUserSetup(
        "claude",
        files ->
            files.stream()
                .map(
                    f ->
                        f.file().equals(settings)
                            ? new SetupLedger.FileRecord(
                                f.file(), f.format(), false, secret, f.written(), f.additions())
                            : f)
                .collect(java.util.stream.Collectors.toCollection(ArrayList::new)));

    assertThat(setup("claude", "--remove")).as(err).isZero();

    assertThat(Files.readString(settings)).doesNotContain("hunter2").contains("hook claude");
    assertThat(err).contains("kept " + settings, "its backup " + secret + " is none setup keeps");
    assertThat(secret).hasContent("machine x password hunter2");
  }

  @Test
  void aFileSetupCreatedThatIsNowALinkIsRemovedAsALinkNeverWhatItPointsTo() throws IOException {
    assertThat(setup("claude")).as(err).isZero();
    Path created = userHome.resolve(".claude.json");
    Path elsewhere = Files.createDirectories(dir.resolve("dotfiles")).resolve("claude.json");
    Files.move(created, elsewhere);
    Files.createSymbolicLink(created, elsewhere);

    assertThat(setup("claude", "--remove")).as(err).isZero();

    assertThat(created).doesNotExist();
    assertThat(java.nio.file.Files.isSymbolicLink(created)).isFalse();
    assertThat(elsewhere).as("the file the link pointed to").exists();
  }

  /**
   * Issue 76: an earlier version wrote every agent's hook timeout as 30 s, which a hook's JVM on a
   * busy machine outran (Gemini then ran the call). Setup again rewrites its own entries with 60 s
   * (the agents' settings and the ledger of what setup wrote, as that version left them).
   */
  @Test
  void setupAgainRewritesAnEarlierVersionsThirtySecondHookTimeoutAsSixty() throws IOException {
    assertThat(setup("claude")).as(err).isZero();
    assertThat(setup("gemini")).as(err).isZero();
    Path claude = userHome.resolve(".claude/settings.json");
    Path gemini = userHome.resolve(".gemini/settings.json");
    Path ledger = gatewayHome.resolve("setup.json");
    assertThat(Files.readString(claude)).containsPattern("\"timeout\"\\s*:\\s*60\\b");
    assertThat(Files.readString(gemini)).containsPattern("\"timeout\"\\s*:\\s*60000\\b");
    for (Path file : List.of(claude, gemini, ledger)) {
      Files.writeString(
          file,
          Files.readString(file)
              .replaceAll("(\"timeout\"\\s*:\\s*)60000\\b", "$130000")
              .replaceAll("(\"timeout\"\\s*:\\s*)60\\b", "$130"));
    }

    assertThat(setup("claude")).as(err).isZero();
    assertThat(setup("gemini")).as(err).isZero();

    assertThat(Files.readString(claude))
        .containsPattern("\"timeout\"\\s*:\\s*60\\b")
        .doesNotContainPattern("\"timeout\"\\s*:\\s*30\\b");
    assertThat(Files.readString(gemini))
        .containsPattern("\"timeout\"\\s*:\\s*60000\\b")
        .doesNotContainPattern("\"timeout\"\\s*:\\s*30000\\b");
  }

  /**
   * Issue 77: a hook of setup's the person changed is left, named, and stays in the ledger (exit
   * 1), and a second --remove, once the person put it back, takes it.
   */
  @Test
  void anEntryThePersonChangedSinceSetupWroteItStaysOnRemoveAndInTheLedgerUntilFixed()
      throws IOException {
    assertThat(setup("claude")).as(err).isZero();
    Path settings = userHome.resolve(".claude/settings.json");
    String written = Files.readString(settings);
    String changed = written.replace("\"timeout\": 60", "\"timeout\": 45");
    assertThat(changed).as("setup's hook has a timeout to change").contains("\"timeout\": 45");
    Files.writeString(settings, changed);

    assertThat(setup("claude", "--remove")).isEqualTo(ExitCodes.START_FAILED);

    assertThat(Files.readString(settings)).contains("hook claude", "\"timeout\": 45");
    assertThat(out).contains("left in " + settings, "changed since setup wrote it");
    assertThat(err).contains("what is left of claude (user) stays recorded");
    assertThat(Files.readString(gatewayHome.resolve("setup.json")))
        .contains(settings.toString())
        .doesNotContain(userHome.resolve(".claude.json").toString());
    assertThat(userHome.resolve(".claude.json")).as("the rest was taken").doesNotExist();

    Files.writeString(
        settings, Files.readString(settings).replace("\"timeout\": 45", "\"timeout\": 60"));
    assertThat(setup("claude", "--remove")).as(err).isZero();
    assertThat(settings).doesNotExist();
    assertThat(gatewayHome.resolve("setup.json")).doesNotExist();
  }

  // ---- the after-tool hooks (issue 65) ----

  /**
   * The {@code setup.json} ledger's paths of the elements setup added, {@code hooks.PreToolUse}.
   */
  private List<String> ledgerElements() throws IOException {
    List<String> paths = new ArrayList<>();
    for (JsonNode path : json(gatewayHome.resolve("setup.json")).findValues("path")) {
      if (path.isArray()) {
        List<String> segments = new ArrayList<>();
        path.forEach(p -> segments.add(p.asText()));
        paths.add(String.join(".", segments));
      }
    }
    return paths;
  }

  /**
   * Claude Code gets the same hook after its tools as before them, with the same matcher: both
   * recorded in the ledger, both taken back by {@code --remove} (the file byte for byte), and a
   * refresh that rewrites the hook keeps one of each.
   */
  @Test
  void claudeGetsThePostToolUseHookBesideThePreToolUseOneAndLosesBothOnRemove() throws IOException {
    Path settings = Files.createDirectories(userHome.resolve(".claude")).resolve("settings.json");
    Files.writeString(settings, CLAUDE_SETTINGS);
    launcher(dir.resolve("old/gateway"));

    assertThat(setup("claude")).as(err).isZero();

    JsonNode hooks = json(settings).path("hooks");
    JsonNode before = hooks.at("/PreToolUse/1");
    JsonNode after = hooks.at("/PostToolUse/0");
    assertThat(hooks.path("PostToolUse")).hasSize(1);
    assertThat(after).isEqualTo(before);
    assertThat(after.path("matcher").asText())
        .isEqualTo(ClaudeCodeSettings.MATCHER)
        .contains("WebFetch", "WebSearch");
    assertThat(after.at("/hooks/0/command").asText()).contains(" hook claude ");
    assertThat(ledgerElements())
        .contains("hooks.PreToolUse", "hooks.PostToolUse", "hooks.PostToolUseFailure");
    assertThat(hooks.at("/PostToolUseFailure/0")).isEqualTo(before);

    launcher(dir.resolve("new/gateway"));
    assertThat(setup("--refresh")).as(err).isZero();
    hooks = json(settings).path("hooks");
    assertThat(hooks.path("PreToolUse")).hasSize(2);
    assertThat(hooks.path("PostToolUse")).hasSize(1);
    assertThat(hooks.path("PostToolUseFailure")).hasSize(1);
    assertThat(hooks.at("/PostToolUse/0")).isEqualTo(hooks.at("/PreToolUse/1"));
    assertThat(hooks.toString())
        .contains(dir.resolve("new/gateway").toString())
        .doesNotContain(dir.resolve("old/gateway").toString());

    assertThat(setup("claude", "--remove")).as(err).isZero();
    assertThat(Files.readString(settings)).isEqualTo(CLAUDE_SETTINGS);
  }

  /**
   * Claude Code's HTTP hook goes after its tools too: the one URL and token in both groups, so that
   * the gateway's endpoint hears the call that ran.
   */
  @Test
  void claudesHttpHookIsItsAfterToolHookToo() throws IOException {
    fakeClaude("2.1.295");
    try (ServiceStandIn service = ServiceStandIn.install(env, gatewayHome, true)) {
      assertThat(setup("claude")).as(err).isZero();
    }

    JsonNode hooks = json(userHome.resolve(".claude/settings.json")).path("hooks");
    assertThat(hooks.at("/PostToolUse/0/hooks/0/type").asText()).isEqualTo("http");
    assertThat(hooks.at("/PostToolUse/0")).isEqualTo(hooks.at("/PreToolUse/0"));

    assertThat(setup("claude", "--remove")).as(err).isZero();
    assertThat(userHome.resolve(".claude/settings.json")).doesNotExist();
  }

  /** Gemini CLI gets its AfterTool hook beside BeforeTool; refresh keeps one, remove takes both. */
  @Test
  void geminiGetsTheAfterToolHookBesideTheBeforeToolOneAndLosesBothOnRemove() throws IOException {
    launcher(dir.resolve("old/gateway"));

    assertThat(setup("gemini")).as(err).isZero();

    Path settings = userHome.resolve(".gemini/settings.json");
    JsonNode hooks = json(settings).path("hooks");
    assertThat(hooks.at("/AfterTool/0")).isEqualTo(hooks.at("/BeforeTool/0"));
    assertThat(hooks.at("/AfterTool/0/matcher").asText())
        .isEqualTo(GeminiSettings.MATCHER)
        .contains("web_fetch", "google_web_search");
    assertThat(ledgerElements()).contains("hooks.BeforeTool", "hooks.AfterTool");

    launcher(dir.resolve("new/gateway"));
    assertThat(setup("--refresh")).as(err).isZero();
    hooks = json(settings).path("hooks");
    assertThat(hooks.path("BeforeTool")).hasSize(1);
    assertThat(hooks.path("AfterTool")).hasSize(1);
    assertThat(hooks.toString()).doesNotContain(dir.resolve("old/gateway").toString());

    assertThat(setup("gemini", "--remove")).as(err).isZero();
    assertThat(settings).doesNotExist();
  }

  /**
   * Codex gets its PostToolUse hook beside PreToolUse, each trusted under its own event's key and
   * hash (Codex skips an untrusted hook silently); a person's own PostToolUse hook moves the
   * gateway's to place 1 and its trust with it; refresh keeps one of each; remove takes all back.
   */
  @Test
  void codexGetsThePostToolUseHookTrustedUnderItsOwnKeyAndLosesBothOnRemove() throws IOException {
    Path codexHome = Files.createDirectories(dir.resolve("codex-home"));
    String mine =
        "{\"hooks\": {\"PostToolUse\": [{\"hooks\": [{\"type\": \"command\", \"command\":"
            + " \"my-formatter\"}]}]}}";
    Files.writeString(codexHome.resolve("hooks.json"), mine);
    String toml = "model = \"o3\"\n";
    Files.writeString(codexHome.resolve("config.toml"), toml);
    launcher(dir.resolve("old/gateway"));

    assertThat(setup("codex")).as(err).isZero();

    Path hooksJson = codexHome.resolve("hooks.json");
    JsonNode hooks = json(hooksJson).path("hooks");
    assertThat(hooks.path("PostToolUse")).hasSize(2);
    JsonNode after = hooks.at("/PostToolUse/1");
    assertThat(after.has("matcher")).isFalse();
    assertThat(after).isEqualTo(hooks.at("/PreToolUse/0"));
    String command = after.at("/hooks/0/command").asText();
    String config = Files.readString(codexHome.resolve("config.toml"));
    assertThat(config)
        .contains(
            "[hooks.state.\""
                + hooksJson
                + ":pre_tool_use:0:0\"]\ntrusted_hash = \""
                + CodexHookTrust.trustedHash("PreToolUse", command, 60)
                + "\"\n")
        .contains(
            "[hooks.state.\""
                + hooksJson
                + ":post_tool_use:1:0\"]\ntrusted_hash = \""
                + CodexHookTrust.trustedHash("PostToolUse", command, 60)
                + "\"\n");
    assertThat(ledgerElements()).contains("hooks.PreToolUse", "hooks.PostToolUse");

    launcher(dir.resolve("new/gateway"));
    assertThat(setup("--refresh")).as(err).isZero();
    hooks = json(hooksJson).path("hooks");
    assertThat(hooks.path("PreToolUse")).hasSize(1);
    assertThat(hooks.path("PostToolUse")).hasSize(2);
    String refreshed = hooks.at("/PostToolUse/1/hooks/0/command").asText();
    assertThat(refreshed).contains(dir.resolve("new/gateway").toString());
    config = Files.readString(codexHome.resolve("config.toml"));
    assertThat(config)
        .containsOnlyOnce(":pre_tool_use:0:0")
        .containsOnlyOnce(":post_tool_use:1:0")
        .contains(CodexHookTrust.trustedHash("PostToolUse", refreshed, 60));

    assertThat(setup("codex", "--remove")).as(err).isZero();
    assertThat(Files.readString(hooksJson)).isEqualTo(mine);
    assertThat(Files.readString(codexHome.resolve("config.toml"))).isEqualTo(toml);
  }

  /**
   * The after-tool hook's hash is the pre-tool one's, computed the same way with Codex's key label
   * of the event ({@code post_tool_use}: its {@code hook_event_key_label}) as {@code event_name}:
   * the pre-tool text below gives the hash Codex 0.169.0 reported, so the post-tool text, built the
   * same way, gives the one it computes for the post-tool hook.
   */
  @Test
  void thePostToolUseHashIsThePreToolUseOnesWithItsOwnEventName() throws Exception {
    String identity =
        "{\"event_name\":\"%s\",\"hooks\":[{\"async\":false,\"command\":\"echo hi\","
            + "\"timeout\":30,\"type\":\"command\"}]}";

    assertThat(sha256(identity.formatted("pre_tool_use")))
        .isEqualTo("sha256:d94b9f64da70c55ef842085ca595da25d055f2f81d7a6a9bb93cbb0a391cfdbc")
        .isEqualTo(CodexHookTrust.trustedHash("PreToolUse", "echo hi", 30));
    assertThat(CodexHookTrust.trustedHash("PostToolUse", "echo hi", 30))
        .isEqualTo(sha256(identity.formatted("post_tool_use")))
        .isNotEqualTo(CodexHookTrust.trustedHash("PreToolUse", "echo hi", 30));
    assertThat(CodexHookTrust.key(Path.of("/h/hooks.json"), "PostToolUse", 2))
        .isEqualTo("/h/hooks.json:post_tool_use:2:0");
  }

  private static String sha256(String text) throws Exception {
    return "sha256:"
        + java.util.HexFormat.of()
            .formatHex(
                java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  // ---- removal whatever the person did in between (issue 77) ----

  /** The person's config.toml before setup, as Codex writes a project's trust. */
  private static final String THEIRS = "[projects.\"/work\"]\ntrust_level = \"trusted\"\n";

  /** Codex's user config.toml. */
  private Path codexConfig() {
    return dir.resolve("codex-home/config.toml");
  }

  /** Setup of Codex on {@link #THEIRS}: the file as setup wrote it. */
  private String setUpCodex() throws IOException {
    Files.createDirectories(codexConfig().getParent());
    Files.writeString(codexConfig(), THEIRS);
    assertThat(setup("codex")).as(err).isZero();
    String written = Files.readString(codexConfig());
    assertThat(written)
        .as("setup's block appended, with the server and both trust tables")
        .startsWith(THEIRS + "\n# Added by 'gateway setup codex'")
        .contains("[mcp_servers.provider-gateway]\ncommand = ")
        .contains(
            ":pre_tool_use:0:0\"]\ntrusted_hash = ", ":post_tool_use:0:0\"]\ntrusted_hash = ");
    return written;
  }

  /**
   * The trial of the issue: the person's own {@code model}/{@code model_provider} lines at the top
   * and a {@code [model_providers.x]} table between setup's, a comment inside setup's server table,
   * setup's trust tables reordered, and the whole file saved with CRLF line ends.
   */
  @Test
  void codexsEntriesGoWhateverThePersonDidAroundThemAndTheirTextStaysByteForByte()
      throws IOException {
    String written = setUpCodex();
    int trust = written.indexOf("[hooks.state.");
    int second = written.indexOf("[hooks.state.", trust + 1);
    String edited =
        "model = \"gpt-5.1\"\nmodel_provider = \"x\"\n\n"
            + written
                .substring(0, trust)
                .replace(
                    "[mcp_servers.provider-gateway]\n",
                    "[mcp_servers.provider-gateway]\n# the gateway's tools\n")
            + "\n[model_providers.x]\nname = \"X\"\nbase_url = \"http://127.0.0.1:9/v1\"\n\n"
            + written.substring(second)
            + written.substring(trust, second);
    Files.writeString(codexConfig(), edited.replace("\n", "\r\n"));

    assertThat(setup("codex", "--remove")).as(out + err).isZero();

    String persons =
        "model = \"gpt-5.1\"\nmodel_provider = \"x\"\n\n"
            + THEIRS
            + "# the gateway's tools\n"
            + "\n[model_providers.x]\nname = \"X\"\nbase_url = \"http://127.0.0.1:9/v1\"\n\n";
    assertThat(Files.readString(codexConfig())).isEqualTo(persons.replace("\n", "\r\n"));
    assertThat(codexConfig().getParent().resolve("hooks.json")).doesNotExist();
    assertThat(gatewayHome.resolve("setup.json")).as("nothing left to record").doesNotExist();
    assertThat(out)
        .contains("took setup's entries out of " + codexConfig())
        .doesNotContain("left in");
  }

  /**
   * A value the person changed inside setup's server table: the table goes whole (a server left
   * behind would start a launcher uninstall deletes), and the report names the value that went.
   */
  @Test
  void aValueThePersonChangedInSetupsServerGoesWithItAndIsNamed() throws IOException {
    String written = setUpCodex();
    Files.writeString(
        codexConfig(),
        written.replaceFirst("command = \"[^\"]*\"", "command = \"/opt/my-gateway\"")
            + "\n[model_providers.x]\nname = \"X\"\n");

    assertThat(setup("codex", "--remove")).as(out + err).isZero();

    assertThat(Files.readString(codexConfig()))
        .isEqualTo(THEIRS + "\n[model_providers.x]\nname = \"X\"\n");
    assertThat(out)
        .contains(
            "your command = \"/opt/my-gateway\" went with setup's [mcp_servers.provider-gateway]");
  }

  /**
   * The same rule in JSON: setup's MCP server found by its name goes with what the person changed
   * in it (said), and the person's members beside it stay.
   */
  @Test
  void claudesServerThePersonChangedGoesAndTheirOwnMembersStay() throws IOException {
    Path claudeJson = userHome.resolve(".claude.json");
    assertThat(setup("claude")).as(err).isZero();
    ObjectNode file = (ObjectNode) JSON.readTree(Files.readAllBytes(claudeJson));
    ((ObjectNode) file.at("/mcpServers/provider-gateway")).putArray("args").add("changed");
    ((ObjectNode) file.get("mcpServers")).putObject("theirs").put("command", "their-server");
    file.put("theme", "dark");
    Files.write(claudeJson, SettingsEdit.print(file));

    assertThat(setup("claude", "--remove")).as(out + err).isZero();

    assertThat(JSON.readTree(Files.readAllBytes(claudeJson)))
        .isEqualTo(
            JSON.readTree(
                "{\"mcpServers\": {\"theirs\": {\"command\": \"their-server\"}},"
                    + " \"theme\": \"dark\"}"));
    assertThat(out).contains("mcpServers.provider-gateway went with the changes you made to it");
  }

  /**
   * The other side of the same rule: a refresh (install.sh runs one on an upgrade) finds setup's
   * earlier block by what it is after the person edited it, and writes the new one in its place
   * rather than refusing the table as the person's.
   */
  @Test
  void aRefreshAfterThePersonEditedCodexsConfigReplacesSetupsEntriesAndKeepsTheirs()
      throws IOException {
    launcher(dir.resolve("old/gateway"));
    String written = setUpCodex();
    String edited =
        "model = \"gpt-5.1\"\n"
            + written.replace(
                "[mcp_servers.provider-gateway]\n",
                "[mcp_servers.provider-gateway]\n# the gateway's tools\n");
    Files.writeString(codexConfig(), edited);
    launcher(dir.resolve("new/gateway"));

    assertThat(setup("--refresh")).as(out + err).isZero();

    String config = Files.readString(codexConfig());
    assertThat(config)
        .startsWith("model = \"gpt-5.1\"\n" + THEIRS)
        .containsOnlyOnce("[mcp_servers.provider-gateway]")
        .containsOnlyOnce(":pre_tool_use:")
        .contains(dir.resolve("new/gateway").toString())
        .doesNotContain(dir.resolve("old/gateway").toString());
    assertThat(setup("codex", "--remove")).as(out + err).isZero();
    assertThat(Files.readString(codexConfig()))
        .isEqualTo("model = \"gpt-5.1\"\n" + THEIRS + "# the gateway's tools\n");
  }

  /**
   * JSON: setup's hook group is found by its content wherever the person moved it (another event's
   * array), and their own hook beside it stays.
   */
  @Test
  void aHookGroupThePersonMovedToAnotherEventIsFoundThereAndTheirsStays() throws IOException {
    setUpCodex();
    Path hooksJson = codexConfig().getParent().resolve("hooks.json");
    ObjectNode file = (ObjectNode) json(hooksJson);
    ObjectNode hooks = (ObjectNode) file.get("hooks");
    JsonNode setups = hooks.get("PreToolUse").get(0);
    hooks.putArray("UserPromptSubmit").add(setups);
    hooks
        .putArray("PreToolUse")
        .addObject()
        .putArray("hooks")
        .addObject()
        .put("type", "command")
        .put("command", "my-check");
    Files.write(hooksJson, SettingsEdit.print(file));

    assertThat(setup("codex", "--remove")).as(out + err).isZero();

    assertThat(json(hooksJson))
        .isEqualTo(
            JSON.readTree(
                "{\"hooks\": {\"PreToolUse\": [{\"hooks\": [{\"type\": \"command\","
                    + " \"command\": \"my-check\"}]}]}}"));
    assertThat(out).contains("setup's entry was found in hooks.UserPromptSubmit");
    assertThat(gatewayHome.resolve("setup.json")).doesNotExist();
  }
}
