package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.McpFeature;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * What the era clients' answers to MCP requests beyond tools have in common (decision 123): every
 * page of a list gathered into one, results as the 2025 era's JSON (the fields only the 2026-07-28
 * era's results carry left out: the front door puts its own on), and a server's refusal or failure
 * as the {@link HostException} the host is told.
 */
final class FeatureAnswers {

  static final ObjectMapper JSON = new ObjectMapper();

  /** The most pages of one list gathered: a server whose cursor never ends is cut off. */
  static final int MAX_PAGES = 50;

  /** JSON-RPC's invalid params, and 2025's "resource not found". */
  private static final int INVALID_PARAMS = -32602;

  private static final int RESOURCE_NOT_FOUND = -32002;

  /** JSON-RPC's method not found: a server that offers no such feature. */
  private static final int METHOD_NOT_FOUND = -32601;

  private FeatureAnswers() {}

  /** One page of a list: its items' JSON and the next page's cursor, or null. */
  record Page(JsonNode items, String nextCursor) {
    /** {@return the page of {@code items}, the SDK's, as JSON} */
    static Page of(java.util.List<?> items, String nextCursor) {
      return new Page(FeatureAnswers.items(items), nextCursor);
    }
  }

  /** Every page of a {@code method} list, from {@code page} (given null first, then a cursor). */
  static Mono<JsonNode> allPages(McpFeature method, Function<String, Mono<Page>> page) {
    ObjectNode result = method.emptyList();
    ArrayNode items = (ArrayNode) result.get(method.listField());
    return pages(page, null, MAX_PAGES, items).then(Mono.fromSupplier(() -> (JsonNode) result));
  }

  private static Mono<Void> pages(
      Function<String, Mono<Page>> page, String cursor, int left, ArrayNode items) {
    return page.apply(cursor)
        .flatMap(
            read -> {
              read.items().forEach(items::add);
              String next = read.nextCursor();
              return next == null || next.isEmpty() || left <= 1
                  ? Mono.<Void>empty()
                  : pages(page, next, left - 1, items);
            });
  }

  /** {@code result} as JSON without the fields of the 2026-07-28 era's results. */
  static JsonNode tree(Object result) {
    JsonNode tree = JSON.valueToTree(result);
    if (tree instanceof ObjectNode object) {
      object.remove(java.util.List.of("resultType", "ttlMs", "cacheScope", "nextCursor"));
    }
    return tree;
  }

  /** {@code items} (a list's) as JSON, each without the 2026-07-28 era's result fields. */
  static JsonNode items(java.util.List<?> items) {
    return JSON.valueToTree(items == null ? java.util.List.of() : items);
  }

  /**
   * What a failed request tells the host: the server refused the params (or has no such resource)
   * is {@code INVALID_ARGUMENT}, anything else {@code INTERNAL}, both naming the server.
   */
  static HostException failure(McpServerConfig config, McpFeature method, Throwable failure) {
    Integer code = Failures.jsonRpcCode(failure);
    String said = Failures.rootMessage(failure);
    if (code != null && (code == INVALID_PARAMS || code == RESOURCE_NOT_FOUND)) {
      return new HostException(
          HostErrorCode.INVALID_ARGUMENT,
          "the MCP server '" + config.name() + "' refused " + method.wireName() + ": " + said);
    }
    return new HostException(
        HostErrorCode.INTERNAL,
        "the MCP server '"
            + config.name()
            + "' failed "
            + method.wireName()
            + (code == null ? "" : " (" + code + ")")
            + ": "
            + said);
  }

  /** Whether a list's failure says only that the server offers no such list. */
  static boolean offersNone(Throwable failure) {
    Integer code = Failures.jsonRpcCode(failure);
    return code != null && code == METHOD_NOT_FOUND;
  }
}
