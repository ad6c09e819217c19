package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;

/**
 * One tool call as the guard sees it, in the gateway's names (docs/agents.md, "Tool mapping"): a
 * shell is {@code shell} with {@code {"command": "..."}}, a tool that changes a file is {@code
 * edit} with its {@code path} ({@code write} is read as {@code edit}: a host that does not map its
 * tools may send it), one that reads a file is {@code read} with its {@code path}; any other tool
 * (an MCP tool, a provider's) keeps its name and arguments, and {@code hints} says what it declared
 * it does.
 *
 * @param tool the tool's name in the gateway's names
 * @param args its arguments, a JSON object
 * @param project the folder of the call's session as the gateway knows it, absolute; {@code null}
 *     when the call has no session, which the guard reads the stricter way (nothing is inside the
 *     project). Never the {@code cwd} the agent reports: an agent can {@code cd /}
 * @param cwd the folder the agent says the call runs in, absolute, for relative paths; {@code null}
 *     when unknown (relative paths are then outside the project)
 * @param hints what the tool declared of itself, or {@code null} for an agent's own tool
 */
public record GuardCall(String tool, JsonNode args, Path project, Path cwd, ToolHints hints) {

  /**
   * Checks and copies.
   *
   * @param tool the tool's name in the gateway's names
   * @param args its arguments, a JSON object
   * @param project the folder of the call's session as the gateway knows it, absolute; {@code null}
   *     when the call has no session, which the guard reads the stricter way (nothing is inside the
   *     project). Never the {@code cwd} the agent reports: an agent can {@code cd /}
   * @param cwd the folder the agent says the call runs in, absolute, for relative paths; {@code
   *     null} when unknown (relative paths are then outside the project)
   * @param hints what the tool declared of itself, or {@code null} for an agent's own tool
   */
  public GuardCall {
    requireNonNull(tool, "tool");
    requireNonNull(args, "args");
  }

  /**
   * What an MCP tool or a provider's tool declared of itself (MCP's tool annotations), and who
   * offers it.
   *
   * @param destructive {@code destructiveHint}, or {@code null} when not declared
   * @param readOnly {@code readOnlyHint}, or {@code null}
   * @param openWorld {@code openWorldHint}, or {@code null}
   * @param provider the provider (or federated MCP server) that offers the tool, or {@code null}
   * @param trust its trust level's wire name ({@code internal}, {@code user}, {@code project}, …),
   *     or {@code null}
   */
  public record ToolHints(
      Boolean destructive, Boolean readOnly, Boolean openWorld, String provider, String trust) {}
}
