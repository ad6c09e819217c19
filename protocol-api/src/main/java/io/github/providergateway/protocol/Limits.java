package io.github.providergateway.protocol;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * Every limit the gateway enforces, with the spec's numbers as defaults (spec: Payload limits, Push
 * loop prevention, Gate timeout behavior; architecture, decisions 8, 13, 20, 23). An embedder may
 * override any of them with {@link #toBuilder()}.
 *
 * <p>Message sizes are bytes of the message's UTF-8 text on the wire: "5 MB" is 5 × 2²⁰. Limits
 * named for what the gateway <em>holds</em> ({@code maxStreamBytes}, {@code maxRetainedStreamBytes},
 * {@code maxSnapshotBytes}, {@code maxDeclared*}, {@code maxMessageTreeBytes}) count estimated heap
 * bytes of the retained objects, since a few bytes of JSON text can take tens of bytes as a tree;
 * the queue limits count chars. docs/security.md adds them up.
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
 * @param maxStreamBytes the estimated heap one stream may hold (its events' text and metadata)
 *     before its oldest events are evicted, however few they are; the newest event is always kept
 * @param maxStreamsPerSession streams a session keeps; past it, the least recently written stream
 *     of a provider no longer bound there is dropped, and if every stream belongs to a bound
 *     provider a push opening a new one is refused
 * @param authTimeout how long a new WebSocket connection may take to authenticate: anything but a
 *     successful {@code auth} by then ends in {@code AUTH_FAILED} and a close, so no
 *     unauthenticated connection keeps a connection slot for long (a pairing connection has the
 *     pairing code's lifetime to confirm instead)
 * @param maxUnauthenticatedMessageBytes the largest message a connection may send before it has authenticated: {@code auth} and {@code auth.confirm} are a few hundred bytes, and a stranger must not make the gateway buffer megabytes (a transport refuses a larger frame unread)
 * @param bindTimeout how long an authenticated WebSocket connection may stay unbound (before its first {@code hello}, or after losing its sessions) while a session it may bind to is active; past it the connection is closed, so idle authenticated connections cannot keep connection slots
 * @param regexBudget the regex time one message may cost across all the rules it runs (a push through its stream's filter, one {@code onPreToolUse} evaluation); rules left when it is spent fail safe without running
 * @param regexBudgetPerSecond the regex time one provider connection's rules may cost per second, whoever's message runs them; past it they fail safe without running until the allowance refills
 * @param maxFilterRules rules in one stream filter ({@code filter.set})
 * @param progressInterval at most one {@code tool.progress} per call reaches the host per interval; later ones within it are coalesced to the latest
 * @param maxRetainedStreamBytes the estimated heap all streams of all sessions may hold together; past it the streams of departed providers go first, then the oldest events of the provider holding the most
 * @param maxSnapshotBytes the estimated heap the reconnect snapshots of departed providers may hold together; past it the oldest snapshots are forgotten
 * @param maxDeclaredBytesPerProvider the estimated heap one provider's declarations (tools, hook rules, transforms, filters, context, metadata) may hold in one session; a {@code hello} or update past it is refused {@code PAYLOAD_TOO_LARGE} (in-process providers are not bounded)
 * @param maxDeclaredBytes the estimated heap the declarations of all connected providers may hold together; a {@code hello} or update past it is refused {@code PAYLOAD_TOO_LARGE}
 * @param maxMessageTreeBytes the estimated heap one decoded message may take as a JSON tree: a few megabytes of text can expand twenty-fold into nodes, so a message past it is refused {@code PAYLOAD_TOO_LARGE} while it is read
 * @param maxJsonDepth how deeply a provider message may nest JSON values; deeper input is refused while it is read, so everything the gateway accepts it can also write back inside its own messages
 * @param maxQueuedInboundBytes the UTF-16 chars of received messages all connections may have waiting for the gateway loop; past it a transport stops reading from the connection that delivered, until the loop catches up
 * @param maxQueuedInboundBytesPerConnection the same, for one connection
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
    Duration authTimeout,
    int maxUnauthenticatedMessageBytes,
    Duration bindTimeout,
    Duration regexBudget,
    Duration regexBudgetPerSecond,
    int maxFilterRules,
    Duration progressInterval,
    int maxRetainedStreamBytes,
    int maxSnapshotBytes,
    int maxDeclaredBytesPerProvider,
    int maxDeclaredBytes,
    int maxMessageTreeBytes,
    int maxJsonDepth,
    int maxQueuedInboundBytes,
    int maxQueuedInboundBytesPerConnection) {

  /**
   * The deepest {@code maxJsonDepth} may be: Jackson writes at most 1,000 levels, and what the
   * gateway accepts is written back inside envelopes of its own (a push's metadata inside {@code
   * stream.history}, inside a host reply), which add fewer than 16 levels.
   */
  public static final int MAX_JSON_DEPTH = 984;

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
          Duration.ofSeconds(10),
          64 * 1024,
          Duration.ofSeconds(30),
          Duration.ofMillis(5),
          Duration.ofMillis(10),
          50,
          Duration.ofMillis(250),
          32 * MIB,
          16 * MIB,
          4 * MIB,
          64 * MIB,
          48 * MIB,
          128,
          16 * MIB,
          4 * MIB);

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
    private int maxUnauthenticatedMessageBytes;
    private Duration bindTimeout;
    private Duration regexBudget;
    private Duration regexBudgetPerSecond;
    private int maxFilterRules;
    private Duration progressInterval;
    private int maxRetainedStreamBytes;
    private int maxSnapshotBytes;
    private int maxDeclaredBytesPerProvider;
    private int maxDeclaredBytes;
    private int maxMessageTreeBytes;
    private int maxJsonDepth;
    private int maxQueuedInboundBytes;
    private int maxQueuedInboundBytesPerConnection;

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
  }
}
