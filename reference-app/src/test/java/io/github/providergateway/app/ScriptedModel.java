package io.github.providergateway.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A model endpoint on loopback that answers a coding agent from a script: the Anthropic Messages
 * API as Claude Code calls it ({@code POST /v1/messages?beta=true}, streamed as server-sent events:
 * {@code message_start}, {@code content_block_start}/{@code _delta}/{@code _stop}, {@code
 * message_delta}, {@code message_stop}), so the real agent binary runs its real tools, hooks and
 * MCP client offline.
 *
 * <p>A request's turn is the number of assistant messages it carries (the first request has none),
 * so a retried request gets the same answer. Every request is kept ({@link #requests()}), so a test
 * can read what the agent sent back, e.g. the {@code tool_result} of a denied call ({@link
 * #toolResult}). Requests the script does not cover are answered sensibly and written to {@link
 * #log()}: a token count, a request that is not streamed, a turn past the script's end, any other
 * path.
 */
final class ScriptedModel implements AutoCloseable {

  /** How long a {@link Turn#after held} turn waits for its condition before failing the run. */
  static final Duration HOLD_LIMIT = Duration.ofSeconds(60);

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final ExecutorService threads;
  private final List<Turn> script;

  /** The bodies of every {@code /v1/messages} request, in arrival order. Any thread. */
  private final List<JsonNode> requests = new CopyOnWriteArrayList<>();

  /** What the endpoint did, one line per request, and what it did not expect. Any thread. */
  private final List<String> log = new CopyOnWriteArrayList<>();

  /**
   * A held turn whose condition never came true: the run is not what the test meant. Any thread.
   */
  private final List<String> failures = new CopyOnWriteArrayList<>();

  /**
   * One answer of the script, optionally held until a condition holds (bounded by {@link
   * #HOLD_LIMIT}).
   *
   * @param block the one content block of the answer: a {@code tool_use} or a {@code text}
   * @param stopReason {@code tool_use} or {@code end_turn}
   * @param holdUntil what must be true before the answer is sent, or null
   * @param holdFor what the hold waits for, in words
   */
  record Turn(ObjectNode block, String stopReason, Await.Condition holdUntil, String holdFor) {

    /** A call of {@code tool} with {@code input}, its {@code tool_use} id {@code id}. */
    static Turn toolUse(String tool, String id, JsonNode input) {
      ObjectNode block = JSON.createObjectNode();
      block.put("type", "tool_use").put("id", id).put("name", tool);
      block.set("input", input);
      return new Turn(block, "tool_use", null, null);
    }

    /** A text answer that ends the agent's turn. */
    static Turn text(String text) {
      ObjectNode block = JSON.createObjectNode();
      block.put("type", "text").put("text", text);
      return new Turn(block, "end_turn", null, null);
    }

    /** This turn, sent only once {@code condition} holds ({@code what}, in words). */
    Turn after(String what, Await.Condition condition) {
      return new Turn(block, stopReason, condition, what);
    }

    String toolUseId() {
      return block.path("id").asText(null);
    }
  }

  private ScriptedModel(HttpServer server, ExecutorService threads, List<Turn> script) {
    this.server = server;
    this.threads = threads;
    this.script = List.copyOf(script);
  }

  /** Starts the endpoint on 127.0.0.1, on a port of the system's choosing. */
  static ScriptedModel start(List<Turn> script) throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    ExecutorService threads =
        Executors.newCachedThreadPool(
            runnable -> {
              Thread thread = new Thread(runnable, "scripted-model");
              thread.setDaemon(true);
              return thread;
            });
    ScriptedModel model = new ScriptedModel(server, threads, script);
    server.createContext("/", model::handle);
    server.setExecutor(threads);
    server.start();
    return model;
  }

  /** {@code http://127.0.0.1:<port>}: the agent's {@code ANTHROPIC_BASE_URL}. */
  URI baseUrl() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  /** The bodies of the {@code /v1/messages} requests so far, in arrival order. */
  List<JsonNode> requests() {
    return List.copyOf(requests);
  }

  /**
   * The {@code tool_result} block the agent sent back for the call {@code toolUseId}, if a request
   * carried one: {@code is_error} and {@code content} say whether the call ran and, if not, why.
   */
  Optional<JsonNode> toolResult(String toolUseId) {
    for (JsonNode request : requests) {
      for (JsonNode message : request.path("messages")) {
        for (JsonNode block : message.path("content")) {
          if ("tool_result".equals(block.path("type").asText())
              && toolUseId.equals(block.path("tool_use_id").asText())) {
            return Optional.of(block);
          }
        }
      }
    }
    return Optional.empty();
  }

  /** The text of a {@code tool_result} block's content (a string, or text blocks). */
  static String text(JsonNode toolResult) {
    JsonNode content = toolResult.path("content");
    if (content.isTextual()) {
      return content.asText();
    }
    StringBuilder text = new StringBuilder();
    for (JsonNode block : content) {
      text.append(block.path("text").asText());
    }
    return text.toString();
  }

  /** Held turns whose condition never held; empty when the script ran as meant. */
  List<String> failures() {
    return List.copyOf(failures);
  }

  /** What the endpoint answered and what it did not expect, one line each. */
  String log() {
    return String.join("\n", log);
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      byte[] bytes = exchange.getRequestBody().readAllBytes();
      if (!"POST".equals(exchange.getRequestMethod())) {
        note(
            "unexpected " + exchange.getRequestMethod() + " " + exchange.getRequestURI() + ": 404");
        send(exchange, 404, "application/json", "{}");
        return;
      }
      JsonNode body;
      try {
        body = JSON.readTree(bytes);
      } catch (IOException e) {
        note("unexpected body of POST " + path + " (not JSON): 400");
        send(exchange, 400, "application/json", error("invalid_request_error", "not JSON"));
        return;
      }
      if (path.equals("/v1/messages/count_tokens")) {
        note("unexpected token count: answered 1 token");
        send(exchange, 200, "application/json", "{\"input_tokens\":1}");
      } else if (path.equals("/v1/messages")) {
        messages(exchange, body);
      } else {
        note("unexpected POST " + exchange.getRequestURI() + ": 404");
        send(exchange, 404, "application/json", error("not_found_error", "no such endpoint"));
      }
    } catch (RuntimeException e) {
      note("failed to answer: " + e);
      throw e;
    }
  }

  private void messages(HttpExchange exchange, JsonNode body) throws IOException {
    requests.add(body);
    String model = body.path("model").asText("scripted");
    if (!body.path("stream").asBoolean(false)) {
      note("unexpected request that is not streamed (model " + model + "): answered \"ok\"");
      ObjectNode message = message(model, "end_turn");
      message
          .withArray("content")
          .add(JSON.createObjectNode().put("type", "text").put("text", "ok"));
      send(exchange, 200, "application/json", JSON.writeValueAsString(message));
      return;
    }
    int turn = 0;
    for (JsonNode message : body.path("messages")) {
      if ("assistant".equals(message.path("role").asText())) {
        turn++;
      }
    }
    String turnName = "turn " + (turn + 1) + ":";
    Turn answer;
    if (turn < script.size()) {
      answer = script.get(turn);
    } else {
      note("unexpected turn " + (turn + 1) + ", past the script's " + script.size() + ": ended it");
      answer = Turn.text("(the script has ended)");
    }
    if (answer.holdUntil() != null && failures.stream().anyMatch(f -> f.startsWith(turnName))) {
      // The agent retries a failed request: once a hold has failed, the run has failed.
      send(exchange, 500, "application/json", error("api_error", "the script's hold failed"));
      return;
    }
    if (answer.holdUntil() != null) {
      Instant since = Instant.now();
      try {
        Await.until(HOLD_LIMIT, answer.holdUntil(), answer::holdFor);
        note(
            "turn "
                + (turn + 1)
                + " held "
                + Duration.between(since, Instant.now()).toMillis()
                + " ms until "
                + answer.holdFor());
      } catch (AssertionError e) {
        failures.add(turnName + " " + e.getMessage());
        note("turn " + (turn + 1) + " held in vain: " + e.getMessage() + "; answered 500");
        send(exchange, 500, "application/json", error("api_error", "the script's hold failed"));
        return;
      }
    }
    note("turn " + (turn + 1) + ": " + answer.block());
    send(exchange, 200, "text/event-stream", events(model, answer));
  }

  /** The answer as the Messages API streams it. */
  private static String events(String model, Turn answer) throws IOException {
    StringBuilder out = new StringBuilder();
    ObjectNode start = JSON.createObjectNode().put("type", "message_start");
    start.set("message", message(model, null));
    event(out, start);
    ObjectNode opening = answer.block().deepCopy();
    ObjectNode delta = JSON.createObjectNode();
    if (opening.has("input")) {
      delta.put("type", "input_json_delta");
      delta.put("partial_json", JSON.writeValueAsString(opening.get("input")));
      opening.set("input", JSON.createObjectNode());
    } else {
      delta.put("type", "text_delta").put("text", opening.path("text").asText());
      opening.put("text", "");
    }
    ObjectNode blockStart =
        JSON.createObjectNode().put("type", "content_block_start").put("index", 0);
    blockStart.set("content_block", opening);
    event(out, blockStart);
    ObjectNode blockDelta =
        JSON.createObjectNode().put("type", "content_block_delta").put("index", 0);
    blockDelta.set("delta", delta);
    event(out, blockDelta);
    event(out, JSON.createObjectNode().put("type", "content_block_stop").put("index", 0));
    ObjectNode messageDelta = JSON.createObjectNode().put("type", "message_delta");
    messageDelta
        .putObject("delta")
        .put("stop_reason", answer.stopReason())
        .putNull("stop_sequence");
    messageDelta.putObject("usage").put("output_tokens", 8);
    event(out, messageDelta);
    event(out, JSON.createObjectNode().put("type", "message_stop"));
    return out.toString();
  }

  private static void event(StringBuilder out, ObjectNode data) throws IOException {
    out.append("event: ")
        .append(data.get("type").asText())
        .append("\ndata: ")
        .append(JSON.writeValueAsString(data))
        .append("\n\n");
  }

  /** A message with no content yet; {@code stopReason} null while it streams. */
  private static ObjectNode message(String model, String stopReason) {
    ObjectNode message = JSON.createObjectNode();
    message
        .put("id", "msg_scripted")
        .put("type", "message")
        .put("role", "assistant")
        .put("model", model);
    message.putArray("content");
    message.put("stop_reason", stopReason).putNull("stop_sequence");
    message.putObject("usage").put("input_tokens", 16).put("output_tokens", 1);
    return message;
  }

  private static String error(String type, String message) {
    ObjectNode error = JSON.createObjectNode().put("type", "error");
    error.putObject("error").put("type", type).put("message", message);
    return error.toString();
  }

  private static void send(HttpExchange exchange, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private void note(String line) {
    log.add(Instant.now() + " " + line);
  }

  /** The held turns that failed, then the log: for an assertion's description. */
  String describe() {
    List<String> lines = new ArrayList<>(failures);
    lines.add(log());
    return String.join("\n", lines);
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
