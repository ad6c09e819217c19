package io.github.providergateway.guard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * An MCP server's HTTP tool read as the {@code curl} it amounts to (decision 251): {@code
 * mcp__http__request} with {@code "method": "POST"}, a URL, headers and a body sends what {@code
 * curl -X POST -H … --data … URL} sends, so every rule about what a request writes and where (a
 * payment's API, a notification service with a credential, a company's host) reads it. A request
 * that only reads ({@code GET}, {@code HEAD}, {@code OPTIONS}, or no method) is left to the fetch
 * rules; a tool of another shape (no textual URL) is left as it is. The tool keeps what it declared
 * of itself ({@code hints}).
 */
final class ServerHttpTools {
  private ServerHttpTools() {}

  /** The names, after the server's prefix, of the tools that make an HTTP request. */
  private static final Set<String> REQUESTS =
      NameSet.of(
          "request",
          "http_request",
          "make_request",
          "send_request",
          "api_request",
          "rest_request",
          "http",
          "curl",
          "call_api",
          "api_call",
          "fetch",
          "fetch_url",
          "http_post",
          "http_put",
          "http_patch",
          "http_delete");

  /** Methods that only read: the fetch rules' requests. */
  private static final Set<String> READS = NameSet.of("GET", "HEAD", "OPTIONS");

  /** The arguments a URL, a method and a body are given in, in the order they are looked for. */
  private static final List<String> URL_FIELDS = List.of("url", "uri", "endpoint");

  private static final List<String> METHOD_FIELDS = List.of("method", "verb", "http_method");

  private static final List<String> BODY_FIELDS = List.of("body", "data", "json", "payload");

  /**
   * Bounds of what is carried over: a request larger than these is cut, its start still read (a
   * URL's host and path, a body's first fields), so padding cannot take a request out of reading.
   */
  private static final int MAX_URL = 4096;

  private static final int MAX_BODY = 64 * 1024;

  private static final int MAX_HEADERS = 32;

  /**
   * {@code call} as the {@code curl} command it amounts to, where it is a server's HTTP tool that
   * writes.
   *
   * @param call the call as the host sent it
   * @return the call as {@code shell}, or {@code call} itself
   */
  static GuardCall asShell(GuardCall call) {
    String tool = call.tool();
    int at = tool.lastIndexOf("__");
    JsonNode args = call.args();
    if (at <= 0 || args == null || !args.isObject()) {
      return call;
    }
    String name = tool.substring(at + 2);
    if (!REQUESTS.contains(name)) {
      return call;
    }
    String url = text(args, URL_FIELDS);
    if (url == null || !url.regionMatches(true, 0, "http", 0, 4)) {
      return call;
    }
    if (url.length() > MAX_URL) {
      url = url.substring(0, MAX_URL); // its host and path come first: padding hides nothing
    }
    String method = text(args, METHOD_FIELDS);
    if (method == null && name.toLowerCase(Locale.ROOT).startsWith("http_")) {
      method = name.substring(5); // http_post
    }
    if (method == null || READS.contains(method.strip())) {
      return call;
    }
    StringBuilder command = new StringBuilder("curl -sS -X ");
    command.append(quoted(method.strip().toUpperCase(Locale.ROOT)));
    headers(args.get("headers"), command);
    String body = body(args);
    if (body != null) {
      command.append(" --data ").append(quoted(body));
    }
    command.append(' ').append(quoted(url));
    ObjectNode shell = JsonNodeFactory.instance.objectNode();
    shell.put("command", command.toString());
    return new GuardCall("shell", shell, call.project(), call.cwd(), call.hints());
  }

  private static String text(JsonNode args, List<String> fields) {
    for (String field : fields) {
      JsonNode value = args.get(field);
      if (value != null && value.isTextual() && !value.asText().isBlank()) {
        return value.asText();
      }
    }
    return null;
  }

  /** Headers given as an object ({@code {"Authorization": "Bearer …"}}) or as lines. */
  private static void headers(JsonNode headers, StringBuilder command) {
    if (headers == null) {
      return;
    }
    int added = 0;
    if (headers.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = headers.fields();
          it.hasNext() && added < MAX_HEADERS;
          added++) {
        Map.Entry<String, JsonNode> header = it.next();
        String value = header.getValue().isTextual() ? header.getValue().asText() : "";
        command.append(" -H ").append(quoted(header.getKey() + ": " + value));
      }
    } else if (headers.isArray()) {
      for (int i = 0; i < headers.size() && i < MAX_HEADERS; i++) {
        if (headers.get(i).isTextual()) {
          command.append(" -H ").append(quoted(headers.get(i).asText()));
        }
      }
    }
  }

  /** The body as sent: text as it is, an object or an array as its JSON. */
  private static String body(JsonNode args) {
    for (String field : BODY_FIELDS) {
      JsonNode value = args.get(field);
      if (value == null || value.isNull()) {
        continue;
      }
      String text = value.isTextual() ? value.asText() : value.toString();
      return text.length() > MAX_BODY ? text.substring(0, MAX_BODY) : text;
    }
    return null;
  }

  /** A word in single quotes, as a shell reads it back. */
  private static String quoted(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
