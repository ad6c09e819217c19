package io.github.providergateway.host.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.protocol.HostAuth;
import io.github.providergateway.host.protocol.HostChallenge;
import io.github.providergateway.host.protocol.HostCodec;
import io.github.providergateway.host.protocol.HostCommand;
import io.github.providergateway.host.protocol.HostDecodeError;
import io.github.providergateway.host.protocol.HostOutput;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.host.protocol.HostWire;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SerialExecutor;
import io.github.providergateway.loop.base.UnsafeFileException;
import io.github.providergateway.protocol.json.DecodeResult;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The socket lifecycle of a {@link GatewayClient}: finds the gateway ({@link GatewayDiscovery}),
 * opens a socket, has the peer prove it holds the token ({@code host.challenge}), then
 * authenticates with {@code host.auth} (presenting the re-claim token), notices the loss (a close,
 * a failed send, heartbeat silence), fails what was in flight, and reconnects with backoff,
 * starting a gateway when its {@link GatewayLauncher} may. Commands go out on the authenticated
 * socket only. Client thread only, unless a method says otherwise.
 */
final class GatewayConnection implements HostSocket.Handler {
  private static final System.Logger LOG = System.getLogger(GatewayClient.class.getName());
  private static final HostCodec CODEC = HostCodec.create();

  /** What the connection hands on, on the client thread. */
  interface Events {
    /**
     * {@code host.auth} succeeded; the gateway gave back the sessions in {@code reclaimed}.
     *
     * @return whether it is a new gateway (its sessions were registered again)
     */
    boolean authenticated(Set<String> reclaimed, boolean firstTime, boolean otherGatewayRun);

    /** An event arrived (anything but a reply). */
    void output(HostOutput output);
  }

  private final SerialExecutor thread;
  private final Scheduler scheduler;
  private final HttpClient http;
  private final GatewayClientOptions options;
  private final GatewayDiscovery discovery;
  private final GatewayLauncher launcher;
  private final List<GatewayClientListener> listeners;
  private final Events events;
  private final PendingReplies replies = new PendingReplies();

  /** Where challenges' nonces come from. */
  private final SecureRandom nonces = new SecureRandom();

  private final Heartbeat<HostSocket> heartbeat;

  /** The authenticated socket, or null while reconnecting. Client thread only. */
  private HostSocket current;

  /** The socket sending {@code host.auth}, or null. Client thread only. */
  private HostSocket joining;

  /** This client's re-claim token from the last host.auth. Client thread only. */
  private String reclaimToken;

  /**
   * The gateway run last connected to ({@code gatewayId} of host.auth's reply). Client thread only.
   */
  private String gatewayId;

  /** The scheduled reconnect attempt, or null. Client thread only. */
  private Scheduler.Cancellable retry;

  /** Attempts that failed since the last connection; sets the next backoff. Client thread only. */
  private int failures;

  /**
   * Why the last attempt failed, or null: what a wait that runs out repeats. Client thread only.
   */
  private Throwable lastFailure;

  /**
   * Whether the client stopped for good (close, or the gateway accepted shutdown). Written on the
   * client thread.
   */
  private volatile boolean closed;

  /**
   * A shutdown was sent: the gateway going away now is expected, not a crash. Client thread only.
   */
  private boolean gatewayStopping;

  /** Completes on the first successful connection (or fails if the client gives up first). */
  private final CompletableFuture<Void> firstConnection = new CompletableFuture<>();

  GatewayConnection(
      SerialExecutor thread,
      Scheduler scheduler,
      GatewayClientOptions options,
      GatewayDiscovery discovery,
      GatewayLauncher launcher,
      List<GatewayClientListener> listeners,
      Events events) {
    this.thread = thread;
    this.scheduler = scheduler;
    this.options = options;
    // The JDK's listener callbacks run on its selector thread: they hand what arrived to the
    // client's loop (HostSocket), so a worker pool of its own would only add a thread switch.
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(options.connectTimeout())
            .executor(Runnable::run)
            .build();
    this.discovery = discovery;
    this.launcher = launcher;
    this.listeners = listeners;
    this.events = events;
    this.heartbeat =
        new Heartbeat<>(
            scheduler,
            thread,
            options.clock(),
            options.heartbeatInterval(),
            options.heartbeatTimeout(),
            () -> closed ? null : current,
            HostSocket::ping,
            this::lost);
  }

