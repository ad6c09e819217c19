package io.github.providergateway.host.api;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The answer to {@link HostApi#callTool}: the tool's outcome and the context pre-tool hooks added
 * ({@code context} rules and gate {@code context} decisions, in evaluation order).
 *
 * @param outcome how the call ended
 * @param context the texts pre-tool hooks added, in evaluation order
 * @param updatedArgs the arguments the tool was called with when gates rewrote the host's
 *     (extension {@code gate.args}, architecture, decision 33); {@code null} when unchanged
 */
public record CallResult(ToolOutcome outcome, List<String> context, JsonNode updatedArgs) {

  /**
   * Checks and copies the result.
   *
   * @param outcome how the call ended
   * @param context the texts pre-tool hooks added, in evaluation order; copied
   * @param updatedArgs the rewritten arguments, or {@code null}
   * @throws NullPointerException when {@code outcome} or {@code context} is null
   */
  public CallResult {
    requireNonNull(outcome, "outcome");
    context = List.copyOf(context);
  }

  /**
   * A result of a call that ran with the host's arguments.
   *
   * @param outcome how the call ended
   * @param context the texts pre-tool hooks added, in evaluation order; copied
   * @throws NullPointerException when {@code outcome} or {@code context} is null
   */
  public CallResult(ToolOutcome outcome, List<String> context) {
    this(outcome, context, null);
  }

  /**
   * An outcome without added context.
   *
   * @param outcome how the call ended
   * @return the result
   */
  public static CallResult of(ToolOutcome outcome) {
    return new CallResult(outcome, List.of(), null);
  }
}
