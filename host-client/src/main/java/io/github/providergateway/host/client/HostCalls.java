package io.github.providergateway.host.client;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.AuditFilter;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.host.api.ProgressListener;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.protocol.AnswerQuestion;
import io.github.providergateway.host.protocol.AskMcpFeature;
import io.github.providergateway.host.protocol.CallTool;
import io.github.providergateway.host.protocol.CancelCall;
import io.github.providergateway.host.protocol.EmitEvent;
import io.github.providergateway.host.protocol.EndSession;
import io.github.providergateway.host.protocol.HeldGate;
import io.github.providergateway.host.protocol.HostCommand;
import io.github.providergateway.host.protocol.HostWire;
import io.github.providergateway.host.protocol.IdleSession;
import io.github.providergateway.host.protocol.InterruptSession;
import io.github.providergateway.host.protocol.ListHeldGates;
import io.github.providergateway.host.protocol.ListProviders;
import io.github.providergateway.host.protocol.ListSessions;
import io.github.providergateway.host.protocol.ListTools;
import io.github.providergateway.host.protocol.PreToolUse;
import io.github.providergateway.host.protocol.QueryAudit;
import io.github.providergateway.host.protocol.QueryStreams;
import io.github.providergateway.host.protocol.ReleaseHeldGates;
import io.github.providergateway.host.protocol.ReloadProviders;
import io.github.providergateway.host.protocol.ReloadReport;
import io.github.providergateway.host.protocol.RunPrompt;
import io.github.providergateway.host.protocol.SettleSession;
import io.github.providergateway.host.protocol.Shutdown;
import io.github.providergateway.host.protocol.StatusLink;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;

/**
 * The {@link io.github.providergateway.host.api.HostApi} calls of a {@link GatewayClient} as host
 * commands (spec/host-rpc.md): each call runs on the client's loop, names its session by its id on
 * the current gateway, and reads the reply's fields into the value callers get. Any thread.
 */
final class HostCalls {
  private static final System.Logger LOG = System.getLogger(GatewayClient.class.getName());

  /** Runs a request on the client's loop: on the caller's thread when the loop is idle. */
  private final Executor thread;

  private final GatewayConnection connection;
  private final SessionTable sessions;

  /** Hears the calls' progress events. */
  private final EventRouter router;

  HostCalls(
      Executor thread, GatewayConnection connection, SessionTable sessions, EventRouter router) {
    this.thread = thread;
    this.connection = connection;
    this.sessions = sessions;
    this.router = router;
  }

  CompletableFuture<SessionInfo> startSession(SessionSpec spec, SessionHost host) {
    requireNonNull(spec, "spec");
    requireNonNull(host, "host");
    CompletableFuture<SessionInfo> result = new CompletableFuture<>();
    thread.execute(() -> sessions.start(spec, host, result));
    return result;
  }

  CompletableFuture<Void> idle(String sessionId) {
    return request(id -> new IdleSession(id, sessions.toGateway(sessionId))).thenApply(f -> null);
  }

  CompletableFuture<Void> endSession(String sessionId, Duration deadline) {
    return request(id -> new EndSession(id, sessions.toGateway(sessionId), deadline))
        .thenApply(f -> null);
  }

  CompletableFuture<Void> interrupt(String sessionId) {
    return request(id -> new InterruptSession(id, sessions.toGateway(sessionId)))
        .thenApply(f -> null);
  }

  /**
   * {@code tool.call}, with {@code "progress": true} unless {@code progress} is {@link
   * ProgressListener#NONE}: the router hands the call's {@code tool.progress} events to {@code
   * progress} until the reply. Cancelling the returned future sends {@code tool.cancel} for it (or,
   * cancelled before it was sent, never sends it); the reply to that is not waited for: the call
   * has ended for the caller either way.
   */
  CompletableFuture<CallResult> callTool(
      String sessionId, String tool, JsonNode args, Duration timeout, ProgressListener progress) {
    requireNonNull(tool, "tool");
    requireNonNull(progress, "progress");
    ObjectNode object = orEmpty(args);
    CompletableFuture<CallResult> result = new CompletableFuture<>();
    onThread(
        result,
        () -> {
          if (result.isDone()) {
            return; // cancelled before it was sent
          }
          JsonNode id = connection.nextId();
          String gatewaySession = sessions.toGateway(sessionId);
          boolean wantsProgress = progress != ProgressListener.NONE;
          if (wantsProgress) {
            router.listen(id, progress);
          }
          connection
              .send(
                  new CallTool(
                      id,
                      gatewaySession,
                      tool,
                      object,
                      timeout,
                      wantsProgress ? Boolean.TRUE : null))
              .whenComplete(
                  (fields, error) -> {
                    router.stopListening(id);
                    if (error != null) {
                      result.completeExceptionally(error);
                    } else {
                      try {
                        result.complete(ReplyFields.read(fields, HostWire::readCallResult));
                      } catch (RuntimeException e) {
                        result.completeExceptionally(e);
                      }
                    }
                  });
          result.whenComplete(
              (value, error) -> {
                if (result.isCancelled()) {
                  onThread(result, () -> cancelOnGateway(id, gatewaySession));
                }
              });
        });
    return result;
  }

