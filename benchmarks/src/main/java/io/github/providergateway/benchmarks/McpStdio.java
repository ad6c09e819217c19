package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code gateway mcp} driven as an agent drives it: a child process with JSON-RPC messages, one a
 * line, on its stdin and stdout (MCP's stdio transport). Requests may overlap; answers are matched
 * by id on a reader thread, which notes when each line arrived before parsing it. Notifications
 * from the server are read and dropped.
 */
final class McpStdio implements AutoCloseable {

  private static final ProtocolCodec JSON = ProtocolCodec.create();

  /** An answer and when its line was read ({@link System#nanoTime()}). */
  record Reply(JsonNode json, long receivedNanos) {}

  /** A request written: its id, when it was written, and its answer to come. */
  record Sent(long id, long sentNanos, CompletableFuture<Reply> reply) {}

  private final Process process;

  /** {@link System#nanoTime()} just before the process was started. */
  final long startedNanos;

  private final OutputStream stdin;

  /** Requests without an answer yet, by id. Writers add, the reader removes. */
  private final Map<Long, CompletableFuture<Reply>> waiting = new ConcurrentHashMap<>();

  private final AtomicLong nextId = new AtomicLong(1);
  private final CompletableFuture<Void> ended = new CompletableFuture<>();

  /**
   * Lines from the server that answered nothing (its notifications and requests). Reader only
   * writes.
   */
  private final AtomicLong others = new AtomicLong();

  private McpStdio(Process process, long startedNanos) {
    this.process = process;
    this.startedNanos = startedNanos;
    this.stdin = process.getOutputStream();
  }

  static McpStdio start(List<String> command, Path stderrLog) throws IOException {
    Files.createDirectories(stderrLog.getParent());
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectError(ProcessBuilder.Redirect.appendTo(stderrLog.toFile()));
    long t0 = System.nanoTime();
    McpStdio mcp = new McpStdio(builder.start(), t0);
    Thread reader = DaemonThreads.start("mcp-stdout-" + mcp.process.pid(), mcp::read);
    return mcp;
  }

  private void read() {
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        long now = System.nanoTime();
        JsonNode json;
        try {
          json = JSON.parseJson(line);
        } catch (IllegalArgumentException notJson) {
          System.err.println("[load] gateway mcp wrote a line that is no JSON: " + line);
          continue;
        }
        if (json.has("id") && !json.has("method")) {
          CompletableFuture<Reply> reply = waiting.remove(json.get("id").asLong());
          if (reply != null) {
            reply.complete(new Reply(json, now));
          }
        } else {
          others.incrementAndGet();
        }
      }
    } catch (IOException e) {
      // the process ended: the waiters learn below
    }
    IllegalStateException gone = new IllegalStateException("gateway mcp ended its output");
    ended.complete(null);
    waiting.values().forEach(reply -> reply.completeExceptionally(gone));
  }

  /** Writes a request for {@code method}; {@code params} may be null. */
  Sent request(String method, JsonNode params) throws IOException {
    long id = nextId.getAndIncrement();
    ObjectNode message = JsonNodeFactory.instance.objectNode();
    message.put("jsonrpc", "2.0");
    message.put("id", id);
    message.put("method", method);
    if (params != null) {
      message.set("params", params);
    }
    CompletableFuture<Reply> reply = new CompletableFuture<>();
    waiting.put(id, reply);
    if (ended.isDone()) {
      waiting.remove(id);
      reply.completeExceptionally(new IllegalStateException("gateway mcp ended its output"));
    }
    byte[] line = (JSON.writeJson(message) + "\n").getBytes(StandardCharsets.UTF_8);
    long sent = write(line);
    return new Sent(id, sent, reply);
  }

  /** Writes a notification (no answer comes). */
  void notify(String method) throws IOException {
    ObjectNode message = JsonNodeFactory.instance.objectNode();
    message.put("jsonrpc", "2.0");
    message.put("method", method);
    write((JSON.writeJson(message) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** Writes {@code line}; returns when it started writing it. */
  private synchronized long write(byte[] line) throws IOException {
    long now = System.nanoTime();
    stdin.write(line);
    stdin.flush();
    return now;
  }

  /** {@code initialize} as an agent sends it first, naming itself {@code clientName}. */
  Sent initialize(String clientName) throws IOException {
    ObjectNode params = JsonNodeFactory.instance.objectNode();
    params.put("protocolVersion", "2025-06-18");
    params.putObject("capabilities");
    ObjectNode client = params.putObject("clientInfo");
    client.put("name", clientName);
    client.put("version", "1");
    return request("initialize", params);
  }

  /** How many lines so far were no answer: the server's notifications (and requests). */
  long notifications() {
    return others.get();
  }

  long pid() {
    return process.pid();
  }

  /** Closes stdin, which ends the server (and its gateway session); destroys it after 20 s. */
  @Override
  public void close() throws InterruptedException {
    try {
      stdin.close();
    } catch (IOException e) {
      // gone already
    }
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroy();
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }
}
