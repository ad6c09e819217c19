package io.github.providergateway.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What an agent host asks of the gateway (architecture: Host SPI and API). Implemented by the
 * embedded {@link Gateway}; a host written against this interface does not care where the gateway
 * runs.
 *
 * <p>Every method returns at once. Futures complete on the gateway loop: callbacks attached to
 * them must not block. A refused request completes exceptionally with {@link HostException}.
 */
public interface HostApi {

  /**
   * Starts a session. Providers get {@code sessions.updated}; the gateway reaches the agent
   * through {@code host}.
   *
   * @return the new session, with its id
   */
  CompletableFuture<SessionInfo> startSession(SessionSpec spec, SessionHost host);

  /** Reports the session idle; bound providers get {@code session.lifecycle idle}. */
  CompletableFuture<Void> idle(String sessionId);

  /**
   * Ends a session: bound providers get {@code shutdown.pending} with {@code deadline}; teardown
   * runs once each has answered {@code shutdown.ready} (or {@code goodbye}) or the deadline passed.
   *
   * @return completes when teardown is done
   */
  CompletableFuture<Void> endSession(String sessionId, Duration deadline);

  /**
   * Interrupts the session's work: every call in flight there ends {@code CANCELLED} and its
   * provider gets {@code tool.cancel}.
   */
  CompletableFuture<Void> interrupt(String sessionId);

  /**
   * Runs a provider tool: pre-tool hooks first, then {@code tool.call} to the provider that owns
   * it.
   *
   * @param timeout the call's timeout from now, or {@code null} for the tool's own (or 60 s)
   * @return the outcome and the context hooks added; never completes exceptionally for tool
   *     failures, only for a refused request (unknown session)
   */
  CompletableFuture<CallResult> callTool(
      String sessionId, String tool, JsonNode args, Duration timeout);

  /**
   * Runs a provider tool as {@link #callTool(String, String, JsonNode, Duration)} does, and tells
   * {@code progress} of every {@code tool.progress} the call gets.
   *
   * <p>Cancelling the returned future ({@code future.cancel(false)}) cancels the call: it ends
   * {@code CANCELLED} and, if it reached its provider, the provider gets {@code tool.cancel}
   * (reason {@code interrupted}). Only the returned future does this, not one derived from it.
   */
  default CompletableFuture<CallResult> callTool(
      String sessionId, String tool, JsonNode args, Duration timeout, ProgressListener progress) {
    return callTool(sessionId, tool, args, timeout);
  }

  /** Runs only the pre-tool hooks, for a tool the host itself owns. */
  CompletableFuture<HookDecision> preToolUse(String sessionId, String tool, JsonNode args);

  /**
   * Runs the prompt pipeline when the user submits a prompt: transforms on {@code sections},
   * ambient and startup contexts. The user's words themselves do not take part (no transform sees
   * them); a host tells subscribed providers of them with {@link #emit} {@code user.message}.
   *
   * @param sections section name → current text
   */
  CompletableFuture<PromptResult> onPrompt(String sessionId, Map<String, String> sections);

  /** Forwards a session event to subscribed providers as {@code session.event}. */
  CompletableFuture<Void> emit(String sessionId, String event, JsonNode data);

  /** The active sessions. */
  CompletableFuture<List<SessionInfo>> sessions();

  /** The session's provider tools as the host would register them now. */
  CompletableFuture<List<HostTool>> tools(String sessionId);

  /** The bound providers. */
  CompletableFuture<List<ProviderInfo>> providers();

  /**
   * Reads streams of a session with internal trust: any provider's stream, {@code last} not
   * capped below the retention.
   *
   * @param streams names as {@code stream@provider}
   * @return each requested name → its entries, newest first
   */
  CompletableFuture<Map<String, List<StreamEntry>>> queryStreams(
      String sessionId, List<String> streams, int last);
}
