package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Production's rows changed one statement at a time (decision 105's lead part): a statement that
 * writes ({@code UPDATE … SET}, {@code DELETE FROM}, {@code INSERT INTO}, {@code MERGE INTO},
 * {@code UPSERT}, {@code TRUNCATE}, {@code ALTER TABLE}) sent to a production database, however
 * narrow its {@code WHERE} (a vendor's bank account, an invoice sequence, a player's e-mail: one
 * row is enough to move money or take an account); and the rows of an audit trail there changed at
 * all. Every row at once is {@code production.write-every-row}'s, a whole database {@code
 * db.drop}'s.
 */
final class ProductionWrites {
  private ProductionWrites() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "production-writes-rows",
        (scan, step, read) ->
            (writesRows(ProductionPredicates.sqlOf(scan, step))
                    || runsUnshown(ProductionPredicates.sqlOf(scan, step)))
                && Environments.production(scan, step));
    named.put(
        "writes-rows-of-database-elsewhere",
        (scan, step, read) -> DatabaseFilesElsewhere.clientWrites(scan, step)); // round 66
    named.put(
        "code-writes-database-elsewhere",
        (scan, step, read) -> DatabaseFilesElsewhere.codeWrites(scan, step));
    PersonsDatabases.addTo(named); // the person's own databases, in the same order (round 72)
    named.put(
        "production-code-writes",
        (scan, step, read) -> codeWritesRows(step) && Environments.production(scan, step));
    named.put(
        "production-audit-changed",
        (scan, step, read) ->
            changesAudit(ProductionPredicates.sqlOf(scan, step))
                && Environments.production(scan, step));
  }

  /**
   * The words after which {@code UPDATE} is no statement of its own ({@code EXPLAIN} plans it
   * without running it; {@code EXPLAIN ANALYZE} runs it).
   */
  private static final Set<String> NOT_AN_UPDATE = NameSet.of("FOR", "DO", "ON", "KEY", "EXPLAIN");

  /**
   * Whether an interpreter's inline code carries SQL that writes rows (its quotes taken as spaces),
   * as {@code production-code-destroys} reads code that writes every row.
   */
  static boolean codeWritesRows(Step step) {
    String code = InterpreterCode.of(step);
    return code != null
        && writesRows(List.of(code.replace('\'', ' ').replace('"', ' ').replace('`', ' ')));
  }

  /**
   * A statement that runs SQL its text does not show (decision 186, as decision 184 reads a server
   * tool's): an anonymous block ({@code DO $$ … EXECUTE 'UP' || 'DATE …' $$}, {@code DO LANGUAGE
   * plpgsql '…'}), a procedure ({@code CALL purge_stale(30)}, T-SQL's {@code EXEC dbo.usp_…} and a
   * changing function selected: {@link ProcedureCalls}, decision 226), a prepared or dynamic
   * statement ({@code EXECUTE …}); at a line's start or after {@code ;}. {@code ON CONFLICT … DO
   * UPDATE} and {@code DO NOTHING} are no block.
   */
  private static final Pattern UNSHOWN =
      Pattern.compile(
          "(?im)(?:^|;)\\s*(?:DO\\s+(?:\\$|'|LANGUAGE\\b)|EXECUTE\\s+\\w|"
              + ProcedureCalls.FORMS
              + ")");

  /**
   * Whether SQL given a client runs a block, a procedure or a statement its text does not show: one
   * it assembles for {@code EXEC}, {@code sp_executesql} or {@code PREPARE} too (decision 199).
   */
  static boolean runsUnshown(List<String> texts) {
    for (String text : texts) {
      if (PatternLiterals.finds(UNSHOWN, text) || AssembledStatements.assembled(text) != null) {
        return true;
      }
    }
    return false;
  }

  /** Whether SQL holds a statement that changes rows or a table's shape. */
  static boolean writesRows(List<String> texts) {
    for (String text : texts) {
      List<String> words = ProductionPredicates.sqlWords(text);
      for (int i = 0; i < words.size(); i++) {
        if (writeAt(words, i) != null) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The table a writing statement at {@code words[i]} changes, or null where none starts there: the
   * word after {@code UPDATE}, {@code DELETE FROM}, {@code INSERT INTO}, {@code MERGE INTO}, {@code
   * TRUNCATE [TABLE]}, {@code ALTER TABLE}, {@code UPSERT INTO}.
   */
  private static String writeAt(List<String> words, int i) {
    String w = words.get(i);
    String before = i > 0 ? words.get(i - 1) : "";
    String next = i + 1 < words.size() ? words.get(i + 1) : "";
    String after = i + 2 < words.size() ? words.get(i + 2) : "";
    switch (w) {
      case "UPDATE":
        if (NOT_AN_UPDATE.contains(before) || next.isEmpty() || next.equals(";")) {
          return null;
        }
        for (int j = i + 2; j < words.size() && !words.get(j).equals(";"); j++) {
          if (words.get(j).equals("SET")) {
            return next;
          }
        }
        return null;
      case "DELETE":
        return !before.equals("ON") && !before.equals("EXPLAIN") && next.equals("FROM")
            ? after
            : null;
      case "INSERT", "UPSERT", "MERGE":
        return !before.equals("EXPLAIN") && next.equals("INTO") ? after : null;
      case "TRUNCATE":
        return next.equals("TABLE") ? after : next.isEmpty() || next.equals(";") ? null : next;
      case "ALTER":
        return next.equals("TABLE") ? after : null;
      default:
        return null;
    }
  }

  /** Whether SQL changes the rows of a table named for an audit trail ({@code audit_log}). */
  static boolean changesAudit(List<String> texts) {
    for (String text : texts) {
      List<String> words = ProductionPredicates.sqlWords(text);
      for (int i = 0; i < words.size(); i++) {
        String table = writeAt(words, i);
        String schemaTable = table == null || i + 3 >= words.size() ? "" : words.get(i + 3);
        if (table != null
            && !words.get(i).equals("INSERT")
            && (table.contains("AUDIT") || schemaTable.contains("AUDIT"))) {
          return true;
        }
      }
    }
    return false;
  }
}
