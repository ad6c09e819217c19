package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What erases a plant's history or falsifies its records, as the {@code plant.history-erased} and
 * {@code plant.record-falsified} rules read it (decision 139): a process historian's series,
 * measurements or database dropped (InfluxQL, the influx CLI's delete, VictoriaMetrics' and
 * Prometheus' delete APIs; TimescaleDB's drop_chunks is {@code
 * databases.destroyed-without-drop}'s), a batch released or approved under another person's
 * e-signature, a validated recipe's or an instrument's calibration record rewritten in the MES or
 * the maintenance system. This machine's historian, a test one, is no plant's. Registered by {@link
 * PlantPredicates}.
 */
final class PlantRecords {
  private PlantRecords() {}

  private static final Pattern INFLUXQL_LOSS =
      Pattern.compile(
          "(?i)\\b(?:DROP\\s+(?:SERIES|MEASUREMENT|DATABASE|RETENTION\\s+POLICY|SHARD)|"
              + "DELETE\\s+(?:FROM|WHERE))\\b");

  private static final Pattern DELETE_PATHS =
      Pattern.compile(
          "(?i)/api/v1/admin/tsdb/(?:delete_series|clean_tombstones)|/api/v2/delete\\b|"
              + "/query\\?[^\\s]*q=(?:DROP|DELETE)|/api/v1/series\\b[^\\s]*(?:delete|DELETE)|"
              + "/piwebapi/streams/[^\\s/]+/recorded[^\\s]*updateOption=Remove|"
              + "/historian/[^\\s]*(?:purge|delete)|/exec\\?[^\\s]*query=(?:DROP|TRUNCATE|DELETE)");

  /**
   * Whether a historian away from this machine loses its series: an InfluxQL drop or delete through
   * {@code influx -execute}, {@code influx delete} or {@code influx bucket delete}, a delete API
   * reached by an HTTP client.
   */
  static boolean historyErased(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    String all = PlantPredicates.text(step);
    if (all.isEmpty()) {
      return false;
    }
    switch (program) {
      case "influx" -> {
        boolean cli2 =
            !args.isEmpty()
                && (args.get(0).text().equals("delete")
                    || args.size() > 1
                        && List.of("bucket", "measurement", "v1").contains(args.get(0).text())
                        && args.get(1).text().equals("delete"));
        return (cli2 || PatternLiterals.finds(INFLUXQL_LOSS, all)) && plant(all);
      }
      case "curl", "wget", "http", "https", "xh" -> {
        boolean deletes = all.matches("(?s).*(?:-X\\s*|--request\\s+)DELETE\\b.*");
        for (Word word : args) {
          String text = word.text();
          if (text.length() < 4096
              && text.contains("://")
              && (PatternLiterals.finds(DELETE_PATHS, text)
                  || deletes && text.matches("(?i).*/piwebapi/(?:points|streams|elements)/.*"))) {
            String host = Hosts.of(text);
            return host != null && !PlantPredicates.local(host);
          }
        }
        boolean influxql =
            (all.contains("DROP SERIES") || all.contains("DROP MEASUREMENT"))
                && all.contains("/query");
        boolean questdb = all.matches("(?is).*/exec\\b.*query=(?:DROP|TRUNCATE)\\b.*");
        return (influxql || questdb) && plant(all);
      }
      case "sqlcmd", "psql", "mysql", "bcp" -> {
        return PatternLiterals.finds(HISTORY_SQL, all) && plant(all);
      }
      case "pwsh", "powershell" -> {
        return all.matches(
            "(?is).*\\b(?:Remove-PIValue|Remove-PIPoint|Remove-AFElement|"
                + "Remove-PIDataArchive\\w*)\\b.*");
      }
      default -> {
        String code = InterpreterCode.of(step);
        return code != null
            && (code.contains("influx") || code.contains("InfluxDB"))
            && (PatternLiterals.finds(INFLUXQL_LOSS, code) || code.contains("delete_api"))
            && plant(code);
      }
    }
  }

  /** SQL that deletes a SQL historian's values: AVEVA's History, a tag or process values table. */
  private static final Pattern HISTORY_SQL =
      Pattern.compile(
          "(?i)\\b(?:DELETE\\s+FROM|TRUNCATE\\s+TABLE|DROP\\s+TABLE)\\s+[\\w.\\[\\]\"]*"
              + "(?:History|historian|tag_?values|process_?values|tag_?history|timeseries|"
              + "AnalogHistory|EventHistory|AlarmHistory|\\w*_hist)\\b");

  /** Whether the text reaches a store that is not this machine's: a host, or a URL's variable. */
  private static boolean plant(String text) {
    return PlantPredicates.reachesPlant(text)
        || text.contains("-host")
            && !text.matches("(?s).*-host[= ]+['\"]?(?:https?://)?(?:localhost|127\\.).*")
        || text.matches("(?s).*\\$\\{?[A-Z_]*(?:URL|HOST|DSN)\\b.*");
  }

  /**
   * A fetch tool's request to a historian's delete API on a host of the plant ({@code WebFetch} of
   * VictoriaMetrics' {@code delete_series}).
   */
  static String fetchErases(Scan scan) {
    String text = FetchActs.fetchedUrl(scan);
    if (text == null) {
      return null;
    }
    String host = Hosts.of(text);
    return PatternLiterals.finds(DELETE_PATHS, text) && host != null && !PlantPredicates.local(host)
        ? text
        : null;
  }

  private static final Pattern SIGNS_AS =
      Pattern.compile(
          "(?i)^--?(?:e-?sign(?:ature)?[-_]?(?:user|as|by|name|er)?|sign(?:ed)?[-_](?:as|by)|"
              + "approver|approved[-_]by|released[-_]by|on[-_]behalf[-_]of)(?:=.*)?$");

  /**
   * Whether a release, an approval or a signature is given under an e-signature the command line
   * names ({@code --esign-user qa.jdoe}), not in a dry run or a test environment: asked of every
   * program, it reads only the options that name a signature.
   */
  /** A call {@link #signsAs} may hold of: a word of one of its programs signs as someone. */
  static final CallClues SIGNS_AS_NAMED = CallClues.of(SIGNS_AS);

  static boolean signsAs(List<Word> args) {
    boolean signs = false;
    for (int i = 0; i < args.size() && !signs; i++) { // indexed: asked of every program
      String text = args.get(i).text();
      signs = text.startsWith("--") && mayName(text) && PatternLiterals.matches(SIGNS_AS, text);
    }
    if (!signs) {
      return false;
    }
    boolean acts = false;
    boolean test = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.length() > 4096) {
        continue;
      }
      acts |=
          text.length() < 40
              && text.indexOf(' ') < 0
              && !text.startsWith("-")
              && PatternLiterals.finds(RELEASES, text);
      test |= text.matches("(?i)--dry-?run|--help|-h|--validate|--sandbox|--env=(?:dev|test)\\w*");
      test |=
          text.equals("--env")
              && i + 1 < args.size()
              && args.get(i + 1).text().matches("(?i)dev\\w*|test\\w*|local|sandbox|ci");
    }
    return acts && !test;
  }

  private static boolean mayName(String option) {
    String lower = option.toLowerCase(Locale.ROOT);
    return lower.contains("sign")
        || lower.contains("approve")
        || lower.contains("released")
        || lower.contains("behalf");
  }

  private static final Pattern RELEASES =
      Pattern.compile("(?i)\\b(?:release|approve|sign|esign|disposition|certify|close|accept)\\b");

  /** Tables and columns of records a regulated plant keeps: recipes, batches, calibrations. */
  private static final Pattern GMP_RECORDS =
      Pattern.compile(
          "(?i)\\b\\w*(?:recipe|batch_record|batch_step|ebr_|calibration|cal_due|cal_date|"
              + "deviation|capa|e_?signature|signoff|sign_off|alarm_log|"
              + "alarm_history|event_journal|sop_|training_record|equipment_log|"
              + "cleaning_log|sterili[sz]\\w*|release_status|qa_status)\\w*");

  private static final Pattern CHANGES_ROWS =
      Pattern.compile("(?i)\\b(?:UPDATE\\s+\\w+|DELETE\\s+FROM|TRUNCATE)\\b");

  private static final Pattern QUALITY_PATHS =
      Pattern.compile(
          "(?i)/(?:master_?)?recipes?/[^?\\s]*(?:parameters?|steps?|values?|setpoints?)\\b|"
              + "/batch(?:es|_records)?/[^/?\\s]+/(?:release|approve|sign|disposition)\\b|"
              + "/calibrations?/|/instruments/[^/?\\s]+/(?:calibration|cal_due)");

  /**
   * Whether an MES's or a CMMS's API is told to change a recipe's values, release or sign a batch,
   * or change a calibration, on a host of the plant that names no test.
   */
  static boolean restRewrites(Step step) {
    String all = PlantPredicates.text(step);
    if (!all.matches(
        "(?s).*(?:-X\\s*(?:POST|PUT|PATCH|DELETE)|--request\\s+(?:POST|PUT|PATCH|DELETE)"
            + "|\\s-d\\b|--data|--json|\\s(?:POST|PUT|PATCH)\\s).*")) {
      return false;
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (text.length() < 4096
          && text.contains("://")
          && PatternLiterals.finds(QUALITY_PATHS, text)) {
        String host = Hosts.of(text);
        return host != null
            && !PlantPredicates.local(host)
            && !host.matches(
                "(?i).*(?:^|[.-])(?:test|dev|qa|staging|sandbox|uat|val)\\d*(?:[.-]|$).*");
      }
    }
    return false;
  }

  /**
   * Whether a recipe's, a batch record's or an instrument's calibration rows are changed in a
   * database away from this machine, by its client.
   */
  static boolean rowsRewritten(Step step) {
    String all = PlantPredicates.text(step);
    return PatternLiterals.finds(CHANGES_ROWS, all)
        && PatternLiterals.finds(GMP_RECORDS, all)
        && plant(all);
  }
}
