package io.github.providergateway.gateway.internal;

import io.github.providergateway.host.api.ProviderInfo;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Registered providers by identity (name + instance, within a spawned provider's session), while
 * their connection is open. (The order a session evaluates them in is its own: {@link
 * SessionState}.) One provider per identity (spec: Identity protection; architecture, decision 40).
 * Loop only.
 */
final class ProviderRegistry {

  /** ProviderRegistry by identity. Changed by {@link BindingHandler} only. */
  private final Map<ProviderState.Identity, ProviderState> byIdentity = new HashMap<>();

  private final Collection<ProviderState> all =
      Collections.unmodifiableCollection(byIdentity.values());

  /** The provider holding {@code identity}, or null. */
  ProviderState get(ProviderState.Identity identity) {
    return byIdentity.get(identity);
  }

  /**
   * The provider whose identity {@code identity} would clash with, or null: its exact holder, else
   * one of the same {@code name} + {@code instance} that is the whole gateway's (or, for an
   * identity that is the gateway's, one in any session's scope). Two providers of one name and
   * instance may live side by side only in two sessions' scopes, where no session sees both.
   */
  ProviderState clashingWith(ProviderState.Identity identity) {
    ProviderState exact = byIdentity.get(identity);
    if (exact != null) {
      return exact;
    }
    for (ProviderState provider : byIdentity.values()) {
      if (provider.name.equals(identity.name())
          && Objects.equals(provider.instance, identity.instance())
          && (identity.scope() == null || provider.identityScope == null)) {
        return provider;
      }
    }
    return null;
  }

  /** Registers {@code provider} under its identity, in place of whoever held it. */
  void add(ProviderState provider) {
    byIdentity.put(provider.identity(), provider);
  }

  /** Forgets {@code provider}, if it still holds its identity. */
  void remove(ProviderState provider) {
    byIdentity.remove(provider.identity(), provider);
  }

  /** Every registered provider; a read-only view. */
  Collection<ProviderState> all() {
    return all;
  }

  /** The bound providers, by provider id: what the host sees. */
  List<ProviderInfo> bound() {
    List<ProviderInfo> list = new ArrayList<>();
    for (ProviderState provider : byIdentity.values()) {
      if (!provider.bindings().isEmpty() || provider.isAllBound()) {
        list.add(provider.info());
      }
    }
    list.sort(Comparator.comparing(ProviderInfo::providerId));
    return list;
  }
}
