package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * An agent's stdio MCP window as a running process, seen from the agent: what it writes to the
 * window's stdin, and the messages of its stdout as they come, each within a deadline.
 */
final class AgentWindow implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  final Process process;
  private final OutputStream in;
  private final BlockingQueue<JsonNode> out = new LinkedBlockingQueue<>();

  /** What the window wrote to stderr, for a failure's message. */
  private final Supplier<String> errors;

  AgentWindow(Process process, Supplier<String> errors) {
    this.process = process;
    this.errors = errors;
    this.in = process.getOutputStream();
    Thread reader = new Thread(this::readStdout, "agent-window-stdout");
    reader.setDaemon(true);
    reader.start();
  }

  private void readStdout() {
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line; (line = lines.readLine()) != null; ) {
        out.add(JSON.readTree(line));
      }
    } catch (IOException ended) {
      // the process is gone: a test waiting for a message says what it missed
    }
  }

  /** Writes {@code line} and its line break to the window's stdin. */
  void send(String line) throws IOException {
    in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    in.flush();
  }

  /** Ends the window's stdin, as an agent ending its session does. */
  void endInput() throws IOException {
    in.close();
  }

  /** The next message {@code wanted} accepts, the others skipped; fails after {@code within}. */
  JsonNode next(Predicate<JsonNode> wanted, Duration within, String what)
      throws InterruptedException {
    long deadline = System.nanoTime() + within.toNanos();
    while (true) {
      JsonNode message = out.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      assertThat(message)
          .as("%s from the window within %s; its stderr:%n%s", what, within, errors.get())
          .isNotNull();
      if (wanted.test(message)) {
        return message;
      }
    }
  }

  /** The next message that is no request nor notification of the window's own (an answer). */
  JsonNode nextAnswer(Duration within, String what) throws InterruptedException {
    return next(m -> !m.has("method"), within, what);
  }

  /** The answer (a result or an error) whose id is {@code id}, a JSON value's text. */
  JsonNode answer(String id, Duration within) throws InterruptedException {
    JsonNode wanted;
    try {
      wanted = JSON.readTree(id);
    } catch (IOException e) {
      throw new IllegalArgumentException(id, e);
    }
    return next(
        m -> !m.has("method") && wanted.equals(m.get("id")), within, "the answer to id " + id);
  }

  /** Whether the window's process ended within {@code within}. */
  boolean exits(Duration within) throws InterruptedException {
    return process.waitFor(within.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
