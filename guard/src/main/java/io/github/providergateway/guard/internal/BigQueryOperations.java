package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * BigQuery's {@code bq} read as the operation it names (decision 200), the way {@link
 * CloudOperations} reads aws, gcloud and az: {@code bq [globals] <command> [flags] [args]}. bq is
 * logged in to the same accounts as gcloud, and its commands say plainly which read: {@code ls},
 * {@code show}, {@code head}, {@code wait}, {@code get-iam-policy}, {@code mkdef} (a definition
 * printed here) and a {@code query} that only selects. The rest change what others read: a binding
 * or policy, a dataset or table made, updated, copied into, loaded, inserted into or truncated, a
 * table extracted to a bucket (an export: records leave the warehouse), and a query that writes a
 * table ({@code --destination_table}, {@code --replace}, {@code --append_table}, a schedule) or
 * runs a statement that is no read (DML, DDL, {@code EXPORT DATA}). A copy made as a backup or a
 * snapshot is the safe side of an act, as decision 190's backups are.
 */
final class BigQueryOperations {
  /** bq's global options that take a value; the others before the command are flags. */
  private static final Set<String> VALUED_GLOBALS =
      Set.of(
          "--project_id",
          "--dataset_id",
          "--location",
          "--format",
          "--apilog",
          "--api",
          "--api_version",
          "--bigqueryrc",
          "--ca_certificates_file",
          "--credential_file",
          "--job_id",
          "--job_property",
          "--max_rows_per_request",
          "--service_account",
          "--service_account_credential_file",
          "--service_account_private_key_file",
          "--trace",
          "--httplib2_debuglevel",
          "--proxy_address",
          "--proxy_port",
          "--proxy_username",
          "--proxy_password");

  /** bq's commands that read, or change nothing held in the account. */
  private static final Set<String> READS =
      Set.of(
          "ls",
          "show",
          "head",
          "wait",
          "version",
          "help",
          "init",
          "shell",
          "get-iam-policy",
          "mkdef",
          "query");

  /** A query's flags that write its result to a table or schedule it. */
  private static final Set<String> QUERY_WRITES =
      Set.of("--destination_table", "--replace", "--append_table", "--schedule");

  /** A statement of a query's script that is no read: DML, DDL, a grant, an export, a call. */
  private static final Pattern WRITING_STATEMENT =
      Pattern.compile(
          "(?i)^\\s*(?:insert|update|delete|merge|truncate|create|drop|alter|grant|revoke"
              + "|export|call|undrop)\\b");

  private BigQueryOperations() {}

  /**
   * {@return the command a bq call names, or {@code null} for none or one made at run time}, its
   * global options and their values skipped before it ({@code bq --project_id=x --format json ls})
   */
  static CloudOperations.Operation of(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-")) {
        if (VALUED_GLOBALS.contains(text)) {
          i++;
        }
        continue;
      }
      if (!args.get(i).literal()) {
        return null;
      }
      return new CloudOperations.Operation(
          "bq", List.of(text.toLowerCase(Locale.ROOT)), List.of(i));
    }
    return null;
  }

  /**
   * {@return whether the command changes the account: not a read, a selecting query or a backup}
   */
  static boolean changes(CloudOperations.Operation operation, List<Word> args) {
    String command = operation.words().get(0);
    List<Word> after = args.subList(operation.at().get(0) + 1, args.size());
    if (command.equals("query")) {
      return queryWrites(after);
    }
    if (command.equals("cp") && backupMade(after)) {
      return false;
    }
    return !READS.contains(command);
  }

  /** A query that writes a table, is scheduled, or runs a statement that is no read. */
  private static boolean queryWrites(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      int equals = text.indexOf('=');
      String flag = equals > 0 ? text.substring(0, equals) : text;
      if (QUERY_WRITES.contains(flag) && !text.endsWith("=false")) {
        return true;
      }
      if (text.startsWith("-") || text.length() > 20_000) {
        continue;
      }
      for (String statement : text.split(";")) {
        if (PatternLiterals.finds(WRITING_STATEMENT, statement)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * A copy kept as a backup: {@code --snapshot}, or a destination (the last word) whose name says
   * backup or snapshot ({@code acme-prod:backups.orders_20240601}).
   */
  private static boolean backupMade(List<Word> args) {
    if (args.isEmpty()) {
      return false;
    }
    for (Word word : args) {
      if (word.text().equals("--snapshot")) {
        return true;
      }
    }
    String destination = args.get(args.size() - 1).text().toLowerCase(Locale.ROOT);
    return !destination.startsWith("-")
        && (destination.contains("backup") || destination.contains("snapshot"));
  }
}
