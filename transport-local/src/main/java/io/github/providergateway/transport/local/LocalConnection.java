package io.github.providergateway.transport.local;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.provider.spi.ProviderLoop;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One in-process provider connection, the low-level way: the provider {@link #send}s message
 * records and a {@link Listener} receives the gateway's. Open one with {@link
 * LocalProviderTransport#open}; most providers use {@link LocalProviderTransport#connect} and the
 * Java provider API instead.
 *
 * <p>The connection starts in AwaitHello with internal trust: no {@code auth}, first message {@code
 * hello} (R-STATE-14). Records cross as they are, with no serialization, so the provider must treat
 * them (and their JSON values) as read-only.
 *
 * <p>Order and threads: what the provider sends reaches the gateway in send order (R-ORDER-01);
 * what the gateway sends reaches the listener in the order the gateway produced it (R-ORDER-02),
 * one message at a time, on the provider's own executor, never on the gateway loop, so a slow
 * provider never blocks the gateway. A provider that falls more than {@value
 * #DEFAULT_MAX_QUEUED_MESSAGES} messages behind is closed ({@link CloseReason#TOO_SLOW}) and its
 * calls end {@code DISCONNECTED}, as a WebSocket provider that stops reading would be.
 *
 * <p>Life: open until the provider calls {@link #close()} or the gateway closes it; the listener's
 * {@link Listener#onClosed} then runs once, after every message queued before the close (none after
 * a close by the provider or for slowness). Closed is final.
 */
public final class LocalConnection implements AutoCloseable {

  /** How many undelivered messages a provider may have before it is closed as too slow. */
  public static final int DEFAULT_MAX_QUEUED_MESSAGES = 65_536;

  /** Receives what the gateway sends, on the provider's executor, one call at a time. */
  public interface Listener {

    /**
     * A message from the gateway, on the connection's delivery thread, in the gateway's order.
     *
     * @param message the message
     */
    void onMessage(GatewayMessage message);

    /**
     * The connection closed: by the provider ({@link CloseReason#NORMAL}) or by the gateway. Called
     * once, after the last {@link #onMessage}.
     *
     * @param reason why it closed
     */
    default void onClosed(CloseReason reason) {}
  }

  private final String description;
  private final ProviderLoop executor;
  private final Listener listener;
  private final int maxQueuedMessages;

  /** Runs after {@link Listener#onClosed}, on the executor: frees what the transport owns. */
  private final Runnable onTerminated;

  private final GatewaySide gatewaySide = new GatewaySide();

  /** Messages handed to the executor and not yet delivered. Any thread. */
  private final AtomicInteger queued = new AtomicInteger();

  /** Why the connection closed; null while open. Set once, from any thread. */
  private final AtomicReference<CloseReason> closeReason = new AtomicReference<>();

  /**
   * Whether messages still queued are dropped rather than delivered (closed by the provider or for
   * slowness).
   */
  private volatile boolean discarding;

  /** The gateway's side, set once right after the gateway accepted the connection. */
  private volatile ProviderLink link;

  LocalConnection(
      String description,
      ProviderLoop executor,
      Listener listener,
      int maxQueuedMessages,
      Runnable onTerminated) {
    this.description = requireNonNull(description, "description");
    this.executor = requireNonNull(executor, "executor");
    this.listener = requireNonNull(listener, "listener");
    if (maxQueuedMessages < 1) {
      throw new IllegalArgumentException("maxQueuedMessages must be at least 1");
    }
    this.maxQueuedMessages = maxQueuedMessages;
    this.onTerminated = requireNonNull(onTerminated, "onTerminated");
  }

  /** The gateway's view of this connection, to hand to {@code Gateway.transports().acceptLocal}. */
  ProviderConnection gatewaySide() {
    return gatewaySide;
  }

  /** Attaches the link the gateway returned. */
  void attach(ProviderLink link) {
    this.link = requireNonNull(link, "link");
    if (closeReason.get() != null) {
      link.closed(); // the gateway refused it (it is stopping) before the link existed
    }
  }

  /**
   * Sends {@code message} to the gateway. Any thread; returns at once.
   *
   * @param message the message, delivered as the record itself (no serialization)
   * @return {@code false} when the connection is closed
   */
  public boolean send(ProviderMessage message) {
    requireNonNull(message, "message");
    ProviderLink target = link;
    if (closeReason.get() != null || target == null) {
      return false;
    }
    target.receive(message);
    return true;
  }

  /**
   * Closes the connection from the provider's side, at once: the gateway ends its calls {@code
   * DISCONNECTED}, undelivered messages are dropped, and the listener gets {@link
   * Listener#onClosed} with {@link CloseReason#NORMAL}. A polite provider sends {@code goodbye}
   * first. Idempotent.
   */
  @Override
  public void close() {
    shut(CloseReason.NORMAL, true);
  }

  /** {@return whether the connection is open} */
  public boolean isOpen() {
    return closeReason.get() == null;
  }

  @Override
  public String toString() {
    return description;
  }

  private void shut(CloseReason reason, boolean dropQueued) {
    if (!closeReason.compareAndSet(null, reason)) {
      return;
    }
    if (dropQueued) {
      discarding = true;
    }
    ProviderLink target = link;
    if (target != null) {
      target.closed(); // a no-op when the gateway closed it: it has already cleaned up
    }
    executor.submit(
        () -> {
          try {
            listener.onClosed(reason);
          } finally {
            onTerminated.run();
          }
        });
  }

  /** What the gateway calls, on its loop: it must never block there. */
  private final class GatewaySide implements ProviderConnection {

    @Override
    public boolean send(GatewayMessage message) {
      if (closeReason.get() != null) {
        return false;
      }
      if (queued.incrementAndGet() > maxQueuedMessages) {
        queued.decrementAndGet();
        shut(CloseReason.TOO_SLOW, true);
        return false;
      }
      boolean accepted =
          executor.submit(
              () -> {
                queued.decrementAndGet();
                if (!discarding) {
                  listener.onMessage(message);
                }
              });
      if (!accepted) {
        // The provider's executor was shut down under it: nobody will ever read this connection.
        shut(CloseReason.NORMAL, true);
      }
      return accepted;
    }

    @Override
    public void close(CloseReason reason) {
      shut(reason, false);
    }

    @Override
    public String describe() {
      return description;
    }
  }
}
