package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import io.github.providergateway.loop.base.SafeFiles;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The windows whose sessions the front door can make again: a stdio window (the shell's {@code
 * gateway-mcp-bridge.sh}) names itself with {@value #HEADER} (a random id it makes at start), and
 * the front door keeps the {@code initialize} it sent, owner-only, at {@code
 * <home>/windows/<id>.json}. A later request of that window whose {@code Mcp-Session-Id} the
 * gateway no longer knows (it was restarted, or the session idled out) gets a new session made from
 * the kept {@code initialize} instead of a 404, so the window needs no state of its own to come
 * back (decision 78).
 *
 * <p><b>Bounds</b> (docs/security.md): an id is {@value #ID_SHAPE}; a kept file is at most {@value
 * #MAX_FILE_BYTES} bytes (a larger {@code initialize} is not kept: its window gets a 404 as
 * before); at most {@value #MAX_WINDOWS} files, past which the one written longest ago goes (a
 * window killed without its {@code DELETE} leaves its file behind). A file goes with its window's
 * {@code DELETE}.
 *
 * <p><b>Who reads it.</b> Only this front door, only in its own home, only a file {@link
 * SafeFiles#checkSecretFile} believes (this user's, no one else may read or write it), and only for
 * the client whose token kept it. The guard holds the folder as the home's other files.
 *
 * <p>Thread-safe; its files are small and written on the request's thread.
 */
final class McpHttpWindows {

  private static final System.Logger LOG = System.getLogger(McpHttpWindows.class.getName());

  /** The header a window names itself with. */
  static final String HEADER = "Provider-Gateway-Window";

  /** What a window id looks like. */
  static final String ID_SHAPE = "[A-Za-z0-9-]{16,64}";

  /** The folder of the kept files, in the gateway's home. */
  static final String FOLDER = "windows";

  /** The most bytes a kept file may have. */
  static final int MAX_FILE_BYTES = 64 * 1024;

  /** The most files kept. */
  static final int MAX_WINDOWS = 64;

  private static final Pattern ID = Pattern.compile(ID_SHAPE);

  /** What a window's kept file says: whose it is, its project header, its initialize's params. */
  record Kept(String project, Map<String, Object> params) {

    /** {@return the kept initialize as a request with {@code id}} */
    McpSchema.JSONRPCRequest initialize(Object id) {
      return new McpSchema.JSONRPCRequest(
          McpSchema.JSONRPC_VERSION, McpSchema.METHOD_INITIALIZE, id, params);
    }
  }

  private final Path folder;

  /** The window each live session was opened for, by session id. */
  private final Map<String, String> windowOfSession = new ConcurrentHashMap<>();

  McpHttpWindows(Path home) {
    this.folder = home.resolve(FOLDER);
  }

  /**
   * The window a request names, or empty without the header.
   *
   * @param request the request
   * @return the id, empty without one
   * @throws IllegalArgumentException for a value that is no window id
   */
  static Optional<String> id(HttpRequest request) {
    Optional<String> value = request.header(HEADER);
    if (value.isPresent() && !ID.matcher(value.get()).matches()) {
      throw new IllegalArgumentException(HEADER + " must be " + ID_SHAPE);
    }
    return value;
  }

  /** {@return a 400 for a request whose window header is no window id, or empty} */
  static Optional<McpHttpError> badId(HttpRequest request) {
    try {
      id(request);
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.of(McpHttpError.of(400, "Bad Request: " + e.getMessage()));
    }
  }

  /**
   * Keeps {@code initialize} for {@code window}, opened by {@code client} as session {@code
   * session}. A failure to write leaves the window without renewal, and says why in the log.
   *
   * @param window the window's id
   * @param client whose token sent it
   * @param project the {@link McpHttpProject#HEADER} it came with, or null
   * @param initialize the window's initialize
   * @param session the session it opened
   */
  void keep(
      String window,
      ClientTokens.Client client,
      String project,
      McpSchema.JSONRPCRequest initialize,
      String session) {
    bind(session, window);
    ObjectNode kept = Json.MAPPER.createObjectNode();
    kept.put("client", client.name()).put("kind", client.kind().name()).put("project", project);
    kept.set("params", Json.MAPPER.valueToTree(initialize.params()));
    byte[] bytes = Json.text(kept).getBytes(StandardCharsets.UTF_8);
    if (bytes.length > MAX_FILE_BYTES) {
      LOG.log(
          Level.WARNING,
          "MCP over HTTP: window {0}''s initialize is over {1} bytes: not kept, so its session is"
              + " not made again after a restart",
          window,
          MAX_FILE_BYTES);
      return;
    }
    try {
      OwnerOnlyFiles.createDirectories(folder);
      synchronized (this) {
        makeRoom(window);
        OwnerOnlyFiles.replace(file(window), bytes);
      }
    } catch (IOException e) {
      LOG.log(Level.WARNING, "MCP over HTTP: window {0}''s initialize not kept: {1}", window, e);
    }
  }

  /**
   * Records that {@code session} is {@code window}'s, so that its {@code DELETE} removes its file.
   */
  void bind(String session, String window) {
    windowOfSession.put(session, window);
  }

  /**
   * {@return the ids of the sessions opened for {@code window} that have not ended: one, or for a
   * moment two (the one closing and the one made again)}
   */
  List<String> sessionsOf(String window) {
    return windowOfSession.entrySet().stream()
        .filter(entry -> entry.getValue().equals(window))
        .map(Map.Entry::getKey)
        .toList();
  }

  /**
   * What {@code window} kept, if {@code client} kept it and its file can be believed.
   *
   * @param window the window's id
   * @param client whose token asks
   * @return the kept initialize, or empty (no such window, another client's, or a file not safe)
   */
  Optional<Kept> read(String window, ClientTokens.Client client) {
    Path file = file(window);
    try {
      SafeFiles.checkDirectory(folder);
      Path checked = SafeFiles.checkSecretFile(file);
      if (Files.size(checked) > MAX_FILE_BYTES) {
        return Optional.empty();
      }
      JsonNode kept = Json.MAPPER.readTree(Files.readAllBytes(checked));
      if (!client.name().equals(kept.path("client").asText())
          || !client.kind().name().equals(kept.path("kind").asText())
          || !kept.path("params").isObject()) {
        LOG.log(Level.WARNING, "MCP over HTTP: window {0} was kept by another client", window);
        return Optional.empty();
      }
      String project = kept.path("project").isTextual() ? kept.path("project").asText() : null;
      return Optional.of(new Kept(project, Json.plainObject(kept.path("params"))));
    } catch (NoSuchFileException e) {
      LOG.log(Level.INFO, "MCP over HTTP: window {0} has no kept initialize", window);
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      LOG.log(Level.WARNING, "MCP over HTTP: window file {0} not read: {1}", file, e.toString());
      return Optional.empty();
    }
  }

  /** The window's session was deleted: its kept file goes. */
  void deleted(String session) {
    String window = windowOfSession.remove(session);
    if (window == null) {
      return;
    }
    try {
      Files.deleteIfExists(file(window));
    } catch (IOException e) {
      LOG.log(Level.WARNING, "MCP over HTTP: window file of {0} not removed: {1}", window, e);
    }
  }

  /** A session ended otherwise (idle, refused, the gateway stopping): its file stays. */
  void ended(String session) {
    windowOfSession.remove(session);
  }

  private Path file(String window) {
    return folder.resolve(window + ".json");
  }

  /** Removes the files written longest ago until a new one for {@code window} fits. */
  private void makeRoom(String window) throws IOException {
    if (Files.exists(file(window))) {
      return;
    }
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> listing = Files.newDirectoryStream(folder, "*.json")) {
      listing.forEach(files::add);
    }
    if (files.size() < MAX_WINDOWS) {
      return;
    }
    files.sort(Comparator.comparing(McpHttpWindows::written));
    for (Path old : files.subList(0, files.size() - MAX_WINDOWS + 1)) {
      Files.deleteIfExists(old);
    }
  }

  private static FileTime written(Path file) {
    try {
      return Files.getLastModifiedTime(file);
    } catch (IOException e) {
      return FileTime.fromMillis(0);
    }
  }
}
