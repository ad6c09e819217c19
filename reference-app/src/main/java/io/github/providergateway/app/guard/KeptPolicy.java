package io.github.providergateway.app.guard;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.app.home.RegularFileRead;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import io.github.providergateway.loop.base.SafeFiles;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.Base64;

/**
 * What the home keeps of the organisation's policy (issue 66), in {@value #FILE_NAME}, owner-only:
 * the last good policy (its exact bytes, its signature, its ETag, where and when it was fetched),
 * the last error, and the layer in force, which {@code gateway status} prints with no gateway
 * running. The gateway believes none of it: the kept policy is verified and parsed again when it is
 * loaded, and its expiry checked, exactly as a fetched one.
 *
 * @param lastGood the last good policy, or null when none was ever good
 * @param inForce the label of the layer in force ({@code org:v12}, {@code builtin}, {@code deny})
 * @param lastError the last refusal or failure, or null since the last good fetch
 * @param lastErrorAt when it happened, or null
 * @param checkedAt when the source was last asked, or null
 */
public record KeptPolicy(
    Good lastGood, String inForce, String lastError, Instant lastErrorAt, Instant checkedAt) {

  /** The file in the home. */
  public static final String FILE_NAME = "policy-kept.json";

  /** The largest kept file read: a 1 MiB policy's base64 and a little more. */
  static final int MAX_BYTES = 4 << 20;

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  /**
   * A policy that was good when fetched.
   *
   * @param policy its exact bytes
   * @param signature its signature's text
   * @param etag its ETag, or null
   * @param source where it was fetched from
   * @param fetchedAt when
   * @param version its signed version, kept so a status can name it without the key
   */
  public record Good(
      byte[] policy,
      String signature,
      String etag,
      String source,
      Instant fetchedAt,
      long version) {

    /** {@return this policy with {@code signed}, the version its signed bytes give} */
    Good withVersion(long signed) {
      return new Good(policy, signature, etag, source, fetchedAt, signed);
    }
  }

  /** {@return nothing kept} */
  static KeptPolicy empty() {
    return new KeptPolicy(null, null, null, null, null);
  }

  /** {@return where {@code home} keeps it} */
  public static Path file(Path home) {
    return home.resolve(FILE_NAME);
  }

  /**
   * What {@code home} keeps; {@link #empty()} when nothing.
   *
   * @throws IOException when the file is there but cannot be read or believed (another user could
   *     have written it, it is not JSON of this shape): the caller starts as with nothing kept
   */
  public static KeptPolicy read(Path home) throws IOException {
    Path file;
    try {
      file = SafeFiles.checkFile(file(home));
    } catch (NoSuchFileException absent) {
      return empty();
    }
    byte[] bytes = RegularFileRead.read(file, MAX_BYTES);
    if (bytes.length > MAX_BYTES) {
      throw new IOException(file + " is larger than " + MAX_BYTES + " bytes");
    }
    try {
      JsonNode root = CODEC.parseJson(new String(bytes, UTF_8));
      JsonNode good = root.path("lastGood");
      Good kept = null;
      if (good.isObject()) {
        kept =
            new Good(
                Base64.getDecoder().decode(good.path("policy").asText("")),
                good.path("signature").asText(""),
                text(good, "etag"),
                good.path("source").asText(""),
                instant(good, "fetchedAt"),
                good.path("version").asLong(-1));
      }
      return new KeptPolicy(
          kept,
          text(root, "inForce"),
          text(root, "lastError"),
          instant(root, "lastErrorAt"),
          instant(root, "checkedAt"));
    } catch (IllegalArgumentException | DateTimeException e) {
      throw new IOException(file + " is not what the gateway keeps (" + e.getMessage() + ")");
    }
  }

  /** Writes this to {@code home}, owner-only, in one step. */
  void write(Path home) throws IOException {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    if (lastGood != null) {
      ObjectNode good = root.putObject("lastGood");
      good.put("version", lastGood.version());
      good.put("source", lastGood.source());
      good.put("fetchedAt", String.valueOf(lastGood.fetchedAt()));
      if (lastGood.etag() != null) {
        good.put("etag", lastGood.etag());
      }
      good.put("signature", lastGood.signature().strip());
      good.put("policy", Base64.getEncoder().encodeToString(lastGood.policy()));
    }
    putIf(root, "inForce", inForce);
    putIf(root, "lastError", lastError);
    putIf(root, "lastErrorAt", lastErrorAt == null ? null : lastErrorAt.toString());
    putIf(root, "checkedAt", checkedAt == null ? null : checkedAt.toString());
    OwnerOnlyFiles.replace(file(home), (root.toPrettyString() + "\n").getBytes(UTF_8));
  }

  KeptPolicy withGood(Good good, String label, Instant at) {
    return new KeptPolicy(good, label, null, null, at);
  }

  KeptPolicy withError(String error, String label, Instant at) {
    return new KeptPolicy(lastGood, label, error, at, at);
  }

  KeptPolicy withInForce(String label) {
    return new KeptPolicy(lastGood, label, lastError, lastErrorAt, checkedAt);
  }

  KeptPolicy withoutGood() {
    return new KeptPolicy(null, inForce, lastError, lastErrorAt, checkedAt);
  }

  KeptPolicy checked(Instant at) {
    return new KeptPolicy(lastGood, inForce, null, null, at);
  }

  private static void putIf(ObjectNode node, String name, String value) {
    if (value != null) {
      node.put(name, value);
    }
  }

  private static String text(JsonNode node, String name) {
    JsonNode value = node.get(name);
    return value == null || value.isNull() ? null : value.asText();
  }

  private static Instant instant(JsonNode node, String name) {
    String text = text(node, name);
    return text == null ? null : Instant.parse(text);
  }
}
