package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One built-in rule: its id, family, what it does under each preset, and what the agent reads.
 *
 * @param id its id ({@code git.push-force})
 * @param category its family ({@code fs}, {@code git}, {@code secrets}, {@code remote}, {@code
 *     infra}, {@code system}, {@code tools}, {@code guard})
 * @param catastrophic whether it stays on (deny) in every preset but off, whatever the person
 *     allows
 * @param actions what it does under standard, strict and paranoid: {@code D} deny, {@code A} ask,
 *     {@code -} off; ignored when catastrophic
 * @param why what the matched command does, the second half of the reason ("deletes the root
 *     filesystem")
 * @param instead what would be allowed instead, or {@code null}
 * @param denyWithoutSession whether it denies, where it would ask, a call with no session: nobody
 *     is there to ask, and what it cannot read it must not let through unseen
 */
public record BuiltinRule(
    String id,
    String category,
    boolean catastrophic,
    String actions,
    String why,
    String instead,
    boolean denyWithoutSession) {

  /**
   * Checks the rule's table.
   *
   * @param id its id
   * @param category its family
   * @param catastrophic whether it is always on but in off
   * @param actions under standard, strict and paranoid
   * @param why what the command does
   * @param instead what would be allowed instead, or {@code null}
   * @param denyWithoutSession whether it denies, where it would ask, a call with no session
   */
  public BuiltinRule {
    if (!threeActions(actions)) {
      throw new IllegalArgumentException(id + ": actions are three of D, A, -: " + actions);
    }
  }

  /** Whether a text is three of D, A and -: read by hand, as a regex is compiled for each rule. */
  private static boolean threeActions(String actions) {
    if (actions.length() != 3) {
      return false;
    }
    for (int i = 0; i < 3; i++) {
      char action = actions.charAt(i);
      if (action != 'D' && action != 'A' && action != '-') {
        return false;
      }
    }
    return true;
  }

  /**
   * Equal as a record's components are, written out: the record's own {@code equals} is linked by
   * {@code ObjectMethods} the first time it runs, which spins some thirty method-handle classes,
   * and a hook's JVM with no gateway meets that as its book is indexed (decision 84).
   */
  @Override
  public boolean equals(Object other) {
    return this == other
        || other instanceof BuiltinRule rule
            && catastrophic == rule.catastrophic
            && denyWithoutSession == rule.denyWithoutSession
            && Objects.equals(id, rule.id)
            && Objects.equals(category, rule.category)
            && Objects.equals(actions, rule.actions)
            && Objects.equals(why, rule.why)
            && Objects.equals(instead, rule.instead);
  }

  /**
   * The record's own hash, written out for the reason {@link #equals} is: each component's hash in
   * order, the sum so far times 31 plus the next, from 0, as {@code ObjectMethods} computes it, so
   * that no set or map of rules iterates in another order.
   */
  @Override
  public int hashCode() {
    int hash = 0;
    hash = hash * 31 + Objects.hashCode(id);
    hash = hash * 31 + Objects.hashCode(category);
    hash = hash * 31 + Boolean.hashCode(catastrophic);
    hash = hash * 31 + Objects.hashCode(actions);
    hash = hash * 31 + Objects.hashCode(why);
    hash = hash * 31 + Objects.hashCode(instead);
    return hash * 31 + Boolean.hashCode(denyWithoutSession);
  }

  /** A catastrophic rule: deny in every preset but off. */
  static BuiltinRule catastrophic(String id, String category, String why, String instead) {
    return new BuiltinRule(id, category, true, "DDD", why, instead, false);
  }

  /** A rule with its actions under standard, strict and paranoid. */
  static BuiltinRule of(String id, String category, String actions, String why, String instead) {
    return new BuiltinRule(id, category, false, actions, why, instead, false);
  }

  /** This rule, denying where it would ask when the call has no session. */
  BuiltinRule denyingWithoutSession() {
    return new BuiltinRule(id, category, catastrophic, actions, why, instead, true);
  }

  /**
   * The presets whose actions {@link #actions} gives, in its order, by their names in the
   * configuration ({@code GuardPreset}'s wire names); {@code off} turns every rule off.
   */
  static final List<String> PRESETS = List.of("standard", "strict", "paranoid");

  /**
   * What the rule does under a preset, for a call with or without a session.
   *
   * @param preset the preset's name in the configuration ({@code off}, {@code standard}, …)
   * @param session whether the call has a session
   * @return deny or ask, or {@code null} when it is off
   */
  public RuleAction action(String preset, boolean session) {
    RuleAction action = action(preset);
    return action == RuleAction.ASK && !session && denyWithoutSession ? RuleAction.DENY : action;
  }

  /**
   * What the rule does under a preset.
   *
   * @param preset the preset's name in the configuration ({@code off}, {@code standard}, …)
   * @return deny or ask, or {@code null} when it is off
   */
  public RuleAction action(String preset) {
    int column = PRESETS.indexOf(preset);
    if (column < 0) {
      return null;
    }
    if (catastrophic) {
      return RuleAction.DENY;
    }
    return switch (actions.charAt(column)) {
      case 'D' -> RuleAction.DENY;
      case 'A' -> RuleAction.ASK;
      default -> null;
    };
  }

  /** {@return the presets it is on in, as the configuration names them} */
  public List<String> presets() {
    List<String> on = new ArrayList<>();
    for (String preset : PRESETS) {
      RuleAction action = action(preset);
      if (action != null) {
        on.add(preset + "=" + action.name().toLowerCase(java.util.Locale.ROOT));
      }
    }
    return on;
  }
}
