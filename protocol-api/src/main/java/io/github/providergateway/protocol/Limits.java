package io.github.providergateway.protocol;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Objects;

/**
 * Every limit the gateway enforces, with the spec's numbers as defaults (spec: Payload limits, Push
 * loop prevention, Gate timeout behavior; architecture, decisions 8, 13, 20, 23). An embedder may
 * override any of them with {@link #builder()} or {@link #toBuilder()}.
 *
 * <p>Message sizes are bytes of the message's UTF-8 text on the wire: "5 MB" is 5 × 2²⁰. Limits
 * named for what the gateway <em>holds</em> ({@code maxStreamBytes}, {@code maxRetainedStreamBytes},
 * {@code maxSnapshotBytes}, {@code maxDeclared*}, {@code maxMessageTreeBytes}) count estimated heap
 * bytes of the retained objects, since a few bytes of JSON text can take tens of bytes as a tree;
 * the queue limits count chars. docs/security.md adds them up.
 *
 * <p>Immutable. New limits are added as new accessors and builder methods, so code written against
 * an older version keeps compiling.
 */
public final class Limits {

  /**
   * The deepest {@code maxJsonDepth} may be: Jackson writes at most 1,000 levels, and what the
   * gateway accepts is written back inside envelopes of its own (a push's metadata inside {@code
   * stream.history}, inside a host reply), which add fewer than 16 levels.
   */
  public static final int MAX_JSON_DEPTH = 984;

  private static final int MIB = 1 << 20;

  private static final Limits DEFAULTS = new Builder().build();

  private final int maxToolResultBytes;
  private final int maxMessageBytes;
  private final int maxToolsPerProvider;
  private final int maxHookRulesPerProvider;
  private final int maxStreamsPerProvider;
  private final int streamRetention;
  private final int maxQueryLast;
  private final int maxConnections;
  private final int maxPairingAttemptsPerMinute;
  private final int maxRebindsPerMinute;
  private final int maxPushesPerSecond;
  private final int maxQueuedCalls;
  private final Duration gateTimeout;
  private final Duration transformTimeout;
  private final Duration reconnectWindow;
  private final Duration registrationDebounce;
  private final Duration defaultToolTimeout;
  private final Duration cancelGrace;
  private final Duration pairingCodeLifetime;
  private final Duration regexDeadline;
  private final int maxMatchedChars;
  private final int injectCyclesBeforePause;
  private final Duration defaultShutdownDeadline;
  private final Duration idleExitGrace;
  private final int maxStreamBytes;
  private final int maxStreamsPerSession;
  private final Duration authTimeout;
  private final int maxUnauthenticatedMessageBytes;
  private final Duration bindTimeout;
  private final Duration regexBudget;
  private final Duration regexBudgetPerSecond;
  private final int maxFilterRules;
  private final Duration progressInterval;
  private final int maxRetainedStreamBytes;
  private final int maxSnapshotBytes;
  private final int maxDeclaredBytesPerProvider;
  private final int maxDeclaredBytes;
  private final int maxMessageTreeBytes;
  private final int maxJsonDepth;
  private final int maxQueuedInboundBytes;
  private final int maxQueuedInboundBytesPerConnection;

