package io.github.providergateway.provider;

/**
 * One running tool call, as its {@link ToolHandler} sees it. Thread-safe: a handler may use it from
 * any thread until the call ends.
 */
public interface ToolCallContext {

  /** The call's id, globally unique. */
  String id();

  /** The session the call belongs to. */
  String sessionId();

  /** The tool's name. */
  String tool();

  /**
   * Whether the call was cancelled: the gateway sent {@code tool.cancel} (a timeout, an interrupt,
   * the session ending) or the connection dropped. Its result is no longer wanted.
   */
  boolean isCancelled();

  /**
   * Runs {@code action} once when the call is cancelled, on the provider's executor; at once, on
   * the calling thread, if it already is. Never runs for a call that ended otherwise.
   */
  void onCancel(Runnable action);

  /**
   * Sends {@code tool.progress}: a status line the host shows in the session's timeline. Dropped
   * once the call has ended.
   */
  void progress(String message);
}
