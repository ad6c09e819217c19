package io.github.providergateway.host.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * What an agent host asks of the gateway (architecture: Host SPI and API). Implemented by the
 * embedded {@code Gateway} (gateway-runtime) and by {@code GatewayClient} (host-client, a gateway
 * in another process); a host written against this interface does not care where the gateway runs.
 *
 * <p>Every method returns at once. Futures complete on the gateway loop: callbacks attached to them
 * must not block. A refused request completes exceptionally with {@link HostException}. For calls
 * that wait for their answer instead, wrap it in its blocking twin, {@link SyncHostApi}.
 */
public interface HostApi {

  /**
   * Starts a session. Providers get {@code sessions.updated}; the gateway reaches the agent through
   * {@code host}.
   *
   * @param spec what the host says about the session
   * @param host how the gateway reaches the session's agent
   * @return the new session, with its id
   */
  CompletableFuture<SessionInfo> startSession(SessionSpec spec, SessionHost host);

  /**
   * Reports the session idle; bound providers get {@code session.lifecycle idle}.
   *
   * @param sessionId the session
   * @return completes once the providers were told
   */
  CompletableFuture<Void> idle(String sessionId);

  /**
   * Ends a session: bound providers get {@code shutdown.pending} with {@code deadline}; teardown
   * runs once each has answered {@code shutdown.ready} (or {@code goodbye}) or the deadline passed.
   *
   * @param sessionId the session
   * @param deadline how long the providers have to answer
   * @return completes when teardown is done
   */
  CompletableFuture<Void> endSession(String sessionId, Duration deadline);

  /**
   * Interrupts the session's work: every call in flight there ends {@code CANCELLED} and its
   * provider gets {@code tool.cancel}.
   *
   * @param sessionId the session
   * @return completes once the calls were cancelled
   */
  CompletableFuture<Void> interrupt(String sessionId);

  /**
   * Runs a provider tool: pre-tool hooks first, then {@code tool.call} to the provider that owns
   * it.
   *
   * @param sessionId the session the agent calls from
   * @param tool the tool's name as the host registered it
   * @param args the arguments, a JSON object
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
   *
   * @param sessionId the session the agent calls from
   * @param tool the tool's name as the host registered it
   * @param args the arguments, a JSON object
   * @param timeout the call's timeout from now, or {@code null} for the tool's own (or 60 s)
   * @param progress hears each {@code tool.progress} of the call, on the gateway loop
   * @return the outcome and the context hooks added, as {@link #callTool(String, String, JsonNode,
   *     Duration)}'s
   */
  default CompletableFuture<CallResult> callTool(
      String sessionId, String tool, JsonNode args, Duration timeout, ProgressListener progress) {
    return callTool(sessionId, tool, args, timeout);
  }

  /**
   * Runs only the pre-tool hooks, for a tool the host itself owns.
   *
   * @param sessionId the session the agent calls from
   * @param tool the tool's name
   * @param args the arguments the agent gave, a JSON object
   * @return whether the call may run, and the context the hooks added
   */
  CompletableFuture<HookDecision> preToolUse(String sessionId, String tool, JsonNode args);

  /**
   * Runs only the pre-tool hooks, as {@link #preToolUse(String, String, JsonNode)} does; with
   * {@code hostAsks}, a gate's question to the person (extension {@code gate.ask}) is not put by
   * the gateway but returned: the decision is then an {@linkplain HookDecision#ask ask} when no
   * rule denied, and the host asks its person (a coding agent's own permission prompt) before it
   * runs the tool. Later gates are still asked; a deny anywhere wins over an ask.
   *
   * @param sessionId the session the agent calls from
   * @param tool the tool's name
   * @param args the arguments the agent gave, a JSON object
   * @param hostAsks whether the host asks the person itself
   * @return whether the call may run, must be asked about, or not; and the context the hooks added
   */
  default CompletableFuture<HookDecision> preToolUse(
      String sessionId, String tool, JsonNode args, boolean hostAsks) {
    return preToolUse(sessionId, tool, args);
  }

  /**
   * Decides an agent hook's call as one request: chooses its session ({@link HookCall#choose}),
   * waits for that session's providers to settle ({@link #providersSettled}) at most {@link
   * HookCall#readyWait}, lets the host answer first ({@link HookCall#answeredBefore}), then runs
   * the pre-tool hooks as {@link #preToolUse(String, String, JsonNode, boolean)} does for a host
   * that asks its person itself.
   *
   * <p>This default composes those requests, with the wait timed in real time; the embedded gateway
   * runs the steps on its loop, one after the other, leaving it only to wait.
   *
   * @param call the call and the host's steps of its decision
   * @return the pre-tool hooks' decision, or {@code null} when the gateway evaluated nothing (no
   *     session chosen, or the host answered); completes exceptionally when a step failed
   */
  default CompletableFuture<HookDecision> preToolUse(HookCall call) {
    return sessions()
        .thenCompose(
            sessions -> {
              Optional<SessionInfo> chosen = call.choose(sessions);
              if (chosen.isEmpty()) {
                return CompletableFuture.completedFuture(null);
              }
              SessionInfo session = chosen.get();
              Duration wait = call.readyWait();
              CompletableFuture<Void> ready =
                  wait.isNegative() || wait.isZero()
                      ? CompletableFuture.completedFuture(null)
                      : providersSettled(session.id())
                          .exceptionally(unknown -> null)
                          .completeOnTimeout(null, wait.toNanos(), TimeUnit.NANOSECONDS);
              return ready.thenCompose(
                  settled ->
                      call.answeredBefore(session)
                          ? CompletableFuture.completedFuture(null)
                          : preToolUse(session.id(), call.tool(), call.args(), true));
            });
  }