  private Limits(Builder b) {
    maxToolResultBytes = b.maxToolResultBytes;
    maxMessageBytes = b.maxMessageBytes;
    maxToolsPerProvider = b.maxToolsPerProvider;
    maxHookRulesPerProvider = b.maxHookRulesPerProvider;
    maxStreamsPerProvider = b.maxStreamsPerProvider;
    streamRetention = b.streamRetention;
    maxQueryLast = b.maxQueryLast;
    maxConnections = b.maxConnections;
    maxPairingAttemptsPerMinute = b.maxPairingAttemptsPerMinute;
    maxRebindsPerMinute = b.maxRebindsPerMinute;
    maxPushesPerSecond = b.maxPushesPerSecond;
    maxQueuedCalls = b.maxQueuedCalls;
    gateTimeout = b.gateTimeout;
    transformTimeout = b.transformTimeout;
    reconnectWindow = b.reconnectWindow;
    registrationDebounce = b.registrationDebounce;
    defaultToolTimeout = b.defaultToolTimeout;
    cancelGrace = b.cancelGrace;
    pairingCodeLifetime = b.pairingCodeLifetime;
    regexDeadline = b.regexDeadline;
    maxMatchedChars = b.maxMatchedChars;
    injectCyclesBeforePause = b.injectCyclesBeforePause;
    defaultShutdownDeadline = b.defaultShutdownDeadline;
    idleExitGrace = b.idleExitGrace;
    maxStreamBytes = b.maxStreamBytes;
    maxStreamsPerSession = b.maxStreamsPerSession;
    authTimeout = b.authTimeout;
    maxUnauthenticatedMessageBytes = b.maxUnauthenticatedMessageBytes;
    bindTimeout = b.bindTimeout;
    regexBudget = b.regexBudget;
    regexBudgetPerSecond = b.regexBudgetPerSecond;
    maxFilterRules = b.maxFilterRules;
    progressInterval = b.progressInterval;
    maxRetainedStreamBytes = b.maxRetainedStreamBytes;
    maxSnapshotBytes = b.maxSnapshotBytes;
    maxDeclaredBytesPerProvider = b.maxDeclaredBytesPerProvider;
    maxDeclaredBytes = b.maxDeclaredBytes;
    maxMessageTreeBytes = b.maxMessageTreeBytes;
    maxJsonDepth = b.maxJsonDepth;
    maxQueuedInboundBytes = b.maxQueuedInboundBytes;
    maxQueuedInboundBytesPerConnection = b.maxQueuedInboundBytesPerConnection;
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
    positive(maxUnauthenticatedMessageBytes, "maxUnauthenticatedMessageBytes");
    positive(bindTimeout, "bindTimeout");
    positive(regexBudget, "regexBudget");
    positive(regexBudgetPerSecond, "regexBudgetPerSecond");
    positive(maxFilterRules, "maxFilterRules");
    nonNegative(progressInterval, "progressInterval");
    positive(maxRetainedStreamBytes, "maxRetainedStreamBytes");
    positive(maxSnapshotBytes, "maxSnapshotBytes");
    positive(maxDeclaredBytesPerProvider, "maxDeclaredBytesPerProvider");
    positive(maxDeclaredBytes, "maxDeclaredBytes");
    positive(maxMessageTreeBytes, "maxMessageTreeBytes");
    positive(maxJsonDepth, "maxJsonDepth");
    if (maxJsonDepth > MAX_JSON_DEPTH) {
      throw new IllegalArgumentException(
          "maxJsonDepth must be at most " + MAX_JSON_DEPTH + " (what can be written back), not " + maxJsonDepth);
    }
    positive(maxQueuedInboundBytes, "maxQueuedInboundBytes");
    positive(maxQueuedInboundBytesPerConnection, "maxQueuedInboundBytesPerConnection");
  }

  /** The largest {@code tool.result}. */
  public int maxToolResultBytes() {
    return maxToolResultBytes;
  }

  /** The largest message of any other type. */
  public int maxMessageBytes() {
    return maxMessageBytes;
  }

  /** Tools a provider may hold in one session. */
  public int maxToolsPerProvider() {
    return maxToolsPerProvider;
  }

  /** {@code onPreToolUse} rules a provider may hold. */
  public int maxHookRulesPerProvider() {
    return maxHookRulesPerProvider;
  }

  /** Streams a provider may push to, per session. */
  public int maxStreamsPerProvider() {
    return maxStreamsPerProvider;
  }

  /** Events kept per stream; older ones are evicted. */
  public int streamRetention() {
    return streamRetention;
  }

  /** The most events a provider may ask of one stream in a {@code stream.query}. */
  public int maxQueryLast() {
    return maxQueryLast;
  }

  /** WebSocket connections open at once. */
  public int maxConnections() {
    return maxConnections;
  }

  /** Pairing requests served per minute, across the gateway. */
  public int maxPairingAttemptsPerMinute() {
    return maxPairingAttemptsPerMinute;
  }

  /** {@code hello} rebinds per connection per minute. */
  public int maxRebindsPerMinute() {
    return maxRebindsPerMinute;
  }

  /** Pushes per (provider, session) per second. */
  public int maxPushesPerSecond() {
    return maxPushesPerSecond;
  }

  /** Calls waiting per concurrency limit; in-flight calls do not count. */
  public int maxQueuedCalls() {
    return maxQueuedCalls;
  }

