package io.github.providergateway.provider;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.base.Durations;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.StreamHistory;
import io.github.providergateway.protocol.SyncTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The blocking twin of a {@link ProviderSession}, for provider code that would rather wait than
 * chain stages: each method makes the same call on the session and waits for the gateway's answer,
 * up to the twin's {@link #timeout()}. The session stays the core; this holds nothing but it and
 * the timeout, and {@link #withTimeout} gives another twin with a different wait. Whichever
 * transport made the session:
 *
 * <pre>{@code
 * SyncProviderSession session = SyncProviderSession.of(WebSocketProviderClient.connect(uri, token, provider));
 * HelloAck ack = session.awaitBound();
 * session.updateContext("the build is green");
 * session.awaitClosed(); // serves tool calls until the session ends
 * }</pre>
 *
 * <p><b>Failures</b> are unchecked: a refusal throws {@link GatewayErrorException} with the
 * gateway's {@link GatewayErrorException#code() code} and message (a fresh one, thrown from the
 * caller's thread, whose cause is the session's); a wait that runs out throws {@link
 * SyncTimeoutException} (the request may still be answered, and the session goes on); a session
 * closed first throws {@link IllegalStateException}, as its stage fails; an interrupt throws {@link
 * CancellationException} with the thread's interrupt status set again.
 *
 * <p>Never call it from a handler ({@link ToolHandler}, {@link GateHandler}, ...) or a stage's
 * callback: they run on the provider's executor, where the answer waited for is delivered.
 */
public final class SyncProviderSession implements AutoCloseable {

  /** How long a twin made by {@link #of} waits: 30 s, for one round trip to the gateway. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

  private final ProviderSession async;
  private final Duration timeout;

  private SyncProviderSession(ProviderSession async, Duration timeout) {
    this.async = requireNonNull(async, "async");
    this.timeout = Durations.requirePositive(timeout, "timeout");
  }

  /**
   * The blocking twin of {@code async}, waiting up to {@link #DEFAULT_TIMEOUT}.
   *
   * @param async the session whose calls to wait for
   * @return the twin
   */
  public static SyncProviderSession of(ProviderSession async) {
    return new SyncProviderSession(async, DEFAULT_TIMEOUT);
  }

  /**
   * A twin of the same session that waits up to {@code timeout}; this one is unchanged.
   *
   * @param timeout how long each call waits for its answer; positive
   * @return the twin
   * @throws IllegalArgumentException when {@code timeout} is zero or negative
   */
  public SyncProviderSession withTimeout(Duration timeout) {
    return new SyncProviderSession(async, timeout);
  }

  /** {@return how long each call waits for its answer} */
  public Duration timeout() {
    return timeout;
  }

  /** {@return the session this twin waits on} */
  public ProviderSession async() {
    return async;
  }

  /**
   * Waits for {@link ProviderSession#bound()}: the first {@code hello.ack}.
   *
   * @return the binding's {@code hello.ack}
   * @throws GatewayErrorException when the gateway refused the {@code hello}, with its code
   * @throws SyncTimeoutException when the provider is not bound within {@link #timeout()} (a
   *     provider that waits for a session to choose is not)
   */
  public HelloAck awaitBound() {
    return await(async.bound(), "hello.ack");
  }

  /**
   * {@link ProviderSession#push(PushLevel, String)}; returns at once, as it does.
   *
   * @param level what the host does with the event: keep, surface or inject
   * @param event the event's text
   * @return whether it was queued
   */
  public boolean push(PushLevel level, String event) {
    return async.push(level, event);
  }

  /**
   * {@link ProviderSession#push(String, PushLevel, String)}; returns at once, as it does.
   *
   * @param stream the provider's stream to store the event in
   * @param level what the host does with the event: keep, surface or inject
   * @param event the event's text
   * @return whether it was queued
   */
  public boolean push(String stream, PushLevel level, String event) {
    return async.push(stream, level, event);
  }

  /**
   * {@link ProviderSession#push(Push)}; returns at once, as it does.
   *
   * @param push the message
   * @return whether it was queued
   */
  public boolean push(Push push) {
    return async.push(push);
  }

  /**
   * {@link ProviderSession#updateTools}, waited for until the gateway acknowledged it.
   *
   * @param tools the whole new list; names must be unique
   */
  public void updateTools(List<ProviderTool> tools) {
    await(async.updateTools(tools), "tools.update");
  }

