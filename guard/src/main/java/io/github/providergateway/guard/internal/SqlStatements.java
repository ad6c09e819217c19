package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * SQL a client is handed (its arguments, a here-document, text echoed into it), read for what
 * destroys data: {@code DROP} of a table, database, schema or keyspace (or {@code ALTER TABLE …
 * DROP} of a column), {@code TRUNCATE}, {@code DELETE} without a {@code WHERE} that keeps rows,
 * {@code FLUSHALL}; SQL held in a string that {@code EXECUTE} or {@code PREPARE} runs too: the
 * reader of the {@code db.*} rules' predicates ({@link DataPredicates}).
 */
final class SqlStatements {
  private SqlStatements() {}

  /** What DROP destroys with its data, in SQL and in Cassandra's CQL. */
  private static final Set<String> DROPPED =
      NameSet.of("TABLE", "DATABASE", "SCHEMA", "KEYSPACE", "COLUMNFAMILY");

  /**
   * What {@code ALTER TABLE … DROP} may name that holds no data: anything else it drops is a column
   * ({@code COLUMN} is optional in PostgreSQL, MySQL and SQLite) or a partition, with its data.
   */
  private static final Set<String> DROPPED_WITHOUT_DATA =
      NameSet.of(
          "CONSTRAINT",
          "INDEX",
          "KEY",
          "PRIMARY",
          "FOREIGN",
          "DEFAULT",
          "NOT",
          "CHECK",
          "TRIGGER",
          "EXPRESSION",
          "IDENTITY",
          "RULE",
          "POLICY");

  /**
   * Words that make SQL run SQL held in a string: a prepared statement ({@code PREPARE s FROM 'DROP
   * …'}), dynamic SQL ({@code EXECUTE 'DROP …'} in a {@code DO} block, {@code EXECUTE IMMEDIATE},
   * SQL Server's {@code EXEC} and {@code sp_executesql}). Where one is, a string literal is read as
   * SQL too.
   */
  private static final Set<String> RUNS_STRINGS =
      NameSet.of("EXECUTE", "PREPARE", "IMMEDIATE", "EXEC", "SP_EXECUTESQL");

  /** How deep SQL held in a string is read, a string inside that string counted. */
  private static final int MAX_SQL_DEPTH = 2;

  /**
   * The statements a program carries, SQL or a data store's commands: its arguments, here-documents
   * and here-strings.
   */
  static List<String> statements(Step step) {
    // The arguments as one text: a statement split over words (`-c DROP TABLE t`) is read whole,
    // a line a word, so that an option (`bq query --nouse_legacy_sql '…'`) is no SQL comment
    // swallowing the words after it.
    List<String> args = step.invocation().args();
    if (step.program().equals("bq")
        && (args.contains("--dry_run") || args.contains("--dry_run=true"))) {
      return List.of(); // bq query --dry_run validates the SQL and runs none of it
    }
    List<String> texts = new ArrayList<>();
    // A printer's statements are what it prints, its escapes and format applied (the rtq red team:
    // printf 'BEGIN;\nDELETE FROM t;' starts a line with DELETE); where that is not known, its
    // words.
    String printed = step.is(ProgramKind.ECHO) ? ShellParser.printed(step.program(), args) : null;
    texts.add(printed != null ? printed : String.join("\n", args));
    fed(step, texts);
    return ClientVariables.put(step.program(), args, texts);
  }

  /**
   * The statements a program carries ({@link #statements(Step)}) and, where it runs in a container
   * whose runner passes its input on, the runner's here-documents and here-strings.
   */
  static List<String> statements(Scan scan, Step step) {
    List<String> texts = statements(step);
    Step runner = PipedStatements.feedingRunner(scan, step);
    if (runner == null) {
      return texts;
    }
    List<String> all = new ArrayList<>(texts);
    fed(runner, all);
    return all;
  }