  /**
   * Completes on the first successful connection, or fails if the client gives up first. Any
   * thread.
   */
  CompletableFuture<Void> firstConnection() {
    return firstConnection;
  }

  boolean isConnected() {
    return current != null;
  }

  boolean isClosed() {
    return closed;
  }

  /** Whether a gateway going away now is expected ({@code shutdown} was sent), not a crash. */
  void gatewayStopping(boolean stopping) {
    gatewayStopping = stopping;
  }

  // ---- connecting ----

  /** One connection attempt; a failure schedules the next. */
  void attempt() {
    retry = null;
    if (closed) {
      return;
    }
    Dialled dialled;
    String token;
    try {
      dialled = Dialled.of(discovery.url());
      token = discovery.token();
    } catch (UnsafeFileException e) {
      // A token file another user could have written: not a state that passes by itself.
      if (!firstConnection.isDone()) {
        giveUp(e);
      } else {
        LOG.log(Level.WARNING, "{0}", e.getMessage());
        unreachable(e);
      }
      return;
    } catch (IOException e) {
      unreachable(e);
      return;
    }
    // A message that arrives runs on the JDK's thread that read it when the client is idle.
    HostSocket socket = new HostSocket(thread, thread::executeHere, this);
    http.newWebSocketBuilder()
        .connectTimeout(options.connectTimeout())
        .buildAsync(dialled.url(), socket)
        .whenComplete(
            (ws, error) ->
                thread.execute(
                    () -> {
                      if (error != null) {
                        unreachable(error);
                      } else {
                        challenge(socket, dialled, token);
                      }
                    }));
  }

  /**
   * Asks the peer to prove it holds {@code token} and took this connection where it was dialled
   * ({@code host.challenge}) before showing it the token: a process that took a dead gateway's
   * port, or one that relays to the live gateway from another port, gets neither the token nor any
   * command.
   */
  private void challenge(HostSocket socket, Dialled dialled, String token) {
    if (closed) {
      socket.abort();
      return;
    }
    joining = socket;
    HostChallenge challenge = HostChallenge.fresh(replies.nextAuthId(), nonces);
    CompletableFuture<ObjectNode> answer = replies.expect(challenge.id());
    socket.send(CODEC.encode(challenge));
    answer.whenComplete(
        (fields, error) -> {
          if (error == null
              && challenge.isProvedBy(
                  token, dialled.address(), fields.path("proof").asText(null))) {
            authenticate(socket, token);
            return;
          }
          joining = null;
          socket.abort();
          if (error instanceof PendingReplies.ClosedDuringAuth || error instanceof HostException) {
            unreachable(
                error); // the socket went away before any answer: nothing was shown either way
            return;
          }
          unverified(
              token,
              new UnverifiedGatewayException(unproved(dialled, challenge, token, fields, error)));
        });
  }

  /** Why the answer to {@code challenge} at {@code dialled} does not count, for a person. */
  private String unproved(
      Dialled dialled, HostChallenge challenge, String token, ObjectNode fields, Throwable error) {
    String notShown = "it was sent neither the token nor any command";
    if (error instanceof PendingReplies.UnknownCommand) {
      // Fail closed all the same: anyone can say UNKNOWN_COMMAND. But the likely case is a gateway
      // started before host.challenge existed, and the person should learn what to do about it.
      return discovery.describe()
          + " is too old to prove itself (it does not know host.challenge); restart it"
          + " (what answers at "
          + dialled.url()
          + " refused host.challenge as UNKNOWN_COMMAND, so "
          + notShown
          + "; if no gateway runs there, another process has the port)";
    }
    String proof = error == null ? fields.path("proof").asText(null) : null;
    Optional<InetSocketAddress> claimed =
        Dialled.loopbackEndpoint(error == null ? fields.path("endpoint").asText(null) : null)
            .filter(elsewhere -> !elsewhere.equals(dialled.address()))
            .filter(elsewhere -> challenge.isProvedBy(token, elsewhere, proof));
    String what = "what answers at " + dialled.url() + " is not " + discovery.describe() + ": ";
    if (claimed.isPresent()) {
      return what
          + "it relays to the gateway at "
          + HostChallenge.endpoint(claimed.get())
          + " (the proof it passed on"
          + " is for that address, not for "
          + dialled.endpoint()
          + ", where this host connected), so "
          + notShown
          + "; connect to the gateway itself, and find out what holds "
          + dialled.endpoint();
    }
    return what
        + "it did not prove that it holds this host's gateway token at "
        + dialled.endpoint()
        + " ("
        + (error == null
            ? "its answer to host.challenge is not the proof"
            : "host.challenge: " + error.getMessage())
        + "), so "
        + notShown
        + " (another process has the port, perhaps passing on what a gateway elsewhere says,"
        + " or the token this host has is not that gateway's)";
  }

