package io.github.providergateway.guard.internal;

/**
 * The readings of a check removed from an edit's text, tried in turn ({@link SafeguardEdits}'s
 * {@code CHECK_REMOVED}): a check's call or its condition taken out, a protected status's check, a
 * protective call given nothing, a condition made constant, a pipeline's check step, a check
 * function hollowed, a script's guard, an alarm's call, a value no longer hashed, a pipeline's
 * barrier, a refusal or a safeguard's guard clause, pins and allow-lists widened. Moved out of
 * {@link SafeguardEdits} (decision 336), which had grown past 600 lines as each reading came.
 */
final class ChecksRemoved {
  private ChecksRemoved() {}

  /**
   * What the edit takes out of a check, as the reason shows it, or {@code null}.
   *
   * @param old the text before
   * @param now the text after
   * @param file the file's path
   * @return the check removed, or {@code null}
   */
  static String of(String old, String now, String file) {
    String shown = SafeguardChecks.checkRemoved(old, now, file);
    if (shown == null) {
      shown = StatusGuards.taken(old, now); // a check on a protected status (decision 204)
    }
    if (shown == null) {
      shown = EmptiedArguments.of(old, now); // a protective call given nothing (decision 221)
    }
    if (shown == null) {
      shown = ConstantConditions.of(old, now); // a protection's condition made so (decision 247)
    }
    if (shown == null) {
      shown = ConstantConditions.returned(old, now, file); // return True (decision 300)
    }
    if (shown == null) {
      shown = PipelineChecksRemoved.of(old, now, file); // round 67: a check step taken out
    }
    if (shown == null) {
      shown = CheckFunctionsHollowed.of(old, now); // round 67: passes_dominance made True
    }
    if (shown == null) {
      shown = ScriptGuardsRemoved.of(old, now, file); // round 72: verify … || exit 1 deleted
    }
    if (shown == null) {
      shown = AlarmCallsRemoved.of(old, now); // round 74: an SOS's dial made a log line
    }
    if (shown == null) {
      shown = ValuesUnhashed.of(old, now); // round 74: a rider's id no longer hashed
    }
    if (shown == null) {
      shown =
          PipelineBarriersRemoved.of(
              old, now, file); // session 19: a gate, a need, a failure let pass
    }
    if (shown == null) {
      shown = RefusalsRemoved.of(old, now); // session 19: a guard's refusal taken out
    }
    if (shown == null) {
      shown = GuardClausesDropped.of(old, now); // decision 336: a safeguard's guard clause dropped
    }
    if (shown == null) {
      shown = TrustWidened.of(old, now, file); // session 19: pins taken out, an allow-list made *
    }
    return shown;
  }
}
