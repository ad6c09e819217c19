package io.github.providergateway.provider;

/**
 * One running tool call, as its {@link ToolHandler} sees it. Thread-safe: a handler may use it from
 * any thread until the call ends.
 */
public interface ToolCallContext {

  /** {@return the call's id, globally unique} */
  String id();

  /** {@return the session the call belongs to} */
  String sessionId();

  /** {@return the tool's name} */
  String tool();

  /**
   * {@return whether the call was cancelled}: the gateway sent {@code tool.cancel} (a timeout, an
   * interrupt, the session ending) or the connection dropped. Its result is no longer wanted.
   */
  boolean isCancelled();

  /**
   * Runs {@code action} once when the call is cancelled, on the provider's executor; at once, on
   * the calling thread, if it already is. Never runs for a call that ended otherwise.
   *
   * @param action what to do on cancellation, e.g. stop the work the call started
   */
  void onCancel(Runnable action);

  /**
   * Sends {@code tool.progress}: a status line the host shows in the session's timeline. Dropped
   * once the call has ended.
   *
   * @param message the status line
   */
  void progress(String message);
}
