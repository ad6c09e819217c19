package io.github.providergateway.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The MCP Java SDK's stdio client transport to a command, with its sends made one at a time.
 *
 * <p>{@code StdioClientTransport.sendMessage} queues a message with Reactor's {@code tryEmitNext},
 * which refuses — "Failed to enqueue message", nothing written — while another thread is inside it.
 * The SDK's client sends from two threads: the caller's, and a Reactor thread that lists tools
 * after each {@code list_changed}. On a busy machine that thread can lose its core mid-emission,
 * and then every send of the caller's fails for as long as it waits, however often it is retried
 * (CI, stop 40). A lock around the send lets one thread in at a time; {@code tryEmitNext} never
 * blocks, so it is held only while a message is queued. Agents with their own stdio clients (Node's
 * SDK, Claude Code) write from one thread and never meet this.
 */
final class SdkStdioTransport extends StdioClientTransport {

  private SdkStdioTransport(ServerParameters server) {
    super(server, new JacksonMcpJsonMapper(new ObjectMapper()));
  }

  /** A transport that starts {@code command} (program first) and speaks MCP on its stdio. */
  static SdkStdioTransport running(List<String> command) {
    return new SdkStdioTransport(
        ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).build());
  }

  @Override
  public synchronized Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    return super.sendMessage(message);
  }
}
