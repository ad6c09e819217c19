package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.home.SettingsEdit;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 77: setup's TOML entries are found by what they are (table headers, keys and values), not
 * by the bytes of the block it appended, and everything else in the file stays byte for byte.
 */
class TomlRemovalTest {

  /** Setup's MCP block and a trust table, as {@code CodexSettings} writes them. */
  private static final SettingsEdit.Block SERVER =
      new SettingsEdit.Block(
          """

          # Added by 'gateway setup codex'; 'gateway setup codex --remove' takes it back.
          [mcp_servers.provider-gateway]
          command = "/home/me/.local/bin/gateway"
          args = ["mcp", "--home", "/home/me/.provider-gateway"]
          [hooks.state."/home/me/.codex/hooks.json:pre_tool_use:0:0"]
          trusted_hash = "sha256:aa"
          [hooks.state."/home/me/.codex/hooks.json:post_tool_use:0:0"]
          trusted_hash = "sha256:bb"
          """);

  /** Setup's sandbox, put before the first table. */
  private static final SettingsEdit.Block SANDBOX =
      new SettingsEdit.Block(
          """
          # Codex's sandbox, from the gateway's policy: added by 'gateway setup codex'; 'gateway setup codex --remove' takes it back.
          default_permissions = "provider-gateway"

          [permissions.provider-gateway.filesystem]
          "/" = "read"
          ":workspace_roots" = "write"

          [permissions.provider-gateway.network]
          enabled = false

          """,
          true);

  private static TomlRemoval.Result remove(String text, SettingsEdit.Block... blocks) {
    return TomlRemoval.remove(text, List.of(blocks));
  }

  @Test
  void theBlockAsWrittenGoesWholeAndTheRestStays() {
    String theirs = "model = \"o3\"\n";
    TomlRemoval.Result removed = remove(theirs + SERVER.text(), SERVER);
    assertThat(removed.text()).isEqualTo(theirs);
    assertThat(removed.left()).isEmpty();
    assertThat(removed.kept()).isEmpty();
    assertThat(removed.said()).isEmpty();
  }

  @Test
  void aFileWhoseLastLineHadNoLineBreakEndsAsItDidWhenSetupsBlockWasItsEnd() {
    String theirs = "model = \"o3\"";
    SettingsEdit.Block appended = new SettingsEdit.Block("\n" + SERVER.text());
    String file = theirs + appended.text();

    TomlRemoval.Result removed =
        remove(
            file.replace("trusted_hash = \"sha256:aa\"", "trusted_hash = 'sha256:aa'"), appended);

    assertThat(removed.text()).isEqualTo(theirs);
    assertThat(remove(file + "[theirs]\n", appended).text())
        .as("the person's text after setup's: line breaks as they are")
        .isEqualTo(theirs + "\n[theirs]\n");
  }

  @Test
  void setupsTablesAreFoundHoweverTheyAreSpelledAndWhereverTheyMoved() {
    String file =
        """
        model = "o3"\r
        [ hooks . state . '/home/me/.codex/hooks.json:post_tool_use:0:0' ]   # trusted by hand\r
        trusted_hash = 'sha256:bb'\r
        \r
        [model_providers.x]\r
        name = "X"\r
        \r
        [mcp_servers."provider-gateway"]\r
        # my note\r
        command    =  "/home/me/.local/bin/gateway"\r
        args = [\r
          "mcp",\r
          "--home", "/home/me/.provider-gateway",\r
        ]\r
        [hooks.state."/home/me/.codex/hooks.json:pre_tool_use:0:0"]\r
        trusted_hash = "sha256:aa"\r
        """;
    String theirs =
        """
        model = "o3"\r
        \r
        [model_providers.x]\r
        name = "X"\r
        \r
        # my note\r
        """;

    TomlRemoval.Result removed = remove(file, SERVER);

    assertThat(removed.text()).isEqualTo(theirs);
    assertThat(removed.said()).isEmpty();
    assertThat(removed.kept()).isEmpty();
  }

  @Test
  void aHeaderOrKeyInsideAMultiLineStringOrArrayIsNoneAndStays() {
    String theirs =
        """
        instructions = \"""
        [mcp_servers.provider-gateway]
        command = "/home/me/.local/bin/gateway"
        \"""
        notes = '''
        [hooks.state."/home/me/.codex/hooks.json:pre_tool_use:0:0"]
        '''
        list = [
          "[mcp_servers.provider-gateway]",
          # default_permissions = "provider-gateway"
        ]
        """;

    TomlRemoval.Result removed = remove(theirs + SERVER.text(), SERVER);

    assertThat(removed.text()).isEqualTo(theirs);
  }

  @Test
  void aValueThePersonChangedInSetupsTableGoesWithItAndIsNamed() {
    String file =
        SERVER
            .text()
            .replace("/home/me/.local/bin/gateway", "/opt/gateway")
            .replace("args = [", "startup_timeout_sec = 30\nargs = [");

    TomlRemoval.Result removed = remove("model = \"o3\"\n" + file, SERVER);

    assertThat(removed.text()).isEqualTo("model = \"o3\"\n");
    assertThat(removed.said())
        .containsExactly(
            "your command = \"/opt/gateway\" went with setup's [mcp_servers.provider-gateway]"
                + " (setup had written \"/home/me/.local/bin/gateway\")",
            "your startup_timeout_sec = 30 went with setup's [mcp_servers.provider-gateway]"
                + " (you had added it)");
    assertThat(removed.kept()).isEmpty();
  }

