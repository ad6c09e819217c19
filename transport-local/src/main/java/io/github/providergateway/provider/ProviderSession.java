package io.github.providergateway.provider;

import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
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
 * <p>Every method is thread-safe and returns at once.
 */
public interface ProviderSession extends AutoCloseable {

  /**
   * Completes with the first {@code hello.ack}. Fails with {@link GatewayErrorException} when a
   * fatal {@code error} ends the session before that, or with {@link IllegalStateException} when
   * the session is closed first.
   */
  CompletionStage<HelloAck> bound();

  /**
   * Sends {@code push}: an event at {@code level} on the provider's default stream.
   *
   * @return whether it was queued; {@code false} when there is no connection right now (over
   *     WebSocket: between reconnects) or its outbound queue is full. The gateway answers refusals
   *     (e.g. {@code RATE_LIMITED}) with an {@code error}, given to {@code onError}.
   */
  boolean push(PushLevel level, String event);

  /**
   * Sends {@code push} as given (stream, metadata, prompt...). See {@link #push(PushLevel,
   * String)}.
   */
  boolean push(Push push);

  /**
   * Replaces the provider's whole tool list ({@code tools.update} with a {@code requestId}).
   * Updates go one at a time, in call order; handlers of new tools serve calls at once.
   *
   * @return completes once the gateway applied the list: its {@code ack}, or, while not bound, the
   *     next {@code hello.ack} (the {@code hello} carries the list). Fails with {@link
   *     GatewayErrorException} when the gateway refuses it (the previous list stays), or with
   *     {@link IllegalStateException} when the session closes first.
   */
  CompletionStage<Void> updateTools(List<ProviderTool> tools);

  /**
   * Leaves: sends {@code goodbye} with {@code reason} (may be null), then closes the connection and
   * stops reconnecting. Calls still running are cancelled.
   *
   * @return {@link #closed()}
   */
  CompletionStage<Void> goodbye(String reason);

  /**
   * Completes when the session has ended for good. Fails with {@link GatewayErrorException} when a
   * fatal {@code error} ({@code AUTH_FAILED}, {@code UNSUPPORTED_VERSION}) ended it.
   */
  CompletionStage<Void> closed();

  /** {@link #goodbye goodbye(null)} without waiting. Idempotent. */
  @Override
  void close();
}
