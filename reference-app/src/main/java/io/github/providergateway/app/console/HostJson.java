package io.github.providergateway.app.console;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.host.protocol.HostCodec;
import io.github.providergateway.protocol.json.ProtocolCodec;

/**
 * The app's shared JSON tools. The host protocol's shapes live in {@code HostWire} (gateway
 * runtime) and its messages in {@code protocol.host}, shared by the stdio and WebSocket carriers.
 */
final class HostJson {

  static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  static final ProtocolCodec CODEC = ProtocolCodec.create();
  static final HostCodec HOST_CODEC = HostCodec.create();

  private HostJson() {}
}
