package io.github.providergateway.protocol;

/**
 * {@code error}: the gateway refused a provider message. Fatal codes ({@link ErrorCode#isFatal()})
 * are followed by the gateway closing the connection.
 *
 * <pre>
 * {@code {"type":"error","code":"INVALID_SESSION","message":"Session def456 does not exist","replyTo":"hello"}}
 * </pre>
 *
 * <p>Named {@code ErrorMessage} rather than {@code Error} so as not to shadow {@link
 * java.lang.Error}.
 *
 * @param code what went wrong; {@link ErrorCode#UNKNOWN} for a code this library does not know,
 *     whose text is then in {@code unknownCode}
 * @param message a human-readable explanation
 * @param replyTo the {@code type} of the refused message, when known
 * @param providerId the provider's id, once it has one
 * @param sessionId the session concerned, when there is one
 * @param requestId the refused update's {@code requestId}, when it had one
 * @param unknownCode the original text of an unrecognized {@code code}, else {@code null}
 */
public record ErrorMessage(
    ErrorCode code,
    String message,
    String replyTo,
    String providerId,
    String sessionId,
    String requestId,
    String unknownCode)
    implements GatewayMessage {

  /**
   * Checks the required fields.
   *
   * @param code what went wrong; {@link ErrorCode#UNKNOWN} for a code this library does not know,
   *     whose text is then in {@code unknownCode}
   * @param message a human-readable explanation
   * @param replyTo the {@code type} of the refused message, when known
   * @param providerId the provider's id, once it has one
   * @param sessionId the session concerned, when there is one
   * @param requestId the refused update's {@code requestId}, when it had one
   * @param unknownCode the original text of an unrecognized {@code code}, else {@code null}
   * @throws NullPointerException when {@code code} or {@code message} is null
   * @throws IllegalArgumentException when {@code unknownCode} is given while {@code code} is not
   *     {@code UNKNOWN}, or the other way round
   */
  public ErrorMessage {
    Require.present(code, "code");
    Require.present(message, "message");
    if ((code == ErrorCode.UNKNOWN) != (unknownCode != null)) {
      throw new IllegalArgumentException("unknownCode is given exactly when code is UNKNOWN");
    }
  }

  /**
   * An error with a code and a message only.
   *
   * @param code what went wrong; not {@link ErrorCode#UNKNOWN}
   * @param message the text for the provider
   * @return the message
   */
  public static ErrorMessage of(ErrorCode code, String message) {
    return new ErrorMessage(code, message, null, null, null, null, null);
  }

  /**
   * This error answering a message of type {@code replyTo}.
   *
   * @param replyTo the refused message's {@code type}
   * @return a new message; this one is unchanged
   */
  public ErrorMessage withReplyTo(String replyTo) {
    return new ErrorMessage(code, message, replyTo, providerId, sessionId, requestId, unknownCode);
  }

  /**
   * This error naming the provider and session concerned.
   *
   * @param providerId the provider's id; may be null
   * @param sessionId the session's id; may be null
   * @return a new message; this one is unchanged
   */
  public ErrorMessage withContext(String providerId, String sessionId) {
    return new ErrorMessage(code, message, replyTo, providerId, sessionId, requestId, unknownCode);
  }

  /**
   * This error echoing an update's {@code requestId}.
   *
   * @param requestId the refused update's {@code requestId}; may be null
   * @return a new message; this one is unchanged
   */
  public ErrorMessage withRequestId(String requestId) {
    return new ErrorMessage(code, message, replyTo, providerId, sessionId, requestId, unknownCode);
  }

  /** {@return the code as written on the wire} */
  public String codeText() {
    return code == ErrorCode.UNKNOWN ? unknownCode : code.wireName();
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.ERROR;
  }
}
