package io.github.providergateway.agent.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.util.List;
import java.util.function.Consumer;
import reactor.core.publisher.Mono;

/**
 * The SDK's view of one Streamable HTTP session: a transport with exactly one client, like stdio,
 * so the SDK server built on it ({@link McpFrontDoor#server}) is that client's alone. What the
 * client POSTs is {@linkplain #deliver delivered} to the SDK's session; what the SDK sends goes to
 * {@code outbound}, which routes it to the right HTTP answer or event stream ({@link
 * McpHttpSession}). No thread, no I/O of its own.
 */
final class HttpSessionTransport implements McpServerTransportProvider {

  /**
   * The protocol versions this transport serves: Streamable HTTP exists from 2025-03-26 on
   * (2024-11-05 had the older HTTP+SSE transport, which this is not).
   */
  static final List<String> PROTOCOL_VERSIONS = List.of("2025-03-26", "2025-06-18", "2025-11-25");

  private final Consumer<McpSchema.JSONRPCMessage> outbound;

  /** The SDK's session (through the tap), once the server is built on this transport. */
  private volatile McpServerSession session;

  HttpSessionTransport(Consumer<McpSchema.JSONRPCMessage> outbound) {
    this.outbound = outbound;
  }

  @Override
  public void setSessionFactory(McpServerSession.Factory factory) {
    this.session = factory.create(new Outbound());
  }

  /**
   * Hands one message from the client to the SDK; the answer, if any, comes out through outbound.
   */
  Mono<Void> deliver(McpSchema.JSONRPCMessage message) {
    McpServerSession current = session;
    return current == null
        ? Mono.error(new IllegalStateException("no MCP server on this session yet"))
        : current.handle(message);
  }

  @Override
  public Mono<Void> notifyClients(String method, Object params) {
    McpServerSession current = session;
    return current == null ? Mono.empty() : current.sendNotification(method, params);
  }

  @Override
  public Mono<Void> closeGracefully() {
    McpServerSession current = session;
    return current == null ? Mono.empty() : current.closeGracefully();
  }

  @Override
  public List<String> protocolVersions() {
    return PROTOCOL_VERSIONS;
  }

  /** What the SDK's session writes to. */
  private final class Outbound implements McpServerTransport {
    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
      return Mono.fromRunnable(() -> outbound.accept(message));
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      return Json.convert(data, type);
    }

    @Override
    public Mono<Void> closeGracefully() {
      return Mono.empty();
    }

    @Override
    public List<String> protocolVersions() {
      return PROTOCOL_VERSIONS;
    }
  }
}
