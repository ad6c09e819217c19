package io.github.providergateway.provider;

import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.StreamHistory;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * A running {@link JavaProvider}, connected to a gateway by a transport ({@code
 * LocalProviderTransport.connect} in-process, {@code WebSocketProviderClient.connect} over
 * WebSocket). The same object whichever transport: provider code does not change.
 *
 * <p>Life: the transport connects (over WebSocket: authenticates, and reconnects after drops), the
 * runtime sends {@code hello} and the provider is bound once {@code hello.ack} arrives; it then
 * serves tool calls until {@link #goodbye} or {@link #close()}, until the gateway closes an
 * in-process connection, or until a fatal {@code error}. {@link #closed()} completes then, and the
 * session cannot be used again.
 *
 * <p>Updates ({@link #updateTools}, {@link #updateHooks}, {@link #updateContext}, {@link
 * #setFilter}) go to the gateway one at a time, in call order, each with a {@code requestId}; the
 * returned stage completes once the gateway acknowledged it for every session the provider is bound
 * to (one {@code ack} each), or fails with {@link GatewayErrorException} on the {@code error} that
 * echoes its {@code requestId} (the previous state then stays). Asked for while not bound (before
 * the first {@code hello.ack}, between reconnects), they ride on the next {@code hello} (filters:
 * right after it). The runtime keeps the provider's whole declared state and declares it again on
 * every new connection, so a reconnect, with or without a valid reconnect token, ends in the same
 * state.
 *
 * <p>Stages complete on the provider's executor. Every method is thread-safe and returns at once.
 * For calls that wait for the gateway's answer instead, wrap it in its blocking twin, {@link
 * SyncProviderSession}.
 */
public interface ProviderSession extends AutoCloseable {

  /**
   * Completes with the first {@code hello.ack}. Fails at once with {@link GatewayErrorException}
   * (its {@link GatewayErrorException#code() code} and message the gateway's) when the gateway
   * refuses the {@code hello} ({@code INVALID_SESSION} for a session it does not have, {@code
   * DUPLICATE_INSTANCE}, {@code TOOL_CONFLICT}, {@code UNAUTHORIZED}, ...) or a fatal {@code error}
   * ends the session before that; a refused {@code hello} ends the session, so {@link #closed()}
   * fails with it too. Fails with {@link IllegalStateException} when the session is closed first.
   * Never fails while the runtime waits for a session it may choose (see {@link
   * JavaProvider.Builder#session(String)}).
   *
   * @return the binding's {@code hello.ack}
   */
  CompletionStage<HelloAck> bound();

  /**
   * Sends {@code push}: an event at {@code level} on the provider's default stream.
   *
   * @param level what the host does with the event: keep, surface or inject
   * @param event the event's text
   * @return whether it was queued; {@code false} when there is no connection right now (over
   *     WebSocket: between reconnects) or its outbound queue is full. The gateway answers refusals
   *     (e.g. {@code RATE_LIMITED}) with an {@code error}, given to {@code onError}.
   */
  boolean push(PushLevel level, String event);

  /**
   * Sends {@code push}: an event at {@code level} on {@code stream}. See {@link #push(PushLevel,
   * String)}.
   *
   * @param stream the provider's stream to store the event in
   * @param level what the host does with the event: keep, surface or inject
   * @param event the event's text
   * @return whether it was queued
   */
  boolean push(String stream, PushLevel level, String event);

  /**
   * Sends {@code push} as given: build it with {@link PushBuilder} for a stream, metadata, a
   * prompt, a target session or a broadcast. See {@link #push(PushLevel, String)}.
   *
   * @param push the message
   * @return whether it was queued
   */
  boolean push(Push push);

  /**
   * Replaces the provider's whole tool list ({@code tools.update}); handlers of new tools serve
   * calls at once. See the class comment for the stage; it fails with {@link IllegalStateException}
   * when the session closes first.
   *
   * @param tools the whole new list; names must be unique
   * @return completes once the gateway acknowledged the update
   */
  CompletionStage<Void> updateTools(List<ProviderTool> tools);

  /**
   * Changes hook rules and transforms ({@code hooks.update}): {@link Hooks#onPreToolUse()}, when
   * present, replaces the whole rule list; {@link Hooks#transforms()} merge by section, an empty
   * {@code Optional} removing that section's transform. See the class comment for the stage.
   *
   * @param hooks the changes
   * @return completes once the gateway acknowledged the update
   * @throws IllegalArgumentException when a {@code gate} rule or {@code callback} transform has no
   *     handler in the {@link JavaProvider}
   */
  CompletionStage<Void> updateHooks(Hooks hooks);

  /**
   * Replaces the ambient context added to every prompt ({@code context.update}); an empty text
   * clears it. See the class comment for the stage.
   *
   * @param context the new text
   * @return completes once the gateway acknowledged the update
   */
  CompletionStage<Void> updateContext(String context);

  /**
   * Replaces the gateway-side filter of one of the provider's own streams ({@code filter.set}): the
   * first rule whose regex is found in a pushed event decides its level, {@code drop} discarding
   * it; an empty list removes the filter. See the class comment for the stage.
   *
   * @param stream the stream, or {@code null} for the one named after the provider
   * @param rules the rules, in evaluation order; empty to remove the filter
   * @return completes once the gateway acknowledged the update
   */
  CompletionStage<Void> setFilter(String stream, List<FilterRule> rules);

  /**
   * Reads the newest {@code last} events (at most 100) of each stream ({@code stream.query}), in
   * the provider's session. Streams are named {@code stream@provider}, or bare for the provider's
   * own; reading other providers' streams needs internal trust.
   *
   * @param streams the streams' names
   * @param last how many events to read of each, at most 100
   * @return the {@code stream.history}, entries newest first; fails with {@link
   *     GatewayErrorException} when the gateway refuses the query, or with {@link
   *     IllegalStateException} when the session closes first. Asked for while not bound, the query
   *     waits for the binding; one in flight at a drop is asked again on the next connection.
   */
  CompletionStage<StreamHistory> queryStreams(List<String> streams, int last);

  /**
   * {@link #queryStreams(List, int)} in session {@code sessionId}, which {@code "all"}-bound
   * providers must name.
   *
   * @param sessionId the session whose streams to read
   * @param streams the streams' names
   * @param last how many events to read of each, at most 100
   * @return the {@code stream.history}, as {@link #queryStreams(List, int)}'s
   */
  CompletionStage<StreamHistory> queryStreams(String sessionId, List<String> streams, int last);

  /**
   * Leaves: sends {@code goodbye} with {@code reason} (may be null), then closes the connection and
   * stops reconnecting. Calls still running are cancelled.
   *
   * @param reason why, for the gateway's log; may be null
   * @return {@link #closed()}
   */
  CompletionStage<Void> goodbye(String reason);

  /**
   * Completes when the session has ended for good. Fails with {@link GatewayErrorException} when a
   * fatal {@code error} ({@code AUTH_FAILED}, {@code UNSUPPORTED_VERSION}) ended it, or with the
   * failure of a {@link PairingCodeSupplier} that abandoned pairing.
   *
   * @return completes when the session has ended
   */
  CompletionStage<Void> closed();

  /** {@link #goodbye goodbye(null)} without waiting. Idempotent. */
  @Override
  void close();
}
