package io.github.providergateway.provider.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.GatewayAddress;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.spi.ProviderAuth;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Where a provider finds its gateway and its token when nobody passes them in: the variables the
 * gateway sets for the providers it spawns, and the gateway's home for the ones a person starts
 * (docs/providers.md, "Finding the gateway"). Read exactly as the Node and Python examples read
 * them (examples/node/session.mjs, examples/python/gateway_home.py), so that one environment serves
 * a provider in any language: an empty variable counts as unset.
 *
 * <ul>
 *   <li>the home: {@value #HOME_DIR}, else {@code <COPILOT_HOME>/extensions/tap}, where {@code
 *       COPILOT_HOME} defaults to {@code ~/.copilot} ({@code ~} is {@code HOME}, else the JVM's
 *       {@code user.home});
 *   <li>the URL: {@value #URL}, pinned; else {@code ws://127.0.0.1:<port>}, the port looked up at
 *       every connection: the home's {@value #PORT_FILE} (every running gateway writes it), else
 *       its {@value #SETTINGS_FILE}'s {@code port}, else 9400. So a provider follows a gateway that
 *       restarted on another port;
 *   <li>the token: {@value #TOKEN}, else the home's token file, read again at every connection
 *       (each start of a gateway writes a new one).
 * </ul>
 */
final class ProviderEnvironment {

  static final String URL = "TAP_GATEWAY_URL";
  static final String TOKEN = "TAP_PROVIDER_TOKEN";
  static final String HOME_DIR = "TAP_HOME";
  static final String COPILOT_HOME = "COPILOT_HOME";
  static final String HOME = "HOME";

  /** The file where the home's running gateway says its port. */
  static final String PORT_FILE = "gateway.port";

  /** The home's settings, which may name its port. */
  static final String SETTINGS_FILE = "settings.json";

  private static final ProtocolCodec JSON = ProtocolCodec.create();

  /** Settings are a few lines; more is not read. */
  private static final int MAX_SETTINGS_BYTES = 64 * 1024;

  private final Map<String, String> variables;

  /** The kernel's tables of sockets, where who listens on the home's port is looked up. */
  private final Path socketTables;

  /** This process's user id ({@link LoopbackListener#currentUid}): read once, it never changes. */
  private final long uid = LoopbackListener.currentUid();

  ProviderEnvironment(Map<String, String> variables) {
    this(variables, LoopbackListener.PROC_NET);
  }

  ProviderEnvironment(Map<String, String> variables, Path socketTables) {
    this.variables = variables;
    this.socketTables = socketTables;
  }

  /**
   * Where to connect, asked at every connection: {@value #URL} when set, else the home's gateway as
   * it is then ({@link #homeUri}).
   *
   * @throws IllegalArgumentException now, when {@value #URL} is not a {@code ws://} or {@code
   *     wss://} URI
   */
  Supplier<URI> address() {
    String url = get(URL);
    if (url == null) {
      return this::homeUri;
    }
    try {
      URI pinned = WebSocketProviderClient.checkScheme(new URI(url));
      return () -> pinned;
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(URL + " is not a URI: " + url, e);
    }
  }

  /**
   * The home's gateway now: {@code ws://127.0.0.1:<port>} with the port of {@value #PORT_FILE},
   * else of {@value #SETTINGS_FILE}, else 9400.
   *
   * @throws GatewayNotThere when the token file is newer than {@value #PORT_FILE}: a gateway has
   *     started since that port was written (the last one was killed) and does not listen yet; the
   *     new token must not go to the dead gateway's port, which anyone may have taken since; and
   *     when another user listens on the port ({@link LoopbackListener})
   */
  URI homeUri() {
    Path home = home();
    Path portFile = home.resolve(PORT_FILE);
    Integer port = portIn(read(portFile));
    if (port != null) {
      if (get(TOKEN) == null && modified(tokenFile()).compareTo(modified(portFile)) > 0) {
        throw new GatewayNotThere(
            "the gateway of "
                + home
                + " is starting (its token is newer than "
                + portFile
                + "); waiting for it to listen");
      }
    } else {
      port = settingsPort(home.resolve(SETTINGS_FILE));
    }
    int at = port != null ? port : GatewayAddress.DEFAULT_PORT;
    if (LoopbackListener.at(socketTables, at, uid) == LoopbackListener.Owner.ANOTHER_USER) {
      // A port a crashed gateway left: whoever took it must get neither the token nor the
      // provider's tools to call. Nobody listening is only refused by the connection itself.
      throw new GatewayNotThere(
          "another user listens on port "
              + at
              + " (the gateway of "
              + home
              + " is not running there); waiting for the home's gateway");
    }
    return URI.create("ws://127.0.0.1:" + at);
  }

  /**
   * How the provider authenticates: {@value #TOKEN} on every connection when set, else the home's
   * token file, read now (it must be there) and again at every connection; when a later read fails
   * (the gateway stopped and took its file along), the last token read is presented.
   *
   * @throws IllegalStateException when there is neither the variable nor a readable, non-empty
   *     token file; the message names both, as the examples' does
   */
  ProviderAuth auth() {
    String token = get(TOKEN);
    if (token != null) {
      return ProviderAuth.token(token);
    }
    Path file = tokenFile();
    String first;
    try {
      first = Files.readString(file).strip();
    } catch (IOException e) {
      throw new IllegalStateException(
          "No " + TOKEN + " and no token file at " + file + ": is the gateway running?", e);
    }
    if (first.isEmpty()) {
      throw new IllegalStateException(
          "No " + TOKEN + ", and the token file at " + file + " is empty");
    }
    String[] last = {first}; // on the provider's loop only, as every source call
    return ProviderAuth.tokenFrom(
        () -> {
          String now = read(file);
          if (now != null && !now.isEmpty()) {
            last[0] = now;
          }
          return last[0];
        });
  }

  /** The gateway's home. */
  Path home() {
    String named = get(HOME_DIR);
    if (named != null) {
      return Path.of(named).toAbsolutePath().normalize();
    }
    String copilotHome = get(COPILOT_HOME);
    Path base = copilotHome != null ? Path.of(copilotHome) : userHome().resolve(".copilot");
    return base.resolve("extensions").resolve("tap").toAbsolutePath().normalize();
  }

  /** Where the home's gateway writes its token. */
  Path tokenFile() {
    return home().resolve(GatewayAddress.TOKEN_FILE_NAME);
  }

  private Path userHome() {
    String home = get(HOME);
    return Path.of(home != null ? home : System.getProperty("user.home"));
  }

  /** The variable's value, or null when it is unset or empty. */
  private String get(String name) {
    String value = variables.get(name);
    return value == null || value.isEmpty() ? null : value;
  }

  /** The file's text, stripped, or null when it cannot be read. */
  private static String read(Path file) {
    try {
      return Files.readString(file).strip();
    } catch (IOException e) {
      return null;
    }
  }

  /** The port the settings name, or null when they name none or cannot be read. */
  private static Integer settingsPort(Path file) {
    try {
      if (Files.size(file) > MAX_SETTINGS_BYTES) {
        return null;
      }
      JsonNode port = JSON.parseJson(Files.readString(file)).path("port");
      return port.isIntegralNumber() ? portIn(port.asText()) : null;
    } catch (IOException | RuntimeException e) {
      return null; // unreadable settings name no port; the gateway itself says what is wrong
    }
  }

  /** {@code text} as a port, 1..65535, or null. */
  private static Integer portIn(String text) {
    if (text == null
        || text.isEmpty()
        || text.length() > 5
        || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return null;
    }
    int port = Integer.parseInt(text);
    return port >= 1 && port <= 65535 ? port : null;
  }

  /** When the file was last written; the epoch when it is not there. */
  private static FileTime modified(Path file) {
    try {
      return Files.getLastModifiedTime(file);
    } catch (IOException e) {
      return FileTime.fromMillis(Long.MIN_VALUE);
    }
  }

  /**
   * The home's gateway does not listen yet (it is starting), or not where its home says (another
   * user listens there): try again later.
   */
  static final class GatewayNotThere extends RuntimeException {
    private static final long serialVersionUID = 1L;

    GatewayNotThere(String message) {
      super(message, null, false, false);
    }
  }
}
