package io.github.providergateway.protocol;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * Every limit the gateway enforces, with the spec's numbers as defaults (spec: Payload limits, Push
 * loop prevention, Gate timeout behavior; architecture, decisions 8, 13, 20, 23). An embedder may
 * override any of them with {@link #toBuilder()}.
 *
 * <p>Sizes are bytes of the message's UTF-8 text on the wire: "5 MB" is 5 × 2²⁰.
 *
 * @param maxToolResultBytes the largest {@code tool.result}
 * @param maxMessageBytes the largest message of any other type
 * @param maxToolsPerProvider tools a provider may hold in one session
 * @param maxHookRulesPerProvider {@code onPreToolUse} rules a provider may hold
 * @param maxStreamsPerProvider streams a provider may push to, per session
 * @param streamRetention events kept per stream; older ones are evicted
 * @param maxQueryLast the most events a provider may ask of one stream in a {@code stream.query}
 * @param maxConnections WebSocket connections open at once
 * @param maxPairingAttemptsPerMinute pairing requests served per minute, across the gateway
 * @param maxRebindsPerMinute {@code hello} rebinds per connection per minute
 * @param maxPushesPerSecond pushes per (provider, session) per second
 * @param maxQueuedCalls calls waiting per concurrency limit; in-flight calls do not count
 * @param gateTimeout how long a gate may think before the call is denied
 * @param transformTimeout how long a callback transform may think before its section stays
 * @param reconnectWindow how long a reconnect token outlives its connection
 * @param registrationDebounce the window that batches tool-set changes into one host registration
 * @param defaultToolTimeout a call's timeout when neither host nor tool sets one
 * @param cancelGrace how long a cancelled call keeps its concurrency slot awaiting {@code
 *     CANCELLED}
 * @param pairingCodeLifetime how long a pairing code stays valid
 * @param regexDeadline the time one regex match attempt may take
 * @param maxMatchedChars how much of a stringified text takes part in regex matching
 * @param injectCyclesBeforePause inject→turn→inject cycles before a provider's injects pause
 * @param defaultShutdownDeadline the {@code shutdown.pending} deadline when the host gives none
 * @param idleExitGrace how long a detached gateway waits after its last session before exiting
 * @param maxStreamBytes what one stream may hold (event text and metadata, in chars) before its
 *     oldest events are evicted, however few they are; the newest event is always kept
 * @param maxStreamsPerSession streams a session keeps; past it, the least recently written stream
 *     of a provider no longer bound there is dropped, and if every stream belongs to a bound
 *     provider a push opening a new one is refused
 * @param authTimeout how long a new WebSocket connection may take to authenticate: anything but a
 *     successful {@code auth} by then ends in {@code AUTH_FAILED} and a close, so no
 *     unauthenticated connection keeps a connection slot for long (a pairing connection has the
 *     pairing code's lifetime to confirm instead)
 */
public record Limits(
    int maxToolResultBytes,
    int maxMessageBytes,
    int maxToolsPerProvider,
    int maxHookRulesPerProvider,
    int maxStreamsPerProvider,
    int streamRetention,
    int maxQueryLast,
    int maxConnections,
    int maxPairingAttemptsPerMinute,
    int maxRebindsPerMinute,
    int maxPushesPerSecond,
    int maxQueuedCalls,
    Duration gateTimeout,
    Duration transformTimeout,
    Duration reconnectWindow,
    Duration registrationDebounce,
    Duration defaultToolTimeout,
    Duration cancelGrace,
    Duration pairingCodeLifetime,
    Duration regexDeadline,
    int maxMatchedChars,
    int injectCyclesBeforePause,
    Duration defaultShutdownDeadline,
    Duration idleExitGrace,
    int maxStreamBytes,
    int maxStreamsPerSession,
    Duration authTimeout) {

  private static final int MIB = 1 << 20;

  private static final Limits DEFAULTS =
      new Limits(
          5 * MIB,
          2 * MIB,
          100,
          50,
          20,
          200,
          100,
          50,
          5,
          10,
          10,
          10,
          Duration.ofSeconds(5),
          Duration.ofSeconds(2),
          Duration.ofSeconds(30),
          Duration.ofMillis(200),
          Duration.ofSeconds(60),
          Duration.ofSeconds(5),
          Duration.ofSeconds(120),
          Duration.ofMillis(1),
          64 * 1024,
          3,
          Duration.ofSeconds(10),
          Duration.ofSeconds(30),
          MIB,
          200,
          Duration.ofSeconds(10));

  public Limits {
    positive(maxToolResultBytes, "maxToolResultBytes");
    positive(maxMessageBytes, "maxMessageBytes");
    positive(maxToolsPerProvider, "maxToolsPerProvider");
    positive(maxHookRulesPerProvider, "maxHookRulesPerProvider");
    positive(maxStreamsPerProvider, "maxStreamsPerProvider");
    positive(streamRetention, "streamRetention");
    positive(maxQueryLast, "maxQueryLast");
    positive(maxConnections, "maxConnections");
    positive(maxPairingAttemptsPerMinute, "maxPairingAttemptsPerMinute");
    positive(maxRebindsPerMinute, "maxRebindsPerMinute");
    positive(maxPushesPerSecond, "maxPushesPerSecond");
    if (maxQueuedCalls < 0) {
      throw new IllegalArgumentException("maxQueuedCalls must not be negative");
    }
    positive(gateTimeout, "gateTimeout");
    positive(transformTimeout, "transformTimeout");
    positive(reconnectWindow, "reconnectWindow");
    nonNegative(registrationDebounce, "registrationDebounce");
    positive(defaultToolTimeout, "defaultToolTimeout");
    nonNegative(cancelGrace, "cancelGrace");
    positive(pairingCodeLifetime, "pairingCodeLifetime");
    positive(regexDeadline, "regexDeadline");
    positive(maxMatchedChars, "maxMatchedChars");
    positive(injectCyclesBeforePause, "injectCyclesBeforePause");
    nonNegative(defaultShutdownDeadline, "defaultShutdownDeadline");
    nonNegative(idleExitGrace, "idleExitGrace");
    positive(maxStreamBytes, "maxStreamBytes");
    positive(maxStreamsPerSession, "maxStreamsPerSession");
    positive(authTimeout, "authTimeout");
  }

  /** The spec's limits. */
  public static Limits defaults() {
    return DEFAULTS;
  }

  /** The size limit for a provider message of {@code type}: 5 MB for results, 2 MB otherwise. */
  public int maxBytesFor(ProviderMessageType type) {
    return type == ProviderMessageType.TOOL_RESULT ? maxToolResultBytes : maxMessageBytes;
  }

  /** The largest provider message of any type. */
  public int maxAnyMessageBytes() {
    return Math.max(maxToolResultBytes, maxMessageBytes);
  }

  /** A builder starting from these limits. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  private static void positive(int value, String name) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + " must be positive, was " + value);
    }
  }

  private static void nonNegative(Duration value, String name) {
    requireNonNull(value, name);
    if (value.isNegative()) {
      throw new IllegalArgumentException(name + " must not be negative, was " + value);
    }
  }

  private static void positive(Duration value, String name) {
    requireNonNull(value, name);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be positive, was " + value);
    }
  }

  /** Changes some limits, keeping the rest. */
  public static final class Builder {
    private int maxToolResultBytes;
    private int maxMessageBytes;
    private int maxToolsPerProvider;
    private int maxHookRulesPerProvider;
    private int maxStreamsPerProvider;
    private int streamRetention;
    private int maxQueryLast;
    private int maxConnections;
    private int maxPairingAttemptsPerMinute;
    private int maxRebindsPerMinute;
    private int maxPushesPerSecond;
    private int maxQueuedCalls;
    private Duration gateTimeout;
    private Duration transformTimeout;
    private Duration reconnectWindow;
    private Duration registrationDebounce;
    private Duration defaultToolTimeout;
    private Duration cancelGrace;
    private Duration pairingCodeLifetime;
    private Duration regexDeadline;
    private int maxMatchedChars;
    private int injectCyclesBeforePause;
    private Duration defaultShutdownDeadline;
    private Duration idleExitGrace;
    private int maxStreamBytes;
    private int maxStreamsPerSession;
    private Duration authTimeout;

    private Builder(Limits from) {
      maxToolResultBytes = from.maxToolResultBytes;
      maxMessageBytes = from.maxMessageBytes;
      maxToolsPerProvider = from.maxToolsPerProvider;
      maxHookRulesPerProvider = from.maxHookRulesPerProvider;
      maxStreamsPerProvider = from.maxStreamsPerProvider;
      streamRetention = from.streamRetention;
      maxQueryLast = from.maxQueryLast;
      maxConnections = from.maxConnections;
      maxPairingAttemptsPerMinute = from.maxPairingAttemptsPerMinute;
      maxRebindsPerMinute = from.maxRebindsPerMinute;
      maxPushesPerSecond = from.maxPushesPerSecond;
      maxQueuedCalls = from.maxQueuedCalls;
      gateTimeout = from.gateTimeout;
      transformTimeout = from.transformTimeout;
      reconnectWindow = from.reconnectWindow;
      registrationDebounce = from.registrationDebounce;
      defaultToolTimeout = from.defaultToolTimeout;
      cancelGrace = from.cancelGrace;
      pairingCodeLifetime = from.pairingCodeLifetime;
      regexDeadline = from.regexDeadline;
      maxMatchedChars = from.maxMatchedChars;
      injectCyclesBeforePause = from.injectCyclesBeforePause;
      defaultShutdownDeadline = from.defaultShutdownDeadline;
      idleExitGrace = from.idleExitGrace;
      maxStreamBytes = from.maxStreamBytes;
      maxStreamsPerSession = from.maxStreamsPerSession;
      authTimeout = from.authTimeout;
    }

    public Builder maxToolResultBytes(int value) {
      maxToolResultBytes = value;
      return this;
    }

    public Builder maxMessageBytes(int value) {
      maxMessageBytes = value;
      return this;
    }

    public Builder maxToolsPerProvider(int value) {
      maxToolsPerProvider = value;
      return this;
    }

    public Builder maxHookRulesPerProvider(int value) {
      maxHookRulesPerProvider = value;
      return this;
    }

    public Builder maxStreamsPerProvider(int value) {
      maxStreamsPerProvider = value;
      return this;
    }

    public Builder streamRetention(int value) {
      streamRetention = value;
      return this;
    }

    public Builder maxQueryLast(int value) {
      maxQueryLast = value;
      return this;
    }

    public Builder maxConnections(int value) {
      maxConnections = value;
      return this;
    }

    public Builder maxPairingAttemptsPerMinute(int value) {
      maxPairingAttemptsPerMinute = value;
      return this;
    }

    public Builder maxRebindsPerMinute(int value) {
      maxRebindsPerMinute = value;
      return this;
    }

    public Builder maxPushesPerSecond(int value) {
      maxPushesPerSecond = value;
      return this;
    }

    public Builder maxQueuedCalls(int value) {
      maxQueuedCalls = value;
      return this;
    }

    public Builder gateTimeout(Duration value) {
      gateTimeout = value;
      return this;
    }

    public Builder transformTimeout(Duration value) {
      transformTimeout = value;
      return this;
    }

    public Builder reconnectWindow(Duration value) {
      reconnectWindow = value;
      return this;
    }

    public Builder registrationDebounce(Duration value) {
      registrationDebounce = value;
      return this;
    }

    public Builder defaultToolTimeout(Duration value) {
      defaultToolTimeout = value;
      return this;
    }

    public Builder cancelGrace(Duration value) {
      cancelGrace = value;
      return this;
    }

    public Builder pairingCodeLifetime(Duration value) {
      pairingCodeLifetime = value;
      return this;
    }

    public Builder regexDeadline(Duration value) {
      regexDeadline = value;
      return this;
    }

    public Builder maxMatchedChars(int value) {
      maxMatchedChars = value;
      return this;
    }

    public Builder injectCyclesBeforePause(int value) {
      injectCyclesBeforePause = value;
      return this;
    }

    public Builder defaultShutdownDeadline(Duration value) {
      defaultShutdownDeadline = value;
      return this;
    }

    public Builder idleExitGrace(Duration value) {
      idleExitGrace = value;
      return this;
    }

    public Builder maxStreamBytes(int value) {
      maxStreamBytes = value;
      return this;
    }

    public Builder maxStreamsPerSession(int value) {
      maxStreamsPerSession = value;
      return this;
    }

    public Builder authTimeout(Duration value) {
      authTimeout = value;
      return this;
    }

    public Limits build() {
      return new Limits(
          maxToolResultBytes,
          maxMessageBytes,
          maxToolsPerProvider,
          maxHookRulesPerProvider,
          maxStreamsPerProvider,
          streamRetention,
          maxQueryLast,
          maxConnections,
          maxPairingAttemptsPerMinute,
          maxRebindsPerMinute,
          maxPushesPerSecond,
          maxQueuedCalls,
          gateTimeout,
          transformTimeout,
          reconnectWindow,
          registrationDebounce,
          defaultToolTimeout,
          cancelGrace,
          pairingCodeLifetime,
          regexDeadline,
          maxMatchedChars,
          injectCyclesBeforePause,
          defaultShutdownDeadline,
          idleExitGrace,
          maxStreamBytes,
          maxStreamsPerSession,
          authTimeout);
    }
  }
}
