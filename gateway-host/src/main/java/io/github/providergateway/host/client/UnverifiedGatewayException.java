package io.github.providergateway.host.client;

import java.io.IOException;

/**
 * What answers where the gateway should be did not prove that it holds the gateway token ({@code
 * host.challenge}: a wrong proof, none, or a refusal such as an older gateway's {@code
 * UNKNOWN_COMMAND}). It is not the gateway of that home, or not one this client may trust: the
 * client never sent it the token, and no command either.
 */
public final class UnverifiedGatewayException extends IOException {
  private static final long serialVersionUID = 1L;

  UnverifiedGatewayException(String message) {
    super(message);
  }
}
