package io.github.providergateway.protocol;

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
 * <p>The limits are grouped by concern, one record each: {@link #messages()}, {@link
 * #registration()}, {@link #streams()}, {@link #connections()}, {@link #calls()}, {@link #regex()}
 * and {@link #asks()}. The builder sets each limit by its own name and does not care which group
 * holds it.
 *
 * <p>Immutable. New limits are added as new record components and builder methods, so code written
 * against an older version keeps compiling when it builds limits through the builder.
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

  private final MessageLimits messages;
  private final RegistrationLimits registration;
  private final StreamLimits streams;
  private final ConnectionLimits connections;
  private final CallLimits calls;
  private final RegexLimits regex;
  private final AskLimits asks;

  private Limits(Builder b) {
    messages =
        new MessageLimits(
            b.maxToolResultBytes,
            b.maxMessageBytes,
            b.maxUnauthenticatedMessageBytes,
            b.maxMessageTreeBytes,
            b.maxJsonDepth,
            b.maxQueuedInboundBytes,
            b.maxQueuedInboundBytesPerConnection);
    registration =
        new RegistrationLimits(
            b.maxToolsPerProvider,
            b.maxHookRulesPerProvider,
            b.maxStreamsPerProvider,
            b.maxFilterRules,
            b.maxDeclaredBytesPerProvider,
            b.maxDeclaredBytes,
            b.registrationDebounce);
    streams =
        new StreamLimits(
            b.streamRetention,
            b.maxQueryLast,
            b.maxStreamBytes,
            b.maxStreamsPerSession,
            b.maxRetainedStreamBytes,
            b.maxSnapshotBytes,
            b.maxPushesPerSecond,
            b.injectCyclesBeforePause);
    connections =
        new ConnectionLimits(
            b.maxConnections,
            b.maxPairingAttemptsPerMinute,
            b.maxRebindsPerMinute,
            b.authTimeout,
            b.bindTimeout,
            b.pairingCodeLifetime,
            b.reconnectWindow);
    calls =
        new CallLimits(
            b.maxQueuedCalls,
            b.gateTimeout,
            b.transformTimeout,
            b.defaultToolTimeout,
            b.cancelGrace,
            b.progressInterval,
            b.defaultShutdownDeadline);
    regex =
        new RegexLimits(
            b.regexStepsPerMatch,
            b.maxMatchedChars,
            b.regexStepsPerMessage,
            b.regexStepsPerProviderSecond);
    asks =
        new AskLimits(
            b.askTimeout,
            b.maxAskTimeout,
            b.maxPendingAsksPerSession,
            b.maxPendingAsks,
            b.maxAskQuestionChars);
  }

  /** {@return the limits on provider messages: their size, depth and queued bytes} */
  public MessageLimits messages() {
    return messages;
  }

  /** {@return the limits on what a provider declares} */
  public RegistrationLimits registration() {
    return registration;
  }

  /** {@return the limits on streams and pushes} */
  public StreamLimits streams() {
    return streams;
  }

  /** {@return the limits on connections, pairing and binding} */
  public ConnectionLimits connections() {
    return connections;
  }

  /** {@return the limits on tool calls, gates and transforms} */
  public CallLimits calls() {
    return calls;
  }

  /** {@return the limits on regex matching} */
  public RegexLimits regex() {
    return regex;
  }

  /** {@return the limits on questions to the person} */
  public AskLimits asks() {
    return asks;
  }

  /** {@return the spec's limits} */
  public static Limits defaults() {
    return DEFAULTS;
  }

  /** {@return a builder starting from the spec's limits} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder starting from these limits} */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Limits are equal when every group of limits is. */
  @Override
  public boolean equals(Object other) {
    return other instanceof Limits that
        && messages.equals(that.messages)
        && registration.equals(that.registration)
        && streams.equals(that.streams)
        && connections.equals(that.connections)
        && calls.equals(that.calls)
        && regex.equals(that.regex)
        && asks.equals(that.asks);
  }

  @Override
  public int hashCode() {
    return Objects.hash(messages, registration, streams, connections, calls, regex, asks);
  }

  @Override
  public String toString() {
    return "Limits["
        + "messages="
        + messages
        + ", registration="
        + registration
        + ", streams="
        + streams
        + ", connections="
        + connections
        + ", calls="
        + calls
        + ", regex="
        + regex
        + ", asks="
        + asks
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
      maxToolResultBytes = from.messages.maxToolResultBytes();
      maxMessageBytes = from.messages.maxMessageBytes();
      maxUnauthenticatedMessageBytes = from.messages.maxUnauthenticatedMessageBytes();
      maxMessageTreeBytes = from.messages.maxMessageTreeBytes();
      maxJsonDepth = from.messages.maxJsonDepth();
      maxQueuedInboundBytes = from.messages.maxQueuedInboundBytes();
      maxQueuedInboundBytesPerConnection = from.messages.maxQueuedInboundBytesPerConnection();
      maxToolsPerProvider = from.registration.maxToolsPerProvider();
      maxHookRulesPerProvider = from.registration.maxHookRulesPerProvider();
      maxStreamsPerProvider = from.registration.maxStreamsPerProvider();
      maxFilterRules = from.registration.maxFilterRules();
      maxDeclaredBytesPerProvider = from.registration.maxDeclaredBytesPerProvider();
      maxDeclaredBytes = from.registration.maxDeclaredBytes();
      registrationDebounce = from.registration.registrationDebounce();
      streamRetention = from.streams.streamRetention();
      maxQueryLast = from.streams.maxQueryLast();
      maxStreamBytes = from.streams.maxStreamBytes();
      maxStreamsPerSession = from.streams.maxStreamsPerSession();
      maxRetainedStreamBytes = from.streams.maxRetainedStreamBytes();
      maxSnapshotBytes = from.streams.maxSnapshotBytes();
      maxPushesPerSecond = from.streams.maxPushesPerSecond();
      injectCyclesBeforePause = from.streams.injectCyclesBeforePause();
      maxConnections = from.connections.maxConnections();
      maxPairingAttemptsPerMinute = from.connections.maxPairingAttemptsPerMinute();
      maxRebindsPerMinute = from.connections.maxRebindsPerMinute();
      authTimeout = from.connections.authTimeout();
      bindTimeout = from.connections.bindTimeout();
      pairingCodeLifetime = from.connections.pairingCodeLifetime();
      reconnectWindow = from.connections.reconnectWindow();
      maxQueuedCalls = from.calls.maxQueuedCalls();
      gateTimeout = from.calls.gateTimeout();
      transformTimeout = from.calls.transformTimeout();
      defaultToolTimeout = from.calls.defaultToolTimeout();
      cancelGrace = from.calls.cancelGrace();
      progressInterval = from.calls.progressInterval();
      defaultShutdownDeadline = from.calls.defaultShutdownDeadline();
      regexStepsPerMatch = from.regex.regexStepsPerMatch();
      maxMatchedChars = from.regex.maxMatchedChars();
      regexStepsPerMessage = from.regex.regexStepsPerMessage();
      regexStepsPerProviderSecond = from.regex.regexStepsPerProviderSecond();
      askTimeout = from.asks.askTimeout();
      maxAskTimeout = from.asks.maxAskTimeout();
      maxPendingAsksPerSession = from.asks.maxPendingAsksPerSession();
      maxPendingAsks = from.asks.maxPendingAsks();
      maxAskQuestionChars = from.asks.maxAskQuestionChars();
    }

    /**
     * Sets {@link MessageLimits#maxToolResultBytes()}: the largest {@code tool.result}.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxToolResultBytes(int value) {
      maxToolResultBytes = value;
      return this;
    }

    /**
     * Sets {@link MessageLimits#maxMessageBytes()}: the largest message of any other type.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxMessageBytes(int value) {
      maxMessageBytes = value;
      return this;
    }

    /**
     * Sets {@link RegistrationLimits#maxToolsPerProvider()}: tools a provider may hold in one
     * session.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxToolsPerProvider(int value) {
      maxToolsPerProvider = value;
      return this;
    }

    /**
     * Sets {@link RegistrationLimits#maxHookRulesPerProvider()}: {@code onPreToolUse} rules a
     * provider may hold.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxHookRulesPerProvider(int value) {
      maxHookRulesPerProvider = value;
      return this;
    }

    /**
     * Sets {@link RegistrationLimits#maxStreamsPerProvider()}: streams a provider may push to, per
     * session.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxStreamsPerProvider(int value) {
      maxStreamsPerProvider = value;
      return this;
    }

    /**
     * Sets {@link StreamLimits#streamRetention()}: events kept per stream; older ones are evicted.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder streamRetention(int value) {
      streamRetention = value;
      return this;
    }

    /**
     * Sets {@link StreamLimits#maxQueryLast()}: the most events a provider may ask of one stream in
     * a {@code stream.query}.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxQueryLast(int value) {
      maxQueryLast = value;
      return this;
    }

    /**
     * Sets {@link ConnectionLimits#maxConnections()}: WebSocket connections open at once.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxConnections(int value) {
      maxConnections = value;
      return this;
    }

    /**
     * Sets {@link ConnectionLimits#maxPairingAttemptsPerMinute()}: pairing requests served per
     * minute, across the gateway.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxPairingAttemptsPerMinute(int value) {
      maxPairingAttemptsPerMinute = value;
      return this;
    }

    /**
     * Sets {@link ConnectionLimits#maxRebindsPerMinute()}: {@code hello} rebinds per connection per
     * minute.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxRebindsPerMinute(int value) {
      maxRebindsPerMinute = value;
      return this;
    }

    /**
     * Sets {@link StreamLimits#maxPushesPerSecond()}: pushes per (provider, session) per second.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxPushesPerSecond(int value) {
      maxPushesPerSecond = value;
      return this;
    }

    /**
     * Sets {@link CallLimits#maxQueuedCalls()}: calls waiting per concurrency limit; in-flight
     * calls do not count.
     *
     * @param value zero or more; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxQueuedCalls(int value) {
      maxQueuedCalls = value;
      return this;
    }

    /**
     * Sets {@link CallLimits#gateTimeout()}: how long a gate may think before the call is denied.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder gateTimeout(Duration value) {
      gateTimeout = value;
      return this;
    }

    /**
     * Sets {@link CallLimits#transformTimeout()}: how long a callback transform may think before
     * its section stays.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder transformTimeout(Duration value) {
      transformTimeout = value;
      return this;
    }

    /**
     * Sets {@link ConnectionLimits#reconnectWindow()}: how long a reconnect token outlives its
     * connection.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder reconnectWindow(Duration value) {
      reconnectWindow = value;
      return this;
    }

    /**
     * Sets {@link RegistrationLimits#registrationDebounce()}: the window that batches tool-set
     * changes into one host registration.
     *
     * @param value zero or more; {@link #build()} checks it
     * @return this builder
     */
    public Builder registrationDebounce(Duration value) {
      registrationDebounce = value;
      return this;
    }

    /**
     * Sets {@link CallLimits#defaultToolTimeout()}: a call's timeout when neither host nor tool
     * sets one.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder defaultToolTimeout(Duration value) {
      defaultToolTimeout = value;
      return this;
    }

    /**
     * Sets {@link CallLimits#cancelGrace()}: how long a cancelled call keeps its concurrency slot
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
     * Sets {@link ConnectionLimits#pairingCodeLifetime()}: how long a pairing code stays valid.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder pairingCodeLifetime(Duration value) {
      pairingCodeLifetime = value;
      return this;
    }

    /**
     * Sets {@link RegexLimits#regexStepsPerMatch()}: how many characters of the text one regex
     * match attempt may read.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder regexStepsPerMatch(int value) {
      regexStepsPerMatch = value;
      return this;
    }

    /**
     * Sets {@link RegexLimits#maxMatchedChars()}: how much of a stringified text takes part in
     * regex matching.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxMatchedChars(int value) {
      maxMatchedChars = value;
      return this;
    }

    /**
     * Sets {@link StreamLimits#injectCyclesBeforePause()}: inject→turn→inject cycles before a
     * provider's injects pause.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder injectCyclesBeforePause(int value) {
      injectCyclesBeforePause = value;
      return this;
    }

    /**
     * Sets {@link CallLimits#defaultShutdownDeadline()}: the {@code shutdown.pending} deadline when
     * the host gives none.
     *
     * @param value zero or more; {@link #build()} checks it
     * @return this builder
     */
    public Builder defaultShutdownDeadline(Duration value) {
      defaultShutdownDeadline = value;
      return this;
    }

    /**
     * Sets {@link StreamLimits#maxStreamBytes()}: the estimated heap one stream may hold (its
     * events' text and metadata) before its oldest events are evicted, however few they are; the
     * newest event is always kept.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxStreamBytes(int value) {
      maxStreamBytes = value;
      return this;
    }

    /**
     * Sets {@link StreamLimits#maxStreamsPerSession()}: streams a session keeps; past it, the least
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
     * Sets {@link ConnectionLimits#authTimeout()}: how long a new WebSocket connection may take to
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
     * Sets {@link MessageLimits#maxUnauthenticatedMessageBytes()}: the largest message a connection
     * may send before it has authenticated: {@code auth} and {@code auth.confirm} are a few hundred
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
     * Sets {@link ConnectionLimits#bindTimeout()}: how long an authenticated WebSocket connection
     * may stay unbound (before its first {@code hello}, or after losing its sessions) while a
     * session it may bind to is active; past it the connection is closed, so idle authenticated
     * connections cannot keep connection slots.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder bindTimeout(Duration value) {
      bindTimeout = value;
      return this;
    }

    /**
     * Sets {@link RegexLimits#regexStepsPerMessage()}: the regex steps one message may cost across
     * all the rules it runs (a push through its stream's filter, one {@code onPreToolUse}
     * evaluation); rules left when they are spent fail safe without running.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder regexStepsPerMessage(int value) {
      regexStepsPerMessage = value;
      return this;
    }

    /**
     * Sets {@link RegexLimits#regexStepsPerProviderSecond()}: the regex steps one provider
     * connection's rules may cost per second, whoever's message runs them; past it they fail safe
     * without running until the allowance refills.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder regexStepsPerProviderSecond(int value) {
      regexStepsPerProviderSecond = value;
      return this;
    }

    /**
     * Sets {@link RegistrationLimits#maxFilterRules()}: rules in one stream filter ({@code
     * filter.set}).
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxFilterRules(int value) {
      maxFilterRules = value;
      return this;
    }

    /**
     * Sets {@link CallLimits#progressInterval()}: at most one {@code tool.progress} per call
     * reaches the host per interval; later ones within it are coalesced to the latest.
     *
     * @param value zero or more; {@link #build()} checks it
     * @return this builder
     */
    public Builder progressInterval(Duration value) {
      progressInterval = value;
      return this;
    }

    /**
     * Sets {@link StreamLimits#maxRetainedStreamBytes()}: the estimated heap all streams of all
     * sessions may hold together; past it the streams of departed providers go first, then the
     * oldest events of the provider holding the most.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxRetainedStreamBytes(int value) {
      maxRetainedStreamBytes = value;
      return this;
    }

    /**
     * Sets {@link StreamLimits#maxSnapshotBytes()}: the estimated heap the reconnect snapshots of
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
     * Sets {@link RegistrationLimits#maxDeclaredBytesPerProvider()}: the estimated heap one
     * provider's declarations (tools, hook rules, transforms, filters, context, metadata) may hold
     * in one session; a {@code hello} or update past it is refused {@code PAYLOAD_TOO_LARGE}
     * (in-process providers are not bounded).
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxDeclaredBytesPerProvider(int value) {
      maxDeclaredBytesPerProvider = value;
      return this;
    }

    /**
     * Sets {@link RegistrationLimits#maxDeclaredBytes()}: the estimated heap the declarations of
     * all connected providers may hold together; a {@code hello} or update past it is refused
     * {@code PAYLOAD_TOO_LARGE}.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxDeclaredBytes(int value) {
      maxDeclaredBytes = value;
      return this;
    }

    /**
     * Sets {@link MessageLimits#maxMessageTreeBytes()}: the estimated heap one decoded message may
     * take as a JSON tree: a few megabytes of text can expand twenty-fold into nodes, so a message
     * past it is refused {@code PAYLOAD_TOO_LARGE} while it is read.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxMessageTreeBytes(int value) {
      maxMessageTreeBytes = value;
      return this;
    }

    /**
     * Sets {@link MessageLimits#maxJsonDepth()}: how deeply a provider message may nest JSON
     * values; deeper input is refused while it is read, so everything the gateway accepts it can
     * also write back inside its own messages.
     *
     * @param value positive, at most {@link Limits#MAX_JSON_DEPTH}; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxJsonDepth(int value) {
      maxJsonDepth = value;
      return this;
    }

    /**
     * Sets {@link MessageLimits#maxQueuedInboundBytes()}: the UTF-16 chars of received messages all
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
     * Sets {@link MessageLimits#maxQueuedInboundBytesPerConnection()}: the same, for one
     * connection.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxQueuedInboundBytesPerConnection(int value) {
      maxQueuedInboundBytesPerConnection = value;
      return this;
    }

    /**
     * Sets {@link AskLimits#askTimeout()}: how long the person has to answer a gate's {@code ask}
     * that names no {@code askTimeoutMs}.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder askTimeout(Duration value) {
      askTimeout = value;
      return this;
    }

    /**
     * Sets {@link AskLimits#maxAskTimeout()}: the longest a gate's {@code askTimeoutMs} may make
     * the person's time.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxAskTimeout(Duration value) {
      maxAskTimeout = value;
      return this;
    }

    /**
     * Sets {@link AskLimits#maxPendingAsksPerSession()}: how many questions may wait for the person
     * of one session.
     *
     * @param value positive; {@link #build()} checks it
     * @return this builder
     */
    public Builder maxPendingAsksPerSession(int value) {
      maxPendingAsksPerSession = value;
      return this;
    }

    /**
     * Sets {@link AskLimits#maxPendingAsks()}: how many questions may wait for an answer across the
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
     * Sets {@link AskLimits#maxAskQuestionChars()}: the longest question a gate may put to the
     * person.
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
