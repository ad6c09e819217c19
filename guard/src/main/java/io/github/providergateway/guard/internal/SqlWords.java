package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * SQL's words as one family of dialects reads them (the rtq red team of issue 80): what is quoted
 * and what is a comment differs between PostgreSQL, MySQL and SQL Server, and an apostrophe inside
 * a quote of one kind the reader did not know opened a "string" that hid {@code DROP TABLE} up to a
 * quote in a trailing comment. Each {@link Dialect} reads its own quotes and comments; {@link
 * SqlStatements} reads the text in each and keeps what any of them finds.
 *
 * <p>Words are in upper case; a string literal's text is kept apart ({@link Read#strings()}), with
 * literals joined by {@code ||} or {@code +} made one ({@code 'DROP ' || 'TABLE t'}); an identifier
 * quoted ({@code "id"}, {@code `id`}, {@code [id]}) is one word; {@code ;} and the mysql client's
 * {@code DELIMITER} are {@code ";"}; comments are nothing.
 */
final class SqlWords {
  private SqlWords() {}

  /** The families of dialects whose quotes and comments differ. */
  enum Dialect {
    /**
     * PostgreSQL and the standard (and CQL, Snowflake, DuckDB): dollar quotes ({@code $$…$$},
     * {@code $tag$…$tag$}), {@code E'…'} with backslash escapes, {@code --} a comment always.
     */
    STANDARD,
    /**
     * MySQL and MariaDB (and ClickHouse's backslashes): a backslash escapes in every string, {@code
     * "…"} is a string, {@code #} a comment, {@code --} a comment only before a blank, {@code /*!…
     * *}{@code /} SQL, and the client's {@code DELIMITER}.
     */
    MYSQL,
    /** SQL Server and SQLite: {@code [name]} is an identifier. */
    BRACKETS
  }

  /**
   * One reading.
   *
   * @param words the words in upper case, {@code ";"} between statements; a parameter ({@code :id},
   *     {@code @id}) keeps its {@code :}
   * @param strings the string literals' texts, in order
   */
  record Read(List<String> words, List<String> strings) {}

  /** {@return the text's words and strings as {@code dialect} reads them} */
  static Read of(String text, Dialect dialect) {
    return new Lexer(text, dialect).read();
  }

  private static final class Lexer {
    private final String text;
    private final Dialect dialect;
    private final List<String> words = new ArrayList<>();
    private final List<String> strings = new ArrayList<>();
    private final StringBuilder word = new StringBuilder();

    /** The mysql client's statement delimiter other than {@code ;}, or null. Lexer's own. */
    private String delimiter;

    /** Whether {@code ||} or {@code +} followed the last string, nothing else since. */
    private boolean joining;

    /** Whether the last thing read was a string literal. */
    private boolean afterString;

    Lexer(String text, Dialect dialect) {
      this.text = text;
      this.dialect = dialect;
    }