  /** How long a gate may think before the call is denied. */
  public Duration gateTimeout() {
    return gateTimeout;
  }

  /** How long a callback transform may think before its section stays. */
  public Duration transformTimeout() {
    return transformTimeout;
  }

  /** How long a reconnect token outlives its connection. */
  public Duration reconnectWindow() {
    return reconnectWindow;
  }

  /** The window that batches tool-set changes into one host registration. */
  public Duration registrationDebounce() {
    return registrationDebounce;
  }

  /** A call's timeout when neither host nor tool sets one. */
  public Duration defaultToolTimeout() {
    return defaultToolTimeout;
  }

  /** How long a cancelled call keeps its concurrency slot awaiting {@code CANCELLED}. */
  public Duration cancelGrace() {
    return cancelGrace;
  }

  /** How long a pairing code stays valid. */
  public Duration pairingCodeLifetime() {
    return pairingCodeLifetime;
  }

  /** The time one regex match attempt may take. */
  public Duration regexDeadline() {
    return regexDeadline;
  }

  /** How much of a stringified text takes part in regex matching. */
  public int maxMatchedChars() {
    return maxMatchedChars;
  }

  /** Inject→turn→inject cycles before a provider's injects pause. */
  public int injectCyclesBeforePause() {
    return injectCyclesBeforePause;
  }

  /** The {@code shutdown.pending} deadline when the host gives none. */
  public Duration defaultShutdownDeadline() {
    return defaultShutdownDeadline;
  }

  /** How long a detached gateway waits after its last session before exiting. */
  public Duration idleExitGrace() {
    return idleExitGrace;
  }

  /** The estimated heap one stream may hold (its events' text and metadata) before its oldest events are evicted, however few they are; the newest event is always kept. */
  public int maxStreamBytes() {
    return maxStreamBytes;
  }

  /** Streams a session keeps; past it, the least recently written stream of a provider no longer bound there is dropped, and if every stream belongs to a bound provider a push opening a new one is refused. */
  public int maxStreamsPerSession() {
    return maxStreamsPerSession;
  }

  /** How long a new WebSocket connection may take to authenticate: anything but a successful {@code auth} by then ends in {@code AUTH_FAILED} and a close, so no unauthenticated connection keeps a connection slot for long (a pairing connection has the pairing code's lifetime to confirm instead). */
  public Duration authTimeout() {
    return authTimeout;
  }

  /** The largest message a connection may send before it has authenticated: {@code auth} and {@code auth.confirm} are a few hundred bytes, and a stranger must not make the gateway buffer megabytes (a transport refuses a larger frame unread). */
  public int maxUnauthenticatedMessageBytes() {
    return maxUnauthenticatedMessageBytes;
  }

  /** How long an authenticated WebSocket connection may stay unbound (before its first {@code hello}, or after losing its sessions) while a session it may bind to is active; past it the connection is closed, so idle authenticated connections cannot keep connection slots. */
  public Duration bindTimeout() {
    return bindTimeout;
  }

  /** The regex time one message may cost across all the rules it runs (a push through its stream's filter, one {@code onPreToolUse} evaluation); rules left when it is spent fail safe without running. */
  public Duration regexBudget() {
    return regexBudget;
  }

  /** The regex time one provider connection's rules may cost per second, whoever's message runs them; past it they fail safe without running until the allowance refills. */
  public Duration regexBudgetPerSecond() {
    return regexBudgetPerSecond;
  }

  /** Rules in one stream filter ({@code filter.set}). */
  public int maxFilterRules() {
    return maxFilterRules;
  }

  /** At most one {@code tool.progress} per call reaches the host per interval; later ones within it are coalesced to the latest. */
  public Duration progressInterval() {
    return progressInterval;
  }

  /** The estimated heap all streams of all sessions may hold together; past it the streams of departed providers go first, then the oldest events of the provider holding the most. */
  public int maxRetainedStreamBytes() {
    return maxRetainedStreamBytes;
  }

  /** The estimated heap the reconnect snapshots of departed providers may hold together; past it the oldest snapshots are forgotten. */
  public int maxSnapshotBytes() {
    return maxSnapshotBytes;
  }

