package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.loop.SerialExecutor;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.AuthConfirm;
import io.github.providergateway.protocol.Capabilities;
import io.github.providergateway.protocol.Capability;
import io.github.providergateway.protocol.ConnectionState;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.ProviderMessageType;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.SessionReady;
import io.github.providergateway.protocol.SessionScoped;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.StateUpdate;
import io.github.providergateway.protocol.StreamQuery;
import io.github.providergateway.protocol.ToolProgress;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.protocol.TransformResult;
import io.github.providergateway.protocol.TrustLevel;
import io.github.providergateway.protocol.UnknownProviderMessage;
import io.github.providergateway.protocol.json.DecodeError;
import io.github.providergateway.protocol.json.DecodeResult;
import java.lang.System.Logger.Level;
import java.util.EnumSet;
import java.util.Set;

/**
 * Where every provider message enters the engine. It runs the checks once, in order, before any
 * handler: the state table ({@link ConnectionState#accepts}), the capability table ({@link
 * TrustLevel#allowsAll}), then the session scope; only then does the message reach its handler. A
 * refused message changes nothing and is answered with {@code error}; handlers never re-check
 * (STYLE: The connection state machine). Loop only.
 */
final class InboundRouter {

  private static final System.Logger LOG = System.getLogger(InboundRouter.class.getName());

  private final SerialExecutor loop;
  private final Timers timers;
  private final AuthHandler auth;
  private final BindingHandler bindings;
  private final CallDispatcher calls;
  private final HookEngine hooks;
  private final PromptPipeline prompts;
  private final PushHandler pushes;
  private final UpdateHandler updates;
  private final Outbox outbox;

  InboundRouter(
      SerialExecutor loop,
      Timers timers,
      AuthHandler auth,
      BindingHandler bindings,
      CallDispatcher calls,
      HookEngine hooks,
      PromptPipeline prompts,
      PushHandler pushes,
      UpdateHandler updates,
      Outbox outbox) {
    this.loop = loop;
    this.timers = timers;
    this.auth = auth;
    this.bindings = bindings;
    this.calls = calls;
    this.hooks = hooks;
    this.prompts = prompts;
    this.pushes = pushes;
    this.updates = updates;
    this.outbox = outbox;
  }

  void handle(Conn conn, DecodeResult<ProviderMessage, DecodeError> decoded) {
    loop.assertInLoop();
    if (!conn.isOpen()) {
      return;
    }
    ProviderMessage message = decoded.messageOrNull();
    Outbox.Refused refused =
        message != null ? refusedOf(message) : refusedOf(decoded.errorOrNull());
    try {
      if (message != null) {
        handleMessage(conn, message);
      } else {
        handleUnreadable(conn, decoded.errorOrNull(), refused);
      }
    } catch (ProtocolViolation violation) {
      Outbox.Refused answer =
          violation.sessionId() == null
              ? refused
              : new Outbox.Refused(
                  refused.type(), violation.sessionId(), refused.requestId(), refused.provider());
      outbox.error(conn, violation.code(), violation.getMessage(), answer);
    } catch (RuntimeException | LinkageError bug) {
      failed(conn, "handling " + refused.type(), bug);
    }
  }

  /**
   * Reading or handling a message of {@code conn} failed: a gateway bug, or a {@link LinkageError}
   * (code that no longer loads, because the jar was rewritten under the running JVM). It must not
   * leave this provider's state half-changed or its calls pending: the connection ends, which ends
   * its calls ({@code DISCONNECTED}) and bindings cleanly.
   */
  void failed(Conn conn, String doing, Throwable bug) {
    LOG.log(Level.ERROR, conn + ": failed " + doing, bug);
    outbox.close(conn, CloseReason.PROTOCOL_ERROR);
  }

  private static Outbox.Refused refusedOf(ProviderMessage message) {
    String sessionId =
        message instanceof SessionScoped scoped && !(message instanceof Hello)
            ? scoped.sessionId()
            : null;
    String requestId = message instanceof StateUpdate update ? update.requestId() : null;
    // A hello speaks for the provider it names, which may not be the one bound here yet.
    String provider =
        message instanceof Hello hello && hello.name() != null
            ? Outbox.providerName(
                Names.forDisplay(hello.name()),
                hello.instance() == null ? null : Names.forDisplay(hello.instance()))
            : null;
    return new Outbox.Refused(message.wireType(), sessionId, requestId, provider);
  }

  private static Outbox.Refused refusedOf(DecodeError error) {
    return new Outbox.Refused(error.type(), error.sessionId(), error.requestId());
  }

  // ---- unreadable input ----

  private void handleUnreadable(Conn conn, DecodeError error, Outbox.Refused refused) {
    ProviderMessageType type =
        error.type() == null ? null : ProviderMessageType.fromWire(error.type());
    if (type != null && type != ProviderMessageType.UNKNOWN && !conn.state().accepts(type)) {
      refuseByState(conn, error.type());
    }
    boolean mayBeAResult =
        type == null
            || type == ProviderMessageType.TOOL_RESULT
            || error.code() == ErrorCode.PAYLOAD_TOO_LARGE;
    if (mayBeAResult && !error.code().isFatal()) {
      // Core profile, rule 4: pending calls must not wait forever on a result we cannot read.
      calls.unreadable(conn, error, refused);
      return;
    }
    throw new ProtocolViolation(error.code(), error.detail());
  }

