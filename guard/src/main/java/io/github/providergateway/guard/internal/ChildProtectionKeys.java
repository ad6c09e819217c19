package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A switch's key that names children's protection (issue 80, round 61), read by {@link
 * SafeguardSettings} as a protection's: an ad SDK's {@code tagForChildDirectedTreatment}, {@code
 * tag_for_under_age_of_consent}, a COPPA setting, an age gate, a parental gate. Turned off, the SDK
 * collects children's advertising ids and serves them personalised ads. Read on the key's words
 * joined ({@code child}, {@code directed}: {@code childdirected}), so a tree's {@code
 * showChildNodes} or a graph's {@code directed} is none.
 */
final class ChildProtectionKeys {
  private ChildProtectionKeys() {}

  private static final Pattern CHILDREN =
      Pattern.compile(
          "(?:child|children|kid|kids|minor|minors)(?:directed|safe|safety|protection)"
              + "|underage|coppa|agegate|agerestrict|ageverif|parentalcontrol|parentalgate"
              + "|designedforfamilies");

  /**
   * Whether a key names children's protection.
   *
   * @param key the key's words, lower case
   * @return whether it does
   */
  static boolean names(List<String> key) {
    return PatternLiterals.finds(CHILDREN, String.join("", key));
  }
}