  /** The estimated heap one provider's declarations (tools, hook rules, transforms, filters, context, metadata) may hold in one session; a {@code hello} or update past it is refused {@code PAYLOAD_TOO_LARGE} (in-process providers are not bounded). */
  public int maxDeclaredBytesPerProvider() {
    return maxDeclaredBytesPerProvider;
  }

  /** The estimated heap the declarations of all connected providers may hold together; a {@code hello} or update past it is refused {@code PAYLOAD_TOO_LARGE}. */
  public int maxDeclaredBytes() {
    return maxDeclaredBytes;
  }

  /** The estimated heap one decoded message may take as a JSON tree: a few megabytes of text can expand twenty-fold into nodes, so a message past it is refused {@code PAYLOAD_TOO_LARGE} while it is read. */
  public int maxMessageTreeBytes() {
    return maxMessageTreeBytes;
  }

  /** How deeply a provider message may nest JSON values; deeper input is refused while it is read, so everything the gateway accepts it can also write back inside its own messages. */
  public int maxJsonDepth() {
    return maxJsonDepth;
  }

  /** The UTF-16 chars of received messages all connections may have waiting for the gateway loop; past it a transport stops reading from the connection that delivered, until the loop catches up. */
  public int maxQueuedInboundBytes() {
    return maxQueuedInboundBytes;
  }

  /** The same, for one connection. */
  public int maxQueuedInboundBytesPerConnection() {
    return maxQueuedInboundBytesPerConnection;
  }

  /** The spec's limits. */
  public static Limits defaults() {
    return DEFAULTS;
  }

  /** A builder starting from the spec's limits. */
  public static Builder builder() {
    return new Builder();
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

  /** Limits are equal when every limit is. */
  @Override
  public boolean equals(Object other) {
    return other instanceof Limits o
        && maxToolResultBytes == o.maxToolResultBytes
        && maxMessageBytes == o.maxMessageBytes
        && maxToolsPerProvider == o.maxToolsPerProvider
        && maxHookRulesPerProvider == o.maxHookRulesPerProvider
        && maxStreamsPerProvider == o.maxStreamsPerProvider
        && streamRetention == o.streamRetention
        && maxQueryLast == o.maxQueryLast
        && maxConnections == o.maxConnections
        && maxPairingAttemptsPerMinute == o.maxPairingAttemptsPerMinute
        && maxRebindsPerMinute == o.maxRebindsPerMinute
        && maxPushesPerSecond == o.maxPushesPerSecond
        && maxQueuedCalls == o.maxQueuedCalls
        && gateTimeout.equals(o.gateTimeout)
        && transformTimeout.equals(o.transformTimeout)
        && reconnectWindow.equals(o.reconnectWindow)
        && registrationDebounce.equals(o.registrationDebounce)
        && defaultToolTimeout.equals(o.defaultToolTimeout)
        && cancelGrace.equals(o.cancelGrace)
        && pairingCodeLifetime.equals(o.pairingCodeLifetime)
        && regexDeadline.equals(o.regexDeadline)
        && maxMatchedChars == o.maxMatchedChars
        && injectCyclesBeforePause == o.injectCyclesBeforePause
        && defaultShutdownDeadline.equals(o.defaultShutdownDeadline)
        && idleExitGrace.equals(o.idleExitGrace)
        && maxStreamBytes == o.maxStreamBytes
        && maxStreamsPerSession == o.maxStreamsPerSession
        && authTimeout.equals(o.authTimeout)
        && maxUnauthenticatedMessageBytes == o.maxUnauthenticatedMessageBytes
        && bindTimeout.equals(o.bindTimeout)
        && regexBudget.equals(o.regexBudget)
        && regexBudgetPerSecond.equals(o.regexBudgetPerSecond)
        && maxFilterRules == o.maxFilterRules
        && progressInterval.equals(o.progressInterval)
        && maxRetainedStreamBytes == o.maxRetainedStreamBytes
        && maxSnapshotBytes == o.maxSnapshotBytes
        && maxDeclaredBytesPerProvider == o.maxDeclaredBytesPerProvider
        && maxDeclaredBytes == o.maxDeclaredBytes
        && maxMessageTreeBytes == o.maxMessageTreeBytes
        && maxJsonDepth == o.maxJsonDepth
        && maxQueuedInboundBytes == o.maxQueuedInboundBytes
        && maxQueuedInboundBytesPerConnection == o.maxQueuedInboundBytesPerConnection;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
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
        authTimeout,
        maxUnauthenticatedMessageBytes,
        bindTimeout,
        regexBudget,
        regexBudgetPerSecond,
        maxFilterRules,
        progressInterval,
        maxRetainedStreamBytes,
        maxSnapshotBytes,
        maxDeclaredBytesPerProvider,
        maxDeclaredBytes,
        maxMessageTreeBytes,
        maxJsonDepth,
        maxQueuedInboundBytes,
        maxQueuedInboundBytesPerConnection);
  }

