package io.github.providergateway.federation;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * An MCP server process and the stdio transport to it: newline-delimited JSON-RPC on its stdin and
 * stdout, stderr appended to the configured log. Written here rather than taken from the SDK
 * ({@code StdioClientTransport}) because the gateway must own the process: its working directory,
 * its log file, its pid for the shutdown sequence (stdin closed, then SIGTERM, then SIGKILL of it
 * and its children) and for noticing that it died.
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
  /** Writes to the server's stdin one at a time, off the caller's thread: a pipe can fill. */
  private final ExecutorService writer;
  private Process process;
  private OutputStream stdin;

  StdioServerProcess(McpServerConfig config, McpJsonMapper mapper, Runnable onExit) {
    this.config = config;
    this.mapper = mapper;
    this.onExit = onExit;
    this.writer =
        Executors.newSingleThreadExecutor(
            task -> {
              Thread thread = new Thread(task, "mcp-" + config.name() + "-stdin");
              thread.setDaemon(true);
              return thread;
            });
  }

  @Override
  public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return Mono.fromRunnable(() -> start(handler));
  }

  private synchronized void start(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    ProcessBuilder builder = new ProcessBuilder(config.command());
    if (config.cwd() != null) {
      builder.directory(config.cwd().toFile());
    }
    builder.environment().putAll(config.env());
    builder.redirectError(config.log() == null ? Redirect.DISCARD : Redirect.appendTo(config.log().toFile()));
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new IllegalStateException("cannot start MCP server '" + config.name() + "': " + e.getMessage(), e);
    }
    stdin = new BufferedOutputStream(process.getOutputStream());
    Thread reader = new Thread(() -> read(process.getInputStream(), handler), "mcp-" + config.name() + "-stdout");
    reader.setDaemon(true);
    reader.start();
  }

  /** Hands each line to the client until stdout ends, then reports the exit. */
  private void read(
      InputStream stdout, Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    try (InputStream in = new java.io.BufferedInputStream(stdout)) {
      byte[] line;
      while ((line = readLine(in)) != null) {
        if (line.length == 0) {
          continue;
        }
        McpSchema.JSONRPCMessage message;
        try {
          message = McpSchema.deserializeJsonRpcMessage(mapper, new String(line, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException unreadable) {
          continue; // not JSON-RPC (a server printing to stdout by mistake): skipped, as the SDK does
        }
        handler.apply(Mono.just(message)).subscribe();
      }
    } catch (IOException | LineTooLong ended) {
      // the process is gone or broke the line limit: either way the connection is over
    } finally {
      destroyNow();
      onExit.run();
    }
  }

  /** One line without its terminator, or null at the end; at most {@link #MAX_LINE_BYTES}. */
  private static byte[] readLine(InputStream in) throws IOException {
    java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
    int b;
    while ((b = in.read()) != -1) {
      if (b == '\n') {
        return line.toByteArray();
      }
      if (line.size() >= MAX_LINE_BYTES) {
        throw new LineTooLong();
      }
      line.write(b);
    }
    return line.size() == 0 ? null : line.toByteArray();
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    return Mono.fromFuture(
        () ->
            CompletableFuture.runAsync(
                () -> {
                  try {
                    byte[] json = mapper.writeValueAsBytes(message);
                    synchronized (this) {
                      if (stdin == null) {
                        throw new IllegalStateException("MCP server '" + config.name() + "' is not running");
                      }
                      stdin.write(json);
                      stdin.write('\n');
                      stdin.flush();
                    }
                  } catch (IOException e) {
                    throw new IllegalStateException("MCP server '" + config.name() + "' stopped reading: " + e.getMessage(), e);
                  }
                },
                writer));
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
  synchronized Process process() {
    return process;
  }

  /**
   * Ends the server as spawned providers are ended: stdin closed (an MCP server's signal to
   * exit), then after half of {@code grace} SIGTERM, then after the other half SIGKILL, each to the
   * process and everything it started ({@code npx} runs the server as a child). Blocks at most
   * {@code grace}.
   */
  void stop(Duration grace) {
    Process running;
    synchronized (this) {
      running = process;
      if (stdin != null) {
        try {
          stdin.close();
        } catch (IOException alreadyGone) {
          // the process closed its end first
        }
      }
    }
    writer.shutdown();
    if (running == null) {
      return;
    }
    long half = Math.max(1, grace.toMillis() / 2);
    List<ProcessHandle> tree = treeOf(running.toHandle());
    if (waitFor(running, half)) {
      killAll(tree); // children it left behind
      return;
    }
    tree = treeOf(running.toHandle());
    tree.forEach(ProcessHandle::destroy);
    if (!waitFor(running, half)) {
      killAll(tree);
    }
  }

  private void destroyNow() {
    Process running;
    synchronized (this) {
      running = process;
      stdin = null;
    }
    writer.shutdown();
    if (running != null && running.isAlive()) {
      killAll(treeOf(running.toHandle()));
    }
  }

  private static List<ProcessHandle> treeOf(ProcessHandle root) {
    List<ProcessHandle> tree = new ArrayList<>();
    root.descendants().forEach(tree::add);
    tree.add(root);
    return tree;
  }

  private static void killAll(List<ProcessHandle> tree) {
    for (ProcessHandle handle : tree) {
      if (handle.isAlive()) {
        handle.destroyForcibly();
      }
    }
  }

  private static boolean waitFor(Process process, long millis) {
    try {
      return process.waitFor(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** A server's line passed {@link #MAX_LINE_BYTES}. Stackless: control flow. */
  private static final class LineTooLong extends RuntimeException {
    private static final long serialVersionUID = 1L;

    LineTooLong() {
      super(null, null, false, false);
    }
  }
}
