package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A service's live mode chosen by the key rather than by a flag: {@code stripe refunds create
 * --api-key "$STRIPE_LIVE_SECRET_KEY"} spends real money as {@code --live} does, for the key
 * decides the mode ({@code sk_live_…}, {@code rk_live_…}). Read from the key option's value: a
 * literal live key, or a variable or file whose name says live or production.
 */
final class LiveKeys {
  private LiveKeys() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("names-live-key", (scan, step, read) -> namesLiveKey(step.invocation().args()));
  }

  /** {@return whether an {@code --api-key} value is or names a live key} */
  static boolean namesLiveKey(List<String> args) {
    for (String value : apiKeys(args)) {
      if (live(value)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@return the values of a payment CLI's {@code --api-key} options (the {@code money} rules')}
   */
  static List<String> apiKeys(List<String> args) {
    List<String> values = new java.util.ArrayList<>(1);
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.startsWith("--api-key=")) {
        values.add(a.substring("--api-key=".length()));
      } else if (a.equals("--api-key") && i + 1 < args.size()) {
        values.add(args.get(i + 1));
      }
    }
    return values;
  }

  private static boolean live(String value) {
    if (value.contains("_live_")) {
      return true; // sk_live_…, rk_live_…, pk_live_…
    }
    if (value.indexOf('$') < 0) {
      return false;
    }
    String v = value.toLowerCase(Locale.ROOT);
    return v.contains("live") || v.contains("prod");
  }
}