  /**
   * {@link ProviderSession#updateHooks}, waited for until the gateway acknowledged it.
   *
   * @param hooks the changes
   */
  public void updateHooks(Hooks hooks) {
    await(async.updateHooks(hooks), "hooks.update");
  }

  /**
   * {@link ProviderSession#updateContext}, waited for until the gateway acknowledged it.
   *
   * @param context the new text
   */
  public void updateContext(String context) {
    await(async.updateContext(context), "context.update");
  }

  /**
   * {@link ProviderSession#setFilter}, waited for until the gateway acknowledged it.
   *
   * @param stream the stream, or {@code null} for the one named after the provider
   * @param rules the rules, in evaluation order; empty to remove the filter
   */
  public void setFilter(String stream, List<FilterRule> rules) {
    await(async.setFilter(stream, rules), "filter.set");
  }

  /**
   * {@link ProviderSession#queryStreams(List, int)}, waited for.
   *
   * @param streams the streams' names
   * @param last how many events to read of each, at most 100
   * @return the {@code stream.history}, entries newest first
   */
  public StreamHistory queryStreams(List<String> streams, int last) {
    return await(async.queryStreams(streams, last), "stream.query");
  }

  /**
   * {@link ProviderSession#queryStreams(String, List, int)}, waited for.
   *
   * @param sessionId the session whose streams to read
   * @param streams the streams' names
   * @param last how many events to read of each, at most 100
   * @return the {@code stream.history}, entries newest first
   */
  public StreamHistory queryStreams(String sessionId, List<String> streams, int last) {
    return await(async.queryStreams(sessionId, streams, last), "stream.query");
  }

  /**
   * {@link ProviderSession#goodbye}, waited for until the session has ended.
   *
   * @param reason why, for the gateway's log; may be null
   */
  public void goodbye(String reason) {
    await(async.goodbye(reason), "goodbye");
  }

  /**
   * Waits, with no limit, until the session has ended ({@link ProviderSession#closed()}): a
   * session's life is not a request, so the twin's timeout does not apply. What a provider's {@code
   * main} calls once it is set up.
   *
   * @throws GatewayErrorException when a fatal {@code error} ended the session, with its code
   */
  public void awaitClosed() {
    Future<Void> closed = async.closed().toCompletableFuture();
    try {
      closed.get();
    } catch (InterruptedException e) {
      throw interrupted(e, "the session's end");
    } catch (ExecutionException e) {
      throw rethrown(e.getCause());
    }
  }

  /** {@link ProviderSession#close()}: {@code goodbye} without waiting. Idempotent. */
  @Override
  public void close() {
    async.close();
  }

  /**
   * Waits for any stage of the session with this twin's timeout and failures.
   *
   * @param <T> the answer's type
   * @param answer what the session returned
   * @return its value
   * @throws GatewayErrorException when the gateway refused, with its code
   * @throws SyncTimeoutException when no answer came within {@link #timeout()}
   */
  public <T> T await(CompletionStage<T> answer) {
    return await(answer, "the answer");
  }

  private <T> T await(CompletionStage<T> answer, String request) {
    try {
      return answer.toCompletableFuture().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new SyncTimeoutException(request, timeout);
    } catch (InterruptedException e) {
      throw interrupted(e, request);
    } catch (ExecutionException e) {
      throw rethrown(e.getCause());
    }
  }

  private static CancellationException interrupted(InterruptedException e, String request) {
    Thread.currentThread().interrupt();
    CancellationException interrupted =
        new CancellationException("interrupted while waiting for " + request);
    interrupted.initCause(e);
    return interrupted;
  }

  /**
   * The session's failure, to throw on the caller's thread: a refusal as a fresh {@link
   * GatewayErrorException} with the same {@code error} (its stack the caller's, its cause the
   * original); other unchecked ones as they are; anything else wrapped in {@link
   * CompletionException}.
   */
  private static RuntimeException rethrown(Throwable failure) {
    if (failure instanceof GatewayErrorException refused) {
      GatewayErrorException here = new GatewayErrorException(refused.error());
      here.initCause(refused);
      return here;
    }
    if (failure instanceof RuntimeException unchecked) {
      return unchecked;
    }
    if (failure instanceof Error error) {
      throw error;
    }
    return new CompletionException(failure);
  }
}
