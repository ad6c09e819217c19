package io.github.providergateway.transport.jakarta;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The endpoints' open connections, providers and hosts together: what the gateway's connection cap
 * counts, and what {@link JakartaGatewayEndpoints#close()} closes. Thread-safe.
 */
final class OpenConnections {

  private final int max;

  /** Guarded by this. */
  private final Set<Peer> open = new LinkedHashSet<>();

  /** Whether the endpoints stopped: nothing is added any more. Guarded by this. */
  private boolean closed;

  OpenConnections(int max) {
    this.max = max;
  }

  /**
   * Adds {@code peer} and removes it when it is gone; false when the cap is reached or the
   * endpoints stopped.
   */
  boolean add(Peer peer) {
    synchronized (this) {
      if (closed || open.size() >= max) {
        return false;
      }
      open.add(peer);
    }
    peer.outbound().whenGone(() -> remove(peer));
    return true;
  }

  private synchronized void remove(Peer peer) {
    open.remove(peer);
  }

  synchronized int size() {
    return open.size();
  }

  /** Stops adding; returns what is open now, for the caller to close. */
  synchronized List<Peer> closeAll() {
    closed = true;
    return new ArrayList<>(open);
  }
}
