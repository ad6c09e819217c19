package io.github.providergateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.json.JsonHeap;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The agent's input as the MCP server may read it: only lines that are JSON-RPC 2.0 messages. The
 * SDK's stdio transport ended the whole connection at the first line it could not read (and at a
 * blank one), so one stray byte from an agent would cost its session. This guard answers such a
 * line itself, as JSON-RPC says ({@code -32700} parse error, {@code -32600} invalid request, with
 * the request's id when it has one), and hands on the rest, parsed once. A line longer than {@link
 * #MAX_LINE_BYTES} is skipped to its end and answered {@code -32600}, and so is a message nested
 * deeper than {@link #MAX_DEPTH} levels: the SDK and the front door turn messages into maps and
 * trees with recursive code, which a message nested some 700 levels deep ran out of stack in (issue
 * 35). {@link #problemOf} is the HTTP front door's check too.
 *
 * <p>It also writes what {@link StdioTransport} sends ({@link #writeLine}), so its answers and the
 * transport's messages are lines that never interleave.
 */
final class JsonRpcLineGuard implements AutoCloseable {

  /** The SDK's own limit on a line (16 Mi characters); bytes here, a bound either way. */
  static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

  /**
   * The deepest an agent's message may nest: what the gateway accepts from a provider ({@link
   * io.github.providergateway.protocol.MessageLimits#maxJsonDepth()}'s default), so that a call's
   * arguments also fit in the {@code tool.call} that carries them to one.
   */
  static final int MAX_DEPTH = Limits.defaults().messages().maxJsonDepth();

  private static final byte[] NEWLINE = {'\n'};

  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;

  private final InputStream in;
  private final OutputStream out;

  /** The line being read; reused, so a steady stream of calls allocates no buffer per line. */
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  JsonRpcLineGuard(InputStream in, OutputStream out) {
    this.in = new BufferedInputStream(in);
    this.out = out;
  }

  /**
   * The next line that is a JSON-RPC 2.0 message, parsed; the others are answered on the way.
   *
   * @return the message, or null at the end of the input
   * @throws IOException when reading the input or writing an answer fails
   */
  JsonNode nextMessage() throws IOException {
    while (true) {
      line.reset();
      boolean tooLong = false;
      int b;
      while ((b = in.read()) != -1 && b != '\n') {
        if (line.size() < MAX_LINE_BYTES) {
          line.write(b);
        } else {
          tooLong = true; // keep reading to the line's end, keeping nothing
        }
      }
      if (b == -1 && line.size() == 0) {
        return null;
      }
      byte[] bytes = line.toByteArray();
      if (isBlank(bytes)) {
        continue; // a blank line means nothing
      }
      if (tooLong) {
        answer(
            null,
            INVALID_REQUEST,
            "Invalid Request: a message longer than " + MAX_LINE_BYTES + " bytes");
        continue;
      }
      String problem;
      JsonNode message;
      try {
        message = Json.MAPPER.readTree(bytes);
        problem = problemOf(message);
      } catch (IOException e) {
        answer(null, PARSE_ERROR, "Parse error: the line is not JSON");
        continue;
      }
      if (problem != null) {
        answer(
            message == null ? null : message.get("id"),
            INVALID_REQUEST,
            "Invalid Request: " + problem);
        continue;
      }
      return message;
    }
  }

  private static boolean isBlank(byte[] bytes) {
    for (byte b : bytes) {
      if (b != ' ' && b != '\t' && b != '\r' && b != '\f') {
        return false;
      }
    }
    return true;
  }

  /** Why {@code message} is not a JSON-RPC 2.0 message the SDK can read, or null. */
  static String problemOf(JsonNode message) {
    if (message == null || !message.isObject()) {
      return "a message must be a JSON object (batches are not supported)";
    }
    if (!"2.0".equals(message.path("jsonrpc").asText(null))) {
      return "\"jsonrpc\" must be \"2.0\"";
    }
    boolean request = message.path("method").isTextual();
    boolean response = message.has("id") && (message.has("result") || message.has("error"));
    if (!request && !response) {
      return "neither a request, a notification nor a response";
    }
    JsonNode id = message.get("id");
    if (id != null && !(id.isTextual() || id.isIntegralNumber())) {
      return "\"id\" must be a string or an integer";
    }
    if (JsonHeap.depth(message, MAX_DEPTH) > MAX_DEPTH) {
      return "JSON nested deeper than " + MAX_DEPTH + " levels, the gateway's bound";
    }
    return null;
  }

  /** Answers the agent with a JSON-RPC error, as a line of its own. */
  void answer(JsonNode id, int code, String text) throws IOException {
    ObjectNode error = Json.MAPPER.createObjectNode();
    error.put("jsonrpc", "2.0");
    if (id != null && (id.isTextual() || id.isIntegralNumber())) {
      error.set("id", id);
    } else {
      error.putNull("id");
    }
    error.putObject("error").put("code", code).put("message", text);
    writeLine(Json.text(error).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Writes one message to the agent as a line of its own, whole: the guard's answers and {@link
   * StdioTransport}'s messages come from different threads, and every one goes through here.
   *
   * @param json a message's JSON, with no line break in it (Jackson escapes those in strings)
   */
  void writeLine(byte[] json) throws IOException {
    synchronized (out) {
      out.write(json);
      out.write(NEWLINE);
      out.flush();
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
