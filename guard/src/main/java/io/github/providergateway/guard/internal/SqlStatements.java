package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
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
    texts.add(String.join("\n", args));
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null) {
        texts.add(redirect.body());
      } else if (redirect.operator().equals("<<<")) {
        texts.add(redirect.target().text());
      }
    }
    return texts;
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
   * Reads SQL's words, and where the SQL runs SQL held in strings ({@link #RUNS_STRINGS}, psql's
   * {@code \gexec}, which runs each value of the result), the strings' too.
   */
  private static void sql(String text, int depth, List<DataLoss> found) {
    List<String> words = new ArrayList<>();
    List<String> strings = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i <= text.length(); i++) {
      char c = i < text.length() ? text.charAt(i) : ' ';
      if (c == '\'') {
        // A string literal is data: 'DROP TABLE' in a WHERE clause drops nothing.
        int end = text.indexOf('\'', i + 1);
        strings.add(text.substring(i + 1, end < 0 ? text.length() : end));
        i = end < 0 ? text.length() : end;
        c = ' ';
      } else if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
        int end = text.indexOf('\n', i);
        i = end < 0 ? text.length() : end;
        c = ' ';
      }
      if (Character.isLetterOrDigit(c) || c == '_') {
        if (word.length() == 0
            && i > 0
            && (text.charAt(i - 1) == ':' || text.charAt(i - 1) == '@')) {
          word.append(':'); // a parameter (:id, @id) is no column: WHERE id = :id is no tautology
        }
        word.append(Character.toUpperCase(c));
      } else {
        if (word.length() > 0) {
          words.add(word.toString());
          word.setLength(0);
        }
        if (c == ';') {
          words.add(";");
        }
      }
    }
    boolean alterTable = false;
    boolean runsStrings = text.contains("\\gexec");
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      String next = i + 1 < words.size() ? words.get(i + 1) : "";
      runsStrings |= RUNS_STRINGS.contains(w);
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
      } else if (w.equals("TRUNCATE") && !next.isEmpty() && !next.equals(";")) {
        found.add(DataLoss.TRUNCATE);
      } else if (w.equals("DELETE") && next.equals("FROM") && deletesEveryRow(words, i + 2)) {
        found.add(DataLoss.DELETE_ALL);
      }
    }
    if (runsStrings && depth < MAX_SQL_DEPTH) {
      for (String string : strings) {
        sql(string, depth + 1, found);
      }
    }
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

  /** Whether a condition's words, with no OR among them, hold for every row. */
  private static boolean alwaysTrue(List<String> condition) {
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

  /** A key's column: {@code ID}, {@code UUID}, {@code PK}. */
  private static boolean key(String column) {
    return column.equals("ID") || column.equals("UUID") || column.equals("PK");
  }

  private static boolean nonZeroNumber(String word) {
    boolean nonZero = false;
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
      nonZero |= c != '0';
    }
    return nonZero;
  }
}
