package io.github.providergateway.agent.mcp;

import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The folder an agent's window was started in, as its stdio bridge names it on {@code initialize}
 * ({@value #HEADER}: the bridge's working directory, absolute): the session's project when the
 * agent offers no root, made the git top level above it as for {@code gateway mcp} ({@link
 * ProjectRoot}). Without it, an agent's token's session takes the folder of the agent process at
 * the far end of the connection (Codex over HTTP offers no roots and names none). An agent's MCP
 * roots still come first.
 *
 * <p>Only a token of the agent's kind ({@link ClientTokens.Kind#AGENT}, which {@code gateway setup}
 * writes into an owner-only file) may name it; with a client's token the {@code initialize} is
 * refused (403), never silently taken or dropped, so a client learns it has no such say. It widens
 * nothing: the same token's holder may already announce any folder as a root, and a client's
 * session is a stranger's whatever folder it names (docs/security.md).
 */
final class McpHttpProject {

  /** The header a bridge sends on {@code initialize}. */
  static final String HEADER = "Provider-Gateway-Project";

  private McpHttpProject() {}

  /**
   * What a request's header says: the session's folder, or the refusal.
   *
   * @param folder the project, or null when the header is absent
   * @param refusal the answer to a header that may not or cannot name one, or null
   */
  record Named(Path folder, McpHttpError refusal) {}

  /**
   * Reads the header of an {@code initialize}.
   *
   * @param request the {@code POST}
   * @param client whose token it carries
   * @param userHome the user's home (a folder there or above holds only itself), or null
   * @return the folder (the header's; without it, for an agent's token, the folder its process
   *     works in; else null), or a refusal: 403 for a client's token, 400 for a value that is no
   *     absolute path of an existing directory
   */
  static Named of(HttpRequest request, ClientTokens.Client client, Path userHome) {
    Named named = of(request.header(HEADER), client, userHome);
    if (named.folder() != null
        || named.refusal() != null
        || client.kind() != ClientTokens.Kind.AGENT) {
      return named;
    }
    return new Named(agentsFolder(request, userHome), null);
  }

  /**
   * The folder the agent process at the far end of {@code request}'s connection works in, made its
   * project as {@code gateway mcp}'s own folder is ({@link ProjectRoot}), or null where it cannot
   * be told (no {@code /proc}, no process of ours holding the connection). An agent that names no
   * project and offers no roots over HTTP (Codex) is started in its project, as the stdio window it
   * would otherwise start is: so its hooks find its session (decision 130). It widens nothing: the
   * token's holder may name any folder in the header.
   */
  private static Path agentsFolder(HttpRequest request, Path userHome) {
    if (request.peer() == null || request.local() == null) {
      return null;
    }
    try {
      return io.github.providergateway.loop.base.LoopbackPeers.of(request.peer(), request.local())
          // The gateway's own process (a client in an embedding JVM) works in the gateway's folder,
          // which is no agent's project.
          .filter(agent -> agent.pid() != ProcessHandle.current().pid())
          .map(agent -> Path.of("/proc", Long.toString(agent.pid()), "cwd"))
          .map(McpHttpProject::realFolder)
          .map(folder -> ProjectRoot.of(folder, userHome))
          .orElse(null);
    } catch (RuntimeException e) {
      return null; // the process went away, or its folder is not ours to read
    }
  }

  private static Path realFolder(Path link) {
    try {
      Path folder = link.toRealPath();
      return Files.isDirectory(folder) ? folder : null;
    } catch (java.io.IOException e) {
      return null;
    }
  }

  /**
   * Reads the header's value as {@link #of(HttpRequest, ClientTokens.Client, Path)} does: the same
   * rules for one a window's kept {@code initialize} came with ({@link McpHttpWindows}).
   *
   * @param header the header's value, as it arrived, or empty
   * @param client whose token it carries
   * @param userHome the user's home, or null
   * @return the folder (null without the header), or a refusal
   */
  static Named of(Optional<String> header, ClientTokens.Client client, Path userHome) {
    if (header.isEmpty()) {
      return new Named(null, null);
    }
    if (client.kind() != ClientTokens.Kind.AGENT) {
      return refused(
          403,
          HEADER
              + " is for an agent's own token (gateway setup's) only: a client's session names"
              + " its project by its MCP roots");
    }
    // Header bytes arrive as ISO-8859-1 characters; the bridge sends the path's UTF-8 bytes.
    String value =
        new String(header.get().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    Path folder;
    try {
      folder = Path.of(value);
    } catch (InvalidPathException e) {
      return refused(400, HEADER + " is no path: " + e.getReason());
    }
    if (!folder.isAbsolute() || !Files.isDirectory(folder)) {
      return refused(400, HEADER + " must be the absolute path of an existing directory");
    }
    return new Named(ProjectRoot.of(folder, userHome), null);
  }

  private static Named refused(int status, String message) {
    return new Named(
        null,
        new McpHttpError(status, null, McpHttpError.INVALID_REQUEST, message, java.util.Map.of()));
  }
}
