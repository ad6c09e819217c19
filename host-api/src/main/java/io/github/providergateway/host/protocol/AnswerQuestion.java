package io.github.providergateway.host.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Ours: {@code gate.answer}, the person's answer to a gate's question ({@link GateAsk}, extension
 * {@code gate.ask}). Reply: {@code decided}, true when this answer decided the question, false when
 * it had ended already (answered elsewhere, timed out, withdrawn) or never was.
 *
 * @param id the command's {@code id}, echoed by its reply; {@code null} when it has none
 * @param askId the question's {@code askId}
 * @param allow whether the person lets the call run
 * @param via how the host asked, for the audit trail ({@code "mcp elicitation"}); optional, at most
 *     {@link #MAX_VIA_CHARS} characters
 */
public record AnswerQuestion(JsonNode id, String askId, boolean allow, String via)
    implements HostCommand {

  /** The longest {@code via}. */
  public static final int MAX_VIA_CHARS = 64;

  /**
   * Checks the fields.
   *
   * @param id the command's {@code id}; {@code null} for none
   * @param askId the question's {@code askId}
   * @param allow whether the person lets the call run
   * @param via how the host asked; optional
   * @throws IllegalArgumentException when {@code askId} is empty or {@code via} is too long
   */
  public AnswerQuestion {
    Checks.nonEmpty(askId, "askId");
    if (via != null && via.length() > MAX_VIA_CHARS) {
      throw new IllegalArgumentException("\"via\" has at most " + MAX_VIA_CHARS + " characters");
    }
  }

  /** {@return who answered, for the audit trail: {@code host}, or {@code host (<via>)}} */
  public String answeredBy() {
    return via == null || via.isBlank() ? "host" : "host (" + via + ")";
  }

  @Override
  public HostCommandType type() {
    return HostCommandType.GATE_ANSWER;
  }
}
