package io.github.providergateway.app.guard;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.home.JsonBreak;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Iterator;
import java.util.Set;

/**
 * The organisation's signed policy (issue 66, docs/team.md "The signed policy"): a JSON object
 *
 * <pre>{@code
 * {"version": 12, "expires": "2027-01-31T00:00:00Z",
 *  "description": "optional, for people",
 *  "guard": {"preset": "strict", "rules": [{"id": "no-prod", "action": "deny", "command": "kubectl * --context prod*"}]}}
 * }</pre>
 *
 * whose {@code guard} has the shape of the person's config's {@code "guard"} object. Read strictly:
 * an entry of the guard the gateway would leave out (an unknown field, a bad pattern) refuses the
 * whole policy, because leaving out an organisation's deny rule would loosen what it signed; so
 * does an unknown key at the top. {@code sandbox} is not read from a policy (the person's own).
 *
 * @param version the signed version: an integer, larger in each newer policy
 * @param expires when the policy stops being used
 * @param guard the organisation's guard settings
 */
public record PolicyDocument(long version, Instant expires, GuardSettings guard) {

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  private static final Set<String> KEYS = Set.of("version", "expires", "guard", "description");

  /** Bytes that are not a policy: the message says what is wrong, never what the bytes held. */
  public static final class NotAPolicyException extends Exception {
    private static final long serialVersionUID = 1L;

    NotAPolicyException(String message) {
      super(message);
    }
  }

  /**
   * Reads a policy's exact bytes.
   *
   * @throws NotAPolicyException naming what is wrong
   */
  public static PolicyDocument parse(byte[] bytes) throws NotAPolicyException {
    String text = new String(bytes, UTF_8);
    JsonNode root;
    try {
      root = CODEC.parseJson(text);
    } catch (IllegalArgumentException e) {
      throw new NotAPolicyException("not a policy: it is " + JsonBreak.at(text));
    }
    if (root == null || !root.isObject()) {
      throw new NotAPolicyException("not a policy: not a JSON object");
    }
    Iterator<String> names = root.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (!KEYS.contains(name)) {
        throw new NotAPolicyException(
            "not a policy: unknown key '" + name + "' (version, expires, guard, description)");
      }
    }
    JsonNode version = root.get("version");
    if (version == null || !version.canConvertToLong() || !version.isIntegralNumber()) {
      throw new NotAPolicyException("not a policy: 'version' must be an integer");
    }
    if (version.asLong() < 0) {
      throw new NotAPolicyException("not a policy: 'version' must not be negative");
    }
    JsonNode expires = root.get("expires");
    if (expires == null || !expires.isTextual()) {
      throw new NotAPolicyException(
          "not a policy: 'expires' must be an instant such as 2027-01-31T00:00:00Z");
    }
    Instant expiry;
    try {
      expiry = Instant.parse(expires.asText());
    } catch (DateTimeParseException e) {
      throw new NotAPolicyException(
          "not a policy: 'expires' is no instant such as 2027-01-31T00:00:00Z");
    }
    JsonNode guardNode = root.get("guard");
    if (guardNode == null || !guardNode.isObject()) {
      throw new NotAPolicyException("not a policy: 'guard' must be an object");
    }
    if (guardNode.has("sandbox")) {
      throw new NotAPolicyException(
          "not a policy: guard.sandbox is the person's own setting, not a policy's");
    }
    GuardSettings guard = GuardSettings.personal(guardNode);
    if (!guard.problems().isEmpty()) {
      // Left out, an organisation's rule would loosen what it signed: the whole policy is refused.
      throw new NotAPolicyException("not a policy: " + String.join("; ", guard.problems()));
    }
    return new PolicyDocument(version.asLong(), expiry, guard);
  }

  /** {@return whether the policy has expired at {@code now}: at its expiry instant it has} */
  public boolean expiredAt(Instant now) {
    return !now.isBefore(expires);
  }
}
