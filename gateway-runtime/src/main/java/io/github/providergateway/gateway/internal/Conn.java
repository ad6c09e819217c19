package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.ProviderConnection;
import io.github.providergateway.gateway.Scheduler;
import io.github.providergateway.protocol.ConnectionEvent;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.TrustLevel;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;

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
  final Deque<Instant> rebinds = new ArrayDeque<>();
  /** Calls sent on this connection whose bookkeeping is still open, by id. */
  final Map<String, CallState> calls = new LinkedHashMap<>();
  /** Ids of calls that ended, to drop late duplicates of their results silently. */
  final RecentIds endedCalls = new RecentIds();
  /** While pairing: the code shown in each session's timeline, by session id. */
  final Map<String, String> pairingCodes = new LinkedHashMap<>();
  /** While pairing: when its request was counted against the pairing budget. */
  Instant pairingRequestedAt;
  /** While pairing: when the codes stop being valid. */
  Instant pairingExpiry;
  /** Ends the connection if it is still unbound when it fires ({@link BindDeadlines}). */
  Scheduler.Cancellable bindDeadline;
  /** Told of every state change (the engine's {@link BindDeadlines}), or null. */
  java.util.function.Consumer<Conn> stateListener;
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

  /** Whether {@code deadline} is the one in force (not replaced, not cancelled by authenticating). */
  boolean hasAdmissionDeadline(Scheduler.Cancellable deadline) {
    return deadline != null && deadline == admissionDeadline;
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

  /** Calls awaiting a result whose host outcome is still open (rule 4 counts these). */
  int openCalls() {
    int open = 0;
    for (CallState call : calls.values()) {
      if (!call.isHostDone()) {
        open++;
      }
    }
    return open;
  }

  @Override
  public String toString() {
    return "conn#" + serial + " (" + transport.describe() + ")";
  }
}
