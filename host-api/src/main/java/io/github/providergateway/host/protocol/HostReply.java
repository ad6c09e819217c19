package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The answer to one {@link HostCommand}: {@code {"id":..,"ok":true, ...fields}} or {@code
 * {"id":..,"ok":false,"error":{"code":..,"message":..}}}. The {@code id} is the command's, echoed
 * exactly; a command without one gets a reply without one.
 */
public sealed interface HostReply extends HostOutput permits HostReply.Ok, HostReply.Failed {

  /** {@return the command's {@code id}, or {@code null}} */
  JsonNode id();

  /** {@return whether the command succeeded} */
  boolean ok();

  /**
   * A success with no fields besides {@code id} and {@code ok}.
   *
   * @param id the {@code id} of the command it answers; {@code null} when that had none
   * @return the reply
   */
  static Ok ok(JsonNode id) {
    return new Ok(id, JsonNodeFactory.instance.objectNode());
  }

  /**
   * A refusal.
   *
   * @param id the {@code id} of the command it answers; {@code null} when that had none
   * @param code why
   * @param message what went wrong, for people
   * @return the reply
   */
  static Failed failed(JsonNode id, RpcErrorCode code, String message) {
    return new Failed(id, code, code.name(), message);
  }

  /**
   * A success.
   *
   * @param fields the reply's fields besides {@code id} and {@code ok} (their names and shapes are
   *     the command's, host-rpc.md); treat as read-only
   * @param id the {@code id} of the command it answers; {@code null} when that had none
   */
  record Ok(JsonNode id, ObjectNode fields) implements HostReply {
    /**
     * Checks the required fields.
     *
     * @param id the {@code id} of the command it answers; {@code null} when that had none
     * @param fields the reply's fields besides {@code id} and {@code ok} (their names and shapes
     *     are the command's, host-rpc.md); treat as read-only
     * @throws NullPointerException when {@code fields} is null
     * @throws IllegalArgumentException when {@code fields} holds {@code id} or {@code ok}
     */
    public Ok {
      requireNonNull(fields, "fields");
      if (fields.has("id") || fields.has("ok")) {
        throw new IllegalArgumentException("fields must not hold \"id\" or \"ok\"");
      }
    }

    @Override
    public boolean ok() {
      return true;
    }
  }

  /**
   * A refusal.
   *
   * @param code the code; {@link RpcErrorCode#UNKNOWN} for one this library does not know
   * @param codeText the code exactly as written
   * @param message what went wrong, for people
   * @param id the {@code id} of the command it answers; {@code null} when that had none
   */
  record Failed(JsonNode id, RpcErrorCode code, String codeText, String message)
      implements HostReply {
    /**
     * Checks the required fields.
     *
     * @param id the {@code id} of the command it answers; {@code null} when that had none
     * @param code the code; {@link RpcErrorCode#UNKNOWN} for one this library does not know
     * @param codeText the code exactly as written
     * @param message what went wrong, for people
     * @throws NullPointerException when {@code code} or {@code codeText} is null
     */
    public Failed {
      requireNonNull(code, "code");
      requireNonNull(codeText, "codeText");
      message = message == null ? "" : message;
    }

    @Override
    public boolean ok() {
      return false;
    }
  }
}
