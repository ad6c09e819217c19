package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.cli.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway setup AGENT --managed} (issue 66) and doctor's view of the managed layer, with a
 * temporary folder standing for {@code /etc} and for the system settings' folder: the real {@code
 * /etc} is never read or written.
 */
class ManagedSetupTest {

  @TempDir Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private ManagedSetup setup(boolean root, Map<String, String> env) {
    return new ManagedSetup(
        Path.of("/opt/provider-gateway/current/bin/gateway"),
        new ManagedPlaces(dir.resolve("etc"), env),
        dir.resolve("system"),
        new ManagedSetup.Writable(root, true),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void claudesManagedSettingsRunTheSystemLauncherWithEachDevelopersHomeAndItsHooksAlone()
      throws Exception {
    int exit =
        setup(false, Map.of()).run(AgentSettingsRegistry.byId("claude").orElseThrow(), false);

    assertThat(exit).isEqualTo(ExitCodes.OK);
    assertThat(out())
        .contains("# " + dir.resolve("etc/claude-code/managed-settings.json"))
        .contains("\"allowManagedHooksOnly\": true")
        .contains("/opt/provider-gateway/current/bin/gateway hook claude")
        .contains("\"PreToolUse\"")
        .contains("\"PostToolUse\"")
        .contains(dir.resolve("etc/claude-code/managed-mcp.json") + " (printed only")
        .contains("\"provider-gateway\"")
        .doesNotContain("hook claude --home");
    assertThat(dir.resolve("etc")).doesNotExist();
  }

  @Test
  void codexsRequirementsDeclareManagedHooksInTheLauncherFolderAndTheServerGoesToSystemConfig()
      throws Exception {
    setup(false, Map.of()).run(AgentSettingsRegistry.byId("codex").orElseThrow(), false);

    assertThat(out())
        .contains("# " + dir.resolve("etc/codex/requirements.toml"))
        .contains("allow_managed_hooks_only = true")
        .contains("[hooks]\nmanaged_dir = \"/opt/provider-gateway/current/bin\"")
        .contains("[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"")
        .contains("[[hooks.PostToolUse]]")
        .contains("/opt/provider-gateway/current/bin/gateway hook codex")
        .contains("# " + dir.resolve("etc/codex/config.toml"))
        .contains("[mcp_servers.provider-gateway]")
        .doesNotContain("hook codex --home");
    // The root key comes before every table, as TOML needs.
    assertThat(out().indexOf("allow_managed_hooks_only")).isLessThan(out().indexOf("[hooks]"));
  }

  @Test
  void geminisSystemSettingsGoWhereItsOwnVariableSays() throws Exception {
    Path system = dir.resolve("gemini-system.json");
    setup(false, Map.of("GEMINI_CLI_SYSTEM_SETTINGS_PATH", system.toString()))
        .run(AgentSettingsRegistry.byId("gemini").orElseThrow(), false);

    assertThat(out())
        .contains("# " + system)
        .contains("\"BeforeTool\"")
        .contains("/opt/provider-gateway/current/bin/gateway hook gemini")
        .contains("\"mcpServers\"")
        .contains("no managed-hooks-only key");
  }

  @Test
  void agentsWithoutAManagedLayerSaySo() throws Exception {
    int exit = setup(true, Map.of()).run(AgentSettingsRegistry.byId("copilot").orElseThrow(), true);

    assertThat(out()).contains("copilot: no managed layer is written");
    assertThat(exit).isEqualTo(ExitCodes.START_FAILED);
  }

  @Test
  void notRootPrintsButWritesNothing() throws Exception {
    int exit = setup(false, Map.of()).run(AgentSettingsRegistry.byId("claude").orElseThrow(), true);

    assertThat(exit).isEqualTo(ExitCodes.START_FAILED);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("only root writes");
    assertThat(dir.resolve("etc")).doesNotExist();
    assertThat(dir.resolve("system/setup.json")).doesNotExist();
  }

  @Test
  void writeMergesWithTheOrganisationsFileAndRemoveRestoresItByteForByte() throws Exception {
    Path managed = dir.resolve("etc/claude-code/managed-settings.json");
    Files.createDirectories(managed.getParent());
    String organisations = "{\n  \"permissions\" : {\n    \"deny\" : [ \"WebFetch\" ]\n  }\n}\n";
    Files.writeString(managed, organisations);
    AgentSettings claude = AgentSettingsRegistry.byId("claude").orElseThrow();

    assertThat(setup(true, Map.of()).run(claude, true)).isEqualTo(ExitCodes.OK);

    String written = Files.readString(managed);
    assertThat(written)
        .contains("\"WebFetch\"")
        .contains("\"allowManagedHooksOnly\": true")
        .contains("gateway hook claude");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(managed)))
        .isEqualTo("rw-r--r--");
    assertThat(dir.resolve("etc/claude-code/managed-mcp.json")).doesNotExist();
    assertThat(Files.readString(dir.resolve("system/setup.json"))).contains("\"managed\"");

    ManagedDoctor.Finding found =
        new ManagedDoctor(new ManagedPlaces(dir.resolve("etc"), Map.of()))
            .examine(claude)
            .orElseThrow();
    assertThat(found.hook()).isTrue();
    assertThat(found.hooksOnly()).isTrue();
    assertThat(found.mcpServer()).isFalse();
    assertThat(found.line()).contains("a user-level gateway hook is ignored");

    // Run again: nothing changes.
    assertThat(setup(true, Map.of()).run(claude, true)).isEqualTo(ExitCodes.OK);
    assertThat(Files.readString(managed)).isEqualTo(written);

    assertThat(setup(true, Map.of()).remove(claude)).isEqualTo(ExitCodes.OK);
    assertThat(Files.readString(managed)).isEqualTo(organisations);
    Path ledger = dir.resolve("system/setup.json");
    assertThat(!Files.exists(ledger) || !Files.readString(ledger).contains("\"managed\"")).isTrue();
  }

  @Test
  void writeCreatesCodexsFilesAndRemoveDeletesThem() throws Exception {
    AgentSettings codex = AgentSettingsRegistry.byId("codex").orElseThrow();

    assertThat(setup(true, Map.of()).run(codex, true)).isEqualTo(ExitCodes.OK);
    assertThat(dir.resolve("etc/codex/requirements.toml")).exists();
    assertThat(dir.resolve("etc/codex/config.toml")).exists();

    assertThat(setup(true, Map.of()).remove(codex)).isEqualTo(ExitCodes.OK);
    assertThat(dir.resolve("etc/codex/requirements.toml")).doesNotExist();
    assertThat(dir.resolve("etc/codex/config.toml")).doesNotExist();
  }

  @Test
  void aFileItCannotParseIsRefusedAndLeftAsItIs() throws Exception {
    Path managed = dir.resolve("etc/claude-code/managed-settings.json");
    Files.createDirectories(managed.getParent());
    Files.writeString(managed, "{ not json");

    int exit = setup(true, Map.of()).run(AgentSettingsRegistry.byId("claude").orElseThrow(), true);

    assertThat(exit).isEqualTo(ExitCodes.START_FAILED);
    assertThat(Files.readString(managed)).isEqualTo("{ not json");
    assertThat(dir.resolve("system/setup.json")).doesNotExist();
  }

  @Test
  void writeAndLauncherGoWithManagedOnly() {
    io.github.providergateway.app.AppRun run =
        io.github.providergateway.app.AppRun.of(
            java.util.List.of("setup", "claude", "--write"), Map.of("HOME", dir.toString()));

    assertThat(run.exit()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).contains("--write and --launcher go with --managed");
    assertThat(dir.resolve(".claude")).doesNotExist();
  }

  @Test
  void doctorSaysWhenNoManagedLayerIsThere() {
    ManagedDoctor.Finding found =
        new ManagedDoctor(new ManagedPlaces(dir.resolve("etc"), Map.of()))
            .examine(AgentSettingsRegistry.byId("codex").orElseThrow())
            .orElseThrow();

    assertThat(found.present()).isEmpty();
    assertThat(found.line()).startsWith("no managed settings");
  }
}