  /**
   * Setup's {@code startup_timeout_sec} (Codex waits 10 s by default for a server's start, short of
   * a busy machine's window) is a key of setup's table: it goes with it as written, and a value the
   * person changed goes too, named, as every key of that table does.
   */
  @Test
  void setupsStartupTimeoutGoesWithItsServerAsWrittenOrAsThePersonChangedIt() {
    SettingsEdit.Block server =
        new SettingsEdit.Block(
            SERVER
                .text()
                .replace(
                    "args = [\"mcp\", \"--home\", \"/home/me/.provider-gateway\"]\n",
                    "args = [\"mcp\", \"--home\", \"/home/me/.provider-gateway\"]\n"
                        + CodexSettings.APPROVE_TOOLS
                        + CodexSettings.STARTUP_TIMEOUT));
    String theirs =
        "model = \"o3\"\n\n[mcp_servers.other]\ncommand = \"other\"\nstartup_timeout_sec = 5\n";

    TomlRemoval.Result asWritten = remove(theirs + server.text(), server);
    TomlRemoval.Result changed =
        remove(
            theirs
                + server
                    .text()
                    .replace(CodexSettings.STARTUP_TIMEOUT, "startup_timeout_sec = 300\n"),
            server);

    assertThat(server.text()).contains("\nstartup_timeout_sec = 120\n");
    assertThat(asWritten.text()).isEqualTo(theirs);
    assertThat(asWritten.said()).isEmpty();
    assertThat(changed.text()).as("the other server's own timeout stays").isEqualTo(theirs);
    assertThat(changed.said())
        .containsExactly(
            "your startup_timeout_sec = 300 went with setup's [mcp_servers.provider-gateway]"
                + " (setup had written 120)");
  }

  @Test
  void aTableThePersonPutBelowSetupsServerGoesWithIt() {
    String file = SERVER.text() + "\n[mcp_servers.provider-gateway.env]\nTOKEN = \"x\"\n";

    TomlRemoval.Result removed = remove(file, SERVER);

    assertThat(removed.text()).isEqualTo("\n");
    assertThat(removed.said())
        .containsExactly(
            "your table [mcp_servers.provider-gateway.env] went with setup's"
                + " [mcp_servers.provider-gateway], which it lies in");
  }

  @Test
  void theServerStillDefinedAnotherWayIsLeftAndItsBlockStaysRecorded() {
    String theirs = "mcp_servers.provider-gateway.command = \"/opt/gateway\"\n";

    TomlRemoval.Result removed = remove(theirs + SERVER.text(), SERVER);

    assertThat(removed.text()).isEqualTo(theirs);
    assertThat(removed.kept()).containsExactly(SERVER);
    assertThat(removed.left()).singleElement().asString().contains("still defined another way");
    assertThat(remove(removed.text().replace(theirs, ""), SERVER).kept())
        .as("once the person took it out, nothing is left")
        .isEmpty();
  }

  @Test
  void theSandboxsRootKeyIsFoundByKeyAndValueWhereverItStands() {
    String file =
        """
        model = "o3"
        model_provider = "x"

        # Codex's sandbox, from the gateway's policy: added by 'gateway setup codex'; 'gateway setup codex --remove' takes it back.
        approval_policy = "never"
        default_permissions = 'provider-gateway'  # setup's

        [permissions.provider-gateway.network]
        enabled = false

        [model_providers.x]
        name = "X"

        [permissions.provider-gateway.filesystem]
        "/" = "read"
        ":workspace_roots" = "write"

        """;
    String theirs =
        """
        model = "o3"
        model_provider = "x"

        approval_policy = "never"

        [model_providers.x]
        name = "X"
        """;

    TomlRemoval.Result removed = remove(file, SANDBOX);

    assertThat(removed.text()).isEqualTo(theirs);
    assertThat(removed.said()).isEmpty();
  }

  @Test
  void aRootKeyThePersonSetToAnotherValueIsTheirsAndStays() {
    String file = SANDBOX.text().replace("= \"provider-gateway\"", "= \"mine\"");

    TomlRemoval.Result removed = remove(file, SANDBOX);

    assertThat(removed.text()).isEqualTo("default_permissions = \"mine\"\n");
    assertThat(removed.said())
        .containsExactly(
            "kept default_permissions = \"mine\": setup had written \"provider-gateway\", so it is"
                + " yours now");
    assertThat(removed.kept()).isEmpty();
  }

  @Test
  void anEntryOfAnArrayOfTablesGoesWhenItIsAsWrittenAndIsLeftWhenChanged() {
    SettingsEdit.Block hooks =
        new SettingsEdit.Block(
            """

            [hooks]
            managed_dir = "/opt/bin"

            [[hooks.PreToolUse]]
            [[hooks.PreToolUse.hooks]]
            type = "command"
            command = "/opt/bin/gateway hook codex"
            timeout = 60
            """);
    String theirs =
        """
        [[hooks.PreToolUse]]
        matcher = "Bash"
        [[hooks.PreToolUse.hooks]]
        type = "command"
        command = "my-check"
        """;

    TomlRemoval.Result removed = remove(theirs + hooks.text(), hooks);
    assertThat(removed.text()).isEqualTo(theirs);
    assertThat(removed.kept()).isEmpty();

    TomlRemoval.Result changed =
        remove(theirs + hooks.text().replace("timeout = 60", "timeout = 5"), hooks);
    assertThat(changed.text()).contains("timeout = 5").doesNotContain("managed_dir");
    assertThat(changed.kept()).containsExactly(hooks);
    assertThat(changed.left())
        .singleElement()
        .asString()
        .contains("[[hooks.PreToolUse]] running \"/opt/bin/gateway hook codex\"");
  }
}
