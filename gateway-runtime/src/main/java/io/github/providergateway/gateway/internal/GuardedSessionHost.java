package io.github.providergateway.gateway.internal;

import io.github.providergateway.host.api.AskChannel;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.SessionHost;
import java.lang.System.Logger.Level;
import java.util.List;

/**
 * The host's port, called so that a host bug stays the host's: an exception thrown by its {@code
 * registerTools}, {@code log}, {@code send} or {@code streamUpdated} (or a {@link LinkageError}:
 * host code that no longer loads) is logged, and the provider message that caused the call is still
 * handled as if the host had taken it. Without this, a throwing host would look like a failing
 * provider message and cost an innocent provider its connection.
 */
final class GuardedSessionHost implements SessionHost {

  private static final System.Logger LOG = System.getLogger(GuardedSessionHost.class.getName());

  private final SessionHost host;

  GuardedSessionHost(SessionHost host) {
    this.host = host;
  }

  @Override
  public void registerTools(String sessionId, List<HostTool> tools) {
    try {
      host.registerTools(sessionId, tools);
    } catch (RuntimeException | LinkageError e) {
      LOG.log(Level.WARNING, "the host's registerTools failed for session " + sessionId, e);
    }
  }

  @Override
  public void log(String sessionId, String source, String message) {
    try {
      host.log(sessionId, source, message);
    } catch (RuntimeException | LinkageError e) {
      LOG.log(Level.WARNING, "the host's log failed for session " + sessionId, e);
    }
  }

  @Override
  public void send(String sessionId, String source, String prompt) {
    try {
      host.send(sessionId, source, prompt);
    } catch (RuntimeException | LinkageError e) {
      LOG.log(Level.WARNING, "the host's send failed for session " + sessionId, e);
    }
  }

  @Override
  public void streamUpdated(String sessionId, String stream) {
    try {
      host.streamUpdated(sessionId, stream);
    } catch (RuntimeException | LinkageError e) {
      LOG.log(Level.WARNING, "the host's streamUpdated failed for session " + sessionId, e);
    }
  }

  @Override
  public void offersChanged(
      String sessionId, io.github.providergateway.host.api.McpFeature listing) {
    try {
      host.offersChanged(sessionId, listing);
    } catch (RuntimeException | LinkageError e) {
      LOG.log(Level.WARNING, "the host's offersChanged failed for session " + sessionId, e);
    }
  }

  @Override
  public java.util.concurrent.CompletableFuture<com.fasterxml.jackson.databind.JsonNode> askClient(
      String sessionId,
      String server,
      String method,
      com.fasterxml.jackson.databind.JsonNode params) {
    try {
      return host.askClient(sessionId, server, method, params);
    } catch (RuntimeException | LinkageError e) {
      return java.util.concurrent.CompletableFuture.failedFuture(e);
    }
  }

  @Override
  public AskChannel askChannel() {
    try {
      return host.askChannel();
    } catch (RuntimeException | LinkageError e) {
      LOG.log(Level.WARNING, "the host's askChannel failed", e);
      return null;
    }
  }
}
