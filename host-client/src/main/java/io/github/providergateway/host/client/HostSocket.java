package io.github.providergateway.host.client;

import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * One WebSocket to a gateway's {@code /host} endpoint: the JDK's listener for it. It assembles text
 * frames into messages, sends one text at a time (the JDK allows one in flight), and reports
 * everything that happens to its {@link Handler} on the client's loop. Once the client has closed,
 * its loop refuses, and what the socket still hears is dropped.
 */
final class HostSocket implements WebSocket.Listener {
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

  /** What a socket reports. Every call runs on the client's loop. */
  interface Handler {
    /** A whole text message arrived. */
    void received(HostSocket socket, String text);

    /** The gateway answered a ping. */
    void ponged();

    /** The socket closed or failed. */
    void ended(HostSocket socket, String reason);

    /** A send failed: the socket is no use any more. */
    void sendFailed(HostSocket socket, String reason);
  }

  /** Runs a report on the client's loop; refuses once the client has closed. */
  private final Executor thread;

  /**
   * Runs an arrived message on the client's loop, on this (the JDK's) thread when the loop is idle:
   * replies are the per-call path, and a hand-off to the client thread cost a wake-up per call.
   * Everything else (ends, failures, pongs) goes to the client thread as before: what it sets off
   * (reconnecting, starting a gateway) must not run on the JDK's selector thread.
   */
  private final Executor arrivals;

  private final Handler handler;

  /** Set by {@link #onOpen} before anything else uses it. */
  private volatile WebSocket ws;

  /** The text message being assembled from frames. JDK listener threads only, one at a time. */
  private StringBuilder incoming = new StringBuilder();

  /** The chain of sends; each starts when the one before completed. Client thread only. */
  private CompletableFuture<?> sending = CompletableFuture.completedFuture(null);

  HostSocket(Executor thread, Executor arrivals, Handler handler) {
    this.thread = thread;
    this.arrivals = arrivals;
    this.handler = handler;
  }

  /** Sends {@code text} after the sends before it. Client thread only. */
  void send(String text) {
    sending =
        sending
            .handle((ok, error) -> null)
            .thenCompose(ignored -> ws.sendText(text, true))
            .whenComplete(
                (ok, error) -> {
                  if (error != null) {
                    report(() -> handler.sendFailed(this, "send failed: " + error));
                  }
                });
  }

  void ping() {
    ws.sendPing(EMPTY.duplicate());
  }

  /** Drops the connection without a close handshake; the JDK reports nothing more. */
  void abort() {
    ws.abort();
  }

  /** Starts the close handshake; its failure is of no interest. */
  void sendClose(String reason) {
    ws.sendClose(WebSocket.NORMAL_CLOSURE, reason).exceptionally(e -> null);
  }

  private void report(Runnable report) {
    report(thread, report);
  }

  private static void report(Executor on, Runnable report) {
    try {
      on.execute(report);
    } catch (RejectedExecutionException closed) {
      // The client has closed: nobody is left to hear it.
    }
  }

  @Override
  public void onOpen(WebSocket webSocket) {
    ws = webSocket;
    webSocket.request(1);
  }

  @Override
  public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
    incoming.append(data);
    if (last) {
      String text = incoming.toString();
      incoming = new StringBuilder();
      report(arrivals, () -> handler.received(this, text));
    }
    webSocket.request(1);
    return null;
  }

  @Override
  public CompletionStage<?> onPong(WebSocket webSocket, ByteBuffer message) {
    report(handler::ponged);
    webSocket.request(1);
    return null;
  }

  @Override
  public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
    report(() -> handler.ended(this, "closed " + statusCode + " " + reason));
    return null;
  }

  @Override
  public void onError(WebSocket webSocket, Throwable error) {
    report(() -> handler.ended(this, String.valueOf(error)));
  }
}
