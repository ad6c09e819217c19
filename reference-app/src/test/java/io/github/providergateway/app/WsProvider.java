package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.transport.testing.JdkProvider;
import java.net.URI;
import java.util.concurrent.CompletableFuture;

/**
 * A provider written against the wire protocol, speaking raw JSON as a provider in any language
 * would, on the JDK's own WebSocket client ({@link JdkProvider}). What the gateway sends is read
 * with bounded waits.
 */
public final class WsProvider implements AutoCloseable {

  /** Completes with the close code when the gateway closes the connection. */
  final CompletableFuture<Integer> closed;

  private final JdkProvider socket;

  /** The {@code hello.ack}, once bound. */
  JsonNode ack;

  private WsProvider(URI url) {
    socket = JdkProvider.connect(url);
    closed = socket.closeCode();
  }

  public static WsProvider connect(URI url) {
    return new WsProvider(url);
  }

  /**
   * Connects, authenticates with {@code token}, and binds to {@code sessionId} as {@code name} with
   * the hello fields in {@code helloFields} (JSON object members, e.g. {@code "tools":[..]}), then
   * reads {@code hello.ack} and {@code session.lifecycle started}.
   */
  public static WsProvider bound(
      URI url, String token, String sessionId, String name, String helloFields) {
    WsProvider provider = connect(url);
    provider.send("{\"type\":\"auth\",\"token\":\"" + token + "\"}");
    provider.next("sessions");
    provider.send(
        "{\"type\":\"hello\",\"name\":\""
            + name
            + "\",\"protocolVersion\":2,\"session\":\""
            + sessionId
            + "\""
            + (helloFields.isEmpty() ? "" : "," + helloFields)
            + "}");
    provider.ack = provider.next("hello.ack");
    JsonNode started = provider.next("session.lifecycle");
    assertThat(started.get("state").asText()).isEqualTo("started");
    return provider;
  }

  /** A tool definition's JSON: an object schema with one optional string {@code name}. */
  static String tool(String name) {
    return "{\"name\":\""
        + name
        + "\",\"description\":\"Tool "
        + name
        + "\","
        + "\"parameters\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}}";
  }

  /** A {@code "tools":[..]} hello member with {@code names}. */
  public static String tools(String... names) {
    StringBuilder json = new StringBuilder("\"tools\":[");
    for (int i = 0; i < names.length; i++) {
      json.append(i == 0 ? "" : ",").append(tool(names[i]));
    }
    return json.append(']').toString();
  }

  public void send(String json) {
    socket.sendText(json);
  }

  /** The next message, whatever its type. */
  public JsonNode next() {
    try {
      return RpcApp.CODEC.parseJson(socket.nextText());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** The next message of {@code type}; messages of other types before it are skipped. */
  public JsonNode next(String type) {
    while (true) {
      JsonNode message = next();
      if (type.equals(message.path("type").asText())) {
        return message;
      }
    }
  }

  /**
   * Whether nothing of {@code type} came before the gateway's answer to a question asked now (a
   * {@code stream.query}); other types are dropped. The gateway handles a connection's messages in
   * order on its loop and sends on it in order, so what it sent this provider before reading the
   * question arrives before the answer: asked once the gateway has decided (has answered the host),
   * this shows that the decision sent nothing of {@code type}, without waiting to see.
   */
  public boolean receivedNoneBeforeAnAnswer(String type) {
    String queryId = "before-" + System.nanoTime();
    send(
        "{\"type\":\"stream.query\",\"queryId\":\""
            + queryId
            + "\",\"streams\":[\"nothing\"],\"last\":1}");
    while (true) {
      JsonNode message = next();
      String got = message.path("type").asText();
      if (got.equals(type)) {
        return false;
      }
      if (got.equals("stream.history") && message.path("queryId").asText().equals(queryId)) {
        return true;
      }
      assertThat(message.path("replyTo").asText())
          .as("the gateway refused the question: %s", message)
          .isNotEqualTo("stream.query");
    }
  }

  /** Answers a {@code tool.call} with {@code data} (a JSON value text). */
  public void result(JsonNode call, String data) {
    send(
        "{\"type\":\"tool.result\",\"id\":\""
            + call.get("id").asText()
            + "\",\"data\":"
            + data
            + "}");
  }

  /** Says goodbye, as providers do on {@code shutdown.pending}. */
  void goodbye() {
    send("{\"type\":\"goodbye\",\"reason\":\"session ending\"}");
  }

  @Override
  public void close() {
    socket.close();
  }
}
