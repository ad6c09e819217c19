package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A web address's path that ends in an act (decision 254), for a POST by curl ({@link SharedActs})
 * or by inline code ({@link SharedCodeActs#postToAction}): {@code /v1/orders/123/cancel}, {@code
 * /api/feed/pause}.
 */
final class ActionEndpoints {
  private ActionEndpoints() {}

  /**
   * Whether a path ends in an action, an RPC's endpoint (decision 254: {@code
   * /v1/orders/123/cancel}, {@code /api/feed/pause}): its last segment one word, an acting verb of
   * the shapes or of the trades, after at least one segment that names what it acts on.
   */
  static boolean ends(String path) {
    String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    int slash = trimmed.lastIndexOf('/');
    if (slash <= 0 || trimmed.length() > 1024) {
      return false;
    }
    String last = trimmed.substring(slash + 1).toLowerCase(Locale.ROOT);
    List<String> parts = ServiceVerbs.split(last);
    if (parts.size() != 1 || ENDPOINT_WORDS.contains(last)) {
      return false;
    }
    return TradeVerbs.verb(last);
  }

  /** Endpoints named for a verb that reads or asks: what they are posted to changes nothing. */
  private static final Set<String> ENDPOINT_WORDS =
      NameSet.of(
          "search",
          "query",
          "login",
          "logout",
          "token",
          "refresh",
          "validate",
          "verify",
          "preview",
          "render",
          "check",
          "test",
          "lint",
          "format",
          "estimate",
          "quote",
          "calculate",
          "simulate",
          "translate",
          "complete",
          "completions",
          "embed",
          "embeddings",
          "classify",
          "parse",
          "upload",
          "add",
          "start",
          "write",
          "import",
          "edit",
          "restart",
          "resume",
          "retry");
}
