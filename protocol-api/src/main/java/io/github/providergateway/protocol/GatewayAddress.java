package io.github.providergateway.protocol;

/**
 * Where peers find a gateway on this machine (spec: Connection; spec/host-rpc.md, Shared gateway):
 * the well-known port, the WebSocket path of agent hosts, and the name of the token file in a
 * gateway's home. Providers and hosts written in any language use the same values.
 */
public final class GatewayAddress {

  /** The port a gateway listens on unless told otherwise ({@code ws://localhost:9400}). */
  public static final int DEFAULT_PORT = 9400;

  /** The WebSocket path agent hosts connect to; providers use any other path. */
  public static final String HOST_PATH = "/host";

  /** The file in a gateway's home that holds its token, readable by its owner only. */
  public static final String TOKEN_FILE_NAME = ".provider-token";

  private GatewayAddress() {}
}
