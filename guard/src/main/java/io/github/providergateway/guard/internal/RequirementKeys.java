package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * A setting's key that names a requirement or a check of its own (decision 167), for {@link
 * SafeguardSettings#protectionOff}: {@code require_gas_clearance}, {@code id_match_required},
 * {@code flue_gas_nox_check}, {@code block_tor_exit_nodes}. Set off, the step it names is no longer
 * taken, whatever trade's words name the step; a protection's own word ({@code interlock}) is not
 * needed. A key of one word ({@code required: false}, a schema's field) names nothing.
 */
final class RequirementKeys {
  private RequirementKeys() {}

  /** A key's first words that make it a requirement: {@code require_nino}, {@code mustSign}. */
  private static final Set<String> REQUIRING =
      NameSet.of("require", "requires", "must", "mandatory");

  /** A key's last words that make it a requirement: {@code escort_required}. */
  private static final Set<String> REQUIRED =
      NameSet.of("required", "mandatory", "enforced", "compulsory", "obligatory");

  /**
   * A section's last words under which every switch is a check or a requirement: {@code
   * preflight_checks: weight_and_balance: false} (decision 175).
   */
  private static final Set<String> SECTIONS_OF_CHECKS =
      NameSet.of("checks", "requirements", "controls");

  /** A section's first words that make its checks a developer's: {@code lint_checks}. */
  private static final Set<String> DEVELOPERS_CHECKS =
      NameSet.of(
          "lint", "type", "style", "health", "status", "ci", "pre", "build", "test", "spell");

  /** Words that make a key of three words or more a check: {@code antibody_history_check}. */
  private static final Set<String> CHECKS = NameSet.of("check", "checks", "verify", "verification");

  /**
   * First words that make a key of three words or more a block: {@code block_hosting_providers}.
   */
  private static final Set<String> BLOCKING = NameSet.of("block", "deny", "reject");

  /**
   * Whether a key as written names a requirement: the last part of a dotted path ({@code
   * checkout.payments.require_cvv}, decision 175), or the key whole.
   *
   * @param key the key as the text gives it
   */
  static boolean names(String key) {
    int dot = key.lastIndexOf('.');
    return named(SafeguardEdits.words(key))
        || dot > 0 && dot < key.length() - 1 && named(SafeguardEdits.words(key.substring(dot + 1)));
  }

  /**
   * Whether the section a switch is set in names checks or requirements of its own, so that each
   * switch under it is one: {@code preflight_checks}, {@code release_requirements}; not a
   * developer's ({@code lint_checks}) nor a word alone ({@code checks:}, a linter's list).
   *
   * @param context the setting's sections, dotted, as {@link SafeguardSettings#settings} gives
   */
  static boolean namedBySection(String context) {
    int dot = context.lastIndexOf('.');
    List<String> section = SafeguardEdits.words(context.substring(dot + 1));
    return section.size() >= 2
        && SECTIONS_OF_CHECKS.contains(section.get(section.size() - 1))
        && !DEVELOPERS_CHECKS.contains(section.get(0));
  }

  /**
   * Whether a key's words say it requires a step ({@code require_manager_pin}, {@code
   * id_scan_required}), so that {@code 0} and {@code 1} switch it: a check's or a block's key may
   * be a number's ({@code check_interval_seconds: 0}).
   *
   * @param key the key as the text gives it
   */
  static boolean requires(String key) {
    int dot = key.lastIndexOf('.');
    List<String> words = SafeguardEdits.words(dot > 0 ? key.substring(dot + 1) : key);
    return words.size() >= 2
        && (REQUIRING.contains(words.get(0)) || REQUIRED.contains(words.get(words.size() - 1)));
  }

  /**
   * Whether a key of two words or more begins with a requirement or a block ({@code
   * block_load_without_vgm}, {@code require_pin_without_badge}): a negation's word after it is the
   * condition's, not the switch's.
   */
  static boolean leads(List<String> key) {
    return key.size() >= 2 && (REQUIRING.contains(key.get(0)) || BLOCKING.contains(key.get(0)));
  }

  /** Whether a key's words, lower case, name a requirement, a check or a block of its own. */
  private static boolean named(List<String> key) {
    if (key.size() < 2) {
      return false;
    }
    String first = key.get(0);
    String last = key.get(key.size() - 1);
    if (REQUIRING.contains(first) || REQUIRED.contains(last)) {
      return true;
    }
    return key.size() >= 3
        && (CHECKS.contains(first) || CHECKS.contains(last) || BLOCKING.contains(first));
  }
}