  // ---- readable messages ----

  private void handleMessage(Conn conn, ProviderMessage message) {
    ProviderMessageType type = message.type();
    if (!conn.state().accepts(type)) {
      refuseByState(conn, message.wireType());
    }
    if (type == ProviderMessageType.UNKNOWN) {
      throw new ProtocolViolation(
          ErrorCode.UNKNOWN_TYPE,
          "Unknown message type '" + ((UnknownProviderMessage) message).wireType() + "'");
    }
    checkCapabilities(conn, message);
    checkSessionScope(conn, message);
    ProviderState provider = conn.provider();
    if (provider != null) {
      provider.active(timers.now());
    }
    dispatch(conn, message);
  }

  private static void refuseByState(Conn conn, String wireType) {
    throw new ProtocolViolation(
        conn.state().refusalCode(), "'" + wireType + "' is not allowed " + describe(conn.state()));
  }

  private static String describe(ConnectionState state) {
    return switch (state) {
      case AWAIT_AUTH -> "before auth";
      case AWAIT_PAIRING -> "while pairing (send auth.confirm)";
      case AWAIT_HELLO -> "before hello";
      case BOUND -> "now";
      case REBINDING -> "while rebinding";
      case UNBOUND -> "while unbound (send hello to bind again)";
      case DISCONNECTED -> "after disconnecting";
    };
  }

  /** The capability matrix, once per message (spec: Provider capabilities). */
  private static void checkCapabilities(Conn conn, ProviderMessage message) {
    TrustLevel trust = conn.trust();
    if (trust == null) {
      return; // not authenticated yet: the state table admits only auth and auth.confirm
    }
    String ownName =
        message instanceof Hello hello
            ? hello.name()
            : conn.provider() == null ? null : conn.provider().name;
    Set<Capability> required = Capabilities.requiredFor(message, ownName);
    if (conn.credential() != null
        && conn.credential().allMeansItsOwn()
        && required.contains(Capability.BIND_ANY_SESSION)) {
      // A shared provider's "all" is its group's sessions, never any other (decision 72).
      required = EnumSet.copyOf(required);
      required.remove(Capability.BIND_ANY_SESSION);
    }
    if (!trust.allowsAll(required)) {
      Set<Capability> missing = EnumSet.copyOf(required);
      missing.removeAll(trust.capabilities());
      throw new ProtocolViolation(
          ErrorCode.UNAUTHORIZED,
          message.wireType()
              + " needs "
              + missing
              + ", which "
              + trust.wireName()
              + " providers do not have");
    }
  }

  /**
   * A session-scoped message may only name a session in the provider's authorized set (spec:
   * Session scope enforcement): bound sessions, or for {@code session.ready} a session awaiting it,
   * or for {@code shutdown.ready} a session shutting down.
   */
  private static void checkSessionScope(Conn conn, ProviderMessage message) {
    if (!(message instanceof SessionScoped scoped) || scoped.sessionId() == null) {
      return;
    }
    String sessionId = scoped.sessionId();
    ProviderState provider = conn.provider();
    boolean allowed =
        provider != null
            && switch (message.type()) {
              case SESSION_READY -> provider.isAwaitingReady(sessionId);
              case SHUTDOWN_READY -> provider.pendingShutdowns().contains(sessionId);
              default -> provider.bindings().containsKey(sessionId);
            };
    if (!allowed) {
      throw new ProtocolViolation(
          ErrorCode.INVALID_SESSION,
          "Session " + sessionId + " is not yours to address",
          sessionId);
    }
  }

  private void dispatch(Conn conn, ProviderMessage message) {
    switch (message.type()) {
      case AUTH -> auth.auth(conn, (Auth) message);
      case AUTH_CONFIRM -> auth.confirm(conn, (AuthConfirm) message);
      case HELLO -> bindings.hello(conn, (Hello) message);
      case GOODBYE -> bindings.goodbye(conn, (Goodbye) message);
      case SESSION_READY -> bindings.sessionReady(conn, (SessionReady) message);
      case SHUTDOWN_READY -> bindings.shutdownReady(conn, (ShutdownReady) message);
      case TOOL_RESULT -> calls.onResult(conn, (ToolResult) message);
      case TOOL_PROGRESS -> calls.onProgress(conn, (ToolProgress) message);
      case GATE_RESULT -> hooks.onGateResult(conn, (GateResult) message);
      case TRANSFORM_RESULT -> prompts.onResult(conn, (TransformResult) message);
      case PUSH -> pushes.push(conn, (Push) message);
      case TOOLS_UPDATE -> updates.toolsUpdate(conn, (ToolsUpdate) message);
      case HOOKS_UPDATE -> updates.hooksUpdate(conn, (HooksUpdate) message);
      case CONTEXT_UPDATE -> updates.contextUpdate(conn, (ContextUpdate) message);
      case FILTER_SET -> updates.filterSet(conn, (FilterSet) message);
      case STREAM_QUERY -> pushes.query(conn, (StreamQuery) message);
      case UNKNOWN -> throw new IllegalStateException("unknown types are answered before dispatch");
    }
  }
}
