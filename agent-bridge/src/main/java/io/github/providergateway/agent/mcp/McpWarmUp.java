package io.github.providergateway.agent.mcp;

import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.http.HttpReply;
import io.github.providergateway.http.HttpRequest;
import io.github.providergateway.http.ServerSentEvents;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * What the front door serves before any window asks ({@link McpHttpFrontDoor#warmUpOn}): a made-up
 * window's {@code initialize}, a few times, through the front door's own {@code POST} path (the
 * body read as the SDK's message, a session opened with its SDK server, the answer written as
 * JSON), in a session it then closes. A fresh gateway's first {@code initialize} otherwise loads,
 * links and runs in the interpreter about 800 classes of the SDK, Reactor, Jackson's
 * (de)serializers for the SDK's schema and the front door's own (about a second of CPU on 2 cores,
 * while the guard loads its rules beside it), on the window's request, inside the agent's MCP
 * start-up timeout.
 *
 * <p>The made-up window names no project and no client process, and never sends {@code
 * notifications/initialized}, so no gateway session starts and nothing is written in the home. The
 * warm-up stops before its next {@code initialize} once a real request has reached the front door:
 * that request loads what it still needs itself (class initialisation is shared), and the warm-up
 * takes no more of the CPU it needs (decision 151's rule, for the guard's warm-up).
 */
final class McpWarmUp {

  /**
   * How many made-up {@code initialize}s: the first loads the classes, the others run them again.
   */
  static final int ROUNDS = 3;

  /** The longest one made-up {@code initialize} is waited for: then the warm-up ends. */
  static final Duration WAIT = Duration.ofSeconds(30);

  /** The made-up window's client, of the agent's kind as a stdio window's bridge is. */
  static final ClientTokens.Client CLIENT =
      new ClientTokens.Client("warm-up", "0".repeat(64), ClientTokens.Kind.AGENT);

  /** Its {@code initialize}, as a stdio window's agent sends it. */
  static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-11-25\",\"capabilities\":{\"roots\":{\"listChanged\":true},\"elicitation\":{}},"
          + "\"clientInfo\":{\"name\":\"warm-up\",\"version\":\"1\"}}}";

  private McpWarmUp() {}

  /**
   * {@return the made-up {@code POST} of {@link #INITIALIZE}, as the front door's route gets it}
   */
  static HttpRequest request() {
    return new HttpRequest(
        "POST",
        McpHttpFrontDoor.PATH,
        null,
        Map.of(
            "content-type",
            McpHttpSession.JSON,
            "accept",
            McpHttpSession.JSON + ", " + McpHttpNegotiation.EVENT_STREAM),
        INITIALIZE.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Runs the warm-up on {@code executor}: {@link #serveUntilAsked}, counting from the requests
   * {@code seen} now, then one line to {@code told} (how many were served, in how long on {@code
   * clock}, and whether a window's request stopped it); or that the executor refused.
   */
  static void startOn(
      Executor executor,
      Clock clock,
      Consumer<String> told,
      BooleanSupplier initialize,
      LongSupplier seen) {
    long seenBefore = seen.getAsLong();
    Instant began = clock.instant();
    try {
      executor.execute(
          () -> {
            int served = serveUntilAsked(initialize, seen, seenBefore);
            told.accept(
                "MCP front door: warmed by "
                    + served
                    + " made-up initialize(s) of "
                    + ROUNDS
                    + " in "
                    + Duration.between(began, clock.instant()).toMillis()
                    + " ms"
                    + (seen.getAsLong() == seenBefore ? "" : "; stopped by a window's request"));
          });
    } catch (RejectedExecutionException e) {
      told.accept("MCP front door: not warmed before its first window (" + e.getMessage() + ")");
    }
  }

  /**
   * Serves {@code initialize} up to {@link #ROUNDS} times, stopping before the next once {@code
   * seen} (the requests that reached the front door's route) differs from {@code seenBefore}, or
   * once one is not answered with the server's name.
   *
   * @param initialize serves one made-up {@code initialize}; {@return whether it was answered}
   * @return how many were answered
   */
  static int serveUntilAsked(BooleanSupplier initialize, LongSupplier seen, long seenBefore) {
    int served = 0;
    while (served < ROUNDS && seen.getAsLong() == seenBefore && initialize.getAsBoolean()) {
      served++;
    }
    return served;
  }

  /**
   * Where the front door answers one made-up request: the answer's text, as JSON or as the events
   * of a stream (an answer later than the front door's JSON wait), and its session's id.
   */
  static final class Reply implements HttpReply {
    private final CompletableFuture<String> answer = new CompletableFuture<>();
    private volatile String session;

    @Override
    public void send(int status, String contentType, Map<String, String> headers, byte[] body) {
      session = headers.get(McpHttpSession.SESSION_HEADER);
      answer.complete(new String(body, StandardCharsets.UTF_8));
    }

    @Override
    public Optional<ServerSentEvents> openEvents(Map<String, String> headers) {
      session = headers.get(McpHttpSession.SESSION_HEADER);
      return Optional.of(
          new ServerSentEvents() {
            @Override
            public boolean send(String id, String event, String data) {
              answer.complete(data == null ? "" : data);
              return true;
            }

            @Override
            public boolean isOpen() {
              return !answer.isDone();
            }

            @Override
            public void onClose(Runnable action) {}

            @Override
            public void close() {
              answer.complete("");
            }
          });
    }

    /**
     * Waits at most {@link #WAIT} for the answer, then hands the session it named, if any, to
     * {@code close}; {@return whether the answer named the server}
     */
    boolean answered(Consumer<String> close) {
      String text = answer.completeOnTimeout("", WAIT.toMillis(), TimeUnit.MILLISECONDS).join();
      String id = session;
      if (id != null) {
        close.accept(id);
      }
      return text.contains("\"serverInfo\"");
    }
  }
}
