package io.github.providergateway.provider.spi;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.AuthConfirm;
import io.github.providergateway.protocol.AuthPairing;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.SessionsUpdated;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.TransformRequest;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The provider side of the protocol for one {@link JavaProvider}: what a transport's {@code
 * ProviderRuntime} runs. A transport gives it connections ({@link #opened}), the gateway's messages
 * ({@link #received}) and the end of each connection ({@link #closed}); the runtime answers through
 * the connection's {@link ProviderChannel}. Over WebSocket one runtime outlives many connections.
 *
 * <p>This class routes each message to the part that owns it and keeps the runtime's own life; each
 * part has one job: {@link Authenticator} (auth and pairing), {@link Binder} ({@code hello},
 * binding, reconnect token), {@link ToolCalls}, {@link Gates}, {@link Transforms}, {@link
 * StateUpdates} (declared state, updates and acks), {@link StreamQueries}, and {@link
 * SessionHandle} (the user's {@link ProviderSession}). Unknown message types are logged and dropped
 * (R-CODEC-13).
 *
 * <p>Threads: all state is owned by the provider's {@link ProviderLoop} ("the loop"); transports
 * call the three connection methods on it, and everything else (user calls, handler completions) is
 * moved onto it. Only the current connection ({@link Link}) and {@link #terminated} are read
 * elsewhere.
 */
final class ProviderSide {

  private final JavaProvider provider;
  private final ProviderLoop loop;
  private final Runnable onTerminated;

  /** How each connection authenticates; null in-process, where there is no {@code auth}. */
  private final Authenticator auth;

  private final UserCode user;
  private final Link link = new Link();
  private final StateUpdates updates;
  private final Binder binder;
  private final ToolCalls calls;
  private final Gates gates;
  private final Transforms transforms;
  private final StreamQueries queries;
  private final SessionHandle session;

  /** Completes with the first {@code hello.ack}. */
  private final CompletableFuture<HelloAck> bound = new CompletableFuture<>();

  /** Completes when the runtime has terminated. */
  private final CompletableFuture<Void> closedFuture = new CompletableFuture<>();

  /** Whether the runtime has ended for good. Written on the loop; read by user calls. */
  private volatile boolean terminated;

  /** Whether the user asked to leave. Loop only. */
  private boolean leaving;

  /**
   * What ends the runtime with a failure (a fatal {@code error}, abandoned pairing), or null. Loop
   * only.
   */
  private Throwable failure;

  /**
   * @param auth how each connection authenticates, or null for none (in-process: {@code hello} at
   *     once)
   * @param onTerminated runs on the loop once the runtime has ended for good
   */
  public ProviderSide(
      JavaProvider provider,
      ProviderLoop loop,
      Clock clock,
      ProviderAuth auth,
      Runnable onTerminated) {
    this.provider = requireNonNull(provider, "provider");
    this.loop = requireNonNull(loop, "loop");
    this.onTerminated = requireNonNull(onTerminated, "onTerminated");
    this.auth = auth == null ? null : new Authenticator(auth);
    this.user = new UserCode(provider.name(), loop);
    this.updates = new StateUpdates(provider, link);
    this.binder = new Binder(provider, requireNonNull(clock, "clock"), link, updates);
    this.calls = new ToolCalls(provider.name(), loop, link, user, updates);
    this.gates = new Gates(provider.gates(), link, user, binder::accepted);
    this.transforms = new Transforms(provider.transformHandlers(), link, user);
    this.queries = new StreamQueries(link);
    this.session = new SessionHandle(this);
  }

  /** The user's handle on this runtime. */
  public ProviderSession session() {
    return session;
  }

  /** Whether the runtime has ended for good. Any thread. */
  public boolean isTerminated() {
    return terminated;
  }

  // ---- connections (transport → runtime, on the loop) ----

  /**
   * A connection is open: {@code auth} goes first over WebSocket, {@code hello} at once in-process.
   */
  public void opened(ProviderChannel connection) {
    loop.assertInLoop();
    requireNonNull(connection, "connection");
    if (terminated) {
      connection.close();
      return;
    }
    link.set(connection);
    binder.opened(auth != null);
    if (auth != null) {
      connection.send(auth.first());
    }
  }

  /** A message from the gateway, in arrival order. */
  public void received(GatewayMessage message) {
    loop.assertInLoop();
    requireNonNull(message, "message");
    if (link.current() == null) {
      return; // the connection ended; what it still delivers belongs to no one
    }
    switch (message.type()) {
      case AUTH_PAIRING -> pair((AuthPairing) message);
      case SESSIONS -> {
        Sessions sessions = (Sessions) message;
        if (auth != null) {
          auth.sessions(sessions);
        }
        onSessions(sessions.active(), true);
      }
      case SESSIONS_UPDATED -> onSessions(((SessionsUpdated) message).active(), false);
      case HELLO_ACK -> onHelloAck((HelloAck) message);
      case ACK -> {
        Ack ack = (Ack) message;
        updates.onAck(ack, binder.ackingSessions(ack.sessionId()));
      }
      case ERROR -> onError((ErrorMessage) message);
      case TOOL_CALL -> calls.start((ToolCall) message);
      case TOOL_CANCEL -> calls.cancel((ToolCancel) message);
      case GATE_CHECK -> gates.check((GateCheck) message);
      case TRANSFORM_REQUEST -> transforms.request((TransformRequest) message);
      case SESSION_EVENT -> {
        SessionEvent event = (SessionEvent) message;
        user.run("onEvent", () -> provider.onEvent().accept(event));
      }
      case SESSION_LIFECYCLE -> onLifecycle((SessionLifecycle) message);
      case STREAM_HISTORY -> queries.onHistory((StreamHistory) message);
      case UNKNOWN ->
          // Forward compatibility: log and drop, stay connected (R-CODEC-13).
          user.debug(() -> "dropped unknown gateway message " + message.wireType());
    }
  }

  /** The connection ended, whoever ended it: see {@code ProviderRuntime#closed}. */
  public ConnectionEnd closed(boolean mayReconnect) {
    loop.assertInLoop();
    if (link.current() == null) {
      return new ConnectionEnd(!terminated, false);
    }
    link.set(null);
    boolean wasBound = binder.closed();
    calls.connectionClosed();
    gates.connectionClosed();
    transforms.connectionClosed();
    updates.connectionClosed();
    queries.connectionClosed();
    if (!mayReconnect || leaving || failure != null) {
      terminate();
      return new ConnectionEnd(false, wasBound);
    }
    return new ConnectionEnd(true, wasBound);
  }

  // ---- binding ----

  private void onSessions(List<SessionInfo> active, boolean first) {
    user.run("onSessions", () -> provider.onSessions().accept(active));
    binder.onSessions(active, first);
    Set<String> ids = new HashSet<>();
    for (SessionInfo info : active) {
      ids.add(info.id());
    }
    updates.sessionsActive(ids);
  }

  private void onHelloAck(HelloAck ack) {
    if (!binder.onHelloAck(ack)) {
      user.debug(() -> "hello.ack without a hello in flight");
      return;
    }
    bound.complete(ack);
    // The hello declared every update asked for before it was sent; the rest go now, in order.
    updates.helloAcked();
    queries.bound();
  }

  // ---- pairing ----

  /**
   * {@code auth.pairing}: asks the person for the code shown in their session, then confirms it on
   * the same connection. No code ends the provider.
   */
  private void pair(AuthPairing pairing) {
    if (auth == null || !auth.pairs()) {
      user.debug(() -> "auth.pairing without asking to pair");
      return;
    }
    ProviderChannel connection = link.current();
    CompletionStage<String> code =
        user.invoke(
            () -> auth.codes().code(pairing.prompt()), "the code supplier returned no stage");
    user.whenDone(
        code,
        (typed, error) -> {
          if (link.current() != connection) {
            return; // that connection is gone; the next one pairs again
          }
          String trimmed = typed == null ? "" : typed.strip();
          if (error != null || trimmed.isEmpty()) {
            abandon(
                error != null ? error : new IllegalStateException("pairing abandoned: no code"));
            return;
          }
          connection.send(new AuthConfirm(trimmed));
        });
  }

  // ---- errors ----

  private void onError(ErrorMessage error) {
    ProviderChannel connection = link.current();
    if (error.code().isFatal()) {
      user.run("onError", () -> provider.onError().accept(error));
      if (auth == null || !auth.forgetsRefusedToken(error)) {
        // The gateway closes the connection after a fatal code; nothing can be retried.
        failure = new GatewayErrorException(error);
      }
      connection.close();
      return;
    }
    if (updates.onError(error) || queries.onError(error)) {
      user.run("onError", () -> provider.onError().accept(error));
      return;
    }
    if ("hello".equals(error.replyTo()) && binder.phase() == Binder.Phase.HELLO_SENT) {
      if (binder.onHelloRefused(error)) {
        return; // an expected step, not the user's concern
      }
      // Refused for good (a name outside the grammar, an unknown session, a duplicate instance, a
      // tool conflict, ...): the same hello would be refused again, so nothing may wait on it.
      user.run("onError", () -> provider.onError().accept(error));
      abandon(new GatewayErrorException(error));
      return;
    }
    user.run("onError", () -> provider.onError().accept(error));
    if (binder.phase() == Binder.Phase.AWAIT_SESSIONS) {
      // auth or pairing refused without closing (e.g. RATE_LIMITED): try again on a new connection.
      connection.close();
    }
  }

  // ---- lifecycle ----

  private void onLifecycle(SessionLifecycle event) {
    if (event.state() == LifecycleState.STARTED) {
      binder.started(event.sessionId());
    }
    user.run("onLifecycle", () -> provider.onLifecycle().accept(event));
    if (event.state() != LifecycleState.SHUTDOWN_PENDING) {
      return;
    }
    ProviderChannel connection = link.current();
    CompletionStage<Void> cleanup =
        user.invoke(() -> provider.onShutdown().prepare(event), "onShutdown returned no stage");
    // Ready whether the cleanup worked or not: the gateway tears down at the deadline anyway.
    user.whenDone(
        cleanup, (ok, error) -> link.sendOn(connection, new ShutdownReady(event.sessionId())));
  }

  // ---- leaving ----

  /** The user asked to leave: {@code goodbye}, then close. */
  void leave(String reason) {
    if (terminated || leaving) {
      return;
    }
    leaving = true;
    ProviderChannel connection = link.current();
    if (connection == null) {
      terminate(); // between connections: nobody to tell
      return;
    }
    connection.send(new Goodbye(reason));
    connection.close();
  }

  /**
   * Ends the provider with {@code cause}: {@code bound()} fails at once, then the connection
   * closes, and the runtime with it (failing {@code closed()} and every stage still waiting).
   */
  private void abandon(Throwable cause) {
    failure = cause;
    bound.completeExceptionally(cause);
    ProviderChannel connection = link.current();
    if (connection == null) {
      terminate();
    } else {
      connection.close();
    }
  }

  private void terminate() {
    if (terminated) {
      return;
    }
    terminated = true;
    Throwable cause =
        failure != null ? failure : new IllegalStateException("the provider session is closed");
    bound.completeExceptionally(cause);
    updates.terminate(cause);
    queries.terminate(cause);
    if (failure != null) {
      closedFuture.completeExceptionally(cause);
    } else {
      closedFuture.complete(null);
    }
    onTerminated.run();
  }

  // ---- for the session handle ----

  JavaProvider provider() {
    return provider;
  }

  Link link() {
    return link;
  }

  StateUpdates updates() {
    return updates;
  }

  StreamQueries queries() {
    return queries;
  }

  CompletableFuture<HelloAck> boundFuture() {
    return bound;
  }

  CompletableFuture<Void> closedFuture() {
    return closedFuture;
  }

  /** Runs {@code task} on the loop, or fails {@code future} when the provider has stopped. */
  void onLoop(Runnable task, CompletableFuture<?> future) {
    if (terminated || !loop.submit(task)) {
      future.completeExceptionally(new IllegalStateException("the provider session is closed"));
    }
  }

  /** Fails {@code future} if the runtime has ended; on the loop. */
  boolean refuseIfTerminated(CompletableFuture<?> future) {
    if (terminated) {
      future.completeExceptionally(new IllegalStateException("the provider session is closed"));
      return true;
    }
    return false;
  }
}
