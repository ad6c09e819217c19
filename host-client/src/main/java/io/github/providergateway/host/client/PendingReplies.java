package io.github.providergateway.host.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.host.protocol.RpcErrorCode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Request/reply correlation on the host protocol: gives each request an id, keeps its future until
 * the reply with that id arrives, and turns a refusal into the exception callers see. {@code
 * host.challenge} and {@code host.auth} requests have ids of their own ({@code auth-N}) so that a
 * socket closing mid-auth can fail just them. Client thread only.
 */
final class PendingReplies {
  private static final String AUTH_PREFIX = "auth-";

  /** Requests awaiting a reply, by id. Client thread only. */
  private final Map<String, CompletableFuture<ObjectNode>> pending = new HashMap<>();

  /** The number of the last id given out (commands and auths share it). Client thread only. */
  private long nextRequest;

  /** {@code host.auth} was answered {@code AUTH_FAILED}: a gateway is there, with another token. */
  static final class AuthRefused extends IOException {
    private static final long serialVersionUID = 1L;

    AuthRefused(String message) {
      super(message);
    }
  }

  /**
   * {@code host.challenge} or {@code host.auth} was answered {@code UNKNOWN_COMMAND}: a gateway
   * from before the command (or whatever says so).
   */
  static final class UnknownCommand extends IOException {
    private static final long serialVersionUID = 1L;

    UnknownCommand(String message) {
      super(message);
    }
  }

  /** The socket closed while a {@code host.challenge} or {@code host.auth} waited for its reply. */
  static final class ClosedDuringAuth extends IOException {
    private static final long serialVersionUID = 1L;

    ClosedDuringAuth(String message) {
      super(message);
    }
  }

  /**
   * The cause of the failures {@link #failAll} gives: the connection closed with the request
   * unanswered, not a reply that refused it ({@link HostCalls#goneAsAsked}).
   */
  static final class ConnectionLost extends IOException {
    private static final long serialVersionUID = 1L;

    ConnectionLost(String message) {
      super(message);
    }
  }

  /** A fresh id for a command. */
  JsonNode nextId() {
    return TextNode.valueOf("c" + (++nextRequest));
  }

  /** A fresh id for a {@code host.auth}. */
  JsonNode nextAuthId() {
    return TextNode.valueOf(AUTH_PREFIX + (++nextRequest));
  }

  /** The future of the reply to request {@code id}. */
  CompletableFuture<ObjectNode> expect(JsonNode id) {
    CompletableFuture<ObjectNode> reply = new CompletableFuture<>();
    pending.put(id.asText(), reply);
    return reply;
  }

  /** Completes the request {@code reply} answers; a reply nobody waits for is dropped. */
  void replied(HostReply reply) {
    if (reply.id() == null) {
      return;
    }
    CompletableFuture<ObjectNode> future = pending.remove(reply.id().asText());
    if (future == null) {
      return;
    }
    if (reply instanceof HostReply.Ok ok) {
      future.complete(ok.fields());
    } else if (reply.id().asText().startsWith(AUTH_PREFIX)) {
      HostReply.Failed failed = (HostReply.Failed) reply;
      String text = failed.codeText() + ": " + failed.message();
      future.completeExceptionally(
          failed.code() == RpcErrorCode.AUTH_FAILED
              ? new AuthRefused(failed.message())
              : failed.code() == RpcErrorCode.UNKNOWN_COMMAND
                  ? new UnknownCommand(text)
                  : new IOException(text));
    } else {
      HostReply.Failed failed = (HostReply.Failed) reply;
      future.completeExceptionally(new HostException(code(failed), failed.message()));
    }
  }

  /** Fails every waiting request with {@link HostErrorCode#GATEWAY_CLOSED}. */
  void failAll(String why) {
    List<CompletableFuture<ObjectNode>> failed = new ArrayList<>(pending.values());
    pending.clear();
    HostException error = new HostException(HostErrorCode.GATEWAY_CLOSED, why);
    error.initCause(new ConnectionLost(why)); // told apart from a refusal of the same code
    failed.forEach(future -> future.completeExceptionally(error));
  }

  /** Fails the waiting {@code host.auth} requests: their socket closed. */
  void failAuths(String reason) {
    List<String> auths =
        pending.keySet().stream().filter(id -> id.startsWith(AUTH_PREFIX)).toList();
    for (String id : auths) {
      CompletableFuture<ObjectNode> auth = pending.remove(id);
      auth.completeExceptionally(
          new ClosedDuringAuth("connection closed during host.auth: " + reason));
    }
  }

  private static HostErrorCode code(HostReply.Failed failed) {
    return switch (failed.code()) {
      case INVALID_SESSION -> HostErrorCode.INVALID_SESSION;
      case INVALID_ARGUMENT, INVALID_JSON, UNKNOWN_COMMAND, UNKNOWN_CALL ->
          HostErrorCode.INVALID_ARGUMENT;
      case INVALID_CONFIG -> HostErrorCode.INVALID_CONFIG;
      case GATEWAY_CLOSED, AUTH_FAILED, UNAUTHORIZED -> HostErrorCode.GATEWAY_CLOSED;
      case INTERNAL, UNKNOWN -> HostErrorCode.INTERNAL;
    };
  }
}
