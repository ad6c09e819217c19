package io.github.providergateway.host.api;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.SyncTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The blocking twin of a {@link HostApi}, for hosts that would rather wait than chain futures: each
 * method makes the same call on the async API and waits for its answer, up to the twin's {@link
 * #timeout()}. The async API stays the core; this holds nothing but it and the timeout, so a twin
 * can be made wherever one is wanted, and {@link #withTimeout} gives another with a different wait.
 * Over an embedded {@code Gateway} or a {@code GatewayClient} alike:
 *
 * <pre>{@code
 * SyncHostApi gateway = SyncHostApi.of(client).withTimeout(Duration.ofSeconds(30));
 * SessionInfo session = gateway.startSession(SessionSpec.of("demo", cwd), myHost);
 * CallResult result = gateway.callTool(session.id(), "greet", args, null);
 * }</pre>
 *
 * <p><b>Failures</b> are unchecked: a refusal throws {@link HostException} with the gateway's
 * {@link HostException#code() code} and message (a fresh one, thrown from the caller's thread,
 * whose cause is the async API's); a wait that runs out throws {@link SyncTimeoutException} (what
 * was asked may still take effect; a tool call is cancelled, as cancelling its future does); an
 * interrupt throws {@link CancellationException} with the thread's interrupt status set again. Tool
 * failures stay values ({@link ToolOutcome.Failure}), as in the async API.
 *
 * <p>Never call it on the gateway's loop or the client's (in a {@link SessionHost} callback, a
 * {@link ProgressListener}, a future's callback): the answer waited for would be delivered on the
 * thread that waits. Thread-safe when the async API is.
 */
public final class SyncHostApi {

  /**
   * How long a twin made by {@link #of} waits: two minutes, longer than a tool call's default
   * timeout (60 s), so that a call the gateway times out returns its {@code TIMEOUT} outcome.
   */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);

  private final HostApi async;
  private final Duration timeout;

  private SyncHostApi(HostApi async, Duration timeout) {
    this.async = requireNonNull(async, "async");
    this.timeout = requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive, was " + timeout);
    }
  }

  /**
   * The blocking twin of {@code async}, waiting up to {@link #DEFAULT_TIMEOUT}.
   *
   * @param async the host API whose calls to wait for: an embedded {@code Gateway}, a {@code
   *     GatewayClient}
   * @return the twin
   */
  public static SyncHostApi of(HostApi async) {
    return new SyncHostApi(async, DEFAULT_TIMEOUT);
  }

  /**
   * A twin of the same host API that waits up to {@code timeout}; this one is unchanged.
   *
   * @param timeout how long each call waits for its answer; positive
   * @return the twin
   * @throws IllegalArgumentException when {@code timeout} is zero or negative
   */
  public SyncHostApi withTimeout(Duration timeout) {
    return new SyncHostApi(async, timeout);
  }

  /** {@return how long each call waits for its answer} */
  public Duration timeout() {
    return timeout;
  }

  /** {@return the async host API this twin waits on} */
  public HostApi async() {
    return async;
  }

  /**
   * {@link HostApi#startSession}, waited for.
   *
   * @param spec what the host says about the session
   * @param host how the gateway reaches the session's agent
   * @return the new session, with its id
   */
  public SessionInfo startSession(SessionSpec spec, SessionHost host) {
    return await(async.startSession(spec, host), "startSession");
  }

  /**
   * {@link HostApi#idle}, waited for.
   *
   * @param sessionId the session
   */
  public void idle(String sessionId) {
    await(async.idle(sessionId), "idle");
  }

  /**
   * {@link HostApi#endSession}, waited for: give the twin a timeout longer than {@code deadline}.
   *
   * @param sessionId the session
   * @param deadline how long the providers have to answer
   */
  public void endSession(String sessionId, Duration deadline) {
    await(async.endSession(sessionId, deadline), "endSession");
  }

  /**
   * {@link HostApi#interrupt}, waited for.
   *
   * @param sessionId the session
   */
  public void interrupt(String sessionId) {
    await(async.interrupt(sessionId), "interrupt");
  }

  /**
   * {@link HostApi#callTool(String, String, JsonNode, Duration)}, waited for. When the twin's wait
   * runs out first, the call is cancelled (its future is; the gateway sends {@code tool.cancel}).
   *
   * @param sessionId the session the agent calls from
   * @param tool the tool's name as the host registered it
   * @param args the arguments, a JSON object
   * @param timeout the call's own timeout at the gateway, or {@code null} for the tool's (or 60 s)
   * @return the outcome and the context hooks added; a tool failure is an outcome, not an exception
   */
  public CallResult callTool(String sessionId, String tool, JsonNode args, Duration timeout) {
    return awaitOrCancel(async.callTool(sessionId, tool, args, timeout), "callTool " + tool);
  }

  /**
   * {@link HostApi#callTool(String, String, JsonNode, Duration, ProgressListener)}, waited for;
   * cancelled as {@link #callTool(String, String, JsonNode, Duration)} is.
   *
   * @param sessionId the session the agent calls from
   * @param tool the tool's name as the host registered it
   * @param args the arguments, a JSON object
   * @param timeout the call's own timeout at the gateway, or {@code null} for the tool's (or 60 s)
   * @param progress hears each {@code tool.progress} of the call, on the gateway's or client's loop
   * @return the outcome and the context hooks added
   */
  public CallResult callTool(
      String sessionId, String tool, JsonNode args, Duration timeout, ProgressListener progress) {
    return awaitOrCancel(
        async.callTool(sessionId, tool, args, timeout, progress), "callTool " + tool);
  }

  /**
   * {@link HostApi#preToolUse(String, String, JsonNode)}, waited for.
   *
   * @param sessionId the session the agent calls from
   * @param tool the tool's name
   * @param args the arguments the agent gave, a JSON object
   * @return whether the call may run, and the context the hooks added
   */
  public HookDecision preToolUse(String sessionId, String tool, JsonNode args) {
    return await(async.preToolUse(sessionId, tool, args), "preToolUse " + tool);
  }

  /**
   * {@link HostApi#preToolUse(String, String, JsonNode, boolean)}, waited for.
   *
   * @param sessionId the session the agent calls from
   * @param tool the tool's name
   * @param args the arguments the agent gave, a JSON object
   * @param hostAsks whether the host asks the person itself
   * @return whether the call may run, must be asked about, or not
   */
  public HookDecision preToolUse(String sessionId, String tool, JsonNode args, boolean hostAsks) {
    return await(async.preToolUse(sessionId, tool, args, hostAsks), "preToolUse " + tool);
  }

  /**
   * {@link HostApi#answerQuestion}, waited for.
   *
   * @param askId the question's {@link PersonQuestion#askId}
   * @param allow whether the person lets the call run
   * @param answeredBy who answered: an {@link AskChannel#name}
   * @return whether this answer decided the question
   */
  public boolean answerQuestion(String askId, boolean allow, String answeredBy) {
    return await(async.answerQuestion(askId, allow, answeredBy), "answerQuestion");
  }

  /**
   * {@link HostApi#onPrompt}, waited for.
   *
   * @param sessionId the session
   * @param sections section name → current text
   * @return the sections after every transform, and the contexts to add
   */
  public PromptResult onPrompt(String sessionId, Map<String, String> sections) {
    return await(async.onPrompt(sessionId, sections), "onPrompt");
  }

  /**
   * {@link HostApi#emit}, waited for.
   *
   * @param sessionId the session
   * @param event the event's name, e.g. {@code user.message}
   * @param data the event's data, forwarded as it is
   */
  public void emit(String sessionId, String event, JsonNode data) {
    await(async.emit(sessionId, event, data), "emit " + event);
  }

  /** {@return the active sessions ({@link HostApi#sessions}, waited for)} */
  public List<SessionInfo> sessions() {
    return await(async.sessions(), "sessions");
  }

  /**
   * {@link HostApi#tools}, waited for.
   *
   * @param sessionId the session
   * @return the tools, in registration order
   */
  public List<HostTool> tools(String sessionId) {
    return await(async.tools(sessionId), "tools");
  }

  /** {@return the bound providers ({@link HostApi#providers}, waited for)} */
  public List<ProviderInfo> providers() {
    return await(async.providers(), "providers");
  }

  /**
   * {@link HostApi#providersSettled}, waited for.
   *
   * @param sessionId the session
   */
  public void providersSettled(String sessionId) {
    await(async.providersSettled(sessionId), "providersSettled");
  }

  /**
   * {@link HostApi#queryStreams}, waited for.
   *
   * @param sessionId the session
   * @param streams names as {@code stream@provider}
   * @param last how many entries to read of each stream
   * @return each requested name → its entries, newest first
   */
  public Map<String, List<StreamEntry>> queryStreams(
      String sessionId, List<String> streams, int last) {
    return await(async.queryStreams(sessionId, streams, last), "queryStreams");
  }

  /**
   * Waits for any answer of the async API with this twin's timeout and failures: for the calls a
   * host API offers beyond {@link HostApi} ({@code client.heldGates()}, {@code
   * client.reloadProviders(name)}, ...). The stage is not cancelled when the wait runs out.
   *
   * @param <T> the answer's type
   * @param answer what the async API returned
   * @return its value
   * @throws HostException when the gateway refused, with its code
   * @throws SyncTimeoutException when no answer came within {@link #timeout()}
   */
  public <T> T await(CompletionStage<T> answer) {
    return await(answer, "the answer");
  }

  private <T> T await(CompletionStage<T> answer, String request) {
    return waitFor(answer.toCompletableFuture(), request, false);
  }

  private <T> T awaitOrCancel(CompletableFuture<T> answer, String request) {
    return waitFor(answer, request, true);
  }

  private <T> T waitFor(CompletableFuture<T> answer, String request, boolean cancelOnTimeout) {
    try {
      return answer.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      if (cancelOnTimeout) {
        answer.cancel(false);
      }
      throw new SyncTimeoutException(request, timeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      CancellationException interrupted =
          new CancellationException("interrupted while waiting for " + request);
      interrupted.initCause(e);
      throw interrupted;
    } catch (ExecutionException e) {
      throw rethrown(e.getCause());
    }
  }

  /**
   * The async API's failure, to throw on the caller's thread: a refusal as a fresh {@link
   * HostException} with the same code and message (its stack the caller's, its cause the original);
   * other unchecked ones as they are; anything else wrapped in {@link CompletionException}.
   */
  private static RuntimeException rethrown(Throwable failure) {
    if (failure instanceof HostException refused) {
      HostException here = new HostException(refused.code(), refused.getMessage());
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
