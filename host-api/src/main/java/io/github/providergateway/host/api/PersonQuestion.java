package io.github.providergateway.host.api;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * A gate's question to the person (extension {@code gate.ask}, architecture decision 35): a gate
 * answered {@code ask} about a call, and the call runs only if someone allows it before {@link
 * #deadline}. What an {@link AskChannel} shows; answered with {@link HostApi#answerQuestion}.
 *
 * @param askId the question's id, unique in the gateway's run: what the answer names
 * @param sessionId the session of the call
 * @param tool the tool the call is for
 * @param args the arguments the call would run with (after any gate rewrote them), a JSON object;
 *     shown to the person so they know what they allow: in full, since a cut part could be what
 *     matters. Not to be changed
 * @param callId the call's id, as the audit trail has it; null for a host's {@code preToolUse}
 * @param provider the gate's provider, which asks
 * @param gateId the gate's id; may be null
 * @param question what the provider asks, at most {@code Limits.maxAskQuestionChars} characters;
 *     the provider's text, to be shown as text (never as markup or terminal control sequences),
 *     with the characters that could hide or reorder it made visible ({@code VisibleText.escape}),
 *     as its arguments and gate id
 * @param deadline when a question nobody answered denies the call, on the gateway's clock
 */
public record PersonQuestion(
    String askId,
    String sessionId,
    String tool,
    JsonNode args,
    String callId,
    String provider,
    String gateId,
    String question,
    Instant deadline) {

  /**
   * Checks the required fields.
   *
   * @param askId the question's id; not null
   * @param sessionId the session; not null
   * @param tool the tool; not null
   * @param args the call's arguments; not null
   * @param callId the call's id, or null
   * @param provider the gate's provider; not null
   * @param gateId the gate's id, or null
   * @param question the question; not null
   * @param deadline when it times out; not null
   */
  public PersonQuestion {
    requireNonNull(askId, "askId");
    requireNonNull(sessionId, "sessionId");
    requireNonNull(tool, "tool");
    requireNonNull(args, "args");
    requireNonNull(provider, "provider");
    requireNonNull(question, "question");
    requireNonNull(deadline, "deadline");
  }

  /** {@return who asks, for a person: {@code ci-guard/confirm-push}, or the provider alone} */
  public String gate() {
    return gateId == null ? provider : provider + "/" + gateId;
  }
}