  /** Every limit by name, as a record would print them. */
  @Override
  public String toString() {
    return "Limits["
        + "maxToolResultBytes=" + maxToolResultBytes
        + ", maxMessageBytes=" + maxMessageBytes
        + ", maxToolsPerProvider=" + maxToolsPerProvider
        + ", maxHookRulesPerProvider=" + maxHookRulesPerProvider
        + ", maxStreamsPerProvider=" + maxStreamsPerProvider
        + ", streamRetention=" + streamRetention
        + ", maxQueryLast=" + maxQueryLast
        + ", maxConnections=" + maxConnections
        + ", maxPairingAttemptsPerMinute=" + maxPairingAttemptsPerMinute
        + ", maxRebindsPerMinute=" + maxRebindsPerMinute
        + ", maxPushesPerSecond=" + maxPushesPerSecond
        + ", maxQueuedCalls=" + maxQueuedCalls
        + ", gateTimeout=" + gateTimeout
        + ", transformTimeout=" + transformTimeout
        + ", reconnectWindow=" + reconnectWindow
        + ", registrationDebounce=" + registrationDebounce
        + ", defaultToolTimeout=" + defaultToolTimeout
        + ", cancelGrace=" + cancelGrace
        + ", pairingCodeLifetime=" + pairingCodeLifetime
        + ", regexDeadline=" + regexDeadline
        + ", maxMatchedChars=" + maxMatchedChars
        + ", injectCyclesBeforePause=" + injectCyclesBeforePause
        + ", defaultShutdownDeadline=" + defaultShutdownDeadline
        + ", idleExitGrace=" + idleExitGrace
        + ", maxStreamBytes=" + maxStreamBytes
        + ", maxStreamsPerSession=" + maxStreamsPerSession
        + ", authTimeout=" + authTimeout
        + ", maxUnauthenticatedMessageBytes=" + maxUnauthenticatedMessageBytes
        + ", bindTimeout=" + bindTimeout
        + ", regexBudget=" + regexBudget
        + ", regexBudgetPerSecond=" + regexBudgetPerSecond
        + ", maxFilterRules=" + maxFilterRules
        + ", progressInterval=" + progressInterval
        + ", maxRetainedStreamBytes=" + maxRetainedStreamBytes
        + ", maxSnapshotBytes=" + maxSnapshotBytes
        + ", maxDeclaredBytesPerProvider=" + maxDeclaredBytesPerProvider
        + ", maxDeclaredBytes=" + maxDeclaredBytes
        + ", maxMessageTreeBytes=" + maxMessageTreeBytes
        + ", maxJsonDepth=" + maxJsonDepth
        + ", maxQueuedInboundBytes=" + maxQueuedInboundBytes
        + ", maxQueuedInboundBytesPerConnection=" + maxQueuedInboundBytesPerConnection
        + "]";
  }

