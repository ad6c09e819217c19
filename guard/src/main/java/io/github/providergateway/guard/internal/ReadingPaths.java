package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Whether a request that writes by its method only reads by what it asks: a search, a query, a
 * token's exchange, a model's completion, a validation, a GraphQL query the call shows (decisions
 * 111, 142 and 207). {@link ActsPredicates} and {@link InlineActs} ask it of a credentialed write.
 */
final class ReadingPaths {
  private ReadingPaths() {}

  /**
   * The last words of a path whose POST reads, signs in or asks a model, and acts on nothing: a
   * search, a query, a token's exchange, a completion.
   */
  private static final Set<String> READING_PATHS =
      NameSet.of(
          "search",
          "msearch",
          "query",
          "count",
          "explain",
          "graphql",
          "token",
          "login",
          "signin",
          "authenticate",
          "introspect",
          "completions",
          "embeddings",
          "responses",
          "moderations",
          "generatecontent",
          "streamgeneratecontent",
          "predict",
          "invocations",
          "infer",
          "inference",
          "generate",
          "validate",
          "lint",
          "render",
          "preview");

  /** Whether a write's path only reads (a GraphQL body that mutates is no read). */
  static boolean readsOnly(String path, String body) {
    if (path == null) {
      return false;
    }
    String last = ActsPredicates.lastWord(path);
    if (last.equals("messages") && path.contains("/v1/messages") && body.contains("\"model\"")) {
      return true; // a model's messages API (a prompt, not a message to a person)
    }
    if (PatternLiterals.finds(VALIDATES_ONLY, body)) {
      return true; // FCM's validate_only, a dry run: the service checks the message, sends nothing
    }
    if (last.equals("json") || last.equals("xml")) {
      last =
          ActsPredicates.lastWord(withoutFormat(path)); // Shopify's /admin/api/2024-04/graphql.json
    }
    if (last.equals("graphql")) {
      // a query the call shows, and no mutation: a document read from a file or a variable
      // ($QUERY, @ops.graphql) may mutate (decision 207)
      return !body.contains("mutation") && PatternLiterals.finds(GRAPHQL_QUERY, body);
    }
    return READING_PATHS.contains(last);
  }

  /** A GraphQL query written out: {@code query Q(…) {}, {"query": "{ shop { name } }"}}. */
  private static final Pattern GRAPHQL_QUERY =
      Pattern.compile(
          "\\bquery\\s*(?:\\w+\\s*)?[({]|[\"']query[\"']\\s*:\\s*[\"']\\s*(?:query\\b|\\{)");

  /** The path without its format's extension ({@code graphql.json}: graphql), decision 207. */
  private static String withoutFormat(String path) {
    String lower = path.toLowerCase(Locale.ROOT);
    for (String format : new String[] {".json", ".xml"}) {
      int at = lower.lastIndexOf(format);
      if (at > 0) {
        return path.substring(0, at);
      }
    }
    return path;
  }

  /** A body that asks the service to check the request and do nothing (decision 142). */
  private static final Pattern VALIDATES_ONLY =
      Pattern.compile("(?i)\"(?:validate_?only|dry_?run)\"\\s*:\\s*true\\b");
}
