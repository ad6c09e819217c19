package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Iterator;
import java.util.Map;

/**
 * A patch's body given on a command line, as the lines of the file it changes (round 66), for
 * {@link ConfigSetters}: {@code kubectl patch configmap limits -p '{"data":{"overload_trip_pct":
 * "130"}}'} is read as {@code data:} with {@code overload_trip_pct: 130} below it; a JSON patch's
 * operations ({@code [{"op": "replace", "path": "/data/x", "value": "130"}]}) as {@code x: 130}. A
 * body that is no JSON is YAML already, and read as it is.
 */
final class PatchBodies {
  private PatchBodies() {}

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The most of a body read. */
  private static final int MAX_BODY = 16 * 1024;

  /** The most lines a body is made into. */
  private static final int MAX_LINES = 256;

  /**
   * A patch's body as a configuration's lines.
   *
   * @param body the body as given
   * @return its lines, or {@code null} where it is too long or empty
   */
  static String lines(String body) {
    if (body == null || body.isBlank() || body.length() > MAX_BODY) {
      return null;
    }
    String text = body.strip();
    if (!text.startsWith("{") && !text.startsWith("[")) {
      return text + "\n"; // YAML
    }
    JsonNode tree;
    try {
      tree = JSON.readTree(text);
    } catch (JsonProcessingException e) {
      return null;
    }
    StringBuilder lines = new StringBuilder();
    if (tree.isArray()) {
      for (JsonNode op : tree) {
        String path = op.path("path").asText("");
        JsonNode value = op.get("value");
        if (path.isEmpty() || value == null || op.path("op").asText("").equals("remove")) {
          continue;
        }
        String key =
            path.substring(path.lastIndexOf('/') + 1).replace("~1", "/").replace("~0", "~");
        write(key, value, "", lines);
      }
    } else {
      write(null, tree, "", lines);
    }
    return lines.isEmpty() ? null : lines.toString();
  }

  /** A node as YAML's lines, below {@code key} where one is given. */
  private static void write(String key, JsonNode node, String indent, StringBuilder lines) {
    if (lines.length() > MAX_BODY || lines.chars().filter(c -> c == '\n').count() > MAX_LINES) {
      return;
    }
    if (node.isObject()) {
      String inner = indent;
      if (key != null) {
        lines.append(indent).append(key).append(":\n");
        inner = indent + "  ";
      }
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        write(field.getKey(), field.getValue(), inner, lines);
      }
    } else if (node.isArray()) {
      if (key != null) {
        lines
            .append(indent)
            .append(key)
            .append(":")
            .append(node.isEmpty() ? " []" : "")
            .append('\n');
      }
      for (JsonNode item : node) {
        if (item.isObject()) {
          String first = "- ";
          for (Iterator<Map.Entry<String, JsonNode>> f = item.fields(); f.hasNext(); ) {
            Map.Entry<String, JsonNode> field = f.next();
            StringBuilder one = new StringBuilder();
            write(field.getKey(), field.getValue(), indent + "  ", one);
            lines.append(indent).append(first).append(one.substring(indent.length() + 2));
            first = "  ";
          }
        } else {
          lines.append(indent).append("- ").append(item.asText()).append('\n');
        }
      }
    } else if (key != null) {
      lines.append(indent).append(key).append(": ").append(node.asText()).append('\n');
    }
  }
}
