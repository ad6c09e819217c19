package io.github.providergateway.guard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * An MCP server's shell tools read as the agents' own shell (issue 80 round 7, decision 117):
 * {@code mcp__ssh__exec}, {@code mcp__desktop-commander__execute_command}, {@code
 * mcp__aws__call_aws} with a textual {@code command} (or {@code cmd}, {@code cli_command}) run that
 * command, on this machine or on the host they name as {@code ssh host …} does, so every rule about
 * commands sees it. The tool keeps what it declared of itself ({@code hints}); only its name in the
 * gateway's terms changes. A tool of another shape (no textual command) is left as it is.
 */
final class ServerShellTools {
  private ServerShellTools() {}

  /** The names, after the server's prefix, of the tools that run a shell command. */
  private static final Set<String> RUNS =
      NameSet.of(
          "execute_command",
          "run_command",
          "exec_command",
          "exec",
          "execute",
          "shell",
          "shell_exec",
          "run_shell",
          "run_shell_command",
          "bash",
          "run_bash",
          "run_in_terminal",
          "terminal",
          "ssh_exec",
          "remote_exec",
          "execute_ssh_command",
          "run_remote_command",
          "call_aws",
          "aws_cli",
          "run_cli");

  /** A server's name that says it is a database's: its {@code execute} runs a query. */
  private static final Pattern DATABASE_SERVER =
      Pattern.compile("(?i)sql|db|postgres|mongo|redis|query|clickhouse|snowflake|bigquery|dynamo");

  /** A query's first word: a statement handed to a tool is no shell command. */
  private static final Pattern SQL_START =
      Pattern.compile(
          "(?i)\\s*(?:select|insert|update|delete|alter|create|drop|with|set|grant|revoke|truncate"
              + "|begin|merge|copy|explain|show|call|vacuum)\\b");

  /** The arguments that hold the command, in the order they are looked for. */
  private static final List<String> COMMAND_FIELDS =
      List.of("command", "cmd", "cli_command", "commandLine", "shell_command");

  /**
   * {@code call} as the agent's shell where it is a server's shell tool.
   *
   * @param call the call as the host sent it
   * @return the call as {@code shell}, or {@code call} itself
   */
  static GuardCall asShell(GuardCall call) {
    String tool = call.tool();
    int at = tool.lastIndexOf("__");
    if (at <= 0 || call.args() == null || !RUNS.contains(tool.substring(at + 2))) {
      return call;
    }
    if (DATABASE_SERVER.matcher(tool.substring(0, at)).find()) {
      return call; // a database's server: its command is a query, read by the rules of tools
    }
    for (String field : COMMAND_FIELDS) {
      JsonNode value = call.args().get(field);
      if (value != null
          && value.isTextual()
          && !value.asText().isBlank()
          && !SQL_START.matcher(value.asText()).lookingAt()) {
        ObjectNode args = JsonNodeFactory.instance.objectNode();
        args.put("command", value.asText());
        return new GuardCall("shell", args, call.project(), call.cwd(), call.hints());
      }
    }
    return call;
  }
}
