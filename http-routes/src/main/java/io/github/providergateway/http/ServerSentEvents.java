package io.github.providergateway.http;

/**
 * An open {@code text/event-stream} answer ({@link HttpReply#openEvents}): events go out one at a
 * time, from any thread, never blocking. A client that stops reading is not waited for: once what
 * it has not read passes the server's bound for one stream, the stream is closed, as it is when the
 * client goes away or the server stops. A browser's {@code EventSource} then connects again by
 * itself.
 */
public interface ServerSentEvents extends AutoCloseable {

  /**
   * Sends one event. Line breaks in {@code data} become several {@code data:} lines, as the format
   * requires; the client's {@code EventSource} joins them again.
   *
   * @param id the event's id (the client's {@code Last-Event-ID} when it reconnects), or null
   * @param event the event's type ({@code addEventListener(type)}), or null for {@code message}
   * @param data the event's data
   * @return false, sending nothing, when the stream is closed or has just been closed because the
   *     client is too far behind
   */
  boolean send(String id, String event, String data);

  /** {@return whether events can still be sent} */
  boolean isOpen();

  /**
   * Runs {@code action} once the stream is closed, by either side or by the server stopping: at
   * once when it is closed already.
   *
   * @param action what to run; it must not block
   */
  void onClose(Runnable action);

  /** Ends the stream and its connection; idempotent. */
  @Override
  void close();
}
