package io.github.providergateway.federation;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.github.providergateway.protocol.Limits;
import java.io.IOException;

/**
 * What a line of an MCP server's stdout must be before the SDK reads it: one JSON object, nested at
 * most {@link #MAX_DEPTH} levels. The SDK's parser ({@code McpSchema.deserializeJsonRpcMessage},
 * 2.0.1) reads any JSON value into a map and throws a {@code NullPointerException} on {@code null}
 * (issue 35), and the SDK converts what it read with recursive code that a deep enough line runs
 * out of stack in, on the thread that reads the server. A line is checked with a streaming parser,
 * so nothing is built for a line that is refused.
 */
final class ServerLineGuard {

  /**
   * The deepest a server's line may nest: what the gateway accepts from any provider ({@link
   * io.github.providergateway.protocol.MessageLimits#maxJsonDepth()}'s default).
   */
  static final int MAX_DEPTH = Limits.defaults().messages().maxJsonDepth();

  /**
   * Parsers only: Jackson's own nesting bound (1,000) is above {@link #MAX_DEPTH}, counted here.
   */
  private static final JsonFactory FACTORY = new JsonFactory();

  private ServerLineGuard() {}

  /**
   * Why the SDK must not read {@code line}, or null when it may.
   *
   * @param line one line of the server's stdout
   * @return what is wrong with it, for the server's log; null for a JSON object within the bound
   */
  static String problemOf(String line) {
    try (JsonParser parser = FACTORY.createParser(line)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return "not a JSON object";
      }
      int depth = 1;
      while (depth > 0) {
        JsonToken token = parser.nextToken();
        if (token == null) {
          return "not JSON: it ends inside an object";
        } else if (token.isStructStart() && ++depth > MAX_DEPTH) {
          return "nested deeper than " + MAX_DEPTH + " levels";
        } else if (token.isStructEnd()) {
          depth--;
        }
      }
      return parser.nextToken() == null ? null : "more than one JSON value";
    } catch (IOException unreadable) {
      return "not JSON";
    }
  }
}