  /** The peer did not prove it holds the token: not believed, never sent the token. */
  private void unverified(String token, UnverifiedGatewayException why) {
    if (!firstConnection.isDone() && !tokenChangedSince(token)) {
      giveUp(why);
      return;
    }
    // Reconnecting (or a gateway that has bound its port but not yet written its token file):
    // knock again later; the real gateway, once back, proves itself.
    LOG.log(failures == 0 ? Level.WARNING : Level.DEBUG, "{0}", why.getMessage());
    unreachable(why);
  }

  private void authenticate(HostSocket socket, String token) {
    if (closed) {
      socket.abort();
      return;
    }
    JsonNode id = replies.nextAuthId();
    CompletableFuture<ObjectNode> reply = replies.expect(id);
    joining = socket;
    socket.send(CODEC.encode(new HostAuth(id, token, reclaimToken, options.observer())));
    reply.whenComplete(
        (fields, error) -> {
          joining = null;
          if (error != null) {
            socket.abort();
            if (error instanceof PendingReplies.AuthRefused refused
                && !firstConnection.isDone()
                && !tokenChangedSince(token)) {
              // A wrong token will not get better by retrying at once: report it.
              giveUp(new IOException("the gateway refused this host: " + refused.getMessage()));
              return;
            }
            // Refused with a token the home has replaced since (a gateway that had bound its
            // port but not yet written its token file), or later: try again.
            unreachable(error);
            return;
          }
          connected(socket, fields);
        });
  }

  /** Whether discovery now gives another token than {@code used} (or none yet). */
  private boolean tokenChangedSince(String used) {
    try {
      return !used.equals(discovery.token());
    } catch (IOException e) {
      return true;
    }
  }

  private void connected(HostSocket socket, ObjectNode fields) {
    boolean firstTime = !firstConnection.isDone();
    current = socket;
    failures = 0;
    launcher.answered();
    reclaimToken = fields.path("reclaimToken").asText(null);
    String previousGateway = gatewayId;
    gatewayId = fields.path("gatewayId").asText(null);
    heartbeat.start();
    Set<String> reclaimed = Set.copyOf(HostWire.readStrings(fields, "reclaimed"));
    boolean otherRun = previousGateway != null && !previousGateway.equals(gatewayId);
    boolean fresh = events.authenticated(reclaimed, firstTime, otherRun);
    if (firstTime) {
      firstConnection.complete(null);
    } else {
      for (GatewayClientListener listener : listeners) {
        listener.reconnected(fresh);
      }
    }
  }

  private void unreachable(Throwable cause) {
    if (closed) {
      return;
    }
    lastFailure = cause;
    launcher.attemptFailed(
        cause,
        started ->
            started
                .onExit()
                .thenAccept(exited -> thread.execute(() -> startedGatewayExited(exited))));
    Duration delay = options.backoff().delay(failures++);
    LOG.log(
        Level.DEBUG, "gateway unreachable ({0}); trying again in {1} ms", cause, delay.toMillis());
    retry = scheduler.schedule(delay, () -> thread.execute(this::attempt));
  }

  /**
   * The gateway this client started for its first connection has exited before any answered: when
   * it failed (a class path without the app, a home it may not use), waiting out the start timeout
   * would only hide why; the caller hears it now, with the gateway's last words.
   */
  private void startedGatewayExited(Process exited) {
    if (closed || firstConnection.isDone()) {
      return;
    }
    launcher.exitedEarly(exited).ifPresent(this::giveUp);
  }

