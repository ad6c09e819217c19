package io.github.providergateway.provider.client;

import java.io.IOException;
import java.net.http.WebSocket;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One connection's bounded outbound queue with one send in flight (the JDK allows one at a time),
 * and the close frame once the queue is sent. A full queue means the gateway stopped reading: the
 * connection is dropped. Sends come from any thread; one lock guards the state below.
 */
final class SendQueue {
  /** The socket, or null until it opened. */
  private final Supplier<WebSocket> ws;

  private final int maxQueuedMessages;

  /** Drops the connection with the cause: called when a send fails or the queue overflows. */
  private final Consumer<Throwable> abortAndLose;

  /** Guards the outbound state below. */
  private final Object lock = new Object();

  /** Encoded messages waiting for the send in flight. */
  private final Deque<String> outbound = new ArrayDeque<>();

  /** Whether a send is in flight (the JDK allows one at a time). */
  private boolean sending;

  /** Whether a thread is inside {@link #pump()}; a send completing then leaves the next to it. */
  private boolean pumping;

  /** Whether the runtime asked to close once the queue is sent. */
  private boolean closeRequested;

  /** Whether the close frame went out. */
  private boolean closeSent;

  /** Whether this connection takes no more sends (it ended, or is being dropped). */
  private boolean shut;

  SendQueue(Supplier<WebSocket> ws, int maxQueuedMessages, Consumer<Throwable> abortAndLose) {
    this.ws = ws;
    this.maxQueuedMessages = maxQueuedMessages;
    this.abortAndLose = abortAndLose;
  }

  /** Queues {@code text}; false when the connection takes no more (or just overflowed). */
  boolean send(String text) {
    synchronized (lock) {
      if (shut || closeRequested || ws.get() == null) {
        return false;
      }
      if (outbound.size() >= maxQueuedMessages) {
        // The gateway stopped reading: this connection is no use; a new one starts clean.
        shut = true;
      } else {
        outbound.addLast(text);
      }
    }
    if (shut) {
      abortAndLose.accept(
          new IOException("outbound queue full (" + maxQueuedMessages + " messages)"));
      return false;
    }
    pump();
    return true;
  }

  /** Sends the close frame once the queue is out; false when it was asked before or is shut. */
  boolean close() {
    synchronized (lock) {
      if (shut || closeRequested) {
        return false;
      }
      closeRequested = true;
    }
    pump();
    return true;
  }

  /** No more sends on this connection. */
  void shut() {
    synchronized (lock) {
      shut = true;
      outbound.clear();
    }
  }

  /** Sends queued messages one at a time; the close frame once they are out. */
  private void pump() {
    while (true) {
      String next;
      boolean sendClose = false;
      synchronized (lock) {
        if (pumping || sending || shut) {
          return;
        }
        next = outbound.pollFirst();
        if (next == null) {
          if (!closeRequested || closeSent) {
            return;
          }
          closeSent = true;
          sendClose = true;
        } else {
          sending = true;
          pumping = true;
        }
      }
      if (sendClose) {
        ws.get().sendClose(WebSocket.NORMAL_CLOSURE, "");
        return;
      }
      CompletableFuture<WebSocket> sent;
      try {
        sent = ws.get().sendText(next, true);
      } catch (RuntimeException e) {
        sent = CompletableFuture.failedFuture(e);
      }
      sent.whenComplete(this::sent);
      synchronized (lock) {
        // If the send completed inline, sent() left the next one to this loop.
        pumping = false;
        if (sending) {
          return;
        }
      }
    }
  }

  private void sent(WebSocket socket, Throwable error) {
    boolean again;
    synchronized (lock) {
      sending = false;
      again = !pumping;
    }
    if (error != null) {
      abortAndLose.accept(error);
    } else if (again) {
      pump();
    }
  }
}
