package io.github.providergateway.host;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.PersonCheck;
import io.github.providergateway.host.protocol.HostAuth;
import io.github.providergateway.host.protocol.HostChallenge;
import io.github.providergateway.host.protocol.HostCodec;
import io.github.providergateway.host.protocol.HostCommand;
import io.github.providergateway.host.protocol.HostDecodeError;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.host.protocol.RpcErrorCode;
import io.github.providergateway.loop.InboundBacklog;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.json.DecodeResult;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The host side of one host connection. A carrier delivers on its own thread; the text waits,
 * counted in the gateway's {@link InboundBacklog} beside the providers', and is decoded and handled
 * on the gateway loop, in the order delivered: nothing but {@code host.auth}, and at most one
 * {@code host.challenge} before it, until the connection is authenticated (then neither again),
 * every other command to {@link HostCommands}.
 *
 * <p>Its lifecycle: open and unauthenticated (an auth deadline runs; a challenge answered does not
 * extend it) → authenticated (owns the sessions it starts) → gone. A refused {@code host.auth}, a
 * second challenge, any other command before authenticating, unreadable text before authenticating,
 * or the deadline closes it.
 */
final class HostLink implements HostChannel {
  private static final HostCodec CODEC = HostCodec.create();

  final HostConnection connection;

  /** This connection's received text waiting for the loop. */
  private final InboundBacklog.Share backlog;

  private final HostLoop loop;
  private final HostRegistry registry;
  private final HostAuthenticator authenticator;
  private final HostCommands commands;

  /** Whether it passed {@code host.auth} (or was trusted). Loop only. */
  private boolean authenticated;

  /** Whether its one {@code host.challenge} was answered. Loop only. */
  private boolean challenged;

  /** Whether it asked for every session's events. Loop only. */
  private boolean observer;

  /**
   * Whose sessions it owns; set at authentication, cleared when another link took them. Loop only.
   */
  private HostRegistry.Owner owner;

  /**
   * Whether its process may act for the person, by act: empty when it may, else why not; absent
   * until asked (issue 75). A connection's far end does not change, so each is asked once. Loop
   * only.
   */
  private final Map<PersonCheck.Act, Optional<String>> personRefusals =
      new EnumMap<>(PersonCheck.Act.class);

  /** Whether the connection closed. Loop only. */
  private boolean gone;

  /** Closes it if it does not authenticate in time; null once it did, or trusted. Loop only. */
  private Scheduler.Cancellable authDeadline;

  /**
   * Its {@code tool.call}s with an {@code id} that have no reply yet, by that id (a call whose id
   * is reused while the first is in flight is listed twice), for {@code tool.cancel}. Loop only.
   */
  private final Map<JsonNode, List<CompletableFuture<CallResult>>> callsInFlight = new HashMap<>();

  HostLink(
      HostConnection connection,
      InboundBacklog.Share backlog,
      HostLoop loop,
      HostRegistry registry,
      HostAuthenticator authenticator,
      HostCommands commands) {
    this.connection = connection;
    this.backlog = backlog;
    this.loop = loop;
    this.registry = registry;
    this.authenticator = authenticator;
    this.commands = commands;
  }

  // ---- the carrier's side: any thread ----

  @Override
  public void receive(String text) {
    // The text waits as text, counted, and is decoded when its turn comes (decision 54, as for
    // providers): one decoded tree at a time, however many commands a host sends at once.
    long chars = text.length();
    if (!backlog.added(chars)) {
      // Its carrier went on delivering after it was told to stop reading: drop the text, which
      // the bound is for, and close the connection (the backlog's hard bound).
      connection.close(CloseReason.TOO_FAST);
      return;
    }
    boolean queued =
        loop.execute(
            () -> {
              backlog.removed(chars);
              if (!gone) {
                handle(CODEC.decodeCommand(text));
              }
            });
    if (!queued) {
      backlog.removed(chars);
    }
  }

  @Override
  public void receive(HostCommand command) {
    requireNonNull(command, "command");
    loop.execute(() -> handle(command));
  }

  @Override
  public void closed() {
    loop.execute(this::gone);
  }

