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
 * named for what the gateway <em>holds</em> ({@code maxStreamBytes}, {@code
 * maxRetainedStreamBytes}, {@code maxSnapshotBytes}, {@code maxDeclared*}, {@code
 * maxMessageTreeBytes}) count estimated heap bytes of the retained objects, since a few bytes of
 * JSON text can take tens of bytes as a tree; the queue limits count chars. docs/security.md adds
 * them up.
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
  private final int regexStepsPerMatch;
  private final int maxMatchedChars;
  private final int injectCyclesBeforePause;
  private final Duration defaultShutdownDeadline;
  private final int maxStreamBytes;
  private final int maxStreamsPerSession;
  private final Duration authTimeout;
  private final int maxUnauthenticatedMessageBytes;
  private final Duration bindTimeout;
  private final int regexStepsPerMessage;
  private final int regexStepsPerProviderSecond;
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
  private final Duration askTimeout;
  private final Duration maxAskTimeout;
  private final int maxPendingAsksPerSession;
  private final int maxPendingAsks;
  private final int maxAskQuestionChars;

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
    regexStepsPerMatch = b.regexStepsPerMatch;
    maxMatchedChars = b.maxMatchedChars;
    injectCyclesBeforePause = b.injectCyclesBeforePause;
    defaultShutdownDeadline = b.defaultShutdownDeadline;
    maxStreamBytes = b.maxStreamBytes;
    maxStreamsPerSession = b.maxStreamsPerSession;
    authTimeout = b.authTimeout;
    maxUnauthenticatedMessageBytes = b.maxUnauthenticatedMessageBytes;
    bindTimeout = b.bindTimeout;
    regexStepsPerMessage = b.regexStepsPerMessage;
    regexStepsPerProviderSecond = b.regexStepsPerProviderSecond;
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
    askTimeout = b.askTimeout;
    maxAskTimeout = b.maxAskTimeout;
    maxPendingAsksPerSession = b.maxPendingAsksPerSession;
    maxPendingAsks = b.maxPendingAsks;
    maxAskQuestionChars = b.maxAskQuestionChars;
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
    positive(regexStepsPerMatch, "regexStepsPerMatch");
    positive(maxMatchedChars, "maxMatchedChars");
    positive(injectCyclesBeforePause, "injectCyclesBeforePause");
    nonNegative(defaultShutdownDeadline, "defaultShutdownDeadline");
    positive(maxStreamBytes, "maxStreamBytes");
    positive(maxStreamsPerSession, "maxStreamsPerSession");
    positive(authTimeout, "authTimeout");
    positive(maxUnauthenticatedMessageBytes, "maxUnauthenticatedMessageBytes");
    positive(bindTimeout, "bindTimeout");
    positive(regexStepsPerMessage, "regexStepsPerMessage");
    positive(regexStepsPerProviderSecond, "regexStepsPerProviderSecond");
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
          "maxJsonDepth must be at most "
              + MAX_JSON_DEPTH
              + " (what can be written back), not "
              + maxJsonDepth);
    }
    positive(maxQueuedInboundBytes, "maxQueuedInboundBytes");
    positive(maxQueuedInboundBytesPerConnection, "maxQueuedInboundBytesPerConnection");
    positive(askTimeout, "askTimeout");
    positive(maxAskTimeout, "maxAskTimeout");
    positive(maxPendingAsksPerSession, "maxPendingAsksPerSession");
    positive(maxPendingAsks, "maxPendingAsks");
    positive(maxAskQuestionChars, "maxAskQuestionChars");
    if (askTimeout.compareTo(maxAskTimeout) > 0) {
      throw new IllegalArgumentException(
          "askTimeout must be at most maxAskTimeout (" + maxAskTimeout + "), was " + askTimeout);
    }
  }

  /** {@return the largest {@code tool.result}} */
  public int maxToolResultBytes() {
    return maxToolResultBytes;
  }

  /** {@return the largest message of any other type} */
  public int maxMessageBytes() {
    return maxMessageBytes;
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

  /** {@return how many events are kept per stream; older ones are evicted} */
  public int streamRetention() {
    return streamRetention;
  }

  /** {@return the most events a provider may ask of one stream in a {@code stream.query}} */
  public int maxQueryLast() {
    return maxQueryLast;
  }

  /** {@return how many WebSocket connections may be open at once} */
  public int maxConnections() {
    return maxConnections;
  }

  /** {@return how many pairing requests are served per minute, across the gateway} */
  public int maxPairingAttemptsPerMinute() {
    return maxPairingAttemptsPerMinute;
  }

  /** {@return {@code hello} rebinds per connection per minute} */
  public int maxRebindsPerMinute() {
    return maxRebindsPerMinute;
  }

  /** {@return how many pushes are allowed per (provider, session) per second} */
  public int maxPushesPerSecond() {
    return maxPushesPerSecond;
  }

  /** {@return how many calls may wait per concurrency limit; in-flight calls do not count} */
  public int maxQueuedCalls() {
    return maxQueuedCalls;
  }

  /** {@return how long a gate may think before the call is denied} */
  public Duration gateTimeout() {
    return gateTimeout;
  }

  /** {@return how long a callback transform may think before its section stays} */
  public Duration transformTimeout() {
    return transformTimeout;
  }

  /** {@return how long a reconnect token outlives its connection} */
  public Duration reconnectWindow() {
    return reconnectWindow;
  }

  /** {@return the window that batches tool-set changes into one host registration} */
  public Duration registrationDebounce() {
    return registrationDebounce;
  }

  /** {@return a call's timeout when neither host nor tool sets one} */
  public Duration defaultToolTimeout() {
    return defaultToolTimeout;
  }

  /** {@return how long a cancelled call keeps its concurrency slot awaiting {@code CANCELLED}} */
  public Duration cancelGrace() {
    return cancelGrace;
  }

  /** {@return how long a pairing code stays valid} */
  public Duration pairingCodeLifetime() {
    return pairingCodeLifetime;
  }

  /**
   * {@return how many characters of the text one regex match attempt may read: the spec's 1 ms
   * deadline, counted in work rather than time so that a busy machine or a cold JIT never changes a
   * decision ({@link RegexSteps}); 262,144 by default, about what a warm JIT reads in 1 ms on the
   * reference machine, and four reads of every character of the 64 KiB a match may see}
   */
  public int regexStepsPerMatch() {
    return regexStepsPerMatch;
  }

  /** {@return how much of a stringified text takes part in regex matching} */
  public int maxMatchedChars() {
    return maxMatchedChars;
  }

  /** {@return how many inject→turn→inject cycles run before a provider's injects pause} */
  public int injectCyclesBeforePause() {
    return injectCyclesBeforePause;
  }

  /** {@return the {@code shutdown.pending} deadline when the host gives none} */
  public Duration defaultShutdownDeadline() {
    return defaultShutdownDeadline;
  }

  /**
   * {@return the estimated heap one stream may hold (its events' text and metadata) before its
   * oldest events are evicted, however few they are; the newest event is always kept}
   */
  public int maxStreamBytes() {
    return maxStreamBytes;
  }

  /**
   * {@return how many streams a session keeps}; past it, the least recently written stream of a
   * provider no longer bound there is dropped, and if every stream belongs to a bound provider a
   * push opening a new one is refused.
   */
  public int maxStreamsPerSession() {
    return maxStreamsPerSession;
  }

  /**
   * {@return how long a new WebSocket connection may take to authenticate: anything but a
   * successful {@code auth} by then ends in {@code AUTH_FAILED} and a close, so no unauthenticated
   * connection keeps a connection slot for long (a pairing connection has the pairing code's
   * lifetime to confirm instead)}
   */
  public Duration authTimeout() {
    return authTimeout;
  }

  /**
   * {@return the largest message a connection may send before it has authenticated: {@code auth}
   * and {@code auth.confirm} are a few hundred bytes, and a stranger must not make the gateway
   * buffer megabytes (a transport refuses a larger frame unread)}
   */
  public int maxUnauthenticatedMessageBytes() {
    return maxUnauthenticatedMessageBytes;
  }

  /**
   * {@return how long an authenticated WebSocket connection may stay unbound (before its first
   * {@code hello}, or after losing its sessions) while a session it may bind to is active; past it
   * the connection is closed, so idle authenticated connections cannot keep connection slots}
   */
  public Duration bindTimeout() {
    return bindTimeout;
  }

  /**
   * {@return the regex steps one message may cost across all the rules it runs (a push through its
   * stream's filter, one {@code onPreToolUse} evaluation); rules left when they are spent fail safe
   * without running; five matches' worth by default}
   */
  public int regexStepsPerMessage() {
    return regexStepsPerMessage;
  }

  /**
   * {@return the regex steps one provider connection's rules may cost per second, whoever's message
   * runs them; past it they fail safe without running until the allowance refills; ten matches'
   * worth by default}
   */
  public int regexStepsPerProviderSecond() {
    return regexStepsPerProviderSecond;
  }

  /** {@return how many rules one stream filter may have ({@code filter.set})} */
  public int maxFilterRules() {
    return maxFilterRules;
  }

  /**
   * {@return the interval in which at most one {@code tool.progress} per call reaches the host};
   * later ones within it are coalesced to the latest.
   */
  public Duration progressInterval() {
    return progressInterval;
  }

  /**
   * {@return the estimated heap all streams of all sessions may hold together; past it the streams
   * of departed providers go first, then the oldest events of the provider holding the most}
   */
  public int maxRetainedStreamBytes() {
    return maxRetainedStreamBytes;
  }

  /**
   * {@return the estimated heap the reconnect snapshots of departed providers may hold together;
   * past it the oldest snapshots are forgotten}
   */
  public int maxSnapshotBytes() {
    return maxSnapshotBytes;
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

  /**
   * {@return the estimated heap one decoded message may take as a JSON tree: a few megabytes of
   * text can expand twenty-fold into nodes, so a message past it is refused {@code
   * PAYLOAD_TOO_LARGE} while it is read}
   */
  public int maxMessageTreeBytes() {
    return maxMessageTreeBytes;
  }

  /**
   * {@return how deeply a provider message may nest JSON values; deeper input is refused while it
   * is read, so everything the gateway accepts it can also write back inside its own messages}
   */
  public int maxJsonDepth() {
    return maxJsonDepth;
  }

  /**
   * {@return the UTF-16 chars of received messages all connections may have waiting for the gateway
   * loop; past it a transport stops reading from the connection that delivered, until the loop
   * catches up}
   */
  public int maxQueuedInboundBytes() {
    return maxQueuedInboundBytes;
  }

  /** {@return the same, for one connection} */
  public int maxQueuedInboundBytesPerConnection() {
    return maxQueuedInboundBytesPerConnection;
  }

  /**
   * {@return how long the person has to answer a gate's {@code ask} that names no {@code
   * askTimeoutMs} (extension {@code gate.ask}); silence past it denies the call}
   */
  public Duration askTimeout() {
    return askTimeout;
  }

  /**
   * {@return the longest a gate's {@code askTimeoutMs} may make the person's time; longer is cut to
   * it}
   */
  public Duration maxAskTimeout() {
    return maxAskTimeout;
  }

  /**
   * {@return how many questions may wait for the person of one session; one more denies its call at
   * once}
   */
  public int maxPendingAsksPerSession() {
    return maxPendingAsksPerSession;
  }

  /**
   * {@return how many questions may wait for an answer across the gateway; one more denies its call
   * at once}
   */
  public int maxPendingAsks() {
    return maxPendingAsks;
  }

  /**
   * {@return the longest question (a gate's {@code reason} beside {@code ask}) put to the person,
   * in characters; a longer one denies its call: a cut question could hide what matters}
   */
  public int maxAskQuestionChars() {
    return maxAskQuestionChars;
  }

  /** {@return the spec's limits} */
  public static Limits defaults() {
    return DEFAULTS;
  }

  /** {@return a builder starting from the spec's limits} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The size limit for a provider message of {@code type}: 5 MB for results, 2 MB otherwise.
   *
   * @param type the message's type
   * @return the limit in bytes of UTF-8 text
   */
  public int maxBytesFor(ProviderMessageType type) {
    return type == ProviderMessageType.TOOL_RESULT ? maxToolResultBytes : maxMessageBytes;
  }

  /** {@return the largest provider message of any type} */
  public int maxAnyMessageBytes() {
    return Math.max(maxToolResultBytes, maxMessageBytes);
  }

  /** {@return a builder starting from these limits} */
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
        && regexStepsPerMatch == o.regexStepsPerMatch
        && maxMatchedChars == o.maxMatchedChars
        && injectCyclesBeforePause == o.injectCyclesBeforePause
        && defaultShutdownDeadline.equals(o.defaultShutdownDeadline)
        && maxStreamBytes == o.maxStreamBytes
        && maxStreamsPerSession == o.maxStreamsPerSession
        && authTimeout.equals(o.authTimeout)
        && maxUnauthenticatedMessageBytes == o.maxUnauthenticatedMessageBytes
        && bindTimeout.equals(o.bindTimeout)
        && regexStepsPerMessage == o.regexStepsPerMessage
        && regexStepsPerProviderSecond == o.regexStepsPerProviderSecond
        && maxFilterRules == o.maxFilterRules
        && progressInterval.equals(o.progressInterval)
        && maxRetainedStreamBytes == o.maxRetainedStreamBytes
        && maxSnapshotBytes == o.maxSnapshotBytes
        && maxDeclaredBytesPerProvider == o.maxDeclaredBytesPerProvider
        && maxDeclaredBytes == o.maxDeclaredBytes
        && maxMessageTreeBytes == o.maxMessageTreeBytes
        && maxJsonDepth == o.maxJsonDepth
        && maxQueuedInboundBytes == o.maxQueuedInboundBytes
        && maxQueuedInboundBytesPerConnection == o.maxQueuedInboundBytesPerConnection
        && askTimeout.equals(o.askTimeout)
        && maxAskTimeout.equals(o.maxAskTimeout)
        && maxPendingAsksPerSession == o.maxPendingAsksPerSession
        && maxPendingAsks == o.maxPendingAsks
        && maxAskQuestionChars == o.maxAskQuestionChars;
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
        regexStepsPerMatch,
        maxMatchedChars,
        injectCyclesBeforePause,
        defaultShutdownDeadline,
        maxStreamBytes,
        maxStreamsPerSession,
        authTimeout,
        maxUnauthenticatedMessageBytes,
        bindTimeout,
        regexStepsPerMessage,
        regexStepsPerProviderSecond,
        maxFilterRules,
        progressInterval,
        maxRetainedStreamBytes,
        maxSnapshotBytes,
        maxDeclaredBytesPerProvider,
        maxDeclaredBytes,
        maxMessageTreeBytes,
        maxJsonDepth,
        maxQueuedInboundBytes,
        maxQueuedInboundBytesPerConnection,
        askTimeout,
        maxAskTimeout,
        maxPendingAsksPerSession,
        maxPendingAsks,
        maxAskQuestionChars);
  }

  /** Every limit by name, as a record would print them. */
  @Override
  public String toString() {
    return "Limits["
        + "maxToolResultBytes="
        + maxToolResultBytes
        + ", maxMessageBytes="
        + maxMessageBytes
        + ", maxToolsPerProvider="
        + maxToolsPerProvider
        + ", maxHookRulesPerProvider="
        + maxHookRulesPerProvider
        + ", maxStreamsPerProvider="
        + maxStreamsPerProvider
        + ", streamRetention="
        + streamRetention
        + ", maxQueryLast="
        + maxQueryLast
        + ", maxConnections="
        + maxConnections
        + ", maxPairingAttemptsPerMinute="
        + maxPairingAttemptsPerMinute
        + ", maxRebindsPerMinute="
        + maxRebindsPerMinute
        + ", maxPushesPerSecond="
        + maxPushesPerSecond
        + ", maxQueuedCalls="
        + maxQueuedCalls
        + ", gateTimeout="
        + gateTimeout
        + ", transformTimeout="
        + transformTimeout
        + ", reconnectWindow="
        + reconnectWindow
        + ", registrationDebounce="
        + registrationDebounce
        + ", defaultToolTimeout="
        + defaultToolTimeout
        + ", cancelGrace="
        + cancelGrace
        + ", pairingCodeLifetime="
        + pairingCodeLifetime
        + ", regexStepsPerMatch="
        + regexStepsPerMatch
        + ", maxMatchedChars="
        + maxMatchedChars
        + ", injectCyclesBeforePause="
        + injectCyclesBeforePause
        + ", defaultShutdownDeadline="
        + defaultShutdownDeadline
        + ", maxStreamBytes="
        + maxStreamBytes
        + ", maxStreamsPerSession="
        + maxStreamsPerSession
        + ", authTimeout="
        + authTimeout
        + ", maxUnauthenticatedMessageBytes="
        + maxUnauthenticatedMessageBytes
        + ", bindTimeout="
        + bindTimeout
        + ", regexStepsPerMessage="
        + regexStepsPerMessage
        + ", regexStepsPerProviderSecond="
        + regexStepsPerProviderSecond
        + ", maxFilterRules="
        + maxFilterRules
        + ", progressInterval="
        + progressInterval
        + ", maxRetainedStreamBytes="
        + maxRetainedStreamBytes
        + ", maxSnapshotBytes="
        + maxSnapshotBytes
        + ", maxDeclaredBytesPerProvider="
        + maxDeclaredBytesPerProvider
        + ", maxDeclaredBytes="
        + maxDeclaredBytes
        + ", maxMessageTreeBytes="
        + maxMessageTreeBytes
        + ", maxJsonDepth="
        + maxJsonDepth
        + ", maxQueuedInboundBytes="
        + maxQueuedInboundBytes
        + ", maxQueuedInboundBytesPerConnection="
        + maxQueuedInboundBytesPerConnection
        + ", askTimeout="
        + askTimeout
        + ", maxAskTimeout="
        + maxAskTimeout
        + ", maxPendingAsksPerSession="
        + maxPendingAsksPerSession
        + ", maxPendingAsks="
        + maxPendingAsks
        + ", maxAskQuestionChars="
        + maxAskQuestionChars
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
    private int regexStepsPerMatch = 1 << 18;
    private int maxMatchedChars = 64 * 1024;
    private int injectCyclesBeforePause = 3;
    private Duration defaultShutdownDeadline = Duration.ofSeconds(10);
    private int maxStreamBytes = MIB;
    private int maxStreamsPerSession = 200;
    private Duration authTimeout = Duration.ofSeconds(10);
    private int maxUnauthenticatedMessageBytes = 64 * 1024;
    private Duration bindTimeout = Duration.ofSeconds(30);
    private int regexStepsPerMessage = 5 << 18;
    private int regexStepsPerProviderSecond = 10 << 18;
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
    private Duration askTimeout = Duration.ofSeconds(60);
    private Duration maxAskTimeout = Duration.ofMinutes(5);
    private int maxPendingAsksPerSession = 8;
    private int maxPendingAsks = 64;
    private int maxAskQuestionChars = 1000;

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
      regexStepsPerMatch = from.regexStepsPerMatch;
      maxMatchedChars = from.maxMatchedChars;
      injectCyclesBeforePause = from.injectCyclesBeforePause;
      defaultShutdownDeadline = from.defaultShutdownDeadline;
      maxStreamBytes = from.maxStreamBytes;
      maxStreamsPerSession = from.maxStreamsPerSession;
      authTimeout = from.authTimeout;
      maxUnauthenticatedMessageBytes = from.maxUnauthenticatedMessageBytes;
      bindTimeout = from.bindTimeout;
      regexStepsPerMessage = from.regexStepsPerMessage;
      regexStepsPerProviderSecond = from.regexStepsPerProviderSecond;
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
      askTimeout = from.askTimeout;
      maxAskTimeout = from.maxAskTimeout;
      maxPendingAsksPerSession = from.maxPendingAsksPerSession;
      maxPendingAsks = from.maxPendingAsks;
      maxAskQuestionChars = from.maxAskQuestionChars;
    }

    /**
     * Sets {@link Limits#maxToolResultBytes()}: the largest {@code tool.result}.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxToolResultBytes(int value) {
      maxToolResultBytes = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxMessageBytes()}: the largest message of any other type.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxMessageBytes(int value) {
      maxMessageBytes = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxToolsPerProvider()}: tools a provider may hold in one session.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxToolsPerProvider(int value) {
      maxToolsPerProvider = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxHookRulesPerProvider()}: {@code onPreToolUse} rules a provider may
     * hold.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxHookRulesPerProvider(int value) {
      maxHookRulesPerProvider = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxStreamsPerProvider()}: streams a provider may push to, per session.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxStreamsPerProvider(int value) {
      maxStreamsPerProvider = value;
      return this;
    }

    /**
     * Sets {@link Limits#streamRetention()}: events kept per stream; older ones are evicted.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder streamRetention(int value) {
      streamRetention = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxQueryLast()}: the most events a provider may ask of one stream in a
     * {@code stream.query}.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxQueryLast(int value) {
      maxQueryLast = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxConnections()}: WebSocket connections open at once.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxConnections(int value) {
      maxConnections = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxPairingAttemptsPerMinute()}: pairing requests served per minute, across
     * the gateway.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxPairingAttemptsPerMinute(int value) {
      maxPairingAttemptsPerMinute = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxRebindsPerMinute()}: {@code hello} rebinds per connection per minute.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxRebindsPerMinute(int value) {
      maxRebindsPerMinute = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxPushesPerSecond()}: pushes per (provider, session) per second.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxPushesPerSecond(int value) {
      maxPushesPerSecond = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxQueuedCalls()}: calls waiting per concurrency limit; in-flight calls do
     * not count.
     *
     * @param value zero or more; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxQueuedCalls(int value) {
      maxQueuedCalls = value;
      return this;
    }

    /**
     * Sets {@link Limits#gateTimeout()}: how long a gate may think before the call is denied.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder gateTimeout(Duration value) {
      gateTimeout = value;
      return this;
    }

    /**
     * Sets {@link Limits#transformTimeout()}: how long a callback transform may think before its
     * section stays.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder transformTimeout(Duration value) {
      transformTimeout = value;
      return this;
    }

    /**
     * Sets {@link Limits#reconnectWindow()}: how long a reconnect token outlives its connection.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder reconnectWindow(Duration value) {
      reconnectWindow = value;
      return this;
    }

    /**
     * Sets {@link Limits#registrationDebounce()}: the window that batches tool-set changes into one
     * host registration.
     *
     * @param value zero or more; {@link #build()} checks it
     * @return this builder
     */
    public Builder registrationDebounce(Duration value) {
      registrationDebounce = value;
      return this;
    }

    /**
     * Sets {@link Limits#defaultToolTimeout()}: a call's timeout when neither host nor tool sets
     * one.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder defaultToolTimeout(Duration value) {
      defaultToolTimeout = value;
      return this;
    }

    /**
     * Sets {@link Limits#cancelGrace()}: how long a cancelled call keeps its concurrency slot
     * awaiting {@code CANCELLED}.
     *
     * @param value zero or more; {@link #build()} checks it
     * @return this builder
     */
    public Builder cancelGrace(Duration value) {
      cancelGrace = value;
      return this;
    }

    /**
     * Sets {@link Limits#pairingCodeLifetime()}: how long a pairing code stays valid.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder pairingCodeLifetime(Duration value) {
      pairingCodeLifetime = value;
      return this;
    }

    /**
     * Sets {@link Limits#regexStepsPerMatch()}: how many characters of the text one regex match
     * attempt may read.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder regexStepsPerMatch(int value) {
      regexStepsPerMatch = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxMatchedChars()}: how much of a stringified text takes part in regex
     * matching.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxMatchedChars(int value) {
      maxMatchedChars = value;
      return this;
    }

    /**
     * Sets {@link Limits#injectCyclesBeforePause()}: inject→turn→inject cycles before a provider's
     * injects pause.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder injectCyclesBeforePause(int value) {
      injectCyclesBeforePause = value;
      return this;
    }

    /**
     * Sets {@link Limits#defaultShutdownDeadline()}: the {@code shutdown.pending} deadline when the
     * host gives none.
     *
     * @param value zero or more; {@link #build()} checks it
     * @return this builder
     */
    public Builder defaultShutdownDeadline(Duration value) {
      defaultShutdownDeadline = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxStreamBytes()}: the estimated heap one stream may hold (its events'
     * text and metadata) before its oldest events are evicted, however few they are; the newest
     * event is always kept.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxStreamBytes(int value) {
      maxStreamBytes = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxStreamsPerSession()}: streams a session keeps; past it, the least
     * recently written stream of a provider no longer bound there is dropped, and if every stream
     * belongs to a bound provider a push opening a new one is refused.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxStreamsPerSession(int value) {
      maxStreamsPerSession = value;
      return this;
    }

    /**
     * Sets {@link Limits#authTimeout()}: how long a new WebSocket connection may take to
     * authenticate: anything but a successful {@code auth} by then ends in {@code AUTH_FAILED} and
     * a close, so no unauthenticated connection keeps a connection slot for long (a pairing
     * connection has the pairing code's lifetime to confirm instead).
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder authTimeout(Duration value) {
      authTimeout = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxUnauthenticatedMessageBytes()}: the largest message a connection may
     * send before it has authenticated: {@code auth} and {@code auth.confirm} are a few hundred
     * bytes, and a stranger must not make the gateway buffer megabytes (a transport refuses a
     * larger frame unread).
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxUnauthenticatedMessageBytes(int value) {
      maxUnauthenticatedMessageBytes = value;
      return this;
    }

    /**
     * Sets {@link Limits#bindTimeout()}: how long an authenticated WebSocket connection may stay
     * unbound (before its first {@code hello}, or after losing its sessions) while a session it may
     * bind to is active; past it the connection is closed, so idle authenticated connections cannot
     * keep connection slots.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder bindTimeout(Duration value) {
      bindTimeout = value;
      return this;
    }

    /**
     * Sets {@link Limits#regexStepsPerMessage()}: the regex steps one message may cost across all
     * the rules it runs (a push through its stream's filter, one {@code onPreToolUse} evaluation);
     * rules left when they are spent fail safe without running.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder regexStepsPerMessage(int value) {
      regexStepsPerMessage = value;
      return this;
    }

    /**
     * Sets {@link Limits#regexStepsPerProviderSecond()}: the regex steps one provider connection's
     * rules may cost per second, whoever's message runs them; past it they fail safe without
     * running until the allowance refills.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder regexStepsPerProviderSecond(int value) {
      regexStepsPerProviderSecond = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxFilterRules()}: rules in one stream filter ({@code filter.set}).
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxFilterRules(int value) {
      maxFilterRules = value;
      return this;
    }

    /**
     * Sets {@link Limits#progressInterval()}: at most one {@code tool.progress} per call reaches
     * the host per interval; later ones within it are coalesced to the latest.
     *
     * @param value zero or more; {@link #build()} checks it
     * @return this builder
     */
    public Builder progressInterval(Duration value) {
      progressInterval = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxRetainedStreamBytes()}: the estimated heap all streams of all sessions
     * may hold together; past it the streams of departed providers go first, then the oldest events
     * of the provider holding the most.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxRetainedStreamBytes(int value) {
      maxRetainedStreamBytes = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxSnapshotBytes()}: the estimated heap the reconnect snapshots of
     * departed providers may hold together; past it the oldest snapshots are forgotten.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxSnapshotBytes(int value) {
      maxSnapshotBytes = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxDeclaredBytesPerProvider()}: the estimated heap one provider's
     * declarations (tools, hook rules, transforms, filters, context, metadata) may hold in one
     * session; a {@code hello} or update past it is refused {@code PAYLOAD_TOO_LARGE} (in-process
     * providers are not bounded).
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxDeclaredBytesPerProvider(int value) {
      maxDeclaredBytesPerProvider = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxDeclaredBytes()}: the estimated heap the declarations of all connected
     * providers may hold together; a {@code hello} or update past it is refused {@code
     * PAYLOAD_TOO_LARGE}.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxDeclaredBytes(int value) {
      maxDeclaredBytes = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxMessageTreeBytes()}: the estimated heap one decoded message may take as
     * a JSON tree: a few megabytes of text can expand twenty-fold into nodes, so a message past it
     * is refused {@code PAYLOAD_TOO_LARGE} while it is read.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxMessageTreeBytes(int value) {
      maxMessageTreeBytes = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxJsonDepth()}: how deeply a provider message may nest JSON values;
     * deeper input is refused while it is read, so everything the gateway accepts it can also write
     * back inside its own messages.
     *
     * @param value positive, at most {@link Limits#MAX_JSON_DEPTH}; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxJsonDepth(int value) {
      maxJsonDepth = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxQueuedInboundBytes()}: the UTF-16 chars of received messages all
     * connections may have waiting for the gateway loop; past it a transport stops reading from the
     * connection that delivered, until the loop catches up.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxQueuedInboundBytes(int value) {
      maxQueuedInboundBytes = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxQueuedInboundBytesPerConnection()}: the same, for one connection.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxQueuedInboundBytesPerConnection(int value) {
      maxQueuedInboundBytesPerConnection = value;
      return this;
    }

    /**
     * Sets {@link Limits#askTimeout()}: how long the person has to answer a gate's {@code ask} that
     * names no {@code askTimeoutMs}.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder askTimeout(Duration value) {
      askTimeout = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxAskTimeout()}: the longest a gate's {@code askTimeoutMs} may make the
     * person's time.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxAskTimeout(Duration value) {
      maxAskTimeout = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxPendingAsksPerSession()}: how many questions may wait for the person of
     * one session.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxPendingAsksPerSession(int value) {
      maxPendingAsksPerSession = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxPendingAsks()}: how many questions may wait for an answer across the
     * gateway.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxPendingAsks(int value) {
      maxPendingAsks = value;
      return this;
    }

    /**
     * Sets {@link Limits#maxAskQuestionChars()}: the longest question a gate may put to the person.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxAskQuestionChars(int value) {
      maxAskQuestionChars = value;
      return this;
    }

    /**
     * The limits set.
     *
     * @return the limits
     * @throws IllegalArgumentException naming the first limit out of its range
     * @throws NullPointerException naming a duration left null
     */
    public Limits build() {
      return new Limits(this);
    }
  }
}
