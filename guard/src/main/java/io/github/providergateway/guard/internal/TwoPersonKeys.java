package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * A setting's key that names a second person's part in an act (issue 80 round 66, for {@link
 * SafeguardSettings#protectionOff}): dual authorisation, a second approver, the two-person rule,
 * four eyes, maker-checker, dual control, a countersignature. Turned off, one person alone pays,
 * releases or signs what two had to: the control against fraud and error every trade keeps for its
 * money and its irreversible acts ({@code dual_authorisation: false}, {@code requireSecondApprover:
 * false}, {@code maker_checker.enabled: false}).
 */
final class TwoPersonKeys {
  private TwoPersonKeys() {}

  /** Words that count a second person: {@code dual}, {@code second}, {@code four} (eyes). */
  private static final Set<String> SECOND =
      NameSet.of("dual", "two", "second", "2nd", "double", "four", "4", "multi", "multiple");

  /** What a second person does or is, after {@link #SECOND}. */
  private static final Set<String> PART =
      NameSet.of(
          "authorisation",
          "authorization",
          "authorisations",
          "authorizations",
          "authorise",
          "authorize",
          "authoriser",
          "authorizer",
          "approval",
          "approvals",
          "approver",
          "approvers",
          "approve",
          "control",
          "controls",
          "signoff",
          "sign",
          "signer",
          "signers",
          "signature",
          "signatures",
          "signatory",
          "signatories",
          "person",
          "persons",
          "people",
          "man",
          "eyes",
          "reviewer",
          "reviewers",
          "witness",
          "witnesses",
          "verifier",
          "check",
          "checks",
          "release",
          "key",
          "checker");

  /** A second person's part in one word: {@code countersign}, {@code foureyes}. */
  private static final Set<String> WHOLE =
      NameSet.of(
          "countersign",
          "countersigned",
          "countersignature",
          "countersigning",
          "foureyes",
          "4eyes",
          "twoperson",
          "dualcontrol",
          "makerchecker");

  /**
   * Whether a key's words name a second person's part.
   *
   * @param key the key's words, lower case ({@link CheckWords#words})
   * @return whether they do
   */
  static boolean names(List<String> key) {
    for (int i = 0; i < key.size(); i++) {
      String word = key.get(i);
      if (WHOLE.contains(word)
          || word.equals("maker") && i + 1 < key.size() && key.get(i + 1).equals("checker")) {
        return true;
      }
      if (SECOND.contains(word) && i + 1 < key.size() && PART.contains(key.get(i + 1))) {
        return true;
      }
    }
    return false;
  }
}