  /** Changes some limits, keeping the rest; {@link #build()} checks them all. */
  public static final class Builder {
    private int maxToolResultBytes = 5 * MIB;
    private int maxMessageBytes = 2 * MIB;
    private int maxToolsPerProvider = 100;
    private int maxHookRulesPerProvider = 50;
    private int maxStreamsPerProvider = 20;
    private int streamRetention = 200;
    private int maxQueryLast = 100;
    private int maxConnections = 50;
    private int maxPairingAttemptsPerMinute = 5;
    private int maxRebindsPerMinute = 10;
    private int maxPushesPerSecond = 10;
    private int maxQueuedCalls = 10;
    private Duration gateTimeout = Duration.ofSeconds(5);
    private Duration transformTimeout = Duration.ofSeconds(2);
    private Duration reconnectWindow = Duration.ofSeconds(30);
    private Duration registrationDebounce = Duration.ofMillis(200);
    private Duration defaultToolTimeout = Duration.ofSeconds(60);
    private Duration cancelGrace = Duration.ofSeconds(5);
    private Duration pairingCodeLifetime = Duration.ofSeconds(120);
    private Duration regexDeadline = Duration.ofMillis(1);
    private int maxMatchedChars = 64 * 1024;
    private int injectCyclesBeforePause = 3;
    private Duration defaultShutdownDeadline = Duration.ofSeconds(10);
    private Duration idleExitGrace = Duration.ofSeconds(30);
    private int maxStreamBytes = MIB;
    private int maxStreamsPerSession = 200;
    private Duration authTimeout = Duration.ofSeconds(10);
    private int maxUnauthenticatedMessageBytes = 64 * 1024;
    private Duration bindTimeout = Duration.ofSeconds(30);
    private Duration regexBudget = Duration.ofMillis(5);
    private Duration regexBudgetPerSecond = Duration.ofMillis(10);
    private int maxFilterRules = 50;
    private Duration progressInterval = Duration.ofMillis(250);
    private int maxRetainedStreamBytes = 32 * MIB;
    private int maxSnapshotBytes = 16 * MIB;
    private int maxDeclaredBytesPerProvider = 4 * MIB;
    private int maxDeclaredBytes = 64 * MIB;
    private int maxMessageTreeBytes = 48 * MIB;
    private int maxJsonDepth = 128;
    private int maxQueuedInboundBytes = 16 * MIB;
    private int maxQueuedInboundBytesPerConnection = 4 * MIB;

    private Builder() {}

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
      maxUnauthenticatedMessageBytes = from.maxUnauthenticatedMessageBytes;
      bindTimeout = from.bindTimeout;
      regexBudget = from.regexBudget;
      regexBudgetPerSecond = from.regexBudgetPerSecond;
      maxFilterRules = from.maxFilterRules;
      progressInterval = from.progressInterval;
      maxRetainedStreamBytes = from.maxRetainedStreamBytes;
      maxSnapshotBytes = from.maxSnapshotBytes;
      maxDeclaredBytesPerProvider = from.maxDeclaredBytesPerProvider;
      maxDeclaredBytes = from.maxDeclaredBytes;
      maxMessageTreeBytes = from.maxMessageTreeBytes;
      maxJsonDepth = from.maxJsonDepth;
      maxQueuedInboundBytes = from.maxQueuedInboundBytes;
      maxQueuedInboundBytesPerConnection = from.maxQueuedInboundBytesPerConnection;
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

    public Builder maxUnauthenticatedMessageBytes(int value) {
      maxUnauthenticatedMessageBytes = value;
      return this;
    }

    public Builder bindTimeout(Duration value) {
      bindTimeout = value;
      return this;
    }

    public Builder regexBudget(Duration value) {
      regexBudget = value;
      return this;
    }

    public Builder regexBudgetPerSecond(Duration value) {
      regexBudgetPerSecond = value;
      return this;
    }

    public Builder maxFilterRules(int value) {
      maxFilterRules = value;
      return this;
    }

    public Builder progressInterval(Duration value) {
      progressInterval = value;
      return this;
    }

    public Builder maxRetainedStreamBytes(int value) {
      maxRetainedStreamBytes = value;
      return this;
    }

    public Builder maxSnapshotBytes(int value) {
      maxSnapshotBytes = value;
      return this;
    }

    public Builder maxDeclaredBytesPerProvider(int value) {
      maxDeclaredBytesPerProvider = value;
      return this;
    }

    public Builder maxDeclaredBytes(int value) {
      maxDeclaredBytes = value;
      return this;
    }

    public Builder maxMessageTreeBytes(int value) {
      maxMessageTreeBytes = value;
      return this;
    }

    public Builder maxJsonDepth(int value) {
      maxJsonDepth = value;
      return this;
    }

    public Builder maxQueuedInboundBytes(int value) {
      maxQueuedInboundBytes = value;
      return this;
    }

    public Builder maxQueuedInboundBytesPerConnection(int value) {
      maxQueuedInboundBytesPerConnection = value;
      return this;
    }

    /**
     * The limits set.
     *
     * @throws IllegalArgumentException naming the first limit out of its range
     * @throws NullPointerException naming a duration left null
     */
    public Limits build() {
      return new Limits(this);
    }
  }
}
