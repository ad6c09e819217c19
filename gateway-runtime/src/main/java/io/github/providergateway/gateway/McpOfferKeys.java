package io.github.providergateway.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.host.api.McpFeature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What names an MCP server's offer, for {@link McpOffers}: a resource's URI, a template's URI
 * template, a prompt's name; what a read, a prompt or a completion asks for; and whether a URI
 * matches a template (RFC 6570's expressions, each as one or more characters, {@code {+var}} and
 * {@code {#var}} across slashes too). Pure.
 */
final class McpOfferKeys {

  private static final Pattern EXPRESSION = Pattern.compile("\\{([+#./;?&]?)[^}]*}");

  private McpOfferKeys() {}

  /** {@return what names {@code item} of a {@code method} list, or null when it has nothing} */
  static String key(McpFeature method, JsonNode item) {
    JsonNode key =
        switch (method) {
          case RESOURCES_LIST -> item.get("uri");
          case RESOURCE_TEMPLATES_LIST -> item.get("uriTemplate");
          case PROMPTS_LIST -> item.get("name");
          case RESOURCES_READ, PROMPTS_GET, COMPLETE ->
              throw new IllegalArgumentException(method.wireName() + " does not list");
        };
    return key != null && key.isTextual() ? key.textValue() : null;
  }

  /** {@return each key of the lists answered, with the servers that list it, in order} */
  static Map<String, List<String>> owners(McpFeature method, Map<String, JsonNode> answers) {
    Map<String, List<String>> owners = new LinkedHashMap<>();
    answers.forEach(
        (server, items) -> {
          for (JsonNode item : items) {
            String key = key(method, item);
            if (key != null) {
              List<String> servers = owners.computeIfAbsent(key, k -> new ArrayList<>());
              if (!servers.contains(server)) {
                servers.add(server);
              }
            }
          }
        });
    return owners;
  }

  /**
   * {@return what a read, a prompt or a completion asks for: the URI read, the prompt's name, the
   * prompt or template a completion refers to; null when the params name none}
   */
  static String named(McpFeature method, JsonNode params) {
    JsonNode named =
        switch (method) {
          case RESOURCES_READ -> params.get("uri");
          case PROMPTS_GET -> params.get("name");
          case COMPLETE -> {
            JsonNode ref = params.path("ref");
            yield isPrompt(ref) ? ref.get("name") : ref.get("uri");
          }
          case RESOURCES_LIST, RESOURCE_TEMPLATES_LIST, PROMPTS_LIST ->
              throw new IllegalArgumentException(method.wireName() + " lists");
        };
    return named != null && named.isTextual() && !named.textValue().isEmpty()
        ? named.textValue()
        : null;
  }

  /** {@return the lists that say which server offers what {@code method} asks for, in order} */
  static List<McpFeature> listings(McpFeature method, JsonNode params) {
    return switch (method) {
      case RESOURCES_READ -> List.of(McpFeature.RESOURCES_LIST, McpFeature.RESOURCE_TEMPLATES_LIST);
      case PROMPTS_GET -> List.of(McpFeature.PROMPTS_LIST);
      case COMPLETE ->
          isPrompt(params.path("ref"))
              ? List.of(McpFeature.PROMPTS_LIST)
              : List.of(McpFeature.RESOURCE_TEMPLATES_LIST, McpFeature.RESOURCES_LIST);
      case RESOURCES_LIST, RESOURCE_TEMPLATES_LIST, PROMPTS_LIST ->
          throw new IllegalArgumentException(method.wireName() + " lists");
    };
  }

  /** {@return whether {@code items}, a {@code listing}'s, offer {@code named}} */
  static boolean lists(McpFeature listing, JsonNode items, String named) {
    for (JsonNode item : items) {
      String key = key(listing, item);
      if (key == null) {
        continue;
      }
      if (key.equals(named)
          || (listing == McpFeature.RESOURCE_TEMPLATES_LIST && matches(key, named))) {
        return true;
      }
    }
    return false;
  }

  /** {@return whether {@code uri} is one {@code template} makes} */
  static boolean matches(String template, String uri) {
    StringBuilder regex = new StringBuilder();
    java.util.regex.Matcher expression = EXPRESSION.matcher(template);
    int at = 0;
    while (expression.find()) {
      regex.append(Pattern.quote(template.substring(at, expression.start())));
      String operator = expression.group(1);
      regex.append(operator.equals("+") || operator.equals("#") ? ".+" : "[^/]+");
      at = expression.end();
    }
    regex.append(Pattern.quote(template.substring(at)));
    return at > 0 && Pattern.matches(regex.toString(), uri);
  }

  private static boolean isPrompt(JsonNode ref) {
    return "ref/prompt".equals(ref.path("type").asText());
  }
}