  /** Sends {@code tool.cancel} for the call {@code callId}; client thread. */
  private void cancelOnGateway(JsonNode callId, String gatewaySession) {
    router.stopListening(callId);
    connection
        .send(new CancelCall(connection.nextId(), gatewaySession, callId))
        .whenComplete(
            (fields, error) -> {
              if (error != null) {
                // The call ended first (UNKNOWN_CALL) or the connection went (and the call with
                // it).
                LOG.log(Level.DEBUG, "tool.cancel of call {0}: {1}", callId, error.toString());
              }
            });
  }

  /** Runs {@code task} on the client thread; a closed client fails {@code result} instead. */
  private void onThread(CompletableFuture<?> result, Runnable task) {
    try {
      thread.execute(task);
    } catch (RejectedExecutionException e) {
      result.completeExceptionally(
          new HostException(HostErrorCode.GATEWAY_CLOSED, "the client is closed"));
    }
  }

  CompletableFuture<HookDecision> preToolUse(
      String sessionId, String tool, JsonNode args, boolean hostAsks) {
    requireNonNull(tool, "tool");
    ObjectNode object = orEmpty(args);
    Boolean asks = hostAsks ? Boolean.TRUE : null; // left out otherwise: today's command
    return request(id -> new PreToolUse(id, sessions.toGateway(sessionId), tool, object, asks))
        .thenApply(
            fields -> ReplyFields.read(fields, f -> HostWire.readDecision(f.get("decision"))));
  }

  CompletableFuture<PromptResult> onPrompt(String sessionId, Map<String, String> sections) {
    return request(id -> new RunPrompt(id, sessions.toGateway(sessionId), null, sections))
        .thenApply(fields -> ReplyFields.read(fields, HostWire::readPrompt));
  }

  CompletableFuture<Void> emit(String sessionId, String event, JsonNode data) {
    requireNonNull(event, "event");
    ObjectNode object = orEmpty(data);
    return request(id -> new EmitEvent(id, sessions.toGateway(sessionId), event, object))
        .thenApply(f -> null);
  }

  CompletableFuture<List<SessionInfo>> sessions() {
    return request(ListSessions::new)
        .thenApplyAsync(
            fields ->
                ReplyFields.read(
                        fields, f -> ReplyFields.list(f, "sessions", HostWire::readSession))
                    .stream()
                    .map(
                        s ->
                            new SessionInfo(
                                sessions.fromGateway(s.id()),
                                s.label(),
                                s.cwd(),
                                s.foreground(),
                                s.openedBy()))
                    .toList(),
            thread); // on the client thread, where the id tables live
  }

  /**
   * The session has settled, and the tools it registered on the way are this client's session
   * host's: a {@code tools.changed} makes the client fetch the tools ({@code tools.list}), whose
   * answer comes after the settle's; a fetch of our own, answered after that one on the same
   * connection, completes only once the session host has them (issue 34).
   */
  CompletableFuture<Void> settled(String sessionId) {
    return request(
            id -> {
              sessions.asked(sessionId);
              return new SettleSession(id, sessions.toGateway(sessionId));
            })
        .thenCompose(settled -> request(id -> new ListTools(id, sessions.toGateway(sessionId))))
        .thenApply(fields -> null);
  }

  CompletableFuture<List<HostTool>> tools(String sessionId) {
    return request(id -> new ListTools(id, sessions.toGateway(sessionId)))
        .thenApply(
            fields ->
                ReplyFields.read(fields, f -> ReplyFields.list(f, "tools", HostWire::readTool)));
  }

  CompletableFuture<List<JsonNode>> audit(AuditFilter filter) {
    return request(
            id ->
                new QueryAudit(
                    id,
                    filter.sessionId() == null ? null : sessions.toGateway(filter.sessionId()),
                    filter.provider(),
                    filter.tool(),
                    filter.kind(),
                    filter.callId(),
                    filter.since(),
                    filter.limit()))
        .thenApply(
            fields -> {
              List<JsonNode> decisions = new java.util.ArrayList<>();
              fields.path("decisions").forEach(decisions::add);
              return decisions;
            });
  }

  CompletableFuture<ReloadReport> reloadProviders(String name) {
    return request(id -> new ReloadProviders(id, name))
        .thenApply(fields -> ReplyFields.read(fields, HostWire::readReloadReport));
  }

  CompletableFuture<List<HeldGate>> heldGates() {
    return request(ListHeldGates::new)
        .thenApply(
            fields ->
                ReplyFields.read(
                    fields, f -> ReplyFields.list(f, "gates", HostWire::readHeldGate)));
  }