  // ---- on the loop ----

  private void handle(DecodeResult<HostCommand, HostDecodeError> decoded) {
    if (gone) {
      return;
    }
    if (decoded.isDecoded()) {
      handle(decoded.messageOrNull());
      return;
    }
    connection.send(decoded.errorOrNull().reply());
    if (!authenticated) {
      shut();
    }
  }

  private void handle(HostCommand command) {
    if (gone) {
      return;
    }
    if (!authenticated) {
      if (command instanceof HostAuth auth) {
        authenticator.authenticate(this, auth);
      } else if (command instanceof HostChallenge challenge && !challenged) {
        // One proof per connection, within the same auth deadline: no way to ask for proofs
        // without end, or to hold a slot longer than a silent connection can.
        challenged = true;
        authenticator.prove(this, challenge);
      } else {
        refuseAndClose(
            HostReply.failed(
                command.id(),
                RpcErrorCode.UNAUTHORIZED,
                challenged
                    ? "after host.challenge the next command must be host.auth"
                    : "the first command must be host.auth (or one host.challenge before it)"));
      }
      return;
    }
    if (command instanceof HostAuth || command instanceof HostChallenge) {
      connection.send(
          HostReply.failed(command.id(), RpcErrorCode.UNAUTHORIZED, "already authenticated"));
      return;
    }
    commands.run(this, command);
  }

  private void gone() {
    if (gone) {
      return;
    }
    gone = true;
    cancelAuthDeadline();
    registry.linkClosed(this);
  }

  /** It must authenticate within {@code deadline}'s delay, or be closed. */
  void authDeadline(Scheduler.Cancellable deadline) {
    this.authDeadline = deadline;
  }

  /** The deadline fired: closes the connection if it is still waiting to authenticate. */
  boolean authDeadlinePassed() {
    if (authenticated || gone) {
      return false;
    }
    shut();
    return true;
  }

  private void cancelAuthDeadline() {
    if (authDeadline != null) {
      authDeadline.cancel();
      authDeadline = null;
    }
  }

  /** Authenticated as {@code owner} (by {@code host.auth} or by how it reached the gateway). */
  void authenticatedAs(HostRegistry.Owner owner, boolean observer) {
    this.owner = owner;
    this.observer = observer;
    this.authenticated = true;
    cancelAuthDeadline();
  }

  /** Another connection took its owner's sessions over with the re-claim token. */
  void disowned() {
    owner = null;
  }

  /** {@code call}, a {@code tool.call} with {@code id}, is in flight until it completes. */
  void callStarted(JsonNode id, CompletableFuture<CallResult> call) {
    callsInFlight.computeIfAbsent(id, key -> new ArrayList<>()).add(call);
    call.whenComplete((result, error) -> callEnded(id, call));
  }

  private void callEnded(JsonNode id, CompletableFuture<CallResult> call) {
    List<CompletableFuture<CallResult>> calls = callsInFlight.get(id);
    if (calls != null && calls.remove(call) && calls.isEmpty()) {
      callsInFlight.remove(id);
    }
  }

  /**
   * Cancels its calls in flight with {@code id} (their futures, so the gateway cancels them).
   *
   * @return whether there was one
   */
  boolean cancelCalls(JsonNode id) {
    List<CompletableFuture<CallResult>> calls = callsInFlight.remove(id);
    if (calls == null) {
      return false;
    }
    calls.forEach(call -> call.cancel(false));
    return true;
  }

  HostRegistry.Owner owner() {
    return owner;
  }

  /** {@return whether its process may do {@code act}, or null while not yet asked} */
  Optional<String> personRefusal(PersonCheck.Act act) {
    return personRefusals.get(act);
  }

  /** Its process may do {@code act} ({@code refusal} empty), or not, and why. */
  void personRefusal(PersonCheck.Act act, Optional<String> refusal) {
    personRefusals.put(act, refusal);
  }

  boolean isObserver() {
    return observer;
  }

  void shut() {
    connection.close();
  }

  void refuseAndClose(HostReply.Failed reply) {
    connection.send(reply);
    shut();
  }
}
