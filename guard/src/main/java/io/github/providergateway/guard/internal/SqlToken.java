package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One token of SQL, as {@link AssembledStatements} reads it: a word in upper case (a dotted or
 * bracketed name whole, {@code [dbo].[sp_add_jobstep]} as {@code DBO.SP_ADD_JOBSTEP}; a variable
 * with its {@code @}), a string literal's text unquoted ({@code N'It''s'} as {@code It's}), a
 * dollar quote's mark ({@code $$}, {@code $body$}), or one symbol ({@code ||} whole). Comments and
 * blanks are no tokens.
 *
 * @param text the word, the literal's text, the mark or the symbol
 * @param literal whether it is a string literal
 */
record SqlToken(String text, boolean literal) {

  /** The letters that may stand before a literal's quote as its prefix: N'…', E'…', X'…'. */
  private static final String PREFIXES = "NEXB";

  /** {@return the tokens of SQL} */
  static List<SqlToken> of(String sql) {
    List<SqlToken> tokens = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    int n = sql.length();
    for (int i = 0; i < n; i++) {
      char c = sql.charAt(i);
      if (wordChar(c)) {
        if (c != '[' && c != ']') {
          word.append(c);
        }
        continue;
      }
      if (c == '\'' && word.length() == 1 && PREFIXES.indexOf(upper(word.charAt(0))) >= 0) {
        word.setLength(0); // N'…': the prefix is the literal's
      }
      flush(word, tokens);
      if (c == '\'') {
        StringBuilder text = new StringBuilder();
        int k = i + 1;
        for (; k < n; k++) {
          if (sql.charAt(k) == '\'') {
            if (k + 1 < n && sql.charAt(k + 1) == '\'') {
              text.append('\'');
              k++;
              continue;
            }
            break;
          }
          text.append(sql.charAt(k));
        }
        tokens.add(new SqlToken(text.toString(), true));
        i = k;
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        int end = sql.indexOf('\n', i);
        i = end < 0 ? n : end;
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 1;
      } else if (c == '"') {
        int end = sql.indexOf('"', i + 1);
        int stop = end < 0 ? n : end;
        tokens.add(new SqlToken(sql.substring(i + 1, stop).toUpperCase(Locale.ROOT), false));
        i = stop;
      } else if (c == '$') {
        int end = i + 1;
        while (end < n && Character.isLetterOrDigit(sql.charAt(end))) {
          end++;
        }
        boolean mark = end < n && sql.charAt(end) == '$';
        tokens.add(new SqlToken(mark ? sql.substring(i, end + 1) : "$", false));
        i = mark ? end : i;
      } else if (c == '|' && i + 1 < n && sql.charAt(i + 1) == '|') {
        tokens.add(new SqlToken("||", false));
        i++;
      } else if (!Character.isWhitespace(c)) {
        tokens.add(new SqlToken(String.valueOf(c), false));
      }
    }
    flush(word, tokens);
    return tokens;
  }

  /** Whether the token is a dollar quote's mark: {@code $$}, {@code $body$}. */
  boolean dollarMark() {
    return !literal && text.length() >= 2 && text.startsWith("$") && text.endsWith("$");
  }

  private static boolean wordChar(char c) {
    return Character.isLetterOrDigit(c)
        || c == '_'
        || c == '@'
        || c == '#'
        || c == '.'
        || c == '['
        || c == ']';
  }

  private static char upper(char c) {
    return Character.toUpperCase(c);
  }

  private static void flush(StringBuilder word, List<SqlToken> tokens) {
    if (word.length() > 0) {
      tokens.add(new SqlToken(word.toString().toUpperCase(Locale.ROOT), false));
      word.setLength(0);
    }
  }
}
