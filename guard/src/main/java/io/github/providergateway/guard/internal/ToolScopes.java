package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * What a server's tool's arguments say of its act's reach (decision 147), for a tool whose name is
 * no read: a check it is told to skip ({@code "suppressAlerts": true}, {@code
 * "allowUncertifiedOperators": true}, {@code "skip_qc_check": true}), or every one of something
 * ({@code "vehicleIds": "all"}, {@code "add_all_in_project": true}). The shapes' words of a command
 * line ({@link ActReach#waives}, {@code everyValues}) read as a tool's fields.
 */
final class ToolScopes {
  private ToolScopes() {}

  /** Fields read, top level and one object down. */
  private static final int FIELDS = 64;

  /**
   * {@return what widens the act ("a check skipped", "every one"), or {@code null}}
   *
   * @param args the tool's arguments
   */
  static String widened(JsonNode args) {
    return widened(args, 0);
  }

  private static String widened(JsonNode args, int depth) {
    if (args == null || !args.isObject() || depth > 1) {
      return null;
    }
    int read = 0;
    for (Iterator<Map.Entry<String, JsonNode>> it = args.fields();
        it.hasNext() && read < FIELDS;
        read++) {
      Map.Entry<String, JsonNode> field = it.next();
      String key = field.getKey();
      JsonNode value = field.getValue();
      if (key.length() > 64) {
        continue;
      }
      var parts = ServiceVerbs.split(key);
      if (value.isBoolean() && value.booleanValue()) {
        if (ActReach.waives(parts)) {
          return key + ": a check skipped";
        }
        if (parts.get(0).equals("all") || parts.contains("all") && parts.size() <= 6) {
          return key + ": every one";
        }
      } else if (value.isTextual() && ShapeWords.EVERY_VALUES.contains(value.asText())) {
        return key + ": every one";
      }
      String nested = widened(value, depth + 1);
      if (nested != null) {
        return nested;
      }
    }
    return null;
  }
}
