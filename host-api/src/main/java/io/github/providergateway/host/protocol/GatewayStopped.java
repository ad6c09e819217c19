package io.github.providergateway.host.protocol;

/** {@code gateway.stopped}: the last line in {@code --rpc} mode. */
public record GatewayStopped() implements HostEvent {

  /** The {@code event} name on the wire. */
  public static final String NAME = "gateway.stopped";

  @Override
  public String event() {
    return NAME;
  }
}
