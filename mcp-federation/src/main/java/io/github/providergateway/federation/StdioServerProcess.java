package io.github.providergateway.federation;

import io.github.providergateway.transport.stdio.ChildProcess;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * An MCP server process and the stdio transport to it: newline-delimited JSON-RPC on its stdin and
 * stdout, stderr appended to the configured log. Written here rather than taken from the SDK
 * ({@code StdioClientTransport}) because the gateway must own the process: the process itself is a
 * {@link ChildProcess} (module transport-stdio, as stdio providers' are), which gives it its working
 * directory, its log file, bounded lines both ways, and the shutdown sequence (stdin closed, then
 * SIGTERM, then SIGKILL of it and its children).
 *
 * <p>A line longer than {@link #MAX_LINE_BYTES} ends the connection: a server may not make the
 * gateway hold more than that for one message.
 */
final class StdioServerProcess implements McpClientTransport {

  /** The largest message a server may send, as the WebSocket providers' largest: 5 MiB + slack. */
  static final int MAX_LINE_BYTES = 6 << 20;

  private final McpServerConfig config;
  private final McpJsonMapper mapper;
  private final Runnable onExit;
  /** The running server, once started. */
  private volatile ChildProcess child;

  StdioServerProcess(McpServerConfig config, McpJsonMapper mapper, Runnable onExit) {
    this.config = config;
    this.mapper = mapper;
    this.onExit = onExit;
  }

  @Override
  public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return Mono.fromRunnable(() -> start(handler));
  }

  private synchronized void start(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    ChildProcess.Spec spec =
        new ChildProcess.Spec("mcp-" + config.name(), config.command(), config.cwd(), config.env(), config.log());
    try {
      child = ChildProcess.start(spec, ChildProcess.Bounds.of(MAX_LINE_BYTES));
    } catch (IOException e) {
      throw new IllegalStateException("cannot start MCP server '" + config.name() + "': " + e.getMessage(), e);
    }
    child.read(new Lines(handler));
  }

  /** Hands each JSON-RPC line to the client until stdout ends, then reports the exit. */
  private final class Lines implements ChildProcess.LineHandler {
    private final Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler;

    Lines(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
      this.handler = handler;
    }

    @Override
    public void line(String line) {
      McpSchema.JSONRPCMessage message;
      try {
        message = McpSchema.deserializeJsonRpcMessage(mapper, line);
      } catch (IOException | IllegalArgumentException unreadable) {
        return; // not JSON-RPC (a server printing to stdout by mistake): skipped, as the SDK does
      }
      handler.apply(Mono.just(message)).subscribe();
    }

    @Override
    public void ended(ChildProcess.Ending ending) {
      // The process is gone or broke the line limit: either way the connection is over.
      child.kill();
      onExit.run();
    }
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    return Mono.fromCallable(
            () -> {
              ChildProcess running = child;
              if (running == null) {
                throw new IllegalStateException("MCP server '" + config.name() + "' is not running");
              }
              ChildProcess.Write written =
                  running.write(new String(mapper.writeValueAsBytes(message), StandardCharsets.UTF_8));
              if (written != ChildProcess.Write.QUEUED) {
                throw new IllegalStateException("MCP server '" + config.name() + "' stopped reading (" + written + ")");
              }
              return written;
            })
        .then();
  }

  @Override
  public Mono<Void> closeGracefully() {
    return Mono.fromRunnable(() -> stop(Duration.ofSeconds(2)));
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
    return mapper.convertValue(data, typeRef);
  }

  /** {@return the server's process, once started; null before} */
  Process process() {
    ChildProcess running = child;
    return running == null ? null : running.process();
  }

  /**
   * Ends the server as spawned providers are ended ({@link ChildProcess#stop}): stdin closed (an
   * MCP server's signal to exit), then SIGTERM, then SIGKILL, each to the process and everything
   * it started ({@code npx} runs the server as a child). Blocks at most {@code grace}.
   */
  void stop(Duration grace) {
    ChildProcess running = child;
    if (running != null) {
      running.stop(grace);
    }
  }
}
