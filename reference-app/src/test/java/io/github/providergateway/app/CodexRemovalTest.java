package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 77's trial on the real Codex CLI (the pinned one): {@code gateway setup codex}, then the
 * person's own {@code model}/{@code model_provider} lines and {@code [model_providers.x]} table, a
 * comment inside setup's server table, setup's trust tables swapped and the file saved with CRLF;
 * Codex reads it and trusts setup's hooks. After {@code setup codex --remove} Codex still reads the
 * file (the person's provider kept), starts no gateway server and finds no gateway hook: before,
 * the server and both trust tables stayed, starting a launcher uninstall deleted.
 */
@Tag(NpmAgent.TAG)
class CodexRemovalTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void afterThePersonsEditsRemoveLeavesCodexWithTheirSettingsAndNothingOfTheGateways()
      throws Exception {
    CodexCli codex = CodexCli.installed();
    Path home = Files.createDirectories(dir.resolve("home"));
    Path project = Files.createDirectories(dir.resolve("project"));
    Path config = Files.createDirectories(CodexCli.codexHome(home)).resolve("config.toml");
    Path launcher = Files.createDirectories(dir.resolve("install/bin")).resolve("gateway");
    Files.writeString(launcher, "#!/bin/sh\nexit 0\n");
    assertThat(launcher.toFile().setExecutable(true)).isTrue();
    Map<String, String> env = new HashMap<>();
    env.put("HOME", home.toString());
    env.put("CODEX_HOME", config.getParent().toString());
    env.put("PATH", "/usr/bin:/bin");
    env.put("GATEWAY_LAUNCHER", launcher.toString());
    String gatewayHome = dir.resolve("gateway-home").toString();

    AppRun setup = AppRun.of(List.of("setup", "codex", "--home", gatewayHome), env);
    assertThat(setup.exit()).as(setup.err()).isZero();
    String written = Files.readString(config);
    int trust = written.indexOf("[hooks.state.");
    int second = written.indexOf("[hooks.state.", trust + 1);
    String edited =
        "model = \"gpt-5.1\"\nmodel_provider = \"x\"\n\n"
            + "[model_providers.x]\nname = \"X\"\nbase_url = \"http://127.0.0.1:9/v1\"\n"
            + written
                .substring(0, trust)
                .replace(
                    "[mcp_servers.provider-gateway]\n",
                    "[mcp_servers.provider-gateway]\n# the gateway's tools\n")
            + written.substring(second)
            + written.substring(trust, second);
    Files.writeString(config, edited.replace("\n", "\r\n"));
    assertThat(servers(codex, home)).contains("provider-gateway");
    assertThat(gatewayHooks(codex, project, home, launcher))
        .as("Codex trusts setup's hooks in the person's edited file")
        .containsOnly("trusted")
        .hasSize(2);

    AppRun remove = AppRun.of(List.of("setup", "codex", "--remove", "--home", gatewayHome), env);

    assertThat(remove.exit()).as(remove.out() + remove.err()).isZero();
    assertThat(Files.readString(config))
        .isEqualTo(
            ("model = \"gpt-5.1\"\nmodel_provider = \"x\"\n\n"
                    + "[model_providers.x]\nname = \"X\"\nbase_url = \"http://127.0.0.1:9/v1\"\n"
                    + "# the gateway's tools\n")
                .replace("\n", "\r\n"));
    assertThat(servers(codex, home)).as("Codex reads the file, no gateway server in it").isEmpty();
    assertThat(gatewayHooks(codex, project, home, launcher)).isEmpty();
  }

  /** The MCP servers Codex reads from its config ({@code codex mcp list --json}). */
  private List<String> servers(CodexCli codex, Path home) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(codex.binary().toString(), "mcp", "list", "--json")
            .redirectError(dir.resolve("mcp-list.err").toFile());
    NpmAgent.withoutVariables(builder.environment(), "CODEX_", "OPENAI_");
    builder.environment().put("HOME", home.toString());
    builder.environment().put("CODEX_HOME", CodexCli.codexHome(home).toString());
    Process process = builder.start();
    byte[] out = process.getInputStream().readAllBytes();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue())
        .as("codex mcp list: %s", Files.readString(dir.resolve("mcp-list.err")))
        .isZero();
    List<String> names = new ArrayList<>();
    JSON.readTree(new String(out, StandardCharsets.UTF_8))
        .forEach(server -> names.add(server.path("name").asText()));
    return names;
  }

  /** The trust status of each hook Codex finds that runs {@code launcher}. */
  private static List<String> gatewayHooks(CodexCli codex, Path project, Path home, Path launcher)
      throws Exception {
    List<String> found = new ArrayList<>();
    for (JsonNode hook : codex.hooks(project, home)) {
      if (hook.path("command").asText().contains(launcher.toString())) {
        found.add(hook.path("trustStatus").asText());
      }
    }
    return found;
  }
}
