package io.github.providergateway.guard;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;

/**
 * An MCP server's file tools read as the agents' own (issue 80): {@code
 * mcp__filesystem__write_file} with a {@code path} writes that file as {@code edit} does, {@code
 * …__read_file} reads it as {@code read} does, so every rule about files (a shell's startup file, a
 * secret read, a write outside the project, the written code the session holds) sees them. The tool
 * keeps what it declared of itself ({@code hints}); only its name in the gateway's terms changes. A
 * tool of another shape (no textual path) is left as it is.
 */
final class ServerFileTools {
  private ServerFileTools() {}

  /** The names, after the server's prefix, of the tools that write a file at {@code path}. */
  private static final Set<String> WRITES =
      NameSet.of(
          "write_file",
          "create_file",
          "edit_file",
          "write_text_file",
          "append_file",
          "append_to_file",
          "str_replace",
          "replace_in_file",
          "overwrite_file");

  /** The names of the tools that read the file at {@code path}. */
  private static final Set<String> READS =
      NameSet.of(
          "read_file", "read_text_file", "read_media_file", "get_file_contents", "view_file");

  /**
   * {@code call} in the gateway's file tools' names where it is a server's file tool.
   *
   * @param call the call as the host sent it
   * @return the call as {@code edit} or {@code read}, or {@code call} itself
   */
  static GuardCall asFileTool(GuardCall call) {
    String tool = call.tool();
    int at = tool.lastIndexOf("__");
    if (at <= 0 || call.args() == null) {
      return call;
    }
    String name = tool.substring(at + 2);
    String as = WRITES.contains(name) ? "edit" : READS.contains(name) ? "read" : null;
    if (as == null || !textual(call.args(), "path") && !textual(call.args(), "file_path")) {
      return call;
    }
    return new GuardCall(as, call.args(), call.project(), call.cwd(), call.hints());
  }

  private static boolean textual(JsonNode args, String field) {
    JsonNode value = args.get(field);
    return value != null && value.isTextual() && !value.asText().isBlank();
  }
}
