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
  private static final Set<String> REQUIRED = NameSet.of("required", "mandatory", "enforced");

  /** Words that make a key of three words or more a check: {@code antibody_history_check}. */
  private static final Set<String> CHECKS = NameSet.of("check", "checks", "verify", "verification");

  /**
   * First words that make a key of three words or more a block: {@code block_hosting_providers}.
   */
  private static final Set<String> BLOCKING = NameSet.of("block", "deny", "reject");

  /**
   * Whether a key's words name a requirement, a check or a block of its own.
   *
   * @param key the key's words, lower case, as {@link SafeguardEdits#words} gives them
   */
  static boolean names(List<String> key) {
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
