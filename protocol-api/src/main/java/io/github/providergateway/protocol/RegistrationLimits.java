package io.github.providergateway.protocol;

import java.time.Duration;

/**
 * What one provider may declare: tools, hook rules, streams, filter rules and the bytes they hold,
 * and how long a registration change waits before it is announced. One part of {@link Limits}, read
 * with {@link Limits#registration()}; set through {@link Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 *
 * @param maxToolsPerProvider how many tools a provider may hold in one session
 * @param maxHookRulesPerProvider {@code onPreToolUse} rules a provider may hold
 * @param maxStreamsPerProvider how many streams a provider may push to, per session
 * @param maxFilterRules how many rules one stream filter may have ({@code filter.set})
 * @param maxDeclaredBytesPerProvider the estimated heap one provider's declarations (tools, hook
 *     rules, transforms, filters, context, metadata) may hold in one session; a {@code hello} or
 *     update past it is refused {@code PAYLOAD_TOO_LARGE} (in-process providers are not bounded)
 * @param maxDeclaredBytes the estimated heap the declarations of all connected providers may hold
 *     together; a {@code hello} or update past it is refused {@code PAYLOAD_TOO_LARGE}
 * @param registrationDebounce the window that batches tool-set changes into one host registration
 */
public record RegistrationLimits(
    int maxToolsPerProvider,
    int maxHookRulesPerProvider,
    int maxStreamsPerProvider,
    int maxFilterRules,
    int maxDeclaredBytesPerProvider,
    int maxDeclaredBytes,
    Duration registrationDebounce) {

  /**
   * Checks every limit.
   *
   * @param maxToolsPerProvider see {@link #maxToolsPerProvider()}
   * @param maxHookRulesPerProvider see {@link #maxHookRulesPerProvider()}
   * @param maxStreamsPerProvider see {@link #maxStreamsPerProvider()}
   * @param maxFilterRules see {@link #maxFilterRules()}
   * @param maxDeclaredBytesPerProvider see {@link #maxDeclaredBytesPerProvider()}
   * @param maxDeclaredBytes see {@link #maxDeclaredBytes()}
   * @param registrationDebounce see {@link #registrationDebounce()}
   * @throws IllegalArgumentException naming the first limit out of its range
   * @throws NullPointerException naming a duration left null
   */
  public RegistrationLimits {
    LimitChecks.positive(maxToolsPerProvider, "maxToolsPerProvider");
    LimitChecks.positive(maxHookRulesPerProvider, "maxHookRulesPerProvider");
    LimitChecks.positive(maxStreamsPerProvider, "maxStreamsPerProvider");
    LimitChecks.positive(maxFilterRules, "maxFilterRules");
    LimitChecks.positive(maxDeclaredBytesPerProvider, "maxDeclaredBytesPerProvider");
    LimitChecks.positive(maxDeclaredBytes, "maxDeclaredBytes");
    LimitChecks.nonNegative(registrationDebounce, "registrationDebounce");
  }
}
