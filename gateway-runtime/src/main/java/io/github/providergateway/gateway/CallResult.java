package io.github.providergateway.gateway;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The answer to {@link HostApi#callTool}: the tool's outcome and the context pre-tool hooks added
 * ({@code context} rules and gate {@code context} decisions, in evaluation order).
 *
 * @param outcome how the call ended
 * @param context the texts pre-tool hooks added, in evaluation order
 */
public record CallResult(ToolOutcome outcome, List<String> context) {

  /**
   * Checks and copies the result.
   *
   * @param outcome how the call ended
   * @param context the texts pre-tool hooks added, in evaluation order; copied
   * @throws NullPointerException when {@code outcome} or {@code context} is null
   */
  public CallResult {
    requireNonNull(outcome, "outcome");
    context = List.copyOf(context);
  }

  /**
   * An outcome without added context.
   *
   * @param outcome how the call ended
   * @return the result
   */
  public static CallResult of(ToolOutcome outcome) {
    return new CallResult(outcome, List.of());
  }
}
