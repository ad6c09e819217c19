package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.Concurrency;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Providers' limits on calls in flight (spec: Tool concurrency; design brief, decision 13). A limit
 * is counted per instance, per provider name or per tool, as the provider's {@code
 * hello.concurrency} says. Calls over the limit wait in FIFO order and are sent as slots free up;
 * at most {@code maxQueuedCalls} wait per limit. A call holds its slot until its bookkeeping closes
 * (after {@code tool.cancel}, until {@code CANCELLED} or the grace period). Loop only.
 */
final class ConcurrencyLimiter {

  /** What one limit counts: a provider name, and an instance and a tool when the scope says so. */
  record Key(String provider, String instance, String tool) {}

  /** One limit: how many calls are in flight and who waits. */
  static final class Slot {
    final int max;
    int inFlight;
    final ArrayDeque<CallState> waiting = new ArrayDeque<>();

    Slot(int max) {
      this.max = max;
    }
  }

  private final Map<Key, Slot> slots = new HashMap<>();

  /** The key {@code call} counts against, or null when its provider set no limit. */
  static Key keyFor(Binding target, String tool) {
    Concurrency concurrency = target.provider.concurrency;
    if (concurrency == null) {
      return null;
    }
    ProviderState provider = target.provider;
    return switch (concurrency.effectiveScope()) {
      case INSTANCE -> new Key(provider.name, provider.instance, null);
      case PROVIDER -> new Key(provider.name, null, null);
      case TOOL -> new Key(provider.name, provider.instance, tool);
    };
  }

  /** The slot for {@code key}, made with {@code max} if it does not exist yet. */
  Slot slot(Key key, int max) {
    return slots.computeIfAbsent(key, k -> new Slot(max));
  }

  /** The slot for {@code key}, or null. */
  Slot existing(Key key) {
    return slots.get(key);
  }

  /** Forgets an idle slot, so limits of gone providers leave nothing behind. */
  void dropIfIdle(Key key, Slot slot) {
    if (slot.inFlight == 0 && slot.waiting.isEmpty()) {
      slots.remove(key, slot);
    }
  }
}
