package io.github.providergateway.protocol;

import java.time.Duration;
import java.util.Objects;

/**
 * What one provider may declare: tools, hook rules, streams, filter rules and the bytes they hold,
 * and how long a registration change waits before it is announced. One part of {@link Limits}, read
 * with {@link Limits#registration()}; set through {@link Limits.Builder}.
 *
 * <p>Each check is made here, so no instance holds a limit out of its range.
 */
public final class RegistrationLimits {

  private final int maxToolsPerProvider;
  private final int maxHookRulesPerProvider;
  private final int maxStreamsPerProvider;
  private final int maxFilterRules;
  private final int maxDeclaredBytesPerProvider;
  private final int maxDeclaredBytes;
  private final Duration registrationDebounce;

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
  RegistrationLimits(
      int maxToolsPerProvider,
      int maxHookRulesPerProvider,
      int maxStreamsPerProvider,
      int maxFilterRules,
      int maxDeclaredBytesPerProvider,
      int maxDeclaredBytes,
      Duration registrationDebounce) {
    LimitChecks.positive(maxToolsPerProvider, "maxToolsPerProvider");
    LimitChecks.positive(maxHookRulesPerProvider, "maxHookRulesPerProvider");
    LimitChecks.positive(maxStreamsPerProvider, "maxStreamsPerProvider");
    LimitChecks.positive(maxFilterRules, "maxFilterRules");
    LimitChecks.positive(maxDeclaredBytesPerProvider, "maxDeclaredBytesPerProvider");
    LimitChecks.positive(maxDeclaredBytes, "maxDeclaredBytes");
    LimitChecks.nonNegative(registrationDebounce, "registrationDebounce");
    this.maxToolsPerProvider = maxToolsPerProvider;
    this.maxHookRulesPerProvider = maxHookRulesPerProvider;
    this.maxStreamsPerProvider = maxStreamsPerProvider;
    this.maxFilterRules = maxFilterRules;
    this.maxDeclaredBytesPerProvider = maxDeclaredBytesPerProvider;
    this.maxDeclaredBytes = maxDeclaredBytes;
    this.registrationDebounce = registrationDebounce;
  }

  /** {@return how many tools a provider may hold in one session} */
  public int maxToolsPerProvider() {
    return maxToolsPerProvider;
  }

  /** {@return {@code onPreToolUse} rules a provider may hold} */
  public int maxHookRulesPerProvider() {
    return maxHookRulesPerProvider;
  }

  /** {@return how many streams a provider may push to, per session} */
  public int maxStreamsPerProvider() {
    return maxStreamsPerProvider;
  }

  /** {@return how many rules one stream filter may have ({@code filter.set})} */
  public int maxFilterRules() {
    return maxFilterRules;
  }

  /**
   * {@return the estimated heap one provider's declarations (tools, hook rules, transforms,
   * filters, context, metadata) may hold in one session; a {@code hello} or update past it is
   * refused {@code PAYLOAD_TOO_LARGE} (in-process providers are not bounded)}
   */
  public int maxDeclaredBytesPerProvider() {
    return maxDeclaredBytesPerProvider;
  }

  /**
   * {@return the estimated heap the declarations of all connected providers may hold together; a
   * {@code hello} or update past it is refused {@code PAYLOAD_TOO_LARGE}}
   */
  public int maxDeclaredBytes() {
    return maxDeclaredBytes;
  }

  /** {@return the window that batches tool-set changes into one host registration} */
  public Duration registrationDebounce() {
    return registrationDebounce;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RegistrationLimits o
        && maxToolsPerProvider == o.maxToolsPerProvider
        && maxHookRulesPerProvider == o.maxHookRulesPerProvider
        && maxStreamsPerProvider == o.maxStreamsPerProvider
        && maxFilterRules == o.maxFilterRules
        && maxDeclaredBytesPerProvider == o.maxDeclaredBytesPerProvider
        && maxDeclaredBytes == o.maxDeclaredBytes
        && Objects.equals(registrationDebounce, o.registrationDebounce);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        maxToolsPerProvider,
        maxHookRulesPerProvider,
        maxStreamsPerProvider,
        maxFilterRules,
        maxDeclaredBytesPerProvider,
        maxDeclaredBytes,
        registrationDebounce);
  }

  /** {@return the limits by name, as a record would show them} */
  @Override
  public String toString() {
    return "RegistrationLimits["
        + "maxToolsPerProvider="
        + maxToolsPerProvider
        + ", maxHookRulesPerProvider="
        + maxHookRulesPerProvider
        + ", maxStreamsPerProvider="
        + maxStreamsPerProvider
        + ", maxFilterRules="
        + maxFilterRules
        + ", maxDeclaredBytesPerProvider="
        + maxDeclaredBytesPerProvider
        + ", maxDeclaredBytes="
        + maxDeclaredBytes
        + ", registrationDebounce="
        + registrationDebounce
        + "]";
  }
}
