package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether a query's answer is a table of aggregates, no person in it (issue 80, round 61): {@code
 * SELECT DATE(ts) d, country, COUNT(DISTINCT player_id) dau … GROUP BY 1,2}, {@code SELECT sku,
 * COUNTIF(refunded) / COUNT(*) … GROUP BY sku}. Its outermost select list holds only aggregate
 * functions' results and, with a {@code GROUP BY}, keys that name no person (no email, name, phone,
 * address, birth date, device or person's id). A {@code SELECT *}, a collecting aggregate ({@code
 * ARRAY_AGG}, {@code STRING_AGG}, {@code GROUP_CONCAT}, {@code row_to_json}), a {@code UNION}, or a
 * list the reading cannot cut is none. Every pattern is bounded; the text is cut to 8 KiB.
 */
final class AggregateQueries {
  private AggregateQueries() {}

  private static final int MAX_CHARS = 8 * 1024;

  /** An aggregate function's call. */
  private static final Pattern AGGREGATE =
      Pattern.compile(
          "(?i)\\b(?:count|countif|count_big|sum|sumif|avg|min|max|median|stddev\\w{0,5}"
              + "|variance|var_pop|var_samp|approx_count_distinct|approx_quantiles|percentile_cont"
              + "|percentile_disc|quantile\\w{0,10}|uniq\\w{0,10}|logical_and|logical_or|every"
              + "|bool_and|bool_or|any_value)\\s*\\(");

  /** An aggregate that gathers the rows' own values, or a row turned into a value. */
  private static final Pattern COLLECTS =
      Pattern.compile(
          "(?i)\\b(?:array_agg|string_agg|group_concat|listagg|json_agg|jsonb_agg|json_group_array"
              + "|collect_list|collect_set|groupArray|row_to_json|to_json|struct|any_value)\\s*\\(");

  /** An aggregate that answers one row's own value. */
  private static final Pattern PICKS = Pattern.compile("(?i)\\b(?:min|max|any_value)\\s*\\(");

  /**
   * Whether a database client's step asks only aggregate queries: the words that hold a {@code
   * SELECT} each hold one ({@link #aggregate}), and there is at least one.
   *
   * @param step the client's step
   * @return whether it does
   */
  static boolean asked(Step step) {
    boolean any = false;
    for (io.github.providergateway.guard.shell.Word word : step.args()) {
      String text = word.text();
      if (text != null && text.toLowerCase(Locale.ROOT).contains("select")) {
        if (!aggregate(text)) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  /** A column that names a person: their contact, their identity, their device or their id. */
  private static final Pattern PERSON =
      Pattern.compile(
          "(?i)\\b\\w{0,30}(?:e_?mail|phone|mobile|msisdn|address|street|postcode|postal|zip_?code"
              + "|birth|dob|ssn|passport|national_id|first_?name|last_?name|full_?name|user_?name"
              + "|display_?name|nick_?name|ip_?addr|device_?id|idfa|gaid|advertising_id|latitude"
              + "|longitude|chat|message)\\w{0,30}\\b"
              + "|\\b(?:user|player|customer|account|member|patient|person|client|subscriber"
              + "|student|employee|driver|rider|guest|buyer|seller|contact|profile|playfab)_?id\\b"
              + "|\\b(?:name|uid|id|email)\\b");

  /**
   * Whether the query's answer is a table of aggregates.
   *
   * @param query the query's text
   * @return whether every column of its answer is an aggregate or a grouping key naming no person
   */
  static boolean aggregate(String query) {
    String sql = query.length() <= MAX_CHARS ? query : query.substring(0, MAX_CHARS);
    String lower = sql.toLowerCase(Locale.ROOT);
    if (!lower.contains("select") || PatternLiterals.finds(COLLECTS, sql)) {
      return false;
    }
    List<int[]> selects = topLevel(lower, "select");
    List<int[]> froms = topLevel(lower, "from");
    if (selects.isEmpty() || !topLevel(lower, "union").isEmpty()) {
      return false;
    }
    int start = selects.get(selects.size() - 1)[1];
    int end = -1;
    for (int[] from : froms) {
      if (from[0] > start) {
        end = from[0];
        break;
      }
    }
    if (end < 0) {
      return false;
    }
    boolean grouped = lower.indexOf("group by", end) >= 0;
    boolean any = false;
    for (String item : items(sql.substring(start, end))) {
      String column = item.strip();
      if (column.isEmpty() || column.equals("*") || column.endsWith(".*")) {
        return false;
      }
      if (column.regionMatches(true, 0, "distinct ", 0, 9)) {
        return false;
      }
      if (PatternLiterals.finds(AGGREGATE, column)) {
        if (PatternLiterals.finds(PICKS, column) && PatternLiterals.finds(PERSON, column)) {
          return false; // MIN(email): one person's value
        }
        any = true;
      } else if (!grouped || PatternLiterals.finds(PERSON, column)) {
        return false;
      }
    }
    return any;
  }

  /** Where a keyword stands outside brackets and quotes: {start, end} of each. */
  private static List<int[]> topLevel(String lower, String word) {
    List<int[]> at = new ArrayList<>();
    int depth = 0;
    char quote = 0;
    for (int i = 0; i < lower.length(); i++) {
      char c = lower.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote;
      } else if (c == '\'' || c == '"' || c == '`') {
        quote = c;
      } else if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (depth == 0
          && lower.startsWith(word, i)
          && (i == 0
              || !Character.isLetterOrDigit(lower.charAt(i - 1)) && lower.charAt(i - 1) != '_')
          && (i + word.length() == lower.length()
              || !Character.isLetterOrDigit(lower.charAt(i + word.length()))
                  && lower.charAt(i + word.length()) != '_')) {
        at.add(new int[] {i, i + word.length()});
      }
    }
    return at;
  }

  /** A select list's items, cut at its commas outside brackets. */
  private static List<String> items(String list) {
    List<String> items = new ArrayList<>();
    int depth = 0;
    int from = 0;
    for (int i = 0; i < list.length(); i++) {
      char c = list.charAt(i);
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      if (c == ',' && depth == 0) {
        items.add(list.substring(from, i));
        from = i + 1;
      }
    }
    items.add(list.substring(from));
    return items;
  }
}
