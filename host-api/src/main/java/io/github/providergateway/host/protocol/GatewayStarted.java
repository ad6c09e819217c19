package io.github.providergateway.host.protocol;

import static java.util.Objects.requireNonNull;

/**
 * {@code gateway.started}: the first line in {@code --rpc} mode.
 *
 * @param port the port providers and hosts connect to
 * @param url the URL providers connect to, {@code ws://127.0.0.1:<port>}
 * @param tokenFile where the gateway token is, for providers started by hand
 * @param protocolVersion the provider protocol's version the gateway speaks
 */
public record GatewayStarted(int port, String url, String tokenFile, int protocolVersion)
    implements HostEvent {

  /** The {@code event} name on the wire. */
  public static final String NAME = "gateway.started";

  /**
   * Checks the required fields.
   *
   * @param port the port providers and hosts connect to
   * @param url the URL providers connect to, {@code ws://127.0.0.1:<port>}
   * @param tokenFile where the gateway token is, for providers started by hand
   * @param protocolVersion the provider protocol's version the gateway speaks
   * @throws NullPointerException when {@code url} or {@code tokenFile} is null
   */
  public GatewayStarted {
    requireNonNull(url, "url");
    requireNonNull(tokenFile, "tokenFile");
  }

  @Override
  public String event() {
    return NAME;
  }
}
