package io.github.providergateway.protocol;

/**
 * {@code auth.pairing}: pairing has started. The code is shown in the session timelines only, never
 * sent here; the provider asks its user to type it and answers with {@code auth.confirm}.
 *
 * @param prompt text for the provider to show its user
 */
public record AuthPairing(String prompt) implements GatewayMessage {

  /**
   * The prompt this gateway sends: the code is in the session's timeline (the console, the status
   * page), whichever agent the session is of. (The spec's example names Copilot, whose host it was
   * written for; the prompt is the gateway's free text.)
   */
  public static final String DEFAULT_PROMPT =
      "Enter the pairing code the provider gateway shows in your session's timeline";

  /**
   * Checks the required fields.
   *
   * @param prompt text for the provider to show its user
   * @throws NullPointerException when {@code prompt} is null
   */
  public AuthPairing {
    Require.present(prompt, "prompt");
  }

  @Override
  public GatewayMessageType type() {
    return GatewayMessageType.AUTH_PAIRING;
  }
}
