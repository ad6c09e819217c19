package io.github.providergateway.agent.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * The SDK client's side of an in-process stdio connection: what the SDK's {@code
 * StdioClientTransport} does with a child process's streams, over any pair of streams. One JSON-RPC
 * message a line each way; closing it closes the server's input, as an agent ending the process's
 * stdin does.
 */
final class StreamClientTransport implements McpClientTransport {

  private final InputStream fromServer;
  private final OutputStream toServer;

  StreamClientTransport(InputStream fromServer, OutputStream toServer) {
    this.fromServer = fromServer;
    this.toServer = toServer;
  }

  @Override
  public Mono<Void> connect(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return Mono.fromRunnable(
        () -> {
          Thread reader = new Thread(() -> read(handler), "mcp-test-client-reader");
          reader.setDaemon(true);
          reader.start();
        });
  }

  private void read(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    try (BufferedReader lines =
        new BufferedReader(new InputStreamReader(fromServer, StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        // The client session answers the server's requests itself, through sendMessage.
        handler.apply(Mono.just(McpSchema.deserializeJsonRpcMessage(Json.MCP, line))).subscribe();
      }
    } catch (IOException closed) {
      // The server's output ended: nothing more will come.
    }
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    return Mono.fromRunnable(() -> write(message));
  }

  private synchronized void write(McpSchema.JSONRPCMessage message) {
    try {
      toServer.write(
          (Json.MCP.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8));
      toServer.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public Mono<Void> closeGracefully() {
    return Mono.fromRunnable(this::closeOutput);
  }

  private synchronized void closeOutput() {
    try {
      toServer.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
    return Json.convert(data, type);
  }
}
