package io.github.providergateway.websocket.internal;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How many bytes of encoded messages all provider connections of one server may have waiting to be
 * written (the one being written included). Each connection is bounded on its own (1024 messages, 8
 * MiB), but 50 connections that all stop reading would hold fifty times that; past this bound the
 * server closes whichever connection is furthest behind. Thread-safe.
 */
public final class OutboundBudget {

  private final long limit;
  private final AtomicLong queued = new AtomicLong();

  public OutboundBudget(long limit) {
    if (limit <= 0) {
      throw new IllegalArgumentException("limit must be positive, was " + limit);
    }
    this.limit = limit;
  }

  /** {@code bytes} more wait; true when all connections together now have more than the limit. */
  public boolean add(long bytes) {
    return queued.addAndGet(bytes) > limit;
  }

  /** {@code bytes} no longer wait (written, or dropped with their connection). */
  public void release(long bytes) {
    queued.addAndGet(-bytes);
  }

  /** Bytes waiting now, over all connections. */
  public long queued() {
    return queued.get();
  }

  public long limit() {
    return limit;
  }
}
