package io.github.providergateway.app.home;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.loop.base.SafeFiles;
import io.github.providergateway.loop.base.UnsafeFileException;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The organisation's settings (issue 66, docs/team.md): {@code
 * /etc/provider-gateway/settings.json}, which a system install ({@code install.sh --system})
 * creates root-owned, so that neither the developer nor their agent can change it. Every user's
 * gateway reads it at start; what it names binds that user: the signed policy ({@link #policy}),
 * where the audit trail is sent ({@link #audit}), the host's id ({@link #hostId}).
 *
 * <p>A file that anyone but root could have written is not the organisation's: it is refused, and
 * said so ({@link #problems}), exactly as a file that is not JSON. Refused, the settings are {@link
 * #none none}, and the gateway runs as it would with no system install: the folder is root's, so
 * only root could have made a file that is not root's there, and nothing it names is trusted.
 *
 * <p>Where the folder is: {@value #DEFAULT_DIR}; on a machine where that holds no settings file,
 * the JVM property {@value #DIR_PROPERTY} may name another (the tests' own folder, a system install
 * under {@code GATEWAY_SYSTEM_ROOT}). A machine the organisation manages has the file, and then no
 * JVM option moves it.
 *
 * @param dir the folder the settings were read from
 * @param file whether {@code settings.json} was there (and used)
 * @param root the settings, an empty object when there are none
 * @param problems what was wrong with the file, a sentence each; empty when all was well
 */
public record SystemSettings(Path dir, boolean file, ObjectNode root, List<String> problems) {

  /** Where a system install keeps the organisation's settings. */
  public static final String DEFAULT_DIR = "/etc/provider-gateway";

  /** The JVM property that moves {@link #DEFAULT_DIR} (tests). */
  public static final String DIR_PROPERTY = "provider-gateway.system-dir";

  /** The settings file in the folder. */
  public static final String FILE = "settings.json";

  /** The largest settings file read. */
  static final int MAX_BYTES = 64 * 1024;

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  /** No system settings: what a machine with no system install has. */
  public static SystemSettings none(Path dir) {
    return new SystemSettings(dir, false, JsonNodeFactory.instance.objectNode(), List.of());
  }

  public SystemSettings {
    problems = List.copyOf(problems);
  }

  /**
   * {@return the folder of this JVM's system settings: {@value #DEFAULT_DIR} when it holds a
   * settings file, else the property's, else the default}
   */
  public static Path systemDir() {
    return systemDir(Path.of(DEFAULT_DIR), System.getProperty(DIR_PROPERTY));
  }

  /**
   * The folder of the system settings, given the fixed one and the property's value: the property
   * moves it only on a machine whose fixed folder has no settings file, so that on a machine the
   * organisation manages no JVM option (a developer's {@code GATEWAY_JAVA_OPTS}) points the gateway
   * away from the organisation's settings.
   */
  static Path systemDir(Path fixed, String property) {
    if (property == null
        || property.isBlank()
        || Files.exists(fixed.resolve(FILE), LinkOption.NOFOLLOW_LINKS)) {
      return fixed;
    }
    return Path.of(property);
  }

  /** {@return this machine's system settings, read now} never throws */
  public static SystemSettings read() {
    return read(systemDir());
  }

  /**
   * The settings in {@code dir}: none when it has no {@value #FILE}; refused (none, with the reason
   * in {@link #problems}) when the file is a link, not regular, writable by group or others, not
   * owned by root, larger than {@value #MAX_BYTES} bytes or not a JSON object.
   *
   * @return the settings; never throws
   */
  public static SystemSettings read(Path dir) {
    Path path = dir.resolve(FILE);
    Path checked;
    try {
      checked = SafeFiles.checkRootFile(path);
    } catch (NoSuchFileException absent) {
      return none(dir);
    } catch (UnsafeFileException unsafe) {
      return refused(dir, unsafe.getMessage() + ": it is not the organisation's, and is ignored");
    } catch (IOException e) {
      return refused(dir, path + " cannot be read (" + e.getMessage() + ")");
    }
    byte[] bytes;
    try {
      bytes = RegularFileRead.read(checked, MAX_BYTES);
    } catch (IOException e) {
      return refused(dir, path + " cannot be read (" + e.getMessage() + ")");
    }
    if (bytes.length > MAX_BYTES) {
      return refused(dir, path + " is larger than " + MAX_BYTES + " bytes");
    }
    String text = new String(bytes, StandardCharsets.UTF_8);
    JsonNode parsed;
    try {
      parsed = CODEC.parseJson(text);
    } catch (IllegalArgumentException e) {
      return refused(dir, path + " is " + JsonBreak.at(text));
    }
    if (!(parsed instanceof ObjectNode object)) {
      return refused(dir, path + " is not a JSON object");
    }
    return new SystemSettings(dir, true, object, List.of());
  }

  private static SystemSettings refused(Path dir, String why) {
    List<String> problems = new ArrayList<>();
    problems.add(why);
    return new SystemSettings(dir, false, JsonNodeFactory.instance.objectNode(), problems);
  }

  /** {@return the {@code "policy"} object (issue 66's signed policy), or a missing node} */
  public JsonNode policy() {
    return root.path("policy");
  }

  /** {@return the {@code "audit"} object (where the trail is sent), or a missing node} */
  public JsonNode audit() {
    return root.path("audit");
  }

  /** {@return the {@code "hostId"} the organisation gives this machine, or null} */
  public String hostId() {
    JsonNode id = root.path("hostId");
    return id.isTextual() && !id.asText().isBlank() ? id.asText() : null;
  }

  /**
   * {@return one line for {@code gateway doctor}: whether this machine has the organisation's
   * settings, and where; or why they were refused}
   */
  public String summary() {
    Path path = dir.resolve(FILE);
    if (!problems.isEmpty()) {
      return "refused: " + String.join("; ", problems);
    }
    return file ? "read from " + path : "none (no " + path + ": no system install binds this user)";
  }

  /** {@return {@code name} resolved against the settings' folder, for files it names} */
  public Path resolve(String name) {
    return dir.resolve(name);
  }
}
