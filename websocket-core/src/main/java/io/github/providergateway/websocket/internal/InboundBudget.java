package io.github.providergateway.websocket.internal;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How many bytes of unfinished inbound data all connections of one server may make it hold at once.
 * The server keeps two: one for WebSocket messages, which {@link FrameDecoder} charges as a
 * message's bytes arrive (a fragmented message is held until its last fragment), and one for HTTP
 * request bodies, which {@code transport-ws}'s {@code HttpRoutes} charges before it reads a body.
 * One connection's message is bounded by the message limit; this bounds their sum, which the
 * connection cap alone would leave at 50 × 6 MiB. Thread-safe: selector threads charge and release
 * concurrently.
 */
public final class InboundBudget {

  private final long limit;
  private final AtomicLong held = new AtomicLong();

  public InboundBudget(long limit) {
    if (limit <= 0) {
      throw new IllegalArgumentException("limit must be positive, was " + limit);
    }
    this.limit = limit;
  }

  /** Takes {@code bytes} from the budget; false, taking nothing, when that would pass the limit. */
  public boolean tryCharge(long bytes) {
    while (true) {
      long now = held.get();
      long next = now + bytes;
      if (next > limit) {
        return false;
      }
      if (held.compareAndSet(now, next)) {
        return true;
      }
    }
  }

  /** Gives {@code bytes} back. */
  public void release(long bytes) {
    held.addAndGet(-bytes);
  }

  /** What is held now. */
  public long held() {
    return held.get();
  }

  public long limit() {
    return limit;
  }
}