    Read read() {
      int n = text.length();
      int i = 0;
      while (i < n) {
        char c = text.charAt(i);
        if (dialect == Dialect.MYSQL && lineStart(i) && delimiterAt(i)) {
          i = lineEnd(i);
          continue;
        }
        if (delimiter != null && text.startsWith(delimiter, i)) {
          flush();
          symbol(";");
          i += delimiter.length();
          continue;
        }
        if (c == '\'') {
          boolean prefixed = dialect == Dialect.STANDARD && escapePrefix();
          if (prefixed) {
            word.setLength(0); // E'…': the prefix is the literal's
          }
          boolean backslash = dialect == Dialect.MYSQL || prefixed;
          flush();
          i = string(i, '\'', backslash);
          continue;
        }
        if (c == '"') {
          flush();
          i =
              dialect == Dialect.MYSQL
                  ? string(i, '"', true)
                  : identifier(i, '"', '"'); // "it's": one identifier
          continue;
        }
        if (c == '`') {
          flush();
          i = identifier(i, '`', '`');
          continue;
        }
        if (c == '[' && dialect == Dialect.BRACKETS) {
          flush();
          i = identifier(i, '[', ']');
          continue;
        }
        if (c == '$' && dialect == Dialect.STANDARD && word.length() == 0) {
          int end = dollarQuote(i);
          if (end > i) {
            i = end;
            continue;
          }
        }
        if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-' && dashComment(i)) {
          flush();
          i = lineEnd(i);
          continue;
        }
        if (c == '#' && dialect == Dialect.MYSQL) {
          flush();
          i = lineEnd(i);
          continue;
        }
        if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
          flush();
          if (dialect == Dialect.MYSQL && i + 2 < n && text.charAt(i + 2) == '!') {
            i += 3; // /*!50000 DROP TABLE t */ runs on MySQL: its text is SQL
            while (i < n && Character.isDigit(text.charAt(i))) {
              i++;
            }
            continue;
          }
          int end = text.indexOf("*/", i + 2);
          i = end < 0 ? n : end + 2;
          continue;
        }
        if (Character.isLetterOrDigit(c) || c == '_' || c == '$' && dialect != Dialect.STANDARD) {
          // MySQL's, SQL Server's and SQLite's names may hold a $ ($$x is no dollar quote there)
          if (word.length() == 0 && i > 0) {
            char before = text.charAt(i - 1);
            boolean cast = before == ':' && i > 1 && text.charAt(i - 2) == ':'; // 1::int
            if ((before == ':' || before == '@') && !cast) {
              word.append(':'); // a parameter (:id, @id) is no column
            }
          }
          word.append(Character.toUpperCase(c));
          i++;
          continue;
        }
        if (c == '.' && word.length() > 0 && i + 1 < n && nameChar(text.charAt(i + 1))) {
          word.append('.'); // a qualified name is one word: dbo.Users, 1.0
          i++;
          continue;
        }
        flush();
        if (c == ';') {
          symbol(";");
        } else if ((c == '|' && i + 1 < n && text.charAt(i + 1) == '|' || c == '+')
            && afterString) {
          joining = true; // 'DROP ' || 'TABLE t': one text when it runs
          i += c == '|' ? 2 : 1;
          continue;
        } else if (!Character.isWhitespace(c)) {
          afterString = false;
          joining = false;
        }
        i++;
      }
      flush();
      return new Read(words, strings);
    }

    private void flush() {
      if (word.length() > 0) {
        words.add(word.toString());
        word.setLength(0);
        afterString = false;
        joining = false;
      }
    }

    private void symbol(String s) {
      words.add(s);
      afterString = false;
      joining = false;
    }

    private void literal(String s) {
      if (joining && !strings.isEmpty()) {
        int last = strings.size() - 1;
        strings.set(last, strings.get(last) + s);
      } else {
        strings.add(s);
      }
      joining = false;
      afterString = true;
    }

    /** A string from the quote at {@code i}; returns the index after it. */
    private int string(int i, char quote, boolean backslash) {
      StringBuilder s = new StringBuilder();
      int n = text.length();
      int k = i + 1;
      for (; k < n; k++) {
        char c = text.charAt(k);
        if (backslash && c == '\\' && k + 1 < n) {
          s.append(text.charAt(++k));
        } else if (c == quote) {
          if (k + 1 < n && text.charAt(k + 1) == quote) {
            s.append(quote);
            k++;
          } else {
            break;
          }
        } else {
          s.append(c);
        }
      }
      literal(s.toString());
      return Math.min(k + 1, n);
    }

    /** A quoted identifier: one word. */
    private int identifier(int i, char open, char close) {
      int n = text.length();
      StringBuilder s = new StringBuilder();
      int k = i + 1;
      for (; k < n; k++) {
        char c = text.charAt(k);
        if (c == close) {
          if (close != ']' && k + 1 < n && text.charAt(k + 1) == close) {
            s.append(c);
            k++;
          } else {
            break;
          }
        } else {
          s.append(c);
        }
      }
      String name = s.toString().strip().toUpperCase(Locale.ROOT);
      if (!name.isEmpty()) {
        words.add(name);
      }
      afterString = false;
      joining = false;
      return Math.min(k + 1, n);
    }

    /** A dollar quote at {@code i}: its end, or {@code i} where {@code $} opens none. */
    private int dollarQuote(int i) {
      int n = text.length();
      int k = i + 1;
      while (k < n && (Character.isLetterOrDigit(text.charAt(k)) || text.charAt(k) == '_')) {
        k++;
      }
      if (k >= n || text.charAt(k) != '$' || k > i + 1 && Character.isDigit(text.charAt(i + 1))) {
        return i; // $1, a parameter; a $ alone
      }
      String tag = text.substring(i, k + 1);
      int end = text.indexOf(tag, k + 1);
      String body = text.substring(k + 1, end < 0 ? n : end);
      String before = words.isEmpty() ? "" : words.get(words.size() - 1);
      if (before.equals("DO") || before.equals("AS")) {
        // A DO block's or a function's body is SQL that runs: read as SQL. Elsewhere it is data.
        Read inner = SqlWords.of(body, dialect);
        words.addAll(inner.words());
        strings.addAll(inner.strings());
        afterString = false;
        joining = false;
      } else {
        literal(body);
      }
      return end < 0 ? n : end + tag.length();
    }

    /** Whether {@code --} at {@code i} starts a comment: MySQL's needs a blank after it. */
    private boolean dashComment(int i) {
      if (dialect != Dialect.MYSQL) {
        return true;
      }
      return i + 2 >= text.length() || Character.isWhitespace(text.charAt(i + 2));
    }

    /** Whether the quote follows {@code E}: a string with backslash escapes. */
    private boolean escapePrefix() {
      return word.length() == 1 && word.charAt(0) == 'E';
    }

    private static boolean nameChar(char c) {
      return Character.isLetterOrDigit(c) || c == '_';
    }

    private boolean lineStart(int i) {
      int k = i - 1;
      while (k >= 0 && (text.charAt(k) == ' ' || text.charAt(k) == '\t')) {
        k--;
      }
      return k < 0 || text.charAt(k) == '\n';
    }

    /** The mysql client's {@code DELIMITER xx} at {@code i}: sets it, says whether it was one. */
    private boolean delimiterAt(int i) {
      if (!text.regionMatches(true, i, "DELIMITER", 0, 9)) {
        return false;
      }
      int end = lineEnd(i);
      String rest = text.substring(i + 9, end).strip();
      if (rest.isEmpty() || i + 9 < text.length() && !Character.isWhitespace(text.charAt(i + 9))) {
        return false;
      }
      String mark = rest.split("\\s+")[0];
      flush();
      delimiter = mark.equals(";") ? null : mark;
      return true;
    }

    private int lineEnd(int i) {
      int end = text.indexOf('\n', i);
      return end < 0 ? text.length() : end;
    }
  }
}
