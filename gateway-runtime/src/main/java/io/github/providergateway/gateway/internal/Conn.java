package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.ConnectionEvent;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.TrustLevel;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** One provider connection as the engine tracks it. Loop only. */
final class Conn {

  /** A number for logs, unique in this gateway run. */
  final long serial;

  /** The transport's side, to send and close. */
  final ProviderConnection transport;

  /** Where the connection is in its life; changed only by {@link #on(ConnectionEvent)}. */
  private ConnectionState state;

  /** What it proved at authentication; {@code null} before. */
  private Credential credential;

  /** The provider registered on it; {@code null} until a {@code hello} is accepted. */
  private ProviderState provider;

  /** When recent rebinds happened, oldest first, for the per-minute limit. */
  private final Deque<Instant> rebinds = new ArrayDeque<>();

  /** Calls sent on this connection whose bookkeeping is still open, by id. */
  private final Map<String, CallState> calls = new LinkedHashMap<>();

  /** Ids of calls that ended, to drop late duplicates of their results silently. */
  private final RecentIds endedCalls = new RecentIds();

  /** While pairing: the code shown in each session's timeline, by session id. */
  private final Map<String, String> pairingCodes = new LinkedHashMap<>();

  private final Map<String, String> pairingCodesView = Collections.unmodifiableMap(pairingCodes);

  /** While pairing: when its request was counted against the pairing budget. */
  private Instant pairingRequestedAt;

  /** While pairing: when the codes stop being valid. */
  private Instant pairingExpiry;

  /** Ends the connection if it is still unbound when it fires ({@link BindDeadlines}). */
  private Scheduler.Cancellable bindDeadline;

  /** Told of every state change (the engine's {@link BindDeadlines}), or null. */
  private Consumer<Conn> stateListener;

  /** Ends the connection if it is still unauthenticated when it fires; cancelled once it is not. */
  private Scheduler.Cancellable admissionDeadline;

  Conn(long serial, ProviderConnection transport, ConnectionState initial, Credential credential) {
    this.serial = serial;
    this.transport = transport;
    this.state = initial;
    this.credential = credential;
  }

  ConnectionState state() {
    return state;
  }

  /** Moves to the state {@code event} leads to (spec: Connection states). */
  void on(ConnectionEvent event) {
    state = state.next(event);
    if (!isAuthenticating() && admissionDeadline != null) {
      admissionDeadline.cancel();
      admissionDeadline = null;
    }
    if (stateListener != null) {
      stateListener.accept(this);
    }
  }

  /** Tells {@code listener} of every state change from now on; set by the engine once it opens. */
  void stateListener(Consumer<Conn> listener) {
    stateListener = listener;
  }

  /** Whether it has yet to prove who it is: awaiting {@code auth} or {@code auth.confirm}. */
  boolean isAuthenticating() {
    return state == ConnectionState.AWAIT_AUTH || state == ConnectionState.AWAIT_PAIRING;
  }

  /** Sets the deadline by which it must have authenticated, replacing any earlier one. */
  void admissionDeadline(Scheduler.Cancellable deadline) {
    if (admissionDeadline != null) {
      admissionDeadline.cancel();
    }
    admissionDeadline = deadline;
  }

  /**
   * Whether {@code deadline} is the one in force (not replaced, not cancelled by authenticating).
   */
  boolean hasAdmissionDeadline(Scheduler.Cancellable deadline) {
    return deadline != null && deadline == admissionDeadline;
  }

  /** Whether a deadline to bind is armed ({@link BindDeadlines}). */
  boolean hasBindDeadline() {
    return bindDeadline != null;
  }

  /** The deadline to bind now armed, or null once it fired. */
  void bindDeadline(Scheduler.Cancellable deadline) {
    bindDeadline = deadline;
  }

  /** Drops the deadline to bind, if one is armed. */
  void cancelBindDeadline() {
    if (bindDeadline != null) {
      bindDeadline.cancel();
      bindDeadline = null;
    }
  }

  /**
   * Counts a rebind at {@code now}.
   *
   * @return false, counting nothing, when {@code maxPerMinute} rebinds happened in the minute
   *     before
   */
  boolean countRebind(Instant now, int maxPerMinute) {
    Instant windowStart = now.minus(Duration.ofMinutes(1));
    while (!rebinds.isEmpty() && !rebinds.peekFirst().isAfter(windowStart)) {
      rebinds.pollFirst();
    }
    if (rebinds.size() >= maxPerMinute) {
      return false;
    }
    rebinds.addLast(now);
    return true;
  }

  // ---- pairing ({@link Pairing}) ----

  /** Its pairing request was counted against the budget at {@code at}. */
  void pairingRequested(Instant at) {
    pairingRequestedAt = at;
  }

  Instant pairingRequestedAt() {
    return pairingRequestedAt;
  }

  /** Fresh codes are shown, valid until {@code expiry}: any earlier ones stop counting. */
  void newPairingCodes(Instant expiry) {
    pairingCodes.clear();
    pairingExpiry = expiry;
  }

  /** The code shown in {@code sessionId}'s timeline. */
  void pairingCode(String sessionId, String code) {
    pairingCodes.put(sessionId, code);
  }

  /** The codes shown, by session id; a read-only view. */
  Map<String, String> pairingCodes() {
    return pairingCodesView;
  }

  /** When the codes stop being valid, or null before any were shown. */
  Instant pairingExpiry() {
    return pairingExpiry;
  }

  /** A code was typed back, right or wrong: none of them counts any more. */
  void pairingCodesUsed() {
    pairingCodes.clear();
  }

  boolean isOpen() {
    return state != ConnectionState.DISCONNECTED;
  }

  Credential credential() {
    return credential;
  }

  /** It proved who it is; the transport may now let in messages of the protocol's full size. */
  void authenticated(Credential credential) {
    this.credential = credential;
    transport.authenticated();
  }

  /** The trust level, once authenticated. */
  TrustLevel trust() {
    return credential == null ? null : credential.trust();
  }

  ProviderState provider() {
    return provider;
  }

  void provider(ProviderState provider) {
    this.provider = provider;
  }

  /** The provider's id once it has one, for {@code error} messages. */
  String providerId() {
    return provider == null ? null : provider.providerId;
  }

  // ---- calls sent on it ({@link CallDispatcher}) ----

  /** The open call sent here with {@code id}, or null. */
  CallState call(String id) {
    return calls.get(id);
  }

  /** How many calls are out with this connection now. */
  int callCount() {
    return calls.size();
  }

  /** The open calls sent here, in the order they were sent; a copy. */
  List<CallState> calls() {
    return new ArrayList<>(calls.values());
  }

  /** {@code call} was sent here. */
  void sent(CallState call) {
    calls.put(call.id(), call);
  }

  /** {@code call}'s bookkeeping here ends; its id is remembered as ended. */
  void forget(CallState call) {
    calls.remove(call.id());
    endedCalls.add(call.id());
  }

  /** Whether a call with {@code id} sent here has ended (recently). */
  boolean hasEnded(String id) {
    return endedCalls.contains(id);
  }

  @Override
  public String toString() {
    return "conn#" + serial + " (" + transport.describe() + ")";
  }
}
