package io.github.providergateway.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code tool.result}: the answer to a {@code tool.call}, in one of three shapes.
 *
 * <pre>{@code
 * {"type":"tool.result","id":"call-123","data":{"user":"alice"}}
 * {"type":"tool.result","id":"call-123","error":"Element not found","errorCode":"NOT_FOUND","retryable":false}
 * {"type":"tool.result","id":"call-123","file":{"path":"/…/shot.png","mimeType":"image/png","size":8421000,"ttl":300}}
 * }</pre>
 *
 * <p>A result is a failure when it has {@code error} or {@code errorCode}, whatever else it has; a
 * file result when it has {@code file}; otherwise a success whose {@code data} may be absent (a
 * JavaScript provider answering {@code undefined}).
 *
 * @param id the {@code tool.call} id this answers
 * @param data the success value; {@code null} when absent ({@code NullNode} for a JSON null)
 * @param error the failure text
 * @param errorCode the failure code; {@link ToolErrorCode#UNKNOWN} for a code this library does not
 *     know, whose text is then in {@code unknownErrorCode}
 * @param retryable whether the gateway may retry the call on another instance
 * @param file a file reference instead of inline data
 * @param unknownErrorCode the original text of an unrecognized {@code errorCode}, else {@code null}
 */
public record ToolResult(
    String id,
    JsonNode data,
    String error,
    ToolErrorCode errorCode,
    Boolean retryable,
    FileRef file,
    String unknownErrorCode)
    implements ProviderMessage {

  /**
   * Checks the required fields.
   *
   * @param id the {@code tool.call} id this answers
   * @param data the success value; {@code null} when absent ({@code NullNode} for a JSON null)
   * @param error the failure text
   * @param errorCode the failure code; {@link ToolErrorCode#UNKNOWN} for a code this library does
   *     not know, whose text is then in {@code unknownErrorCode}
   * @param retryable whether the gateway may retry the call on another instance
   * @param file a file reference instead of inline data
   * @param unknownErrorCode the original text of an unrecognized {@code errorCode}, else {@code
   *     null}
   * @throws NullPointerException when {@code id} is null
   * @throws IllegalArgumentException when {@code id} is empty, or {@code unknownErrorCode} is given
   *     while {@code errorCode} is not {@code UNKNOWN}, or the other way round
   */
  public ToolResult {
    Require.nonEmpty(id, "id");
    if ((errorCode == ToolErrorCode.UNKNOWN) != (unknownErrorCode != null)) {
      throw new IllegalArgumentException(
          "unknownErrorCode is given exactly when errorCode is UNKNOWN");
    }
  }

  /**
   * A success carrying {@code data}.
   *
   * @param id the {@code tool.call}'s id
   * @param data the result for the agent
   * @return the message
   */
  public static ToolResult success(String id, JsonNode data) {
    return new ToolResult(id, data, null, null, null, null, null);
  }

  /**
   * A failure with a text and a code.
   *
   * @param id the {@code tool.call}'s id
   * @param error what went wrong, for the agent
   * @param errorCode the code; not {@link ToolErrorCode#UNKNOWN}
   * @return the message
   */
  public static ToolResult failure(String id, String error, ToolErrorCode errorCode) {
    return new ToolResult(id, null, error, errorCode, null, null, null);
  }

  /**
   * The answer every provider owes a {@code tool.cancel}.
   *
   * @param id the cancelled call's id
   * @return the message, with {@code errorCode: CANCELLED}
   */
  public static ToolResult cancelled(String id) {
    return failure(id, "Cancelled", ToolErrorCode.CANCELLED);
  }

  /**
   * A result left in a file.
   *
   * @param id the {@code tool.call}'s id
   * @param file where the result is
   * @return the message
   */
  public static ToolResult file(String id, FileRef file) {
    return new ToolResult(id, null, null, null, null, file, null);
  }

  /**
   * This result marked retryable (or not).
   *
   * @param retryable whether the gateway may retry the call on another instance
   * @return a new result; this one is unchanged
   */
  public ToolResult withRetryable(boolean retryable) {
    return new ToolResult(id, data, error, errorCode, retryable, file, unknownErrorCode);
  }

  /** {@return whether this is a failure: it has {@code error} or {@code errorCode}} */
  public boolean isFailure() {
    return error != null || errorCode != null;
  }

  /** {@return whether this failure is the {@code CANCELLED} answer to a {@code tool.cancel}} */
  public boolean isCancelled() {
    return errorCode == ToolErrorCode.CANCELLED;
  }

  /** {@return whether this is a file result (and not a failure)} */
  public boolean isFile() {
    return !isFailure() && file != null;
  }

  /** {@return whether the provider marked this failure retryable on another instance} */
  public boolean isRetryable() {
    return Boolean.TRUE.equals(retryable);
  }

  /** {@return the error code as written on the wire, or {@code null}} */
  public String errorCodeText() {
    if (errorCode == null) {
      return null;
    }
    return errorCode == ToolErrorCode.UNKNOWN ? unknownErrorCode : errorCode.wireName();
  }

  @Override
  public ProviderMessageType type() {
    return ProviderMessageType.TOOL_RESULT;
  }
}
