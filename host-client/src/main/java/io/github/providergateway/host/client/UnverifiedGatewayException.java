package io.github.providergateway.host.client;

import java.io.IOException;

/**
 * What answers where the gateway should be did not prove that it holds the gateway token and took
 * the connection where the host dialled ({@code host.challenge}: a wrong proof, none, a proof for
 * another address or port, which a process relaying to the gateway from elsewhere passes on, or a
 * refusal such as an older gateway's {@code UNKNOWN_COMMAND}, for which the message says to restart
 * it). It is not the gateway of that home, or not one this client may trust: the client never sent
 * it the token, and no command either.
 */
public final class UnverifiedGatewayException extends IOException {
  private static final long serialVersionUID = 1L;

  UnverifiedGatewayException(String message) {
    super(message);
  }
}
