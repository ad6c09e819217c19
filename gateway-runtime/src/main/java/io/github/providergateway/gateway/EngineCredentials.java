package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.internal.Credentials;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The {@link GatewayCredentials} of a {@link Gateway}: reads them from its engine's credentials.
 */
final class EngineCredentials implements GatewayCredentials {

  private final Credentials credentials;

  EngineCredentials(Credentials credentials) {
    this.credentials = credentials;
  }

  @Override
  public String providerToken() {
    return credentials.gatewayToken();
  }

  @Override
  public boolean isProviderToken(String presented) {
    return credentials.isGatewayToken(requireNonNull(presented, "presented"));
  }

  @Override
  public Optional<Path> tokenFile() {
    return Optional.ofNullable(credentials.tokenFile());
  }

  @Override
  public Optional<Path> publishTokenFile() {
    return Optional.ofNullable(credentials.publishTokenFile());
  }
}
