package io.github.providergateway.gateway.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.protocol.TrustLevel;
import io.github.providergateway.protocol.json.JsonHeap;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reconnect tokens (spec: Reconnect protocol; design brief, decision 21). Each {@code hello.ack}
 * issues a new token for the provider's identity, replacing the one before. The token is honoured
 * while its connection is open (the newcomer takes over and the old connection closes) and for 30 s
 * after that connection drops, when it restores the provider from a snapshot. Tokens live in memory
 * only and are looked up by hash. Loop only.
 */
final class Reconnects {

  /** What a dropped provider was, kept for the reconnect window. */
  record Snapshot(
      String providerId,
      TrustLevel trust,
      SessionSelector selector,
      Map<String, Declared> declaredBySession,
      Map<String, Long> revisions,
      Declared template,
      Set<String> subscribe,
      Concurrency concurrency,
      JsonNode metadata,
      String startupContext) {

    /** Its estimated heap: what {@code Limits.maxSnapshotBytes} bounds. */
    long estimatedBytes() {
      long bytes =
          JsonHeap.of(metadata) + (startupContext == null ? 0 : 2L * startupContext.length());
      for (Declared declared : declaredBySession.values()) {
        bytes += declared.estimatedBytes();
      }
      return template == null ? bytes : bytes + template.estimatedBytes();
    }

    static Snapshot of(ProviderState provider) {
      Map<String, Declared> declared = new LinkedHashMap<>();
      Map<String, Long> revisions = new HashMap<>();
      for (Binding binding : provider.bindings().values()) {
        declared.put(binding.session.id, binding.declared.copy());
        revisions.put(binding.session.id, binding.revision());
      }
      return new Snapshot(
          provider.providerId,
          provider.trust,
          provider.selector,
          declared,
          revisions,
          provider.template == null ? null : provider.template.copy(),
          provider.subscribe,
          provider.concurrency,
          provider.metadata,
          provider.startupContext);
    }
  }

  /** A valid token's holder: a live provider, or the snapshot of one that dropped. */
  record Claim(ProviderState.Identity identity, ProviderState live, Snapshot departed) {}

  private final class Entry {
    final ProviderState.Identity identity;
    ProviderState live;
    Snapshot departed;

    /** The estimated heap of {@link #departed}. */
    long departedBytes;

    Scheduler.Cancellable expiry;

    Entry(ProviderState.Identity identity, ProviderState live) {
      this.identity = identity;
      this.live = live;
    }
  }

  /** The most snapshots kept at once; each may hold 100 tools and more. */
  static final int MAX_DEPARTED = 1_000;

  private final Secrets secrets;
  private final Timers timers;
  private final Limits limits;

  /** Departed identities, oldest first, to forget the oldest when too many wait. */
  private final ArrayDeque<ProviderState.Identity> departedOrder = new ArrayDeque<>();

  /** The estimated heap of all snapshots kept. */
  private long snapshotBytes;

  /** Tokens by the hex SHA-256 of their text. */
  private final Map<String, Entry> byHash = new HashMap<>();

  /** Each identity's current token hash. */
  private final Map<ProviderState.Identity, String> hashByIdentity = new HashMap<>();

  Reconnects(Secrets secrets, Timers timers, Limits limits) {
    this.secrets = secrets;
    this.timers = timers;
    this.limits = limits;
  }

  /** Issues a new token for {@code provider}; its previous token stops working. */
  String issue(ProviderState provider) {
    ProviderState.Identity identity = provider.identity();
    forget(identity);
    String token = secrets.token("rtk-");
    String hash = hash(token);
    byHash.put(hash, new Entry(identity, provider));
    hashByIdentity.put(identity, hash);
    return token;
  }

