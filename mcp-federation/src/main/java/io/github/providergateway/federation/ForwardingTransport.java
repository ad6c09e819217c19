package io.github.providergateway.federation;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A client transport that passes everything to another, for the transports here that change one
 * thing about the SDK's ({@link CancellingTransport}, {@link ListChangedTransport}): each overrides
 * what it changes and inherits the rest, as OkHttp's {@code ForwardingSource} does.
 */
abstract class ForwardingTransport implements McpClientTransport {

  private final McpClientTransport delegate;

  ForwardingTransport(McpClientTransport delegate) {
    this.delegate = delegate;
  }

  /** {@return the transport this one passes to} */
  final McpClientTransport delegate() {
    return delegate;
  }

  @Override
  public Mono<Void> connect(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return delegate.connect(handler);
  }

  @Override
  public void setExceptionHandler(Consumer<Throwable> handler) {
    delegate.setExceptionHandler(handler);
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    return delegate.sendMessage(message);
  }

  @Override
  public Mono<Void> closeGracefully() {
    return delegate.closeGracefully();
  }

  @Override
  public void close() {
    delegate.close();
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
    return delegate.unmarshalFrom(data, typeRef);
  }

  @Override
  public List<String> protocolVersions() {
    return delegate.protocolVersions();
  }
}
