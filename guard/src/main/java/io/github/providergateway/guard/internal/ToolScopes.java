package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a server's tool's arguments say of its act's reach (decision 147), for a tool whose name is
 * no read: a check it is told to skip ({@code "suppressAlerts": true}, {@code
 * "allowUncertifiedOperators": true}, {@code "skip_qc_check": true}), or every one of something
 * ({@code "vehicleIds": "all"}, {@code "add_all_in_project": true}). The shapes' words of a command
 * line ({@link ActReach#waives}, {@code everyValues}) read as a tool's fields, down to three
 * objects or arrays, and a flag's value written as a string ({@code "skip_match": "true"}, decision
 * 152).
 */
final class ToolScopes {
  private ToolScopes() {}

  /** Fields read, top level and down to {@link #DEPTH} objects or arrays down. */
  private static final int FIELDS = 64;

  /**
   * How far down the arguments are read: decision 147 read one object down, and the red team
   * (decision 152) nested the waiver two down ({@code {"request": {"options": {"skipMatch":
   * true}}}}) and in an array's object ({@code {"overrides": [{"skipFraudCheck": true}]}}).
   */
  private static final int DEPTH = 3;

  /** The texts a field's value is true by: a flag's value written as a string. */
  private static final Set<String> TRUE_TEXTS =
      NameSet.of("true", "True", "TRUE", "yes", "1", "on");

  /**
   * {@return what widens the act ("a check skipped", "every one"), or {@code null}}
   *
   * @param args the tool's arguments
   */
  static String widened(JsonNode args) {
    return widened(args, 0);
  }

  private static String widened(JsonNode args, int depth) {
    if (args == null || depth > DEPTH) {
      return null;
    }
    if (args.isArray()) {
      return element(args, depth);
    }
    if (!args.isObject()) {
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
      if (value.isBoolean() && value.booleanValue()
          || value.isTextual() && TRUE_TEXTS.contains(value.asText())) {
        if (ActReach.waives(parts)) {
          return key + ": a check skipped";
        }
        if (parts.get(0).equals("all") || parts.contains("all") && parts.size() <= 6) {
          return key + ": every one";
        }
      } else if (value.isTextual()
          && (ShapeWords.EVERY_VALUES.contains(value.asText()) || everyOfAKind(value.asText()))) {
        return key + ": every one";
      }
      String nested = widened(value, depth + 1);
      if (nested != null) {
        return nested.startsWith(":") || nested.startsWith(" ") ? key + nested : nested;
      }
    }
    return null;
  }

  /** {@code all_active}, {@code all-students}: every one of a kind, not {@code all_time}. */
  private static final Pattern EVERY_OF_A_KIND =
      Pattern.compile("(?i)all[_-](?!time\\b|day\\b|days\\b)[a-z]{3,20}");

  /** Whether a value names every one of a kind ({@code "session_ids": "all_active"}). */
  private static boolean everyOfAKind(String text) {
    return text.length() <= 24 && PatternLiterals.matches(EVERY_OF_A_KIND, text);
  }

  /**
   * An array's first elements: an object read as the arguments are, every one of something ({@code
   * ["*"]}), or a command line's waiving flag passed through ({@code ["--skip-match"]}).
   */
  private static String element(JsonNode array, int depth) {
    for (int i = 0; i < array.size() && i < FIELDS; i++) {
      JsonNode element = array.get(i);
      if (element.isTextual()) {
        String text = element.asText();
        if (ShapeWords.EVERY_VALUES.contains(text)) {
          return ": every one";
        }
        if (text.startsWith("--") && text.length() <= 48) {
          int eq = text.indexOf('=');
          if (ActReach.waives(ServiceVerbs.split(text.substring(2, eq > 0 ? eq : text.length())))) {
            return " " + text + ": a check skipped";
          }
        }
      } else {
        String nested = widened(element, depth + 1);
        if (nested != null) {
          return nested;
        }
      }
    }
    return null;
  }
}
