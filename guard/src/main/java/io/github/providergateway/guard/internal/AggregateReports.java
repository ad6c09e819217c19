package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A report of aggregates the session made, copied to the company's own bucket (issue 80, round 61):
 * {@code bq query '… COUNT(DISTINCT player_id) … GROUP BY 1,2' > reports/dau.csv} then {@code
 * gsutil cp reports/dau.csv gs://acme-analytics-reports/weekly/}. One call alone cannot tell such a
 * file from an export of people's records ({@code out.file-to-host}, decision 198); the session
 * can: the file was written, in this session, by a database client's query whose answer is a table
 * of aggregates ({@link AggregateQueries}), typed or read from a {@code .sql} file the session
 * wrote. Remembered as {@code aggregate:<file>} (or {@code aggregate-from:<file>} with the query's
 * file, itself {@code aggregate-sql:<file>}), such a copy is let through ({@link #onlyAggregates})
 * when nothing else blocks it and the bucket names no other party or publication (a partner's
 * ingest, an exchange, a public or live site).
 */
public final class AggregateReports {
  private AggregateReports() {}

  private static final String KEY = "aggregate:";
  private static final String FROM = "aggregate-from:";
  private static final String SQL = "aggregate-sql:";

  /** The database clients whose query's answer lands in a redirected file. */
  private static final Set<String> CLIENTS =
      NameSet.of(
          "bq",
          "psql",
          "mysql",
          "mariadb",
          "snowsql",
          "clickhouse-client",
          "sqlite3",
          "duckdb",
          "sqlcmd",
          "trino",
          "presto");

  /** A file of data a later write may fill with records. */
  private static final Pattern DATA =
      Pattern.compile("(?i)\\.(?:csv|tsv|json|jsonl|ndjson|parquet|xlsx?|txt)$");

  /** A bucket that names another party or a publication. */
  private static final Pattern OTHERS =
      Pattern.compile(
          "partner|ingest|inbound|incoming|exchange|vendor|external|share|drop|collab|public"
              + "|publish|live|www|site|web|cdn|static|asset|upload|prod-?data|research");

  /**
   * Remembers the files a database client's aggregate query writes.
   *
   * @param scan the call's scan
   * @param step the program
   * @param found where it is remembered
   */
  static void read(Scan scan, Step step, Found found) {
    boolean client = CLIENTS.contains(step.program());
    boolean typed = client && AggregateQueries.asked(step);
    String sqlFile = null;
    List<String> outputs = new ArrayList<>();
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.target() == null) {
        continue;
      }
      for (Target target : scan.targets(step, redirect.target())) {
        if (target.known() && redirect.writes()) {
          outputs.add(target.path().toString());
        } else if (target.known() && target.path().toString().endsWith(".sql")) {
          sqlFile = target.path().toString();
        }
      }
    }
    for (String output : outputs) {
      if (found.writesSenders().size() >= 16) {
        return;
      }
      if (typed) {
        found.writesSenders().put(KEY + output, "");
      } else if (client && sqlFile != null) {
        found.writesSenders().put(FROM + output, sqlFile);
      } else if (PatternLiterals.finds(DATA, output)) {
        found.writesSenders().put(KEY + output, "no"); // written again by other means
        found.writesSenders().remove(FROM + output);
      }
    }
  }

  /**
   * Remembers whether a {@code .sql} file the session writes whole asks an aggregate query.
   *
   * @param file the file's path, as {@link WrittenScripts#edited} resolved it
   * @param args the writing call's arguments
   * @param found where it is remembered
   */
  static void edited(String file, JsonNode args, Found found) {
    if (!file.toLowerCase(Locale.ROOT).endsWith(".sql") || found.writesSenders().size() >= 16) {
      return;
    }
    JsonNode whole = args.has("content") ? args.get("content") : args.get("file_text");
    boolean aggregate =
        whole != null && whole.isTextual() && AggregateQueries.aggregate(whole.asText());
    found.writesSenders().put(SQL + file, aggregate ? "" : "no");
  }

  /**
   * Whether every file a call copies to a bucket is a report of aggregates the session made, and
   * every such bucket is the company's own.
   *
   * @param scan the call's scan
   * @param written the session's written files
   * @return whether it is so, for at least one copy
   */
  public static boolean onlyAggregates(Scan scan, Map<String, String> written) {
    boolean any = false;
    for (Step step : scan.steps()) {
      List<Word> operands = CopierOptions.operands(step);
      List<String> words = new ArrayList<>();
      for (Word word : operands) {
        words.add(word.text());
      }
      int verb = RecordsToBucket.verb(step.program(), words);
      if (verb < 0 || words.size() < verb + 3) {
        continue;
      }
      String bucket = RecordsToBucket.bucket(words.get(words.size() - 1));
      if (bucket == null || PatternLiterals.finds(OTHERS, bucket)) {
        return false;
      }
      for (int i = verb + 1; i < words.size() - 1; i++) {
        for (Target target : scan.targets(step, operands.get(i))) {
          if (!target.known() || !made(written, target.path().toString())) {
            return false;
          }
          any = true;
        }
      }
    }
    return any;
  }

  private static boolean made(Map<String, String> written, String path) {
    if (written.containsKey(KEY + path)) {
      return written.get(KEY + path).isEmpty();
    }
    String sql = written.get(FROM + path);
    return sql != null && "".equals(written.get(SQL + sql));
  }
}
