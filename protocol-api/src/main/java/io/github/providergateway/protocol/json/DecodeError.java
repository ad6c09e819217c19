package io.github.providergateway.protocol.json;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.ErrorCode;

/**
 * Why a text could not be decoded into a message, with as much of the message as could be read.
 *
 * @param code the protocol error to answer with: {@code INVALID_JSON} for malformed JSON, a
 *     non-object, a missing or non-string {@code type}, or a missing or mistyped field; {@code
 *     UNSUPPORTED_VERSION} for a {@code hello} whose {@code protocolVersion} is missing or not a
 *     number; {@code PAYLOAD_TOO_LARGE} for a text over its size limit
 * @param detail a human-readable explanation naming the field at fault
 * @param type the message's {@code type}, when it could be read
 * @param id the message's {@code id} (of a {@code tool.result} or {@code tool.progress}), when
 *     readable
 * @param callId the message's {@code callId} (of a {@code gate.result} or {@code
 *     transform.result}), when readable
 * @param requestId the message's {@code requestId} (of an update), when readable
 * @param sessionId the message's {@code sessionId}, when readable
 */
public record DecodeError(
    ErrorCode code,
    String detail,
    String type,
    String id,
    String callId,
    String requestId,
    String sessionId) {

  /**
   * Checks the required fields.
   *
   * @param code the protocol error to answer with: {@code INVALID_JSON} for malformed JSON, a
   *     non-object, a missing or non-string {@code type}, or a missing or mistyped field; {@code
   *     UNSUPPORTED_VERSION} for a {@code hello} whose {@code protocolVersion} is missing or not a
   *     number; {@code PAYLOAD_TOO_LARGE} for a text over its size limit
   * @param detail a human-readable explanation naming the field at fault
   * @param type the message's {@code type}, when it could be read
   * @param id the message's {@code id} (of a {@code tool.result} or {@code tool.progress}), when
   *     readable
   * @param callId the message's {@code callId} (of a {@code gate.result} or {@code
   *     transform.result}), when readable
   * @param requestId the message's {@code requestId} (of an update), when readable
   * @param sessionId the message's {@code sessionId}, when readable
   * @throws NullPointerException when {@code code} or {@code detail} is null
   */
  public DecodeError {
    requireNonNull(code, "code");
    requireNonNull(detail, "detail");
  }

  /**
   * An error about a text of which nothing could be read.
   *
   * @param code what to answer with
   * @param detail a human-readable explanation
   * @return the error, with no type or ids
   */
  public static DecodeError unreadable(ErrorCode code, String detail) {
    return new DecodeError(code, detail, null, null, null, null, null);
  }
}
