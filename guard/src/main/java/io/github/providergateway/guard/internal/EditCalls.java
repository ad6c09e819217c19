package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an edit tool's call changes, as the readers of changes read it (decisions 95 and 102): its
 * old and new text ({@code old_string}/{@code new_string}), a whole file's ({@code content}), each
 * of several replacements (Claude Code's MultiEdit: {@code edits}), each file's section of a Codex
 * patch ({@code *** Begin Patch}).
 */
final class EditCalls {
  private EditCalls() {}

  /**
   * The path an edit tool's call names: {@code path}, or Claude Code's {@code file_path}; null when
   * it names none. A text node or another kind, as the call gave it.
   */
  static JsonNode pathNode(JsonNode args) {
    return args.has("path") ? args.get("path") : args.get("file_path");
  }

  /**
   * The files as the project names them: a path inside the project relative to it, so that the
   * folders it is kept in ({@code /tmp/acme}, {@code ~/dev/acme}) are not read as its places.
   *
   * @param files the files changed, as the call names them
   * @param project the project's folder, or {@code null}
   * @return the files, those inside the project relative to it
   */
  static List<String> inProject(List<String> files, java.nio.file.Path project) {
    if (project == null) {
      return files;
    }
    String root = project.toString() + "/";
    List<String> shown = new ArrayList<>(files.size());
    for (String file : files) {
      shown.add(file.startsWith(root) ? file.substring(root.length()) : file);
    }
    return shown;
  }

  /**
   * What an edit tool's call holds, as the reader reads its old and new text.
   *
   * @param call the call
   * @param reader what reads the change
   * @param <T> what it finds
   * @return what it found, or {@code null}
   */
  static <T> T read(CallForRules call, WeakenPredicates.ChangeReader<T> reader) {
    String tool = call.tool();
    if (!tool.equals("edit") && !tool.equals("write")) {
      return null;
    }
    JsonNode path = EditCalls.pathNode(call.args());
    String file = path == null || !path.isTextual() ? "" : path.asText();
    JsonNode edits = call.args().get("edits");
    if (edits != null && edits.isArray()) {
      // Several replacements in one call (Claude Code's MultiEdit; the MCP filesystem server's
      // edit_file, its oldText and newText): each read as an edit.
      int read = 0;
      for (JsonNode edit : edits) {
        String old = text(edit, "old_string", "old_str", "oldText");
        String now = text(edit, "new_string", "new_str", "newText");
        if (now != null && read++ < 32) {
          T found = reader.read(old == null ? "" : old, now, List.of(file));
          if (found != null) {
            return found;
          }
        }
      }
      return null;
    }
    String old = text(call.args(), "old_string", "old_str");
    String now = text(call.args(), "new_string", "new_str");
    if (now == null) {
      now = text(call.args(), "content", "file_text");
      old = "";
    }
    if (now == null) {
      return patched(call.args(), reader);
    }
    if (old == null && now.isEmpty()) {
      return null;
    }
    return reader.read(old == null ? "" : old, now, List.of(file));
  }

  /** A Codex patch's file line: {@code *** Update File: src/a.py}. */
  private static final Pattern PATCH_FILE =
      Pattern.compile("^\\*\\*\\* (?:Add File|Update File): (.{1,400})$");

  /**
   * What a Codex patch ({@code *** Begin Patch}, in {@code input}, {@code patch} or {@code
   * command}) holds, each file's section read as an edit: its {@code -} lines the old text, its
   * {@code +} lines the new, its context lines both. The fields are those agent-bridge's {@code
   * ToolMapping} reads a patch's files from; the guard depends on no module of ours, so the few
   * lines that find the text are its own.
   */
  private static <T> T patched(JsonNode args, WeakenPredicates.ChangeReader<T> reader) {
    for (String field : List.of("input", "patch", "command")) {
      JsonNode value = args.get(field);
      List<String> texts = new ArrayList<>();
      if (value != null && value.isTextual()) {
        texts.add(value.textValue());
      } else if (value != null && value.isArray()) {
        value.forEach(element -> texts.add(element.asText()));
      }
      for (String text : texts) {
        if (!text.contains("*** Begin Patch")) {
          continue;
        }
        String patch =
            text.length() > CheckEdits.MAX_TEXT ? text.substring(0, CheckEdits.MAX_TEXT) : text;
        String file = null;
        StringBuilder old = new StringBuilder();
        StringBuilder now = new StringBuilder();
        for (String line : (patch + "\n*** End Patch").split("\r?\n")) {
          if (line.startsWith("*** ")) {
            if (file != null && now.length() > 0) {
              T found = reader.read(old.toString(), now.toString(), List.of(file));
              if (found != null) {
                return found;
              }
            }
            Matcher named = PATCH_FILE.matcher(line);
            file = named.matches() ? named.group(1).strip() : null;
            old.setLength(0);
            now.setLength(0);
          } else {
            addToSides(line, old, now);
          }
        }
      }
    }
    return null;
  }

  /**
   * A diff's line put on its side: a {@code +} line in the new text, a {@code -} line in the old, a
   * context line in both (a Codex patch's, a unified diff's: {@link PatchedChanges}).
   */
  static void addToSides(String line, StringBuilder old, StringBuilder now) {
    if (line.startsWith("+")) {
      now.append(line, 1, line.length()).append('\n');
    } else if (line.startsWith("-")) {
      old.append(line, 1, line.length()).append('\n');
    } else if (line.startsWith(" ")) {
      old.append(line, 1, line.length()).append('\n');
      now.append(line, 1, line.length()).append('\n');
    }
  }

  /** {@return the first of these fields of a tool's arguments that is text, or {@code null}} */
  static String text(JsonNode args, String... fields) {
    for (String field : fields) {
      JsonNode value = args.get(field);
      if (value != null && value.isTextual()) {
        return value.asText();
      }
    }
    return null;
  }

  /**
   * An edit's replacement, as the file tools' arguments give it.
   *
   * @param old the text it replaces
   * @param now the text it puts in its place
   * @param path the file's path, as written
   */
  record Replacement(String old, String now, String path) {}

  /**
   * {@return an edit's replacement where its arguments hold a text replaced, a text put and a path,
   * and neither text is longer than {@code longest} characters; else {@code null}}
   *
   * @param args the tool's arguments
   * @param longest the longest text read
   */
  static Replacement replacement(JsonNode args, int longest) {
    String old = text(args, "old_string", "old_str");
    String now = text(args, "new_string", "new_str");
    JsonNode path = pathNode(args);
    if (old == null
        || now == null
        || path == null
        || !path.isTextual()
        || old.length() > longest
        || now.length() > longest) {
      return null;
    }
    return new Replacement(old, now, path.asText());
  }
}
