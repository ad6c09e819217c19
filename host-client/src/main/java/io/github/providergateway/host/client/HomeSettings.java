package io.github.providergateway.host.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import io.github.providergateway.loop.base.SafeFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The settings of a gateway home, {@code <home>/settings.json}: the port its gateway listens on and
 * the providers' configuration it starts with. Given once (a gateway started with {@code --port N}
 * or {@code --config FILE} writes them here), they hold for every start of the home's gateway,
 * whoever starts it: the console, {@code --detached}, an agent's {@code gateway mcp}, a restart
 * after a crash, the service. Every client of the home finds the gateway through the home (the
 * running gateway's {@code gateway.port}, else this port), never through a default port alone.
 *
 * <pre>{@code
 * {"port": 9477, "config": "/home/me/work/providers.json", "watch": true}
 * }</pre>
 *
 * <p>Every field is optional. The file is read only when no other user could have written it
 * ({@link SafeFiles#checkFile}): a planted one could name a configuration whose providers the
 * gateway would start.
 *
 * @param port the home's port, 1..65535, or null when the home has none (the default, 9400, then)
 * @param config the providers' configuration file the gateway starts with, absolute, or null
 * @param watch whether the gateway watches {@code config} and reloads what a change concerns
 */
public record HomeSettings(Integer port, Path config, boolean watch) {

  /** The settings' name in the home. */
  public static final String FILE = "settings.json";

  /** The port of a home whose settings name none. */
  public static final int DEFAULT_PORT = 9400;

  /** A home with no settings. */
  public static final HomeSettings NONE = new HomeSettings(null, null, false);

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Settings are a few lines; more is not read. */
  private static final int MAX_BYTES = 64 * 1024;

  /**
   * Checks the settings.
   *
   * @param port 1..65535, or null
   * @param config absolute, or null
   * @param watch whether to watch {@code config}; only with one
   * @throws IllegalArgumentException when the port is out of range, the config path is relative, or
   *     {@code watch} is set without a config
   */
  public HomeSettings {
    if (port != null && (port < 1 || port > 65535)) {
      throw new IllegalArgumentException("port must be 1..65535, was " + port);
    }
    if (config != null && !config.isAbsolute()) {
      throw new IllegalArgumentException("config must be an absolute path, was " + config);
    }
    if (watch && config == null) {
      throw new IllegalArgumentException("watch needs a config");
    }
  }

  /** {@return the port the home's gateway listens on: its own, else {@link #DEFAULT_PORT}} */
  public int portOrDefault() {
    return port != null ? port : DEFAULT_PORT;
  }

  /**
   * {@return these settings with {@code port}}
   *
   * @param port 1..65535
   */
  public HomeSettings withPort(int port) {
    return new HomeSettings(port, config, watch);
  }

  /**
   * {@return these settings with the configuration {@code config}, watched or not; null for none}
   *
   * @param config absolute, or null for no configuration
   * @param watch whether to watch it
   */
  public HomeSettings withConfig(Path config, boolean watch) {
    return new HomeSettings(port, config, watch);
  }

  /**
   * The settings of {@code home}; {@link #NONE} when it has none.
   *
   * @param home the gateway's home
   * @return its settings
   * @throws io.github.providergateway.loop.base.UnsafeFileException when another user could have
   *     written the file
   * @throws IOException when it cannot be read or is not settings this version reads: its message
   *     names the file and what is wrong
   */
  public static HomeSettings read(Path home) throws IOException {
    Path file = home.resolve(FILE);
    JsonNode root;
    try {
      Path checked = SafeFiles.checkFile(file);
      try (InputStream in = Files.newInputStream(checked, LinkOption.NOFOLLOW_LINKS)) {
        byte[] bytes = in.readNBytes(MAX_BYTES + 1);
        if (bytes.length > MAX_BYTES) {
          throw new IOException(file + " is larger than " + MAX_BYTES + " bytes");
        }
        try {
          root = JSON.readTree(bytes);
        } catch (IOException e) {
          throw new IOException(file + " is not JSON: " + e.getMessage(), e);
        }
      }
    } catch (NoSuchFileException absent) {
      return NONE;
    }
    if (root == null || !root.isObject()) {
      throw new IOException(file + " must hold one JSON object");
    }
    try {
      Integer port = null;
      JsonNode p = root.get("port");
      if (p != null && !p.isNull()) {
        if (!p.canConvertToInt() || !p.isIntegralNumber()) {
          throw new IllegalArgumentException("port must be a whole number, was " + p);
        }
        port = p.intValue();
      }
      Path config = null;
      JsonNode c = root.get("config");
      if (c != null && !c.isNull()) {
        if (!c.isTextual()) {
          throw new IllegalArgumentException("config must be a path, was " + c);
        }
        config = Path.of(c.textValue());
      }
      return new HomeSettings(port, config, root.path("watch").asBoolean(false));
    } catch (IllegalArgumentException e) { // InvalidPathException too
      throw new IOException(file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Writes these settings as {@code home}'s: owner-only, replacing the file whole (a reader never
   * sees it half-written). Only the home's gateway writes it, holding the home's lock.
   *
   * @param home the gateway's home, which exists
   * @throws IOException when the file cannot be written; the old one then stands
   */
  public void write(Path home) throws IOException {
    ObjectNode root = JSON.createObjectNode();
    if (port != null) {
      root.put("port", port);
    }
    if (config != null) {
      root.put("config", config.toString());
    }
    if (watch) {
      root.put("watch", true);
    }
    byte[] text =
        (JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n")
            .getBytes(StandardCharsets.UTF_8);
    OwnerOnlyFiles.replace(home.resolve(FILE), text);
  }
}
