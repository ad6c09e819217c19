package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Access to a store of data granted to an identity at a personal mailbox (decision 334, {@code
 * out.data-shared-to-personal-identity}): round 75's {@code globus endpoint permission create
 * EP:/ehr_extract/ --identity jwalker@gmail.com --permissions r}, and {@code gsutil iam ch
 * user:x@gmail.com:objectViewer gs://…}, {@code gcloud storage buckets add-iam-policy-binding …
 * --member=user:x@hotmail.com}. An institution's people sign in with its own domain; a grant to a
 * free mailbox hands the data to someone, or to an account, that the institution does not answer
 * for, and a data use agreement names who may read. A listing, and a grant to the institution's own
 * domain, are not this.
 */
final class PersonalGrants {
  private PersonalGrants() {}

  /** An address at a mailbox provider people hold for themselves ({@link ToolArguments}'s). */
  private static final Pattern PERSONAL =
      Pattern.compile(
          "(?i)[\\w.+-]{1,64}@(?:" + ToolArguments.PERSONAL_PROVIDERS + ")\\.[a-z.]{2,8}\\b");

  /**
   * A personal mailbox's address: a clause for any program asks {@link #grants} only of a call that
   * holds one ({@link CallClues}).
   */
  static final CallClues ADDRESSED = CallClues.of(PERSONAL);

  /** Words that alone grant: gcloud's binding, a share, a grant, an invitation. */
  private static final Set<String> GRANTS =
      Set.of(
          "add-iam-policy-binding",
          "set-iam-policy",
          "share",
          "grant",
          "invite",
          "add-permission",
          "add-member");

  /** The things a grant is made on, and the verbs that make one on them. */
  private static final Set<String> ACCESS =
      Set.of("permission", "permissions", "acl", "iam", "role", "access", "rule");

  private static final Set<String> MAKES = Set.of("create", "ch", "add", "set", "update", "grant");

  /** How many words are read. */
  private static final int WORDS = 40;

  /** Whether the step grants access to an identity at a personal mailbox. */
  static boolean grants(Step step) {
    List<Word> args = step.args();
    boolean personal = false;
    boolean grant = false;
    boolean access = false;
    boolean makes = false;
    for (int i = 0; i < args.size() && i < WORDS; i++) {
      String text = args.get(i).text();
      personal |= PatternLiterals.finds(PERSONAL, text);
      if (text.startsWith("-")) {
        continue;
      }
      grant |= GRANTS.contains(text);
      access |= ACCESS.contains(text);
      makes |= access && MAKES.contains(text);
    }
    return personal && (grant || makes);
  }
}
