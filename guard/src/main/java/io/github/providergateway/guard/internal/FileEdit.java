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
    if (now == null) {
      return whole(name, args);
    }
    return now.length() > MOST ? null : new FileEdit(name, now, old);
  }

  /** A Codex patch's file line: {@code *** Add File: config/prod/limits.yaml}. */
  private static final java.util.regex.Pattern ADDED =
      java.util.regex.Pattern.compile("\\*\\*\\* Add File: (.{1,1024})");

  /**
   * A whole file written in another tool's shape (decision 185): MultiEdit's one edit with no old
   * text, a Codex patch that adds one file and touches no other; else null.
   */
  private static FileEdit whole(String name, JsonNode args) {
    JsonNode edits = args.get("edits");
    if (edits != null && edits.isArray() && edits.size() == 1) {
      String now = EditCalls.text(edits.get(0), "new_string", "new_str", "newText");
      String old = EditCalls.text(edits.get(0), "old_string", "old_str", "oldText");
      return now == null || now.length() > MOST || old != null && !old.isEmpty()
          ? null
          : new FileEdit(name, now, "");
    }
    String patch = EditCalls.text(args, "input", "patch", "command");
    if (patch == null || patch.length() > MOST || !patch.contains("*** Begin Patch")) {
      return null;
    }
    String file = null;
    StringBuilder now = new StringBuilder();
    for (String line : patch.split("\r?\n")) {
      java.util.regex.Matcher added = ADDED.matcher(line);
      if (added.matches() && file == null) {
        file = added.group(1).strip();
      } else if (line.startsWith("*** ")
              && !line.equals("*** End Patch")
              && !line.equals("*** Begin Patch")
          || added.matches()) {
        return null; // another file's section: not one file written whole
      } else if (file != null && line.startsWith("+")) {
        now.append(line, 1, line.length()).append('\n');
      }
    }
    return file == null ? null : new FileEdit(file, now.toString(), "");
  }
}
