package io.github.providergateway.benchmarks;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.json.ProtocolCodec;

/** Answers every {@code tool.call} at once, on the gateway's thread. */
final class EchoConnection implements ProviderConnection {
  private static final ProtocolCodec CODEC = ProtocolCodec.create();
  private final boolean text;
  ProviderLink link;

  EchoConnection(boolean text) {
    this.text = text;
  }

  @Override
  public boolean send(GatewayMessage message) {
    if (message instanceof ToolCall call) {
      ToolResult result = ToolResult.success(call.id(), call.args());
      if (text) {
        CODEC.encode(call); // what the WebSocket transport writes to the socket
        link.receive(CODEC.encode(result)); // and what it hands the gateway back
      } else {
        link.receive(result);
      }
    }
    return true;
  }

  @Override
  public void close(CloseReason reason) {
    // nothing to release
  }

  @Override
  public String describe() {
    return "echo";
  }
}
