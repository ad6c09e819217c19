package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * An event stream as a client reads it: its events (id and data; comments skipped) in arrival
 * order, read on a thread of its own, and whether the server ended it. Closing it drops the
 * connection, as a client whose network went away.
 */
final class SseStream implements AutoCloseable {

  static final Duration WAIT = Duration.ofSeconds(10);

  /** One event: its id (or null) and its data lines joined. */
  record Event(String id, String data) {
    JsonNode json() {
      return GatewayJson.parse(data);
    }
  }

  final HttpResponse<InputStream> response;
  private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();

  /** Completes when the server ends the stream (or the connection breaks). */
  final CompletableFuture<Void> ended = new CompletableFuture<>();

  SseStream(HttpResponse<InputStream> response) {
    this.response = response;
    Thread reader = new Thread(this::read, "sse-reader");
    reader.setDaemon(true);
    reader.start();
  }

  private void read() {
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      String id = null;
      StringBuilder data = null;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (line.isEmpty()) {
          if (data != null || id != null) {
            events.add(new Event(id, data == null ? "" : data.toString()));
          }
          id = null;
          data = null;
        } else if (line.startsWith("id:")) {
          id = line.substring(3).strip();
        } else if (line.startsWith("data:")) {
          String value = line.substring(5).startsWith(" ") ? line.substring(6) : line.substring(5);
          data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
        }
      }
      ended.complete(null);
    } catch (IOException e) {
      ended.complete(null); // the connection broke or we closed it
    }
  }

  /** The next event, within {@link #WAIT}; fails when none comes. */
  Event next() throws InterruptedException {
    Event event = events.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(event).as("an event on the stream").isNotNull();
    return event;
  }

  /** The next event that has data (priming events have none). */
  Event nextWithData() throws InterruptedException {
    while (true) {
      Event event = next();
      if (!event.data().isEmpty()) {
        return event;
      }
    }
  }

  /** The next event that carries a JSON-RPC message of {@code method}. */
  Event nextOf(String method) throws InterruptedException {
    while (true) {
      Event event = nextWithData();
      if (method.equals(event.json().path("method").asText())) {
        return event;
      }
    }
  }

  /** An event if one comes within {@code wait}, else null. */
  Event poll(Duration wait) throws InterruptedException {
    return events.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Waits until the server has ended the stream. */
  void awaitEnd() throws Exception {
    ended.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    try {
      response.body().close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
