package io.github.providergateway.app.run;

import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import io.github.providergateway.loop.base.SafeFiles;
import io.github.providergateway.loop.base.UnsafeFileException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The home's agent token for its stdio bridge ({@code gateway-mcp-bridge.sh}, what {@code gateway
 * mcp} runs while a gateway is there; issue 46): client {@value #CLIENT} of the agent's kind in the
 * MCP front door's token file, the token itself in {@value #FILE}, owner-only, beside the gateway
 * token, whose holder can do more than this one. A gateway makes it as it starts, and keeps the one
 * there while the front door admits it as an agent's: the bridge reads it from the file, never from
 * its command line.
 *
 * <p>Beside it, {@value #HEADER_FILE}: the same token as the HTTP header curl sends ({@code
 * Authorization: Bearer ...}), owner-only, which the bridge names to curl by its path (curl's
 * {@code -H} reads headers from a file named after an at sign). So the token is in no file of the
 * bridge's own temporary folder, which a window killed with its whole process group (SIGKILL: no
 * clean-up runs) leaves behind in {@code /tmp} (issue 62).
 */
public final class McpBridgeToken {

  /** The token's file in the home. */
  public static final String FILE = "mcp-bridge.token";

  /** The token as curl's {@code Authorization} header, in the home. */
  static final String HEADER_FILE = "mcp-bridge.token.header";

  /** Its client's name in {@code mcp-http-clients.json}. */
  public static final String CLIENT = "mcp-bridge";

  private McpBridgeToken() {}

  /**
   * Makes sure {@code home} holds a token of the agent's kind that {@code tokens} admit.
   *
   * @param home the gateway's home, which this gateway holds the lock of
   * @param tokens the MCP front door's tokens of that home
   * @return the token's file
   * @throws IOException when the token cannot be read, issued or written
   */
  public static Path ensure(Path home, ClientTokens tokens) throws IOException {
    Path file = home.resolve(FILE);
    try {
      SafeFiles.checkSecretFile(file);
      String held = Files.readString(file, StandardCharsets.UTF_8).strip();
      if (tokens
          .clientOf(held)
          .filter(client -> client.name().equals(CLIENT))
          .filter(client -> client.kind() == ClientTokens.Kind.AGENT)
          .isPresent()) {
        ensureHeader(home, held);
        return file;
      }
    } catch (NoSuchFileException none) {
      // the first start of this home's gateway: issued below
    } catch (UnsafeFileException unsafe) {
      // another user could have read or planted it: a new token replaces it below
    }
    String token = tokens.issue(CLIENT, ClientTokens.Kind.AGENT);
    OwnerOnlyFiles.replace(file, (token + "\n").getBytes(StandardCharsets.UTF_8));
    ensureHeader(home, token);
    return file;
  }

  /**
   * Makes sure {@value #HEADER_FILE} in {@code home} carries {@code token}, owner-only: written
   * again when it is not there, says another token (a gateway of an older build wrote none), or is
   * not this user's alone.
   */
  private static void ensureHeader(Path home, String token) throws IOException {
    Path header = home.resolve(HEADER_FILE);
    byte[] wanted = ("Authorization: Bearer " + token + "\n").getBytes(StandardCharsets.UTF_8);
    try {
      SafeFiles.checkSecretFile(header);
      if (Arrays.equals(Files.readAllBytes(header), wanted)) {
        return;
      }
    } catch (NoSuchFileException | UnsafeFileException none) {
      // written below
    }
    OwnerOnlyFiles.replace(header, wanted);
  }
}