  /**
   * Answers a gate's question to the person ({@link PersonQuestion}, extension {@code gate.ask}):
   * the first answer decides; later ones, and answers to a question that has ended, decide nothing.
   *
   * @param askId the question's {@link PersonQuestion#askId}
   * @param allow whether the person lets the call run
   * @param answeredBy who answered, for the audit trail and the other channels: an {@link
   *     AskChannel#name}
   * @return whether this answer decided the question
   */
  default CompletableFuture<Boolean> answerQuestion(
      String askId, boolean allow, String answeredBy) {
    return CompletableFuture.failedFuture(
        new HostException(HostErrorCode.INVALID_ARGUMENT, "This host API cannot answer questions"));
  }

  /**
   * Runs the prompt pipeline when the user submits a prompt: transforms on {@code sections},
   * ambient and startup contexts. The user's words themselves do not take part (no transform sees
   * them); a host tells subscribed providers of them with {@link #emit} {@code user.message}.
   *
   * @param sessionId the session
   * @param sections section name → current text
   * @return the sections after every transform, and the contexts to add
   */
  CompletableFuture<PromptResult> onPrompt(String sessionId, Map<String, String> sections);

  /**
   * Forwards a session event to subscribed providers as {@code session.event}.
   *
   * @param sessionId the session
   * @param event the event's name, e.g. {@code user.message}
   * @param data the event's data, forwarded as it is
   * @return completes once the subscribed providers were sent it
   */
  CompletableFuture<Void> emit(String sessionId, String event, JsonNode data);

  /** {@return the active sessions} */
  CompletableFuture<List<SessionInfo>> sessions();

  /**
   * The session's provider tools as the host would register them now.
   *
   * @param sessionId the session
   * @return the tools, in registration order
   */
  CompletableFuture<List<HostTool>> tools(String sessionId);

  /** {@return the bound providers} */
  CompletableFuture<List<ProviderInfo>> providers();

  /**
   * Completes once the session has settled: every provider the host started for it (a spawn token
   * issued, a spawned connection accepted) has bound or gone, or had 30 s, and the tools they
   * brought have been registered with the session's host. A host that answers a client's first
   * question about tools (an MCP client's {@code tools/list}) waits for it, bounded by a time of
   * its own, so that a one-shot client is not told "no tools" before the session's config providers
   * could bind (issue 34). At once for a session that is settled, or gone.
   *
   * @param sessionId the session
   * @return completes when settled; never exceptionally for an unknown session
   */
  default CompletableFuture<Void> providersSettled(String sessionId) {
    return CompletableFuture.completedFuture(null);
  }

  /**
   * Reads streams of a session with internal trust: any provider's stream, {@code last} not capped
   * below the retention.
   *
   * @param sessionId the session
   * @param streams names as {@code stream@provider}
   * @param last how many entries to read of each stream, at most the retention
   * @return each requested name → its entries, newest first
   */
  CompletableFuture<Map<String, List<StreamEntry>>> queryStreams(
      String sessionId, List<String> streams, int last);

  /**
   * Asks the session's federated MCP servers (decision 123) what MCP offers beyond tools: their
   * resources and templates, prompts and completions. A list merges every server's, one page; a
   * read, a prompt or a completion goes to the server that offers it. A resource's URI or a
   * prompt's name that two servers of the session offer is refused, never shadowed.
   *
   * <p>This default is a gateway that federates none: empty lists, anything else refused {@link
   * HostErrorCode#INVALID_ARGUMENT}.
   *
   * @param sessionId the session
   * @param method the MCP request
   * @param params its MCP {@code params}, an object
   * @return the MCP result, an object; fails with {@link HostException}: {@code INVALID_ARGUMENT}
   *     when no server of the session offers what was asked or it refused the params, {@code
   *     INTERNAL} when the server failed or is gone
   */
  default CompletableFuture<JsonNode> mcpFeature(
      String sessionId, McpFeature method, JsonNode params) {
    return method.lists()
        ? CompletableFuture.completedFuture(method.emptyList())
        : CompletableFuture.failedFuture(
            new HostException(
                HostErrorCode.INVALID_ARGUMENT,
                method.wireName() + ": no MCP server of this session offers it"));
  }
}
