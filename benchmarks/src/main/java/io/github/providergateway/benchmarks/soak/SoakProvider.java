package io.github.providergateway.benchmarks.soak;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.loop.base.DaemonThreads;
import java.io.IOException;
import java.util.function.UnaryOperator;

/**
 * A well-behaved provider for the soak's normal traffic: it authenticates with the gateway token,
 * binds to the session with an {@code echo} tool and answers every call at once, on a thread of its
 * own, until the connection ends. The load driver's hook part runs one that answers gates instead
 * ({@link #answering}).
 */
public final class SoakProvider implements AutoCloseable {

  private final RawWs socket;
  private final UnaryOperator<String> reply;
  private final Thread answering;
  private volatile boolean closed;

  private SoakProvider(RawWs socket, String name, UnaryOperator<String> reply) {
    this.socket = socket;
    this.reply = reply;
    this.answering = DaemonThreads.start("soak-provider-" + name, this::answer);
  }

  /** Connects, authenticates and binds {@code name} with {@code tool}; waits for its ack. */
  static SoakProvider start(int port, String token, String session, String name, String tool)
      throws IOException {
    RawWs socket = bind(port, token, session, name, "[" + toolJson(tool) + "]");
    return new SoakProvider(socket, name, SoakProvider::toolResult);
  }

  /**
   * A provider on {@code socket}, bound already, that answers each message the gateway sends with
   * what {@code reply} makes of it (null: no answer), at once, on a thread of its own.
   */
  public static SoakProvider answering(RawWs socket, String name, UnaryOperator<String> reply) {
    return new SoakProvider(socket, name, reply);
  }

  /** An authenticated, bound raw connection; the caller reads on. */
  static RawWs bind(int port, String token, String session, String name, String toolsJson)
      throws IOException {
    return bind(
        port,
        token,
        "{\"type\":\"hello\",\"protocolVersion\":2,\"name\":\""
            + name
            + "\",\"session\":\""
            + session
            + "\",\"tools\":"
            + toolsJson
            + "}");
  }

  /**
   * An authenticated connection bound with {@code hello} (a whole {@code hello} message); the
   * caller reads on.
   */
  public static RawWs bind(int port, String token, String hello) throws IOException {
    RawWs socket = authenticated(port, token);
    socket.text(hello);
    String ack = awaitType(socket, "hello.ack");
    if (ack == null) {
      socket.close();
      throw new IOException("no hello.ack for " + hello);
    }
    return socket;
  }

  static RawWs authenticated(int port, String token) throws IOException {
    RawWs socket = RawWs.open(port, "/");
    socket.text("{\"type\":\"auth\",\"token\":\"" + token + "\"}");
    if (awaitType(socket, "sessions") == null) {
      socket.close();
      throw new IOException("not authenticated");
    }
    return socket;
  }

  static String toolJson(String name) {
    return "{\"name\":\""
        + name
        + "\",\"description\":\"soak\",\"parameters\":{\"type\":\"object\"}}";
  }

  /** The next message of {@code type} within 10 s (others skipped), or null. */
  public static String awaitType(RawWs socket, String type) throws IOException {
    long deadline = System.currentTimeMillis() + 10_000;
    while (System.currentTimeMillis() < deadline) {
      String text = socket.readText(1_000);
      if (text != null && SoakGateway.JSON.parseJson(text).path("type").asText().equals(type)) {
        return text;
      }
    }
    return null;
  }

  private void answer() {
    try {
      while (!closed) {
        String text = socket.readText(60_000);
        if (text == null) {
          continue; // quiet for a minute: still connected
        }
        String answer = reply.apply(text);
        if (answer != null) {
          socket.text(answer);
        }
      }
    } catch (IOException | RuntimeException e) {
      // the connection ended; the soak counts what its calls got
    }
  }

  /** The soak's echo: {@code tool.result} "ok" for a {@code tool.call}; nothing for the rest. */
  private static String toolResult(String text) {
    JsonNode message = SoakGateway.JSON.parseJson(text);
    if (!message.path("type").asText().equals("tool.call")) {
      return null;
    }
    return "{\"type\":\"tool.result\",\"id\":\""
        + message.get("id").asText()
        + "\",\"data\":\"ok\"}";
  }

  boolean isAnswering() {
    return answering.isAlive();
  }

  @Override
  public void close() {
    closed = true;
    socket.close();
  }
}