  /**
   * The holder of {@code token} if it was issued for exactly {@code identity} and is still valid;
   * otherwise null (a token for another identity restores nothing, R-RECON-05).
   */
  Claim claim(String token, ProviderState.Identity identity) {
    if (token == null) {
      return null;
    }
    Entry entry = byHash.get(hash(token));
    if (entry == null || !entry.identity.equals(identity)) {
      return null;
    }
    return new Claim(entry.identity, entry.live, entry.departed);
  }

  /** {@code provider}'s connection dropped: its token now restores a snapshot, for 30 s. */
  void departed(ProviderState provider) {
    if (departedCount() >= MAX_DEPARTED) {
      forgetOldestDeparted(); // a provider churning identities must not pile up snapshots
    }
    ProviderState.Identity identity = provider.identity();
    String hash = hashByIdentity.get(identity);
    Entry entry = hash == null ? null : byHash.get(hash);
    if (entry == null || entry.live != provider) {
      return;
    }
    Snapshot snapshot = Snapshot.of(provider);
    long bytes = snapshot.estimatedBytes();
    long max = limits.streams().maxSnapshotBytes();
    if (bytes > max) {
      forget(identity); // too large to keep at all: it reconnects as a new provider
      return;
    }
    while (snapshotBytes + bytes > max && departedCount() > 0) {
      forgetOldestDeparted(); // 40 hellos of 2 MB once held 327 MiB for 30 s
    }
    entry.live = null;
    entry.departed = snapshot;
    entry.departedBytes = bytes;
    snapshotBytes += bytes;
    departedOrder.addLast(identity);
    entry.expiry =
        timers.after(
            limits.connections().reconnectWindow(),
            () -> {
              if (byHash.get(hash) == entry) {
                forget(identity);
              }
            });
  }

  /**
   * The trust level of a dropped provider named {@code name} still restorable in {@code sessionId}
   * with a trust level other than {@code trust}, or null if there is none.
   */
  TrustLevel departedWithOtherTrust(String name, TrustLevel trust, String sessionId) {
    for (ProviderState.Identity identity : departedOrder) {
      if (!identity.name().equals(name) || !isDeparted(identity)) {
        continue;
      }
      Snapshot snapshot = byHash.get(hashByIdentity.get(identity)).departed;
      if (snapshot.trust() != trust
          && (snapshot.declaredBySession().containsKey(sessionId) || snapshot.template() != null)) {
        return snapshot.trust();
      }
    }
    return null;
  }

  /** The estimated heap of the snapshots kept now. */
  long snapshotBytes() {
    return snapshotBytes;
  }

  private int departedCount() {
    departedOrder.removeIf(identity -> !isDeparted(identity));
    return departedOrder.size();
  }

  private boolean isDeparted(ProviderState.Identity identity) {
    String hash = hashByIdentity.get(identity);
    Entry entry = hash == null ? null : byHash.get(hash);
    return entry != null && entry.departed != null;
  }

  private void forgetOldestDeparted() {
    ProviderState.Identity oldest = departedOrder.pollFirst();
    if (oldest != null) {
      forget(oldest);
    }
  }

  /** Drops the token of {@code identity}: it was used, replaced, or its identity taken afresh. */
  void forget(ProviderState.Identity identity) {
    String hash = hashByIdentity.remove(identity);
    if (hash != null) {
      Entry entry = byHash.remove(hash);
      if (entry != null && entry.expiry != null) {
        entry.expiry.cancel();
      }
      if (entry != null && entry.departed != null) {
        snapshotBytes -= entry.departedBytes;
      }
    }
  }

  /** How many tokens are kept, live or departed. */
  int tokens() {
    return byHash.size();
  }

  /** Forgets every token (the gateway stops). */
  void clear() {
    for (Entry entry : byHash.values()) {
      if (entry.expiry != null) {
        entry.expiry.cancel();
      }
    }
    byHash.clear();
    hashByIdentity.clear();
    departedOrder.clear();
    snapshotBytes = 0;
  }

  private static String hash(String token) {
    return TokenHash.sha256Hex(token);
  }
}
