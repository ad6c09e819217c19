package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SQL that changes who a customer's account belongs to or what it may do, sent to production (issue
 * 80 round 6, decision 105): an {@code UPDATE … SET email = …, password_hash = NULL, mfa_secret =
 * NULL}, a {@code role = 'admin'}, an owner changed, a row added to a table of roles, admins or
 * memberships. It is the admin tool's act ({@link ProjectCommands}) done in the database under it,
 * where no verification runs; the {@code db.*} and {@code production.*} rules read SQL for what it
 * destroys, and let a one-row {@code UPDATE} through.
 *
 * <p>Bounds: the first {@value #MAX_CHARS} characters of each SQL text a client is handed.
 */
final class AccountSql {
  private AccountSql() {}

  /** The most characters of one SQL text read. */
  static final int MAX_CHARS = 4096;

  /** {@code UPDATE table SET …}: the assignments in group 1, up to the WHERE or the end. */
  private static final Pattern UPDATE =
      Pattern.compile(
          "\\bupdate\\s+[\\w.\"`\\[\\]]{1,200}\\s+set\\s+(.{1,2000}?)(?:\\bwhere\\b|\\bfrom\\b|;|$)",
          Pattern.DOTALL);

  /**
   * An assignment to a column of an account's credentials or privilege. An e-mail alone is left
   * out: correcting one customer's address is a support fix the book lets through ({@code
   * production.write-every-row}'s near miss); taken with its password or second factor it is a
   * takeover, found by those.
   */
  private static final Pattern ACCOUNT_COLUMN =
      Pattern.compile(
          "(?:^|[\\s,.(\"`])(?:encrypted_password|password\\w{0,20}|passwd|pw_hash|mfa\\w{0,20}|otp\\w{0,20}"
              + "|totp\\w{0,20}|two_factor\\w{0,20}|tfa\\w{0,20}|role|roles|role_id|is_admin|admin"
              + "|is_superuser|superuser|is_staff|staff|owner|owner_id|owner_email|permissions?"
              + "|api_key\\w{0,20}|access_level|user_type|account_type)[\"`]?\\s*=");

  /** A row added to a table of roles, admins, memberships, grants or owners. */
  private static final Pattern INSERT =
      Pattern.compile(
          "\\binsert\\s+into\\s+[\\w.\"`]{0,100}(?:role|admin|member|permission|grant|owner|staff)");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "production-sql-changes-account",
        (scan, step, read) ->
            changesAccount(ProductionPredicates.sqlOf(scan, step))
                && Environments.production(scan, step));
  }

  /** Whether any of the SQL texts changes an account's identity, credentials or privilege. */
  static boolean changesAccount(List<String> texts) {
    for (String text : texts) {
      String sql = (text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text);
      sql = sql.toLowerCase(Locale.ROOT);
      if (sql.indexOf("update") < 0 && sql.indexOf("insert") < 0) {
        continue;
      }
      Matcher update = UPDATE.matcher(sql);
      while (update.find()) {
        if (ACCOUNT_COLUMN.matcher(update.group(1)).find()) {
          return true;
        }
      }
      if (INSERT.matcher(sql).find()) {
        return true;
      }
    }
    return false;
  }
}
