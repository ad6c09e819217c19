package io.github.providergateway.federation;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.JsonRpc;
import io.modelcontextprotocol.modern.client.transport.McpClientTransport;
import io.modelcontextprotocol.modern.client.transport.McpTransportRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import reactor.core.publisher.Flux;

/**
 * A 2026-07-28 request's client capabilities as the agent declared them (decision 134): the SDK's
 * modern client writes {@code io.modelcontextprotocol/clientCapabilities} from its own handlers and
 * lets a caller's {@code _meta} name no key of that prefix, so a call puts what the gateway
 * declares for it under {@link #DECLARED}, and this transport moves it into place on the way out.
 * Every other request goes as it came.
 */
final class DeclaringTransport implements McpClientTransport {

  /** The {@code _meta} key a call's declared capabilities ride under to this transport. */
  static final String DECLARED = "provider-gateway/clientCapabilities";

  private static final String CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";

  private final McpClientTransport next;
  private final McpJsonMapper mapper;

  DeclaringTransport(McpClientTransport next, McpJsonMapper mapper) {
    this.next = next;
    this.mapper = mapper;
  }

  @Override
  public Flux<JsonRpc.JSONRPCMessage> exchange(McpTransportRequest request) {
    return next.exchange(declared(request));
  }

  @Override
  public boolean mirrorsToolParams() {
    return next.mirrorsToolParams();
  }

  @SuppressWarnings("unchecked")
  private McpTransportRequest declared(McpTransportRequest request) {
    JsonRpc.JSONRPCRequest message = request.message();
    if (message.params() == null) {
      return request;
    }
    Map<String, Object> params = mapper.convertValue(message.params(), Map.class);
    if (!(params.get("_meta") instanceof Map<?, ?> meta) || !meta.containsKey(DECLARED)) {
      return request;
    }
    Map<String, Object> moved = new LinkedHashMap<>((Map<String, Object>) meta);
    moved.put(CAPABILITIES, moved.remove(DECLARED));
    Map<String, Object> rewritten = new LinkedHashMap<>(params);
    rewritten.put("_meta", moved);
    McpTransportRequest.Builder builder =
        McpTransportRequest.builder(
                new JsonRpc.JSONRPCRequest(
                    message.jsonrpc(), message.method(), message.id(), rewritten),
                request.protocolVersion())
            .name(request.name())
            .paramHeaders(request.paramHeaders());
    if (request.roundTimeout() != null) {
      builder.roundTimeout(request.roundTimeout());
    }
    return builder.build();
  }
}
