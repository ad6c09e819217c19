package io.github.providergateway.guard;

import static java.util.Objects.requireNonNull;

/**
 * The guard's decision about a call in a session ({@link Guard#judge}), and what the call would add
 * to the session's past if it runs: the gateway records {@link #flow} once it knows the call ran
 * (or was let through).
 *
 * @param verdict the decision, with the flow rules' taken into it
 * @param flow what the call does for the flow rules; {@link CallFlow#NONE} for a call the guard
 *     could not read
 */
public record SessionVerdict(GuardVerdict verdict, CallFlow flow) {

  /**
   * Checks.
   *
   * @param verdict the decision
   * @param flow what the call does for the flow rules
   */
  public SessionVerdict {
    requireNonNull(verdict, "verdict");
    requireNonNull(flow, "flow");
  }
}