  /**
   * What a person needs when no gateway answered in time: why the last attempt failed and, when
   * this client started a gateway, what became of it and the last lines of its log ({@link
   * GatewayLauncher#startReport}). Client thread only.
   */
  String whyNoAnswer() {
    String attempt =
        lastFailure == null
            ? "no attempt has failed yet"
            : "the last attempt: " + said(lastFailure);
    return attempt + launcher.startReport();
  }

  /** A failure as one line: the innermost message, which names what went wrong. */
  private static String said(Throwable failure) {
    Throwable inner = failure;
    while (inner.getCause() != null && inner.getCause() != inner) {
      inner = inner.getCause();
    }
    String message = inner.getMessage();
    String name = inner.getClass().getSimpleName();
    return message == null || message.isBlank() ? name : name + ": " + message.strip();
  }

  private void giveUp(IOException cause) {
    firstConnection.completeExceptionally(cause);
    LOG.log(Level.WARNING, "{0}", cause.getMessage());
  }

  private void lost(HostSocket socket, String reason) {
    if (socket != current) {
      return;
    }
    current = null;
    heartbeat.stop();
    socket.abort();
    replies.failAll("connection to the gateway lost: " + reason);
    if (closed || gatewayStopping) {
      closed = true;
      return;
    }
    LOG.log(Level.INFO, "connection to the gateway lost ({0}); reconnecting", reason);
    for (GatewayClientListener listener : listeners) {
      listener.connectionLost(reason);
    }
    failures = 0;
    attempt();
  }

  // ---- what a socket reports ----

  @Override
  public void received(HostSocket socket, String text) {
    if (socket != current && socket != joining) {
      return;
    }
    heartbeat.heard();
    DecodeResult<HostOutput, HostDecodeError> decoded = CODEC.decodeOutput(text);
    if (!decoded.isDecoded()) {
      LOG.log(
          Level.DEBUG,
          "unreadable output from the gateway dropped: {0}",
          decoded.errorOrNull().detail());
      return;
    }
    HostOutput output = decoded.messageOrNull();
    if (output instanceof HostReply reply) {
      replies.replied(reply);
    } else {
      events.output(output);
    }
  }

  @Override
  public void ponged() {
    heartbeat.heard();
  }

  /** A socket ended: a live one is lost; one still authenticating fails its auth. */
  @Override
  public void ended(HostSocket socket, String reason) {
    if (socket == current) {
      lost(socket, reason);
      return;
    }
    if (socket != joining) {
      return;
    }
    // Still authenticating: its auth request fails, which reconnects or gives up.
    replies.failAuths(reason);
  }

  @Override
  public void sendFailed(HostSocket socket, String reason) {
    lost(socket, reason);
  }

  // ---- sending ----

  JsonNode nextId() {
    return replies.nextId();
  }

  /** Sends {@code command} on the live socket; its future completes with the reply's fields. */
  CompletableFuture<ObjectNode> send(HostCommand command) {
    HostSocket socket = current;
    if (socket == null) {
      return CompletableFuture.failedFuture(
          new HostException(
              HostErrorCode.GATEWAY_CLOSED,
              closed ? "the client is closed" : "not connected to the gateway (reconnecting)"));
    }
    CompletableFuture<ObjectNode> reply = replies.expect(command.id());
    socket.send(CODEC.encode(command));
    return reply;
  }

  // ---- stopping ----

  /**
   * From now on nothing reconnects (the client is closing); the socket stays until {@link #shut}.
   */
  void stopForGood() {
    closed = true;
  }

  /** Cancels the timers, fails what waits, and closes the socket. */
  void shut() {
    if (retry != null) {
      retry.cancel();
    }
    heartbeat.stop();
    HostSocket socket = current;
    current = null;
    replies.failAll("the client is closed");
    if (socket != null) {
      socket.sendClose("host leaving");
    }
    if (!firstConnection.isDone()) {
      firstConnection.completeExceptionally(new IOException("closed"));
    }
  }
}
