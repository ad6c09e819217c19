package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

/** {@code gateway.started}: the first line in {@code --rpc} mode. */
public record GatewayStarted(int port, String url, String tokenFile, int protocolVersion)
    implements HostEvent {

  public static final String NAME = "gateway.started";

  public GatewayStarted {
    requireNonNull(url, "url");
    requireNonNull(tokenFile, "tokenFile");
  }

  @Override
  public String event() {
    return NAME;
  }
}
