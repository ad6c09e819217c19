package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * The file an edit tool's call writes, with its new text and the text it replaces (empty or null
 * for a whole file): what the trades' families read of an edit (the plant's, the logistics').
 *
 * @param path the file as the call names it, or empty
 * @param now the new text
 * @param old the replaced text, or null
 */
record FileEdit(String path, String now, String old) {

  /** The longest new text read. */
  private static final int MOST = 256 * 1024;

  /**
   * {@return the call's edit of a file, or null for a call of another tool or a text too long}
   *
   * @param scan the call
   */
  static FileEdit of(Scan scan) {
    CallForRules call = scan.call();
    if (call == null) {
      return null;
    }
    String tool = call.tool().toLowerCase(Locale.ROOT);
    if (!tool.equals("edit")
        && !tool.equals("write")
        && !tool.equals("multiedit")
        && !tool.equals("str_replace_based_edit_tool")
        && !tool.equals("create")) {
      return null;
    }
    JsonNode args = call.args();
    if (args == null) {
      return null;
    }
    JsonNode file = args.has("path") ? args.get("path") : args.get("file_path");
    String name = file == null || !file.isTextual() ? "" : file.asText();
    String now = EditCalls.text(args, "new_string", "new_str", "content", "file_text");
    String old = EditCalls.text(args, "old_string", "old_str");
    return now == null || now.length() > MOST ? null : new FileEdit(name, now, old);
  }
}
