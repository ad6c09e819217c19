package io.github.providergateway.provider;

import java.util.concurrent.CompletionStage;

/**
 * Asks a person for the pairing code that the gateway shows in their agent session's timeline
 * (spec: External providers). The code travels through the person, never over the socket: this is
 * what stops another process on the machine from pairing silently.
 *
 * <p>Called on the provider's executor when the gateway answers {@code auth {mode: "pair"}} with
 * {@code auth.pairing}; return a stage at once and ask elsewhere (a dialog, a console prompt on
 * another thread). The code is sent as {@code auth.confirm}. A stage that fails, or completes with
 * {@code null} or a blank code, abandons pairing: the provider session ends with that failure.
 */
@FunctionalInterface
public interface PairingCodeSupplier {

  /**
   * Asks for the code.
   *
   * @param prompt the gateway's text to show the person
   * @return the code as typed (surrounding blanks are removed)
   * @throws Exception when no code can be had: pairing is abandoned and the provider session ends
   *     with this failure
   */
  CompletionStage<String> code(String prompt) throws Exception;
}
