package io.github.providergateway.federation;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.ConcurrencyScope;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolDefinition;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One session's view of a running MCP server: a provider connection of its own, authenticated with
 * a spawn token for that session (project trust, that session only) and bound with the server's
 * tools, so that the engine treats the server in each session as any provider of it. Several links
 * share one {@link McpBridge} when sessions of one project share the server; what comes from the
 * gateway on a link goes to the bridge with the link, and what the bridge answers goes back on it.
 */
final class McpSessionLink implements ProviderConnection {

  private final McpBridge bridge;
  private final String sessionId;
  private final CompletableFuture<Void> authenticated = new CompletableFuture<>();
  private final CompletableFuture<Void> bound = new CompletableFuture<>();
  private volatile ProviderLink link;

  McpSessionLink(McpBridge bridge, String sessionId) {
    this.bridge = bridge;
    this.sessionId = sessionId;
  }

  /** {@return the session this link serves} */
  String sessionId() {
    return sessionId;
  }

  /**
   * Authenticates for the session and says {@code hello} with {@code tools}.
   *
   * @return completes once the tools are registered; fails when the gateway refuses
   */
  CompletableFuture<Void> bind(
      Gateway gateway, McpServerConfig config, List<ToolDefinition> tools) {
    return gateway
        .spawning()
        .issueSpawnToken(sessionId, config.name()) // what a restart names
        .thenCompose(
            token -> {
              link = gateway.transports().acceptAuthenticating(this);
              link.receive(Auth.withToken(token));
              return authenticated;
            })
        .thenCompose(
            none -> {
              Hello.Builder hello =
                  Hello.builder(config.name())
                      .session(sessionId)
                      .tools(tools.toArray(ToolDefinition[]::new));
              if (config.maxConcurrentCalls() > 0) {
                // The gateway's own limit, as a provider declares it: calls past it wait in its
                // queue (in each session apart).
                hello.concurrency(
                    new Concurrency(config.maxConcurrentCalls(), ConcurrencyScope.PROVIDER));
              }
              link.receive(hello.build());
              return bound;
            });
  }

  /** {@return whether the tools are registered in the session} */
  boolean isBound() {
    return bound.isDone() && !bound.isCompletedExceptionally();
  }

  /** Hands {@code message} to the gateway on this link, if it is connected. */
  void receive(ProviderMessage message) {
    ProviderLink current = link;
    if (current != null) {
      current.receive(message);
    }
  }

  /** The server is gone: the engine ends this session's calls in flight and removes its tools. */
  void serverGone() {
    ProviderLink current = link;
    if (current != null) {
      current.closed();
    }
  }

  // ---- from the gateway (on its loop: hand off, never block) ----

  @Override
  public boolean send(GatewayMessage message) {
    if (message instanceof Sessions) {
      authenticated.complete(null);
    } else if (message instanceof HelloAck) {
      bound.complete(null);
    } else if (message instanceof ErrorMessage error) {
      refused(error);
    } else if (message instanceof ToolCall call) {
      bridge.startCall(this, call);
    } else if (message instanceof ToolCancel cancel) {
      bridge.cancelCall(this, cancel);
    } else if (message instanceof SessionLifecycle lifecycle
        && lifecycle.state() == LifecycleState.SHUTDOWN_PENDING) {
      CompletableFuture.runAsync(() -> bridge.sessionEnding(this, lifecycle.deadline()));
    }
    return true;
  }

  private void refused(ErrorMessage error) {
    String text = "the gateway refused it: " + error.code().wireName() + " " + error.message();
    if (!bound.isDone()) {
      IllegalStateException refusal = new IllegalStateException(text);
      authenticated.completeExceptionally(refusal);
      bound.completeExceptionally(refusal);
    } else {
      bridge.note(text + " (session " + sessionId + ")");
    }
  }

  @Override
  public void close(CloseReason reason) {
    bridge.linkClosed(this, reason);
  }

  @Override
  public String describe() {
    return bridge.describe();
  }
}
