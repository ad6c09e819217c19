package io.github.providergateway.federation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.transport.stdio.ProcessLog;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * The watch on the client that reads a stdio server (issue 35): however the SDK fails on a line,
 * the server is ended and its owner told why, so that its supervisor restarts it. A real process
 * writes the line; the SDK's handler is a stand-in that fails as the SDK did.
 */
@Tag("process")
class StdioServerProcessTest {

  private static final Duration WAIT = Duration.ofSeconds(30);

  /** A server that writes one JSON-RPC notification, then waits to be ended. */
  private static final List<String> ONE_NOTIFICATION =
      List.of(
          "sh",
          "-c",
          "echo '{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}'; exec sleep 60");

  private final CompletableFuture<String> ended = new CompletableFuture<>();
  private final StdioServerProcess server =
      new StdioServerProcess(
          McpServerConfig.stdio("watched", ONE_NOTIFICATION),
          new JacksonMcpJsonMapper(new ObjectMapper()),
          new ProcessLog(null, Clock.systemUTC()),
          ended::complete);

  @AfterEach
  void stop() {
    server.stop(Duration.ofSeconds(1));
  }

  @Test
  void anErrorThrownOutOfTheSdkEndsTheServerInsteadOfTheThreadThatReadsIt() throws Exception {
    // Reactor rethrows a StackOverflowError out of subscribe, as it did from the SDK's conversions.
    connect(
        messages ->
            messages.doOnNext(
                message -> {
                  throw new StackOverflowError("the SDK's recursion");
                }));

    assertThat(ended.get(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isEqualTo(
            "the MCP client failed on the server's output (java.lang.StackOverflowError: the SDK's recursion)");
    assertThat(server.process().onExit()).as("the server is ended").succeedsWithin(WAIT);
  }

  @Test
  void aFailedHandlingEndsTheServerToo() throws Exception {
    connect(
        messages ->
            messages.flatMap(message -> Mono.error(new IllegalStateException("a lost response"))));

    assertThat(ended.get(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isEqualTo(
            "the MCP client failed on the server's output (java.lang.IllegalStateException: a lost response)");
    assertThat(server.process().onExit()).succeedsWithin(WAIT);
  }

  @Test
  void aServerThatExitsIsReportedAsExited() throws Exception {
    StdioServerProcess exiting =
        new StdioServerProcess(
            McpServerConfig.stdio("exiting", List.of("sh", "-c", "echo null")),
            new JacksonMcpJsonMapper(new ObjectMapper()),
            new ProcessLog(null, Clock.systemUTC()),
            ended::complete);
    exiting.connect(messages -> messages).block(WAIT);

    assertThat(ended.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo("the MCP server exited");
  }

  private void connect(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    server.connect(handler).block(WAIT);
  }
}
