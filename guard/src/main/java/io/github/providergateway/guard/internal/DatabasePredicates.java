package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code databases} rules' predicates (issue 80 round 8, decision 129): a kind of {@link
 * DatabaseWords} said to a shared database ({@link DatabaseTargets}) by a program of the trade, by
 * a database's MCP tool, or written into a database's settings by the edit tool; and the trade's
 * tools used as SQL runners ({@link DatabaseTools}).
 */
final class DatabasePredicates {
  private DatabasePredicates() {}

  /** The fields of an MCP tool's call that carry its statement. */
  private static final List<String> TOOL_FIELDS = List.of("sql", "query", "statement", "command");

  /** The online schema tools: their --alter runs only with --execute ({@link DatabaseTools}). */
  private static final java.util.Set<String> ONLINE_SCHEMA_TOOLS =
      NameSet.of("gh-ost", "pt-online-schema-change");

  /**
   * The kind of rows written by hand (decision 149), whose staging variable is no shared target.
   */
  private static final String ROWS_WRITTEN = "rows-written";

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    for (String kind : DatabaseWords.BY_KIND.keySet()) {
      named.put(
          "databases-" + kind,
          PredicateGate.DATABASE_TRADE.around(
              (scan, step, read) ->
                  DatabaseTargets.ofTheTrade(step)
                      && !ONLINE_SCHEMA_TOOLS.contains(step.program())
                      && !dryRun(step)
                      && (DatabaseWords.found(kind, textOf(scan, step)) != null
                          || kind.equals(ROWS_WRITTEN) && loadsRows(step))
                      && DatabaseTargets.shared(scan, step)
                      && !(kind.equals(ROWS_WRITTEN) && DatabaseTargets.testVariable(step))));
    }
    named.put(
        "databases-statements-unseen",
        PredicateGate.DATABASE_TRADE.around(
            (scan, step, read) ->
                (UnseenStatements.fileOf(scan, step) != null || runsAssembled(scan, step))
                    && !dryRun(step)
                    && DatabaseTargets.shared(scan, step)
                    && !DatabaseTargets.testVariable(step)));
    named.put(
        "databases-fed-unreadable",
        (scan, step, read) ->
            UnreadableFeeds.fedUnreadable(scan, step) && DatabaseTargets.shared(scan, step));
    named.put(
        "databases-code-runs-decoded", // decision 199: c.execute(base64.b64decode('…').decode())
        new ProgramNames( // an interpreter's alone: tried on no other program
            DatabaseTargets::interpreter,
            (scan, step, read) ->
                DatabaseTargets.interpreter(step)
                    && DecodedStatements.in(InterpreterCode.of(step)) != null
                    && DatabaseTargets.shared(scan, step)));
    named.put("databases-shared", (scan, step, read) -> DatabaseTargets.shared(scan, step));
    named.put(
        "databases-lake-table-overwritten", // round 72: spark-sql -e "INSERT OVERWRITE TABLE lake.x
        // …"
        new ProgramNames( // named in no clause: a program no family names stays unnamed
            LakeTableWrites::engine,
            (scan, step, read) -> LakeTableWrites.overwrittenShared(scan, step) != null));
    named.put(
        "databases-druid-data-deleted", // round 72: POST /druid/indexer/v1/task {"type":"kill",…}
        new ProgramNames(
            DruidDeletes::client, (scan, step, read) -> DruidDeletes.destroysShared(step)));
    named.put(
        "databases-store-truncated", // round 72: asinfo -h aero-1 -v "truncate:namespace=users"
        new ProgramNames(
            StoreTruncations::tool,
            (scan, step, read) -> StoreTruncations.truncatedShared(step) != null));
    named.put(
        "databases-layer-overwritten", // decision 299: ogr2ogr … PG:"$GIS_DB_URL" … -overwrite
        (scan, step, read) -> LayersOverwritten.overwritesShared(step));
    named.put(
        "databases-migration-shared", // decision 226
        (scan, step, read) -> MigrationTargets.shared(scan, step));
    named.put(
        "special-category-picked",
        SensitiveReads.SPECIAL_WITHIN
            .clues()
            .around((scan, step, read) -> SensitiveReads.picksBySpecialCategory(scan, step)));
    named.put(
        "databases-archive-shared",
        (scan, step, read) -> {
          for (Word word : step.args()) {
            if (word.text().startsWith("/tmp/")) {
              return false;
            }
          }
          return DatabaseTargets.shared(scan, step);
        });
    DatabaseTools.addTo(named);
  }

  /** Adds the call's predicates: an MCP tool's statement, an edit of a database's settings. */
  static void addCallsTo(Map<String, Where.CallPredicate> onCall) {
    for (String kind : DatabaseWords.BY_KIND.keySet()) {
      onCall.put("databases-tool-" + kind, scan -> toolSays(scan, kind));
    }
    onCall.put(
        "databases-edit-opens-access",
        scan -> EditCalls.read(scan.call(), (old, now, files) -> added(TRUSTS_EVERYONE, old, now)));
    onCall.put(
        "databases-edit-durability-off",
        scan ->
            EditCalls.read(
                scan.call(),
                (old, now, files) -> {
                  if (!files.isEmpty()
                      && files.stream()
                          .allMatch(f -> Environments.testFile(f, scan.call().project()))) {
                    return null; // a test's or CI's throwaway server
                  }
                  String found = DatabaseWords.found("durability-off", now);
                  return found != null && (old == null || !old.contains(found)) ? found : null;
                }));
  }

  /**
   * A pg_hba line that lets every address in with no password: {@code host all all 0.0.0.0/0
   * trust}.
   */
  static final Pattern TRUSTS_EVERYONE =
      Pattern.compile(
          "(?im)^[\\s\\-'\"]*host(?:ssl|nossl)?\\s+\\S+\\s+\\S+\\s+"
              + "(?!127\\.0\\.0\\.1/32|::1/128|localhost)\\S+\\s+trust\\b");

  /** What a change puts in that its old text did not hold, or {@code null}. */
  static String added(Pattern pattern, String old, String now) {
    if (now == null || now.length() > DatabaseWords.MAX_TEXT) {
      return null;
    }
    Matcher m = pattern.matcher(now);
    while (m.find()) {
      String found = m.group().trim();
      if (old == null || !old.contains(found)) {
        return found;
      }
    }
    return null;
  }

  /** What a database's MCP tool is asked to run that says the kind, where it is not a test's. */
  static String toolSays(Scan scan, String kind) {
    if (scan.source() != null || scan.call().args() == null) {
      return null;
    }
    String tool = scan.call().tool();
    if (!tool.startsWith("mcp__")) {
      return null;
    }
    JsonNode args = scan.call().args();
    String all = args.toString();
    if (!Environments.namesProduction(all) && localOrTestTool(tool, all)) {
      return null;
    }
    for (String field : TOOL_FIELDS) {
      String found = DatabaseWords.found(kind, args.path(field).asText(""));
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static boolean localOrTestTool(String tool, String args) {
    String t = tool.toLowerCase(Locale.ROOT);
    String a = args.toLowerCase(Locale.ROOT);
    return t.contains("sqlite")
        || t.contains("local")
        || a.contains("localhost")
        || a.contains("127.0.0.1")
        || Environments.testName(args);
  }

  /** The text a program of the trade is given: its SQL, inline code, arguments and documents. */
  static String textOf(Scan scan, Step step) {
    if (DatabaseTargets.interpreter(step)) {
      return InterpreterCode.of(step);
    }
    return String.join("\n", ProductionPredicates.sqlOf(scan, step));
  }

  /**
   * Whether a client's SQL runs a statement it builds when it runs ({@code EXEC sp_executesql @s},
   * {@code PREPARE st FROM @s}, decision 199): as unseen as a file's. Inline code is not read so,
   * as its own {@code exec(…)} is no SQL.
   */
  private static boolean runsAssembled(Scan scan, Step step) {
    return !DatabaseTargets.interpreter(step)
        && AssembledStatements.assembled(textOf(scan, step)) != null;
  }

  /**
   * Whether the program loads rows from a file into a table: SQL Server's {@code bcp Db.dbo.Table
   * in rows.csv} (decision 226), whose {@code out} and {@code queryout} read.
   */
  private static boolean loadsRows(Step step) {
    List<Word> args = step.args();
    if (step.program().equals("bcp")) {
      return args.size() > 1 && args.get(1).text().equalsIgnoreCase("in");
    }
    if (!DatabaseTargets.interpreter(step)) {
      return false;
    }
    String code = InterpreterCode.of(step);
    return code != null && code.length() < 65_536 && FRAME_WRITERS.matcher(code).find();
  }

  /**
   * A data frame's writer into a database's table (decision 318): pandas' {@code df.to_sql(…,
   * engine)} and geopandas' {@code to_postgis}, which insert, append or replace its rows as an
   * {@code INSERT} or a {@code DROP} and {@code CREATE} would; read where the engine is shared.
   */
  private static final Pattern FRAME_WRITERS = Pattern.compile("\\.to_(?:sql|postgis)\\s*\\(");

  /** Whether the program is asked for a dry run: it shows, changes nothing. */
  static boolean dryRun(Step step) {
    if (step.is(ProgramKind.SQL_CLIENT) && !step.program().equals("bq")) {
      // A SQL client has no dry run: its --dry-run is another option's value (psql -o --dry-run
      // writes its output to a file of that name) or an error (the rtq red team of issue 80).
      return false;
    }
    for (String arg : step.invocation().args()) {
      if (arg.equals("--dry-run") || arg.equals("--dry_run") || arg.equals("--dryrun")) {
        return true;
      }
    }
    return false;
  }
}
