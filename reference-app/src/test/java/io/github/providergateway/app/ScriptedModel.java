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
 * A model endpoint on loopback that answers a coding agent from a script, in the agent's own API
 * ({@link Dialect}), so the real agent binary runs its real tools, hooks and MCP client offline:
 *
 * <ul>
 *   <li>{@link Dialect#ANTHROPIC}, Claude Code's Messages API: {@code POST /v1/messages?beta=true},
 *       streamed as server-sent events ({@code message_start}, {@code content_block_start}/{@code
 *       _delta}/{@code _stop}, {@code message_delta}, {@code message_stop});
 *   <li>{@link Dialect#GEMINI}, Gemini CLI's Generative Language API: {@code
 *       …/models/M:streamGenerateContent?alt=sse} per turn ({@code data:} events of {@code
 *       GenerateContentResponse}), and {@code …:generateContent} for its router, which is told the
 *       task is simple;
 *   <li>{@link Dialect#RESPONSES}, the Responses API of Codex CLI and of Copilot CLI's own model
 *       provider: {@code POST /v1/responses}, streamed ({@code response.created}, {@code
 *       response.output_item.done}, {@code response.completed}).
 * </ul>
 *
 * <p>A request's turn is the number of the model's answers it carries (the first request has none),
 * so a retried request gets the same answer. Every turn's request is kept ({@link #requests()}), so
 * a test can read what the agent sent back, e.g. the result of a denied call ({@link #toolResult}).
 * Requests the script does not cover are answered sensibly and written to {@link #log()}: a token
 * count, a request that is not streamed, a turn past the script's end, any other path.
 *
 * <p>An agent that the agent's own tools start (a nested agent: {@code claude -p '…'} run from its
 * shell) talks to the same endpoint; its requests are told by their prompt and answered from a
 * script of their own ({@link Nested}), whose turns are counted apart.
 */
final class ScriptedModel implements AutoCloseable {

  /** How long a {@link Turn#after held} turn waits for its condition before failing the run. */
  static final Duration HOLD_LIMIT = Duration.ofSeconds(60);

  /** How many {@link Turn#onceOffered probes} a turn may take before the run fails. */
  static final int MAX_PROBES = 50;

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The model API an agent speaks. */
  enum Dialect {
    /** Anthropic's Messages API (Claude Code). */
    ANTHROPIC,
    /** Google's Generative Language API (Gemini CLI). */
    GEMINI,
    /** OpenAI's Responses API (Codex CLI). */
    RESPONSES
  }

  private final HttpServer server;
  private final ExecutorService threads;
  private final Dialect dialect;
  private final List<Turn> script;

  /** The nested agent's conversation, or null. */
  private final Nested nested;

  /** The bodies of every turn's request, in arrival order. Any thread. */
  private final List<JsonNode> requests = new CopyOnWriteArrayList<>();

  /**
   * The agent's answer counts at which a probe was answered instead of the script's turn. Any
   * thread.
   */
  private final java.util.Set<Integer> probedAt =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

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
   * @param tool the tool the model calls, as the agent names it, or null for a text answer; in
   *     {@link Dialect#RESPONSES} an MCP tool {@code mcp__S__T} is called as Codex lists it, {@code
   *     T} in the namespace {@code mcp__S}
   * @param id the call's id ({@code tool_use} id, {@code functionCall.id}, {@code call_id})
   * @param input the call's arguments
   * @param text the text of a text answer, which ends the agent's turn
   * @param holdUntil what must be true before the answer is sent, or null
   * @param holdFor what the hold waits for, in words
   * @param probe what is answered instead while the request does not offer {@code tool}, or null
   */
  record Turn(
      String tool,
      String id,
      JsonNode input,
      String text,
      Await.Condition holdUntil,
      String holdFor,
      Turn probe) {

    /** A call of {@code tool} with {@code input}, its id {@code id}. */
    static Turn toolUse(String tool, String id, JsonNode input) {
      return new Turn(tool, id, input, null, null, null, null);
    }

    /** A text answer that ends the agent's turn. */
    static Turn text(String text) {
      return new Turn(null, null, null, text, null, null, null);
    }

    /** This turn, sent only once {@code condition} holds ({@code what}, in words). */
    Turn after(String what, Await.Condition condition) {
      return new Turn(tool, id, input, text, condition, what, probe);
    }

    /**
     * This call, made only once the agent offers its tool: until then (an MCP server's tools come
     * in the background, by {@code list_changed}) the model calls {@code probe} instead, a harmless
     * call whose id gets a number each time, at most {@value #MAX_PROBES} times. The probes are not
     * turns of the script.
     */
    Turn onceOffered(Turn probe) {
      return new Turn(tool, id, input, text, holdUntil, holdFor, probe);
    }

    private String describe() {
      return tool == null ? "text " + text : "call " + tool + " " + input + " (" + id + ")";
    }
  }

  /**
   * A second conversation at the same endpoint: the requests whose prompt (the user's text before
   * the model's first answer) holds {@code prompt}, answered from {@code script}, its turns counted
   * from its own first request. No probes ({@link Turn#onceOffered}) in it.
   *
   * @param prompt words of the nested agent's prompt that the outer conversation's prompt lacks
   * @param script its turns
   */
  record Nested(String prompt, List<Turn> script) {
    Nested {
      script = List.copyOf(script);
    }
  }

  private ScriptedModel(
      HttpServer server,
      ExecutorService threads,
      Dialect dialect,
      List<Turn> script,
      Nested nested) {
    this.server = server;
    this.threads = threads;
    this.dialect = dialect;
    this.script = List.copyOf(script);
    this.nested = nested;
  }

  /**
   * Starts an {@link Dialect#ANTHROPIC} endpoint on 127.0.0.1, on a port of the system's choosing.
   */
  static ScriptedModel start(List<Turn> script) throws IOException {
    return start(Dialect.ANTHROPIC, script);
  }

  /** Starts a {@code dialect} endpoint on 127.0.0.1, on a port of the system's choosing. */
  static ScriptedModel start(Dialect dialect, List<Turn> script) throws IOException {
    return start(dialect, script, null);
  }

  /**
   * Starts a {@code dialect} endpoint on 127.0.0.1, on a port of the system's choosing, that also
   * answers a nested agent's conversation ({@code nested}, or none when null).
   */
  static ScriptedModel start(Dialect dialect, List<Turn> script, Nested nested) throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    ExecutorService threads =
        Executors.newCachedThreadPool(
            runnable -> {
              Thread thread = new Thread(runnable, "scripted-model");
              thread.setDaemon(true);
              return thread;
            });
    ScriptedModel model = new ScriptedModel(server, threads, dialect, script, nested);
    server.createContext("/", model::handle);
    server.setExecutor(threads);
    server.start();
    return model;
  }

  /**
   * {@code http://127.0.0.1:<port>}: Claude's {@code ANTHROPIC_BASE_URL}, Gemini's {@code
   * GOOGLE_GEMINI_BASE_URL}; Codex's provider {@code base_url} is this with {@code /v1}.
   */
  URI baseUrl() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  /** The bodies of the turns' requests so far, in arrival order. */
  List<JsonNode> requests() {
    return List.copyOf(requests);
  }

  /**
   * What the agent sent back for the call {@code id}, if a request carried it: Claude's {@code
   * tool_result} block ({@code is_error} and {@code content}), Gemini's {@code functionResponse}
   * ({@code response}), Codex's {@code function_call_output} ({@code output}). {@link #text} reads
   * any of them.
   */
  Optional<JsonNode> toolResult(String id) {
    for (JsonNode request : requests) {
      switch (dialect) {
        case ANTHROPIC -> {
          for (JsonNode message : request.path("messages")) {
            for (JsonNode block : message.path("content")) {
              if ("tool_result".equals(block.path("type").asText())
                  && id.equals(block.path("tool_use_id").asText())) {
                return Optional.of(block);
              }
            }
          }
        }
        case GEMINI -> {
          for (JsonNode content : request.path("contents")) {
            for (JsonNode part : content.path("parts")) {
              JsonNode response = part.path("functionResponse");
              if (id.equals(response.path("id").asText())) {
                return Optional.of(response);
              }
            }
          }
        }
        case RESPONSES -> {
          for (JsonNode item : request.path("input")) {
            if ("function_call_output".equals(item.path("type").asText())
                && id.equals(item.path("call_id").asText())) {
              return Optional.of(item);
            }
          }
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The text of what {@link #toolResult} found: a {@code tool_result}'s content, a {@code
   * functionResponse}'s {@code response} ({@code output} or {@code error}, else all of it as JSON),
   * a {@code function_call_output}'s {@code output}; a string as itself, text blocks joined.
   */
  static String text(JsonNode toolResult) {
    JsonNode content =
        toolResult.has("response")
            ? toolResult.get("response")
            : toolResult.has("output") ? toolResult.get("output") : toolResult.path("content");
    if (content.isObject()) {
      JsonNode said = content.has("output") ? content.get("output") : content.path("error");
      return said.isMissingNode()
          ? content.toString()
          : said.isTextual() ? said.asText() : said.toString();
    }
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
      URI uri = exchange.getRequestURI();
      String path = uri.getPath();
      byte[] bytes = exchange.getRequestBody().readAllBytes();
      if (!"POST".equals(exchange.getRequestMethod())) {
        note("unexpected " + exchange.getRequestMethod() + " " + uri + ": 404");
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
      switch (dialect) {
        case ANTHROPIC -> anthropic(exchange, path, body);
        case GEMINI -> gemini(exchange, path, body);
        case RESPONSES -> responses(exchange, path, body);
      }
    } catch (RuntimeException e) {
      note("failed to answer: " + e);
      throw e;
    }
  }

  // ---- Anthropic's Messages API ----

  private void anthropic(HttpExchange exchange, String path, JsonNode body) throws IOException {
    if (path.equals("/v1/messages/count_tokens")) {
      note("unexpected token count: answered 1 token");
      send(exchange, 200, "application/json", "{\"input_tokens\":1}");
      return;
    }
    if (!path.equals("/v1/messages")) {
      unexpected(exchange);
      return;
    }
    String model = body.path("model").asText("scripted");
    if (!body.path("stream").asBoolean(false)) {
      note("unexpected request that is not streamed (model " + model + "): answered \"ok\"");
      ObjectNode message = anthropicMessage(model, "end_turn");
      message
          .withArray("content")
          .add(JSON.createObjectNode().put("type", "text").put("text", "ok"));
      send(exchange, 200, "application/json", JSON.writeValueAsString(message));
      return;
    }
    int turn = countRole(body.path("messages"), "assistant");
    Turn answer = turn(exchange, body, turn);
    if (answer != null) {
      send(exchange, 200, "text/event-stream", anthropicEvents(model, turn, answer));
    }
  }

  /** The answer as the Messages API streams it. */
  private static String anthropicEvents(String model, int turn, Turn answer) throws IOException {
    StringBuilder out = new StringBuilder();
    ObjectNode start = JSON.createObjectNode().put("type", "message_start");
    // An id per turn: Claude Code merges the assistant messages of one id into one.
    start.set("message", anthropicMessage(model, null).put("id", "msg_scripted_" + turn));
    event(out, start);
    ObjectNode opening = JSON.createObjectNode();
    ObjectNode delta = JSON.createObjectNode();
    if (answer.tool() != null) {
      opening.put("type", "tool_use").put("id", answer.id()).put("name", answer.tool());
      opening.putObject("input");
      delta.put("type", "input_json_delta");
      delta.put("partial_json", JSON.writeValueAsString(answer.input()));
    } else {
      opening.put("type", "text").put("text", "");
      delta.put("type", "text_delta").put("text", answer.text());
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
        .put("stop_reason", answer.tool() != null ? "tool_use" : "end_turn")
        .putNull("stop_sequence");
    messageDelta.putObject("usage").put("output_tokens", 8);
    event(out, messageDelta);
    event(out, JSON.createObjectNode().put("type", "message_stop"));
    return out.toString();
  }

  /** A message with no content yet; {@code stopReason} null while it streams. */
  private static ObjectNode anthropicMessage(String model, String stopReason) {
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

  // ---- Google's Generative Language API ----

  private void gemini(HttpExchange exchange, String path, JsonNode body) throws IOException {
    if (path.endsWith(":countTokens")) {
      note("unexpected token count: answered 1 token");
      send(exchange, 200, "application/json", "{\"totalTokens\":1}");
    } else if (path.endsWith(":generateContent")) {
      // Gemini CLI's router (and any other side question) asks here, not streamed: the task is
      // simple, in the JSON its classifier reads.
      note("side question " + path + ": answered that the task is simple");
      ObjectNode part =
          JSON.createObjectNode()
              .put("text", "{\"complexity_reasoning\":\"scripted\",\"complexity_score\":1}");
      send(exchange, 200, "application/json", JSON.writeValueAsString(geminiResponse(part)));
    } else if (path.endsWith(":streamGenerateContent")) {
      Turn answer = turn(exchange, body, countRole(body.path("contents"), "model"));
      if (answer == null) {
        return;
      }
      ObjectNode part = JSON.createObjectNode();
      if (answer.tool() != null) {
        ObjectNode call = part.putObject("functionCall");
        call.put("id", answer.id()).put("name", answer.tool());
        call.set("args", answer.input());
      } else {
        part.put("text", answer.text());
      }
      send(
          exchange,
          200,
          "text/event-stream",
          "data: " + JSON.writeValueAsString(geminiResponse(part)) + "\r\n\r\n");
    } else {
      unexpected(exchange);
    }
  }

  private static ObjectNode geminiResponse(ObjectNode part) {
    ObjectNode response = JSON.createObjectNode();
    ObjectNode candidate = response.putArray("candidates").addObject();
    ObjectNode content = candidate.putObject("content").put("role", "model");
    content.putArray("parts").add(part);
    candidate.put("finishReason", "STOP").put("index", 0);
    response
        .putObject("usageMetadata")
        .put("promptTokenCount", 16)
        .put("candidatesTokenCount", 1)
        .put("totalTokenCount", 17);
    return response;
  }

  // ---- OpenAI's Responses API ----

  private void responses(HttpExchange exchange, String path, JsonNode body) throws IOException {
    if (!path.equals("/v1/responses")) {
      unexpected(exchange);
      return;
    }
    int turn = 0;
    for (JsonNode item : body.path("input")) {
      String type = item.path("type").asText();
      if (type.equals("function_call")
          || type.equals("custom_tool_call")
          || (type.equals("message") && item.path("role").asText().equals("assistant"))) {
        turn++;
      }
    }
    Turn answer = turn(exchange, body, turn);
    if (answer == null) {
      return;
    }
    ObjectNode item = JSON.createObjectNode();
    if (answer.tool() != null) {
      item.put("type", "function_call").put("id", "fc_" + answer.id());
      item.put("call_id", answer.id());
      int namespace = answer.tool().startsWith("mcp__") ? answer.tool().indexOf("__", 5) : -1;
      if (namespace > 0) {
        item.put("namespace", answer.tool().substring(0, namespace));
        item.put("name", answer.tool().substring(namespace + 2));
      } else {
        item.put("name", answer.tool());
      }
      item.put("arguments", JSON.writeValueAsString(answer.input()));
    } else {
      item.put("type", "message").put("role", "assistant").put("id", "msg_" + turn);
      item.putArray("content").addObject().put("type", "output_text").put("text", answer.text());
    }
    String id = "resp_" + turn;
    StringBuilder out = new StringBuilder();
    ObjectNode created = JSON.createObjectNode().put("type", "response.created");
    created.putObject("response").put("id", id);
    event(out, created);
    ObjectNode done = JSON.createObjectNode().put("type", "response.output_item.done");
    done.put("output_index", 0).set("item", item);
    event(out, done);
    ObjectNode completed = JSON.createObjectNode().put("type", "response.completed");
    ObjectNode response = completed.putObject("response").put("id", id);
    // Codex reads the item from output_item.done; Copilot CLI from the completed response.
    response.put("object", "response").put("status", "completed");
    response.putArray("output").add(item);
    response
        .putObject("usage")
        .put("input_tokens", 16)
        .put("output_tokens", 1)
        .put("total_tokens", 17);
    event(out, completed);
    send(exchange, 200, "text/event-stream", out.toString());
  }

  // ---- what every dialect shares ----

  private static int countRole(JsonNode messages, String role) {
    int count = 0;
    for (JsonNode message : messages) {
      if (role.equals(message.path("role").asText())) {
        count++;
      }
    }
    return count;
  }

  /**
   * The script's answer to the request {@code body}, turn {@code turn} (from 0), once its hold (if
   * any) holds; null when the hold failed, and the request has been answered 500 already.
   */
  private Turn turn(HttpExchange exchange, JsonNode body, int answered) throws IOException {
    requests.add(body);
    boolean inner = nested != null && prompt(body).contains(nested.prompt());
    List<Turn> turns = inner ? nested.script() : script;
    int turn =
        inner ? answered : answered - (int) probedAt.stream().filter(at -> at < answered).count();
    String turnName = (inner ? "nested turn " : "turn ") + (turn + 1) + ":";
    Turn answer;
    if (turn < turns.size()) {
      answer = turns.get(turn);
    } else {
      note("unexpected " + turnName + " past the script's " + turns.size() + ": ended it");
      answer = Turn.text("(the script has ended)");
    }
    if (answer.holdUntil() != null && failures.stream().anyMatch(f -> f.startsWith(turnName))) {
      // The agent retries a failed request: once a hold has failed, the run has failed.
      send(exchange, 500, "application/json", error("api_error", "the script's hold failed"));
      return null;
    }
    if (answer.holdUntil() != null) {
      Instant since = Instant.now();
      try {
        Await.until(HOLD_LIMIT, answer.holdUntil(), answer::holdFor);
        note(
            turnName
                + " held "
                + Duration.between(since, Instant.now()).toMillis()
                + " ms until "
                + answer.holdFor());
      } catch (AssertionError e) {
        failures.add(turnName + " " + e.getMessage());
        note(turnName + " held in vain: " + e.getMessage() + "; answered 500");
        send(exchange, 500, "application/json", error("api_error", "the script's hold failed"));
        return null;
      }
    }
    if (answer.probe() != null && !offers(body.path("tools"), answer.tool())) {
      if (probedAt.size() >= MAX_PROBES && !probedAt.contains(answered)) {
        failures.add(
            turnName + " " + answer.tool() + " never offered after " + MAX_PROBES + " probes");
        send(exchange, 500, "application/json", error("api_error", "the tool never came"));
        return null;
      }
      probedAt.add(answered);
      Turn probe = answer.probe();
      probe = Turn.toolUse(probe.tool(), probe.id() + "_" + answered, probe.input());
      note("turn " + (turn + 1) + " waits for " + answer.tool() + ": " + probe.describe());
      return probe;
    }
    note(turnName + " " + answer.describe());
    return answer;
  }

  /**
   * The user's text of a request before the model's first answer: the agent's prompt, with what the
   * agent puts beside it (its context, its reminders).
   */
  private String prompt(JsonNode body) {
    StringBuilder text = new StringBuilder();
    switch (dialect) {
      case ANTHROPIC -> {
        for (JsonNode message : body.path("messages")) {
          if (!"user".equals(message.path("role").asText())) {
            break;
          }
          JsonNode content = message.path("content");
          if (content.isTextual()) {
            text.append(content.asText()).append('\n');
          }
          content.forEach(block -> text.append(block.path("text").asText()).append('\n'));
        }
      }
      case GEMINI -> {
        for (JsonNode content : body.path("contents")) {
          if (!"user".equals(content.path("role").asText())) {
            break;
          }
          content.path("parts").forEach(part -> text.append(part.path("text").asText()));
        }
      }
      case RESPONSES -> {
        for (JsonNode item : body.path("input")) {
          if (!"message".equals(item.path("type").asText())
              || "assistant".equals(item.path("role").asText())) {
            break;
          }
          JsonNode content = item.path("content");
          if (content.isTextual()) {
            text.append(content.asText()).append('\n');
          }
          content.forEach(part -> text.append(part.path("text").asText()).append('\n'));
        }
      }
    }
    return text.toString();
  }

  /** Whether {@code tools}, as a request offers them, hold {@code tool} (as the model calls it). */
  private boolean offers(JsonNode tools, String tool) {
    List<String> names = toolNames(tools);
    int namespace = tool.startsWith("mcp__") ? tool.indexOf("__", 5) : -1;
    return names.contains(tool)
        || (dialect == Dialect.RESPONSES
            && namespace > 0
            && names.contains(tool.substring(0, namespace) + "/" + tool.substring(namespace + 2)));
  }

  private void unexpected(HttpExchange exchange) throws IOException {
    note("unexpected POST " + exchange.getRequestURI() + ": 404");
    send(exchange, 404, "application/json", error("not_found_error", "no such endpoint"));
  }

  /** A server-sent event named after {@code data}'s {@code type}. */
  private static void event(StringBuilder out, ObjectNode data) throws IOException {
    out.append("event: ")
        .append(data.get("type").asText())
        .append("\ndata: ")
        .append(JSON.writeValueAsString(data))
        .append("\n\n");
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

  /**
   * The held turns that failed, the log, and the tools the agent offered in each request: for an
   * assertion's description.
   */
  String describe() {
    List<String> lines = new ArrayList<>(failures);
    lines.add(log());
    for (JsonNode request : requests) {
      lines.add("tools offered: " + String.join(", ", toolNames(request.path("tools"))));
    }
    return String.join("\n", lines);
  }

  /**
   * The names of the tools a request offers the model: Claude's and Codex's {@code name} (a Codex
   * {@code namespace} as {@code namespace/tool} each), Gemini's {@code functionDeclarations}.
   */
  private static List<String> toolNames(JsonNode tools) {
    List<String> names = new ArrayList<>();
    for (JsonNode tool : tools) {
      for (JsonNode declaration : tool.path("functionDeclarations")) {
        names.add(declaration.path("name").asText());
      }
      for (JsonNode inner : tool.path("tools")) {
        names.add(tool.path("name").asText() + "/" + inner.path("name").asText());
      }
      if (tool.has("name") && !tool.has("tools")) {
        names.add(tool.path("name").asText());
      }
    }
    return names;
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
