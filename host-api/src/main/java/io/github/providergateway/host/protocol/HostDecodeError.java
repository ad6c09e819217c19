package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Why a text is not a valid host command (or reply or event), with what could be read of it.
 *
 * @param code what to answer with: {@code INVALID_JSON} (not a JSON object), {@code
 *     INVALID_ARGUMENT} ({@code cmd} or a field missing or mistyped; the detail names it), {@code
 *     UNKNOWN_COMMAND} (a {@code cmd} this library does not know)
 * @param detail a human-readable explanation
 * @param id the text's {@code id}, when it was a JSON object with one; echo it in the reply
 * @param cmd the text's {@code cmd}, when readable
 */
public record HostDecodeError(RpcErrorCode code, String detail, JsonNode id, String cmd) {

  /**
   * Checks the required fields.
   *
   * @param code what to answer with: {@code INVALID_JSON} (not a JSON object), {@code
   *     INVALID_ARGUMENT} ({@code cmd} or a field missing or mistyped; the detail names it), {@code
   *     UNKNOWN_COMMAND} (a {@code cmd} this library does not know)
   * @param detail a human-readable explanation
   * @param id the text's {@code id}, when it was a JSON object with one; echo it in the reply
   * @param cmd the text's {@code cmd}, when readable
   * @throws NullPointerException when {@code code} or {@code detail} is null
   */
  public HostDecodeError {
    requireNonNull(code, "code");
    requireNonNull(detail, "detail");
  }

  /** {@return the reply that answers this error} */
  public HostReply.Failed reply() {
    return HostReply.failed(id, code, detail);
  }
}