  /** A program's here-documents and here-strings, added to {@code texts}. */
  private static void fed(Step step, List<String> texts) {
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null) {
        texts.add(redirect.body());
      } else if (redirect.operator().equals("<<<")) {
        texts.add(redirect.target().text());
      }
    }
  }

  /**
   * What SQL destroys, read once left to right: no pattern over the text.
   *
   * @param text the SQL
   * @return what it destroys, in the order its statements do
   */
  static List<DataLoss> sql(String text) {
    List<DataLoss> found = new ArrayList<>();
    sql(text, 0, found);
    return found;
  }

  /**
   * Reads SQL's words in each family of dialects ({@link SqlWords.Dialect}: what is quoted and what
   * is a comment differs), keeping each loss any reading finds, in the order first found; and where
   * the SQL runs SQL held in strings ({@link #RUNS_STRINGS}, psql's {@code \gexec}, which runs each
   * value of the result), the strings' too.
   */
  private static void sql(String text, int depth, List<DataLoss> found) {
    List<DataLoss> all = new ArrayList<>();
    for (SqlWords.Dialect dialect : SqlWords.Dialect.values()) {
      List<DataLoss> read = new ArrayList<>();
      SqlWords.Read words = SqlWords.of(text, dialect);
      losses(words.words(), read);
      if (readsStrings(words.words(), text) && depth < MAX_SQL_DEPTH) {
        for (String string : words.strings()) {
          sql(string, depth + 1, read);
        }
      }
      if (all.isEmpty()) {
        all.addAll(read);
      } else {
        read.stream().filter(loss -> !all.contains(loss)).forEach(all::add);
      }
    }
    found.addAll(all);
  }

  private static boolean readsStrings(List<String> words, String text) {
    if (text.contains("\\gexec")) {
      return true;
    }
    for (String w : words) {
      if (RUNS_STRINGS.contains(w)) {
        return true;
      }
    }
    return false;
  }

  /** What one reading's words destroy. */
  private static void losses(List<String> words, List<DataLoss> found) {
    boolean alterTable = false;
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      String before = i > 0 ? words.get(i - 1) : "";
      String next = i + 1 < words.size() ? words.get(i + 1) : "";
      if (w.equals(";")) {
        alterTable = false;
      } else if (w.equals("ALTER") && next.equals("TABLE")) {
        alterTable = true;
      }
      if (w.equals("DROP") && DROPPED.contains(next)) {
        found.add(DataLoss.DROP);
      } else if (w.equals("DROP")
          && alterTable
          && !next.isEmpty()
          && !next.equals(";")
          && !DROPPED_WITHOUT_DATA.contains(next)) {
        found.add(DataLoss.DROP); // ALTER TABLE t DROP [COLUMN] c: the column's data
      } else if (w.equals("REPLACE")
          && before.equals("OR")
          && i >= 2
          && words.get(i - 2).equals("CREATE")
          && replacedTable(words, i + 1)) {
        found.add(DataLoss.DROP); // CREATE OR REPLACE TABLE: the table that was, with its rows
      } else if (w.equals("TRUNCATE") && !next.isEmpty() && !next.equals(";")) {
        found.add(DataLoss.TRUNCATE);
      } else if (w.equals("DELETE") && alterTable && next.equals("WHERE")) {
        // ClickHouse's mutation: ALTER TABLE t [ON CLUSTER c] DELETE WHERE …
        if (deletesEveryRow(words, i + 1)) {
          found.add(DataLoss.DELETE_ALL);
        }
      } else if (w.equals("DELETE") && !NOT_A_DELETE_BEFORE.contains(before)) {
        int from = deletedTable(words, i + 1);
        if (from >= 0 && deletesEveryRow(words, from)) {
          found.add(DataLoss.DELETE_ALL);
        }
      }
    }
  }

  /** Words before a DELETE that make it no statement: ON DELETE CASCADE, GRANT … , DELETE ON. */
  private static final Set<String> NOT_A_DELETE_BEFORE =
      NameSet.of("ON", "FOR", "OF", "BEFORE", "AFTER", "OR", "GRANT", "REVOKE");

  /** MySQL's modifiers of a DELETE, before its FROM or its table. */
  private static final Set<String> DELETE_MODIFIERS = NameSet.of("LOW_PRIORITY", "QUICK", "IGNORE");

  /**
   * Words after DELETE that show it names no table: a privilege's or a trigger's DELETE ({@code ON
   * t}, {@code OR UPDATE}), a temporary table's {@code ON COMMIT DELETE ROWS}, MERGE's {@code THEN
   * DELETE} before its next clause.
   */
  private static final Set<String> NO_TABLE_AFTER =
      NameSet.of(
          "ON",
          "OR",
          "AND",
          "USING",
          "WHEN",
          "TO",
          "ROWS",
          "CASCADE",
          "RESTRICT",
          "SET",
          "NO",
          "AS");

  /**
   * Where a DELETE's table is, reading from {@code at} (after the DELETE): after MySQL's modifiers
   * and {@code FROM}, or at once where {@code FROM} is left out (T-SQL's {@code DELETE dbo.Users},
   * Oracle's and BigQuery's); -1 where the DELETE names no table.
   */
  private static int deletedTable(List<String> words, int at) {
    int k = at;
    while (k < words.size() && DELETE_MODIFIERS.contains(words.get(k))) {
      k++;
    }
    if (k < words.size() && words.get(k).equals("TOP")) {
      return -1; // DELETE TOP (n): n rows
    }
    if (k < words.size() && words.get(k).equals("FROM")) {
      return k + 1;
    }
    boolean table =
        k < words.size()
            && !words.get(k).equals(";")
            && !NO_TABLE_AFTER.contains(words.get(k))
            && !words.get(k).startsWith(":");
    // Without FROM the table is followed by the statement's WHERE, its end or a FROM of joins
    // (DELETE dbo.Users; DELETE t1 FROM t1 JOIN …): a command's words (influx delete --bucket m)
    // are no table.
    String after = k + 1 < words.size() ? words.get(k + 1) : ";";
    boolean ends = after.equals(";") || after.equals("WHERE") || after.equals("FROM");
    return table && ends ? k : -1;
  }

  /** The words that may stand between CREATE OR REPLACE and TABLE. */
  private static final Set<String> TABLE_KINDS =
      NameSet.of("TRANSIENT", "TEMPORARY", "TEMP", "LOCAL", "GLOBAL");

  /** Whether CREATE OR REPLACE is followed by a table's kind: TABLE, TRANSIENT TABLE, … */
  private static boolean replacedTable(List<String> words, int at) {
    for (int k = at; k < words.size() && k < at + 3; k++) {
      if (words.get(k).equals("TABLE")) {
        return true;
      }
      if (!TABLE_KINDS.contains(words.get(k))) {
        return false;
      }
    }
    return false;
  }

  /**
   * Whether a DELETE, its words read from {@code from} (the table's name) to the statement's end,
   * deletes every row: no WHERE, or a WHERE that holds for every row ({@code WHERE true}, {@code
   * WHERE 1=1}, {@code WHERE id = 5 OR 1 = 1}). String literals are left out of the words, so
   * {@code WHERE 'a' = 'a'} is a WHERE of nothing, which holds too.
   */
  private static boolean deletesEveryRow(List<String> words, int from) {
    int where = -1;
    int end = from;
    while (end < words.size() && !words.get(end).equals(";")) {
      if (where < 0 && words.get(end).equals("WHERE")) {
        where = end;
      }
      end++;
    }
    return where < 0 || holdsForEveryRow(words, where, end);
  }

  /**
   * Whether the WHERE at {@code where} holds for every row: one of its OR'ed parts does ({@code
   * true}, {@code 1=1}, {@code id = id}, {@code id IS NOT NULL}, only strings compared), up to the
   * statement's {@code end} or an {@code ORDER}, {@code LIMIT} or {@code RETURNING}.
   *
   * @param words SQL's words in upper case, string literals left out
   * @param where the index of the WHERE
   * @param end the index of the statement's end ({@code ;} or the words' size)
   * @return whether it holds for every row
   */
  static boolean holdsForEveryRow(List<String> words, int where, int end) {
    List<String> part = new ArrayList<>();
    for (int k = where + 1; k <= end; k++) {
      String w = k < end ? words.get(k) : "OR";
      if (w.equals("ORDER") || w.equals("LIMIT") || w.equals("RETURNING")) {
        w = "OR"; // the condition ends
        end = k;
      }
      if (w.equals("OR")) {
        if (alwaysTrue(part)) {
          return true;
        }
        part.clear();
      } else {
        part.add(w);
      }
    }
    return false;
  }

  /**
   * Whether a condition's words, with no OR among them, hold for every row. A condition that names
   * no column (other than FALSE, NULL or 0 alone) ({@code 2 > 1}, {@code NULL IS NULL}, {@code 1 IN
   * (1)}, {@code EXISTS (SELECT 1)}, {@code 1::int = 1}) is a constant: it holds for every row or
   * for none, and is not worked out here; it is taken to hold, as a DELETE of none is seldom
   * written.
   */
  private static boolean alwaysTrue(List<String> condition) {
    if (constant(condition) && !(condition.size() == 1 && falsy(condition.get(0)))) {
      return true; // 'a' LIKE '%' leaves LIKE alone: strings compared
    }
    return switch (condition.size()) {
      case 0 -> true; // only strings compared: WHERE '1' = '1'
      case 1 -> condition.get(0).equals("TRUE") || nonZeroNumber(condition.get(0));
      case 2 ->
          condition.get(0).equals(condition.get(1)) // 1 = 1, id = id
              || condition.get(0).equals("NOT") && condition.get(1).equals("FALSE");
      // id IS NOT NULL: every row whose key is set, which is every row (deleted_at IS NOT NULL
      // is a condition on the rows, and stays one).
      case 4 ->
          key(condition.get(0))
              && condition.get(1).equals("IS")
              && condition.get(2).equals("NOT")
              && condition.get(3).equals("NULL");
      default -> false;
    };
  }

  /** The words a condition of constants may hold besides numbers: no column among them. */
  private static final Set<String> CONSTANT_WORDS =
      NameSet.of(
          "NULL",
          "TRUE",
          "FALSE",
          "NOT",
          "IS",
          "IN",
          "LIKE",
          "ILIKE",
          "BETWEEN",
          "AND",
          "EXISTS",
          "SELECT",
          "DISTINCT",
          "UNKNOWN",
          "CAST",
          "AS",
          "INT",
          "INTEGER",
          "SMALLINT",
          "BIGINT",
          "INT2",
          "INT4",
          "INT8",
          "NUMERIC",
          "DECIMAL",
          "REAL",
          "FLOAT",
          "DOUBLE",
          "PRECISION",
          "BOOL",
          "BOOLEAN",
          "TEXT",
          "VARCHAR",
          "CHAR",
          "DATE",
          "TIMESTAMP",
          "NOW",
          "CURRENT_DATE",
          "CURRENT_TIMESTAMP",
          "ESCAPE");

  /** Whether a condition's words are numbers and {@link #CONSTANT_WORDS} only. */
  private static boolean constant(List<String> condition) {
    for (String w : condition) {
      if (!CONSTANT_WORDS.contains(w) && !number(w)) {
        return false;
      }
    }
    return true;
  }

  /** A constant that holds for no row alone: FALSE, NULL, zero. */
  private static boolean falsy(String word) {
    return word.equals("FALSE") || word.equals("NULL") || number(word) && !nonZeroNumber(word);
  }

  private static boolean number(String word) {
    if (word.isEmpty()) {
      return false;
    }
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if ((c < '0' || c > '9') && c != '.') {
        return false; // 1.0 is a number
      }
    }
    return true;
  }

  /** A key's column: {@code ID}, {@code UUID}, {@code PK}. */
  private static boolean key(String column) {
    return column.equals("ID") || column.equals("UUID") || column.equals("PK");
  }

  private static boolean nonZeroNumber(String word) {
    boolean nonZero = false;
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if (c == '.' && i > 0) {
        continue; // 1.0
      }
      if (c < '0' || c > '9') {
        return false;
      }
      nonZero |= c != '0';
    }
    return nonZero;
  }
}