  CompletableFuture<List<HeldGate>> releaseHeldGates(
      String provider, String gateId, String project) {
    requireNonNull(provider, "provider");
    try {
      new ReleaseHeldGates(null, provider, gateId, project); // an empty name: the caller's to fix
    } catch (IllegalArgumentException e) {
      return CompletableFuture.failedFuture(
          new HostException(HostErrorCode.INVALID_ARGUMENT, "gates.release: " + e.getMessage()));
    }
    return request(id -> new ReleaseHeldGates(id, provider, gateId, project))
        .thenApply(
            fields ->
                ReplyFields.read(
                    fields, f -> ReplyFields.list(f, "released", HostWire::readHeldGate)));
  }

  CompletableFuture<Boolean> answerQuestion(String askId, boolean allow, String via) {
    requireNonNull(askId, "askId");
    String shortVia =
        via == null || via.length() <= AnswerQuestion.MAX_VIA_CHARS
            ? via
            : via.substring(0, AnswerQuestion.MAX_VIA_CHARS);
    return request(id -> new AnswerQuestion(id, askId, allow, shortVia))
        .thenApply(fields -> fields.path("decided").asBoolean(false));
  }

  CompletableFuture<java.net.URI> statusLink() {
    return request(StatusLink::new)
        .thenApply(
            fields -> ReplyFields.read(fields, f -> java.net.URI.create(f.path("url").asText())));
  }

  CompletableFuture<List<ProviderInfo>> providers() {
    return request(ListProviders::new)
        .thenApplyAsync(
            fields ->
                ReplyFields.read(
                        fields, f -> ReplyFields.list(f, "providers", HostWire::readProvider))
                    .stream()
                    .map(
                        p ->
                            new ProviderInfo(
                                p.providerId(),
                                p.name(),
                                p.instance(),
                                p.trust(),
                                p.sessions().stream().map(sessions::fromGateway).toList(),
                                p.tools(),
                                p.connectedSince(),
                                p.callsInFlight()))
                    .toList(),
            thread); // on the client thread, where the id tables live
  }

  CompletableFuture<Map<String, List<StreamEntry>>> queryStreams(
      String sessionId, List<String> streams, int last) {
    return request(id -> new QueryStreams(id, sessions.toGateway(sessionId), streams, last))
        .thenApply(fields -> ReplyFields.read(fields, f -> HostWire.readStreams(f.get("streams"))));
  }

  CompletableFuture<JsonNode> mcpFeature(String sessionId, McpFeature method, JsonNode params) {
    return request(id -> new AskMcpFeature(id, sessionId(sessionId), method, params))
        .thenApply(fields -> orEmpty(fields.get("result")));
  }

  private String sessionId(String sessionId) {
    return sessions.toGateway(sessionId);
  }

  private static ObjectNode orEmpty(JsonNode node) {
    return node instanceof ObjectNode o ? o : JsonNodeFactory.instance.objectNode();
  }

  /**
   * Sends the command made with a fresh id, from any thread, on the client thread; gives the
   * reply's fields.
   */
  CompletableFuture<ObjectNode> request(Function<JsonNode, HostCommand> command) {
    CompletableFuture<ObjectNode> result = new CompletableFuture<>();
    try {
      thread.execute(
          () -> {
            try {
              connection
                  .send(command.apply(connection.nextId()))
                  .whenComplete(
                      (fields, error) -> {
                        if (error != null) {
                          result.completeExceptionally(error);
                        } else {
                          result.complete(fields);
                        }
                      });
            } catch (RuntimeException e) {
              result.completeExceptionally(e);
            }
          });
    } catch (RejectedExecutionException e) {
      result.completeExceptionally(
          new HostException(HostErrorCode.GATEWAY_CLOSED, "the client is closed"));
    }
    return result;
  }

  /** Asks the gateway to stop; the client does not bring it back. */
  CompletableFuture<Void> shutdownGateway(Duration deadline) {
    CompletableFuture<Void> result = new CompletableFuture<>();
    request(
            id -> {
              connection.gatewayStopping(
                  true); // the gateway is about to go away: do not bring it back
              return new Shutdown(id, deadline);
            })
        .whenCompleteAsync(
            (fields, error) -> {
              if (error != null && !goneAsAsked(error)) {
                connection.gatewayStopping(
                    false); // refused: this gateway stays, and so does the client
                result.completeExceptionally(error);
              } else {
                result.complete(null);
              }
            },
            thread);
    return result;
  }

  /**
   * Whether a stop's request failed only since the connection closed under it: the gateway took the
   * stop and closed its hosts' connections before its reply was written (a console's gateway,
   * {@code closed 1001 gateway stopping}). A refusal is a reply (an {@code --rpc} gateway's is
   * {@code GATEWAY_CLOSED} too), never a closed connection.
   */
  static boolean goneAsAsked(Throwable error) {
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    return cause instanceof HostException
        && cause.getCause() instanceof PendingReplies.ConnectionLost;
  }
}
