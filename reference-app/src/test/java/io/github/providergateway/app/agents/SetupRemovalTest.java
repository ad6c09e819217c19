package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.app.AppRun;
import io.github.providergateway.app.home.SettingsEdit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 77: {@code gateway setup --remove} after the person edited the agent's settings takes
 * setup's entries out by what they are, leaves the person's text byte for byte, and the ledger
 * forgets an entry only once it is gone. Run in-process on real files in a temporary folder.
 */
class SetupRemovalTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The person's config.toml before setup, as Codex writes a project's trust. */
  private static final String THEIRS = "[projects.\"/work\"]\ntrust_level = \"trusted\"\n";

  @TempDir Path dir;

  private Path userHome;
  private Path gatewayHome;
  private Path config;
  private Map<String, String> env;
  private String out;
  private String err;

  @BeforeEach
  void directories() throws IOException {
    userHome = Files.createDirectories(dir.resolve("home"));
    gatewayHome = dir.resolve("gateway-home");
    Path codexHome = Files.createDirectories(dir.resolve("codex-home"));
    config = codexHome.resolve("config.toml");
    env = new HashMap<>();
    env.put("HOME", userHome.toString());
    env.put("PATH", Files.createDirectories(dir.resolve("bin")).toString());
    env.put("CODEX_HOME", codexHome.toString());
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

  /** Setup of Codex on {@link #THEIRS}: the file as setup wrote it. */
  private String setUpCodex() throws IOException {
    Files.writeString(config, THEIRS);
    assertThat(setup("codex")).as(err).isZero();
    String written = Files.readString(config);
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
    Files.writeString(config, edited.replace("\n", "\r\n"));

    assertThat(setup("codex", "--remove")).as(out + err).isZero();

    String persons =
        "model = \"gpt-5.1\"\nmodel_provider = \"x\"\n\n"
            + THEIRS
            + "# the gateway's tools\n"
            + "\n[model_providers.x]\nname = \"X\"\nbase_url = \"http://127.0.0.1:9/v1\"\n\n";
    assertThat(Files.readString(config)).isEqualTo(persons.replace("\n", "\r\n"));
    assertThat(config.getParent().resolve("hooks.json")).doesNotExist();
    assertThat(gatewayHome.resolve("setup.json")).as("nothing left to record").doesNotExist();
    assertThat(out).contains("took setup's entries out of " + config).doesNotContain("left in");
  }

  /**
   * A value the person changed inside setup's server table: the table goes whole (a server left
   * behind would start a launcher uninstall deletes), and the report names the value that went.
   */
  @Test
  void aValueThePersonChangedInSetupsServerGoesWithItAndIsNamed() throws IOException {
    String written = setUpCodex();
    Files.writeString(
        config,
        written.replaceFirst("command = \"[^\"]*\"", "command = \"/opt/my-gateway\"")
            + "\n[model_providers.x]\nname = \"X\"\n");

    assertThat(setup("codex", "--remove")).as(out + err).isZero();

    assertThat(Files.readString(config))
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
}
