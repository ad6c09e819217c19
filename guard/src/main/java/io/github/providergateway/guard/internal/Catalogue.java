package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every built-in rule, and the scan that finds them in a call. The rule {@code guard.unreadable} (a
 * command past a bound or not shell) is decided before any scan, by the guard.
 */
public final class Catalogue {
  /** A command the parser will not read: denied, never allowed. */
  public static final BuiltinRule UNREADABLE =
      BuiltinRule.catastrophic(
          "guard.unreadable",
          "guard",
          "cannot be read by the guard (past a bound, or not a complete command), so it is denied",
          "split the command into smaller ones");

  private static final List<Family> FAMILIES =
      List.of(
          new FileRules(),
          new GitRules(),
          new SecretRules(),
          new RemoteRules(),
          new InfraRules(),
          new SystemRules(),
          new SelfRules(),
          new InlineRules(),
          new ToolRules());
  private static final Map<String, BuiltinRule> BY_ID;

  static {
    Map<String, BuiltinRule> byId = new LinkedHashMap<>();
    for (Family family : FAMILIES) {
      for (BuiltinRule rule : family.rules()) {
        if (byId.put(rule.id(), rule) != null) {
          throw new IllegalStateException("two built-in rules are " + rule.id());
        }
      }
    }
    byId.put(UNREADABLE.id(), UNREADABLE);
    BY_ID = Collections.unmodifiableMap(byId);
  }

  private Catalogue() {}

  /** {@return every built-in rule, by family} */
  public static List<BuiltinRule> all() {
    return new ArrayList<>(BY_ID.values());
  }

  /**
   * The built-in rule of an id.
   *
   * @param id the id
   * @return the rule, or {@code null}
   */
  public static BuiltinRule byId(String id) {
    return BY_ID.get(id);
  }

  /**
   * Finds every built-in rule a call matches, whatever the preset.
   *
   * @param scan the call
   * @return the matches, in the order found
   */
  public static List<Hit> scan(Scan scan) {
    for (Family family : FAMILIES) {
      family.scan(scan);
    }
    return scan.hits();
  }
}
