package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code people.protective-flags-cleared} reads (decision 215): a flag that keeps a person out
 * of the mail or the phone list (deceased, do not contact, a preference service's suppression, an
 * opt-out, an unsubscribe) set back to false in bulk by a client library's code or by a data tool's
 * SQL ({@code simple_salesforce}'s update, DuckDB's postgres extension, R's DBI); and a mailing
 * platform's tool told to re-subscribe members over what they chose ({@code update_existing} with
 * {@code "status": "subscribed"}). The person's choice or death is what the flag records; the next
 * mailing ignores it. A test's, a sandbox's or this machine's data is no one's.
 */
final class ProtectiveFlagsCleared {
  private ProtectiveFlagsCleared() {}

  /** The programs whose code or SQL writes through a library the SQL clients' rules do not read. */
  private static final Set<String> WRITERS =
      NameSet.of(
          "python", "python3", "node", "nodejs", "ruby", "deno", "bun", "Rscript", "duckdb", "R");

  /** A protective flag set to false, null or 0. */
  private static final Pattern CLEARED =
      Pattern.compile(
          "(?:deceased|do_?not_?(?:contact|mail|call|email|solicit)|suppress(?:ed|ion)?"
              + "|opted_?out|has_?opted_?out\\w*|unsubscribed|email_?opt_?out|gone_?away|bereave\\w*)"
              + "\\w*['\"]?\\s*(?:[:=]|=>)\\s*(?:false|0|null|none)\\b");

  /** What writes: SQL's update, a client's update, modify or patch. */
  private static final Pattern WRITES =
      Pattern.compile("\\bupdate\\b|\\.(?:update|modify|patch|save|upsert)\\w*\\s*\\(");

  /** This machine's or a test's data. */
  private static final Pattern NO_ONES =
      Pattern.compile(
          "sqlite|localhost|127\\.0\\.0\\.1|\\btest\\w*|fixtures?\\b|sandbox|scratch|\\bdev\\b"
              + "|_dev\\b|\\bmock");

  /** A mailing platform's tool that subscribes members. */
  private static final Pattern SUBSCRIBES = Pattern.compile("subscribe|add_or_update_member");

  /** A member set subscribed. */
  private static final Pattern SUBSCRIBED =
      Pattern.compile("\"status(?:_if_new)?\"\\s*:\\s*\"subscribed\"");

  /** What protective flag the call clears in bulk, as the reason shows it, or {@code null}. */
  static String cleared(Scan scan) {
    RecordsCall call = RecordsCall.of(scan);
    String text = call.text();
    if (!call.shell()) {
      return resubscribed(scan, text);
    }
    if (call.acting().isEmpty() || !PeoplePredicates.runsOneOf(scan, WRITERS)) {
      return null;
    }
    Matcher flag = PatternLiterals.matcher(CLEARED, text);
    if (!flag.find()
        || !PatternLiterals.finds(WRITES, text)
        || PatternLiterals.finds(NO_ONES, text)
        || PeoplePredicates.notReal(text)) {
      return null;
    }
    return flag.group() + " written over by code";
  }

  /** A mailing platform's tool re-subscribing members over their choice, or {@code null}. */
  private static String resubscribed(Scan scan, String text) {
    String tool = scan.call().tool();
    if (tool == null
        || !tool.contains("__")
        || !PatternLiterals.finds(SUBSCRIBES, tool.toLowerCase(Locale.ROOT))) {
      return null;
    }
    boolean overwrites = scan.call().args().path("update_existing").asBoolean(false);
    return overwrites && PatternLiterals.finds(SUBSCRIBED, text) && !PeoplePredicates.notReal(text)
        ? tool + " re-subscribes existing members (update_existing)"
        : null;
  }
}
