package io.github.providergateway.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.tokens.ClientTokens;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stdio bridge's agent token, and the same token as curl's header, which the bridge names to
 * curl by its path so that none of its temporary folder's files holds it (issue 62).
 */
class McpBridgeTokenTest {

  @TempDir Path dir;
  private Path home;
  private ClientTokens tokens;

  @BeforeEach
  void anOwnerOnlyHome() throws IOException {
    home = Files.createDirectory(dir.resolve("home"));
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
    tokens = ClientTokens.mcpHttp(home);
  }

  @Test
  void theHeaderCarriesTheTokenOwnerOnly() throws IOException {
    Path file = McpBridgeToken.ensure(home, tokens);

    String token = Files.readString(file, StandardCharsets.UTF_8).strip();
    Path header = home.resolve(McpBridgeToken.HEADER_FILE);
    assertThat(header).hasContent("Authorization: Bearer " + token + "\n");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(header)))
        .isEqualTo("rw-------");
  }

  /**
   * A gateway of an older build made the token and no header; a header of another token, or one
   * others may read, is written again.
   */
  @Test
  void aMissingStaleOrOpenHeaderIsWrittenAgainForTheTokenKept() throws IOException {
    String token =
        Files.readString(McpBridgeToken.ensure(home, tokens), StandardCharsets.UTF_8).strip();
    Path header = home.resolve(McpBridgeToken.HEADER_FILE);
    String wanted = "Authorization: Bearer " + token + "\n";

    Files.delete(header);
    McpBridgeToken.ensure(home, tokens);
    assertThat(header).hasContent(wanted);

    Files.writeString(header, "Authorization: Bearer mcp-old\n");
    McpBridgeToken.ensure(home, tokens);
    assertThat(header).hasContent(wanted);

    Files.setPosixFilePermissions(header, PosixFilePermissions.fromString("rw-r--r--"));
    McpBridgeToken.ensure(home, tokens);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(header)))
        .isEqualTo("rw-------");
    assertThat(home.resolve(McpBridgeToken.FILE)).hasContent(token + "\n");
  }
}
