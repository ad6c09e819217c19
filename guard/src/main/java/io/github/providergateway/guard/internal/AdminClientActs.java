package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * An act by the company's admin client in inline code (round 74, {@code acts.admin-client-acts}):
 * {@code node -e "require('./scripts/lib/adminClient')…merchants.setCommission({all: true…})"},
 * {@code python3 -c "from ops.admin import client; …"}. The client a company writes for its
 * administrators reaches its one production with the person's rights and names no place; a method
 * of it whose first word sets, changes, cancels, refunds, grants or deletes is an act on the
 * trade's records. Its reads ({@code list}, {@code get}), a method named but not called ({@code
 * setCommission.toString()}) and code that names a test or staging place are not.
 */
final class AdminClientActs {
  private AdminClientActs() {}

  /** A module of the company's administration loaded: {@code adminClient}, {@code ops.admin}. */
  private static final Pattern ADMIN_MODULE =
      Pattern.compile(
          "(?i)(?:require\\s*\\(|import\\b|from\\b)[^;\\n]{0,80}?(?:admin|back-?office|back_office"
              + "|ops[-_.]?client|opsClient|ops[-_./]sdk|internal[-_]admin)");

  /** This machine's service or an emulator. */
  private static final Pattern HERE = Pattern.compile("(?i)localhost|127\\.0\\.0\\.1|emulator");

  /** The first words of a method that acts on what the client administers. */
  private static final Set<String> ACTING =
      NameSet.of(
          "set",
          "update",
          "patch",
          "change",
          "delete",
          "remove",
          "cancel",
          "refund",
          "grant",
          "revoke",
          "void",
          "waive",
          "close",
          "suspend",
          "disable",
          "enable",
          "approve",
          "reject",
          "credit",
          "debit",
          "charge",
          "pay",
          "payout",
          "transfer",
          "reset",
          "purge",
          "deactivate",
          "ban",
          "bulk",
          "apply",
          "override",
          "expire",
          "terminate",
          "adjust",
          "raise",
          "lower",
          "mark",
          "issue",
          "release",
          "create",
          "add",
          "assign",
          "move",
          "merge",
          "upsert");

  /** A debt's or a stock's value taken off the books: {@code loans.write_off(…)}. */
  private static final Set<String> WRITTEN_OFF = Set.of("writeoff", "chargeoff", "markdown");

  /** {@return the acting method called on an admin client in {@code step}'s code, or null} */
  static String acts(Step step) {
    String code = SharedCodeActs.codeOf(step);
    if (code == null || !PatternLiterals.finds(ADMIN_MODULE, code)) {
      return null;
    }
    if ((Environments.testName(code) || PatternLiterals.finds(HERE, code))
        && !Environments.namesProduction(code)) {
      return null; // client('staging'), an emulator on localhost: a rehearsal
    }
    return SharedCodeActs.calledMethod(
        code,
        (name, parts) ->
            ACTING.contains(parts.get(0))
                || parts.size() > 1 && WRITTEN_OFF.contains(parts.get(0) + parts.get(1)));
  }
}
