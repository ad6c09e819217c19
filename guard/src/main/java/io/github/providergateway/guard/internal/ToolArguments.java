package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a server's tool is told by its arguments, whatever its name (decision 290, for {@code
 * acts.tool-acts}): to go ahead ({@code "submit": true}, {@code "confirm": true}, {@code "dry_run":
 * false}), as {@code --commit} tells a company's command (decision 159); or to deliver to a
 * person's own mailbox ({@code "deliver_to": "k.brandt.private@gmail.com"}), where what the company
 * holds leaves it. A tool may be named for anything ({@code create_order}, {@code
 * export_driver_sessions}); its arguments say what the call does.
 */
final class ToolArguments {
  private ToolArguments() {}

  /** Keys that, set true, tell a tool to do its act for real rather than stage it. */
  private static final Set<String> GO_AHEAD =
      Set.of(
          "submit",
          "confirm",
          "confirmed",
          "execute",
          "commit",
          "apply",
          "live",
          "place",
          "publish",
          "sendnow",
          "autoapprove",
          "autosubmit",
          "autosend",
          "force");

  /** Keys that, set false, take a tool's preview away. */
  private static final Set<String> PREVIEWS =
      Set.of("dryrun", "preview", "previewonly", "simulate", "validateonly");

  /**
   * The mailbox providers people hold addresses at for themselves (decision 290's list), as an
   * alternation of the names before their domain's ending; {@link OutsiderMadeAdmin} reads it too.
   */
  static final String PERSONAL_PROVIDERS =
      "gmail|googlemail|yahoo|ymail|hotmail|outlook|live|msn|icloud|me"
          + "|mac|proton|protonmail|pm|gmx|aol|yandex|tutanota|tuta|hey";

  /** An address at a mailbox provider that people hold for themselves. */
  private static final Pattern PERSONAL_MAILBOX =
      Pattern.compile(
          "(?i)[\\w.+-]{1,64}@(?:"
              + PERSONAL_PROVIDERS
              + ")\\.[a-z.]{2,8}\\b"
              + "|(?i)[\\w.+-]{1,64}@mail\\.ru\\b");

  /** How many of the arguments' values are read, nested ones counted. */
  private static final int MAX_VALUES = 256;

  /**
   * What the arguments tell the tool that makes it act, or {@code null}.
   *
   * @param args the tool's arguments
   * @return what they tell, as the reason shows it, or {@code null}
   */
  static String told(JsonNode args) {
    int[] budget = {MAX_VALUES};
    return read(args, budget, 0);
  }

  private static String read(JsonNode node, int[] budget, int depth) {
    if (node == null || depth > 6 || budget[0]-- <= 0) {
      return null;
    }
    if (node.isTextual()) {
      Matcher mailbox = PERSONAL_MAILBOX.matcher(node.asText());
      return mailbox.find() ? "delivered to a personal mailbox, " + mailbox.group() : null;
    }
    if (node.isArray()) {
      for (JsonNode item : node) {
        String found = read(item, budget, depth + 1);
        if (found != null) {
          return found;
        }
      }
      return null;
    }
    String approved = approvedOverwritten(node);
    if (approved != null) {
      return approved;
    }
    Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      String key = field.getKey().toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
      JsonNode value = field.getValue();
      if (GO_AHEAD.contains(key) && on(value) || PREVIEWS.contains(key) && off(value)) {
        return field.getKey() + ": " + value.asText();
      }
      String found = read(value, budget, depth + 1);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /** The words of a document's path or name that say it is the approved, signed or issued one. */
  private static final Set<String> APPROVED =
      Set.of(
          "approved",
          "executed",
          "signed",
          "final",
          "released",
          "effective",
          "controlled",
          "issued",
          "certified");

  /** The fields that tell a tool to write over what is there. */
  private static final Set<String> OVERWRITES = Set.of("overwrite", "replace", "replaceexisting");

  /**
   * Where an object tells its tool to overwrite ({@code "overwrite": true}) a document whose path
   * or name says it is the approved one (decision 302: {@code /MOE/MOE_Rev22_Approved.pdf} replaced
   * by a draft): what the record says was approved is lost.
   */
  private static String approvedOverwritten(JsonNode node) {
    boolean overwrite = false;
    String approved = null;
    Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
    for (int n = 0; fields.hasNext() && n < 64; n++) {
      Map.Entry<String, JsonNode> field = fields.next();
      String key = field.getKey().toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
      JsonNode value = field.getValue();
      if (OVERWRITES.contains(key) && on(value)) {
        overwrite = true;
      } else if (value.isTextual()
          && approved == null
          && value.asText().length() <= 512
          && (key.contains("path")
              || key.contains("name")
              || key.contains("file")
              || key.equals("target")
              || key.equals("destination"))) {
        String text = value.asText();
        for (String part : ServiceVerbs.split(text.replace('/', '-').replace(' ', '-'))) {
          if (APPROVED.contains(part)) {
            approved = text;
            break;
          }
        }
      }
    }
    return overwrite && approved != null ? "overwrites " + approved : null;
  }

  /**
   * Where an update's arguments set a record's status or state to one a person's approval gives it
   * ({@code "status__v": "Approved"}, {@code "state": "released"}, {@code "lifecycle_state":
   * "Effective"}): a generic update tool made to say a record was approved, signed or released,
   * which only its approver may (round 61: a quality document set approved, with an approver and a
   * past date).
   */
  static String approvalSet(JsonNode node) {
    return approvalSet(node, 0);
  }

  private static String approvalSet(JsonNode node, int depth) {
    if (node == null || !node.isObject() || depth > 3) {
      return null;
    }
    Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
    for (int n = 0; fields.hasNext() && n < 64; n++) {
      Map.Entry<String, JsonNode> field = fields.next();
      String key = field.getKey().toLowerCase(Locale.ROOT);
      JsonNode value = field.getValue();
      if ((key.contains("status") || key.contains("state"))
          && value.isTextual()
          && value.asText().length() <= 32
          && APPROVED.contains(value.asText().strip().toLowerCase(Locale.ROOT))) {
        return field.getKey() + ": " + value.asText();
      }
      String nested = approvalSet(value, depth + 1);
      if (nested != null) {
        return nested;
      }
    }
    return null;
  }

  private static boolean on(JsonNode value) {
    return value.isBoolean() && value.asBoolean()
        || value.isTextual()
            && Set.of("true", "yes").contains(value.asText().toLowerCase(Locale.ROOT));
  }

  private static boolean off(JsonNode value) {
    return value.isBoolean() && !value.asBoolean()
        || value.isTextual()
            && Set.of("false", "no").contains(value.asText().toLowerCase(Locale.ROOT));
  }
}
