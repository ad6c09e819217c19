package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;

/**
 * One tool call as the rules read it: the public {@code GuardCall}'s fields, given by {@code
 * Guard}, so that this package names none of the guard's public types and sits under them (decision
 * 80).
 *
 * @param tool the tool's name in the gateway's names
 * @param args its arguments, a JSON object
 * @param project the folder of the call's session as the gateway knows it, or {@code null} for none
 * @param cwd the folder the agent says the call runs in, or {@code null} when unknown
 * @param hints what the tool declared of itself, or {@code null} for an agent's own tool
 */
public record CallForRules(String tool, JsonNode args, Path project, Path cwd, Hints hints) {

  /**
   * What a tool declared of itself and who offers it, as {@code GuardCall.ToolHints} says it.
   *
   * @param destructive {@code destructiveHint}, or {@code null} when not declared
   * @param readOnly {@code readOnlyHint}, or {@code null}
   * @param openWorld {@code openWorldHint}, or {@code null}
   * @param provider the provider that offers the tool, or {@code null}
   * @param trust its trust level's wire name, or {@code null}
   */
  public record Hints(
      Boolean destructive, Boolean readOnly, Boolean openWorld, String provider, String trust) {}
}
