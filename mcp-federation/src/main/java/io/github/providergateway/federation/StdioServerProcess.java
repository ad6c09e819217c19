package io.github.providergateway.federation;

import io.github.providergateway.transport.stdio.ChildProcess;
import io.github.providergateway.transport.stdio.ProcessLog;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * An MCP server process and the stdio transport to it: newline-delimited JSON-RPC on its stdin and
 * stdout, stderr appended to the configured log. Written here rather than taken from the SDK
 * ({@code StdioClientTransport}) because the gateway must own the process: the process itself is a
 * {@link ChildProcess} (module transport-stdio, as stdio providers' are), which gives it its
 * working directory, its log file, bounded lines both ways, and the shutdown sequence (stdin
 * closed, then SIGTERM, then SIGKILL of it and its children).
 *
 * <p>A line longer than {@link #MAX_LINE_BYTES} ends the connection: a server may not make the
 * gateway hold more than that for one message. A line that is not a JSON object within {@link
 * ServerLineGuard}'s depth, or not a JSON-RPC message, is skipped and noted in the server's log
 * (the first ten, then the count at 100, 1,000, …). If the SDK still fails on a line, the server is
 * ended as if it had exited, and its supervisor restarts it: the thread that reads it must never
 * die while the server stays listed (issue 35).
 *
 * <p>The process is started before its era is known (decision 115): {@link #start} hands its lines
 * to whoever asks first, the probe's {@link ModernStdioTransport}; the legacy SDK's {@link
 * #connect} then takes them over on the same process when the server turns out to speak only the
 * 2025 era.
 */
final class StdioServerProcess implements McpClientTransport {

  /** The largest message a server may send, as the WebSocket providers' largest: 5 MiB + slack. */
  static final int MAX_LINE_BYTES = 6 << 20;

  /** Skipped lines noted one by one; past them only the count is noted, at powers of ten. */
  static final int NOTED_SKIPS = 10;

  /** How much of a skipped line its note shows. */
  private static final int EXCERPT_CHARS = 120;

  private final McpServerConfig config;
  private final McpJsonMapper mapper;
  private final ProcessLog log;
  private final Consumer<String> onEnd;

  /** The running server, once started. */
  private volatile ChildProcess child;

  /**
   * Who gets the server's lines (each a JSON object within the guard's depth); set on any thread.
   */
  private volatile Consumer<String> lines = line -> {};

  /** Why the client cannot go on, once it cannot; later lines are dropped. Set on any thread. */
  private volatile String failure;

  /**
   * @param log the server's log, for the lines skipped
   * @param onEnd told once, with why, when the connection is over: the server exited, broke the
   *     line limit, or the client failed on its output
   */
  StdioServerProcess(
      McpServerConfig config, McpJsonMapper mapper, ProcessLog log, Consumer<String> onEnd) {
    this.config = config;
    this.mapper = mapper;
    this.log = log;
    this.onEnd = onEnd;
  }

  @Override
  public Mono<Void> connect(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return Mono.fromRunnable(() -> start(line -> legacy(handler, line)));
  }

  /**
   * Starts the server unless it runs, and hands its lines from now on to {@code receiver}, on the
   * thread that reads them; a receiver that throws ends the server as if it had exited.
   *
   * @throws IllegalStateException when the process cannot be started
   */
  synchronized void start(Consumer<String> receiver) {
    lines = receiver;
    if (child != null) {
      return;
    }
    ChildProcess.Spec spec =
        new ChildProcess.Spec(
            "mcp-" + config.name(), config.command(), config.cwd(), config.env(), config.log());
    try {
      child = ChildProcess.start(spec, ChildProcess.Bounds.of(MAX_LINE_BYTES));
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot start MCP server '" + config.name() + "': " + e.getMessage(), e);
    }
    child.read(new Lines());
  }

  /** A line for the legacy SDK's client. */
  private void legacy(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler,
      String line) {
    McpSchema.JSONRPCMessage message;
    try {
      message = McpSchema.deserializeJsonRpcMessage(mapper, line);
    } catch (IOException | IllegalArgumentException notJsonRpc) {
      skip("not a JSON-RPC message", line);
      return;
    }
    handler.apply(Mono.just(message)).subscribe(null, this::failed);
  }

  /**
   * Writes {@code json}, one JSON-RPC message without a line break, to the server's stdin.
   *
   * @throws IllegalStateException when the server is not running or stopped reading
   */
  void writeLine(String json) {
    ChildProcess running = child;
    if (running == null) {
      throw new IllegalStateException("MCP server '" + config.name() + "' is not running");
    }
    ChildProcess.Write written = running.write(json);
    if (written != ChildProcess.Write.QUEUED) {
      throw new IllegalStateException(
          "MCP server '" + config.name() + "' stopped reading (" + written + ")");
    }
  }

  /** Lines skipped so far. Reader thread only. */
  private long skipped;

  /**
   * The client failed on a message: it may have lost a response, so its calls could wait forever.
   * The server is ended; its output ends, and {@link Lines#ended} reports why.
   */
  void failed(Throwable thrown) {
    if (failure == null) {
      failure = "the MCP client failed on the server's output (" + thrown + ")";
      child.kill();
    }
  }

  /** Notes a line of stdout that was not a message for the client. Reader thread only. */
  void skip(String why, String line) {
    skipped++;
    if (skipped <= NOTED_SKIPS) {
      String excerpt =
          line.length() <= EXCERPT_CHARS
              ? line
              : line.substring(0, EXCERPT_CHARS) + "… (" + line.length() + " characters)";
      log.note("a line of its stdout skipped, " + why + ": " + excerpt);
    } else if (isPowerOfTen(skipped)) {
      log.note(
          skipped
              + " lines of its stdout skipped so far (MCP over stdio is JSON-RPC objects, one a line)");
    }
  }

  /** Hands each JSON object line to whoever takes them until stdout ends, then reports the end. */
  private final class Lines implements ChildProcess.LineHandler {

    @Override
    public void line(String line) {
      if (failure != null) {
        return; // the server is being ended
      }
      try {
        String problem = ServerLineGuard.problemOf(line);
        if (problem != null) {
          skip(problem, line);
          return;
        }
        lines.accept(line);
      } catch (RuntimeException | Error thrown) {
        // Reactor rethrows fatal errors (StackOverflowError) out of subscribe. Uncaught, this
        // would end the reader thread and leave the server listed with every call waiting.
        failed(thrown);
      }
    }

    @Override
    public void ended(ChildProcess.Ending ending) {
      // The process is gone or broke the line limit: either way the connection is over.
      child.kill();
      String why = failure;
      if (why == null) {
        why =
            ending == ChildProcess.Ending.LINE_TOO_LONG
                ? "the MCP server wrote a line longer than " + MAX_LINE_BYTES + " bytes"
                : "the MCP server exited";
      }
      onEnd.accept(why);
    }
  }

  private static boolean isPowerOfTen(long n) {
    while (n >= 10 && n % 10 == 0) {
      n /= 10;
    }
    return n == 1;
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    return Mono.fromRunnable(
        () -> {
          try {
            writeLine(new String(mapper.writeValueAsBytes(message), StandardCharsets.UTF_8));
          } catch (IOException unwritable) {
            throw new java.io.UncheckedIOException(unwritable);
          }
        });
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
   * MCP server's signal to exit), then SIGTERM, then SIGKILL, each to the process and everything it
   * started ({@code npx} runs the server as a child). Blocks at most {@code grace}.
   */
  void stop(Duration grace) {
    ChildProcess running = child;
    if (running != null) {
      running.stop(grace);
    }
  }
}
