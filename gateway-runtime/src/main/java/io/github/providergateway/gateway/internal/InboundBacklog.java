package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.ProviderConnection;
import io.github.providergateway.loop.SerialExecutor;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Received text that waits for the gateway loop, bounded per connection and overall by suspending
 * reads (spec: none; architecture, "Bounded inbound"). A provider can send faster than the loop
 * handles its messages — a flood, or a loop kept busy by others — and without a bound the waiting
 * messages would grow until the heap is gone. Past {@link #perConnectionLimit} chars of its own, or
 * when all connections together have more than {@link #totalLimit} waiting, a connection's
 * transport stops reading from its socket ({@link ProviderConnection#suspendReading()}); TCP then
 * holds the peer back. Reading resumes once the loop has brought both below half their limit.
 *
 * <p>This is the boundary between transport threads and the loop, like the loop ({@link
 * SerialExecutor}) itself, so it is thread-safe with atomics rather than loop-confined: transports
 * add from their threads, the loop takes away.
 */
final class InboundBacklog {

  private final long totalLimit;
  private final long perConnectionLimit;

  /** Chars waiting over all connections. */
  private final AtomicLong total = new AtomicLong();

  /** Connections whose reading is suspended now. */
  private final Set<Share> suspended = ConcurrentHashMap.newKeySet();

  InboundBacklog(long totalLimit, long perConnectionLimit) {
    this.totalLimit = totalLimit;
    this.perConnectionLimit = perConnectionLimit;
  }

  /** One connection's part of the backlog. */
  Share share(ProviderConnection transport) {
    return new Share(transport);
  }

  /** Chars waiting now over all connections (tests, diagnostics). */
  long total() {
    return total.get();
  }

  /** One connection's waiting text, and whether its reading is suspended. */
  final class Share {
    private final ProviderConnection transport;
    private final AtomicLong waiting = new AtomicLong();

    /** Whether reading is suspended; changed, with the transport call, under this object's lock. */
    private boolean readingSuspended;

    private Share(ProviderConnection transport) {
      this.transport = transport;
    }

    /**
     * {@code chars} more wait for the loop: suspends reading when a limit is passed. A message
     * alone never counts as past it, whatever its size: an idle loop takes it at once, and
     * suspending would only cost two system calls. Any thread.
     */
    void added(long chars) {
      long mine = waiting.addAndGet(chars);
      long all = total.addAndGet(chars);
      if ((mine > perConnectionLimit && mine > chars) || (all > totalLimit && all > chars)) {
        synchronized (this) {
          if (!readingSuspended) {
            readingSuspended = true;
            suspended.add(this);
            transport.suspendReading();
          }
          // The loop may have drained everything while this thread was on its way here, and then
          // no later removal would look at this connection again: check once more.
          resumeIfDrained();
        }
      }
    }

    /**
     * {@code chars} no longer wait (the loop took them, or they were never queued): resumes reading
     * where both this connection and the whole are below half their limits again.
     */
    void removed(long chars) {
      waiting.addAndGet(-chars);
      total.addAndGet(-chars);
      if (suspended.isEmpty()) {
        return;
      }
      for (Share share : suspended) {
        share.resumeIfDrained();
      }
    }

    private void resumeIfDrained() {
      synchronized (this) {
        if (readingSuspended
            && waiting.get() <= perConnectionLimit / 2
            && total.get() <= totalLimit / 2) {
          readingSuspended = false;
          suspended.remove(this);
          transport.resumeReading();
        }
      }
    }

    /** Whether reading from this connection is suspended now. */
    synchronized boolean readingSuspended() {
      return readingSuspended;
    }

    /** Chars of this connection waiting now. */
    long waiting() {
      return waiting.get();
    }
  }
}
