package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A database client's own variables, put into its statements before the server reads them (the rtq
 * red team of issue 80): psql's {@code -v k=DROP} or {@code \set k …} or a literal's {@code \gset},
 * read as {@code :k}, {@code :'k'}, {@code :"k"}; sqlcmd's {@code -v k=DROP} or {@code :setvar k
 * …}, read as {@code $(k)}. {@code :k TABLE users} is {@code DROP TABLE users}.
 */
final class ClientVariables {
  private ClientVariables() {}

  /** psql's {@code \set name value} on a line of its own. */
  private static final Pattern PSQL_SET =
      Pattern.compile("(?m)^[ \\t]*\\\\set[ \\t]+(\\w+)[ \\t]+(.*)$");

  /** A literal's column stored by {@code \gset}: {@code SELECT 'DROP TABLE t' AS q \gset}. */
  private static final Pattern PSQL_GSET =
      Pattern.compile("(?i)SELECT\\s+'((?:[^']|'')*)'\\s+(?:AS\\s+)?(\\w+)\\s*\\\\gset");

  /** sqlcmd's {@code :setvar name value}. */
  private static final Pattern SQLCMD_SETVAR =
      Pattern.compile("(?im)^[ \\t]*:setvar[ \\t]+(\\w+)[ \\t]+(.*)$");

  /**
   * {@return {@code texts} and, where the client's variables stand in one, that text with them put
   * in}
   *
   * @param program the client
   * @param args its arguments
   * @param texts the statements it is given
   */
  static List<String> put(String program, List<String> args, List<String> texts) {
    boolean psql = program.equals("psql");
    if (!psql && !program.equals("sqlcmd")) {
      return texts;
    }
    Map<String, String> values = new LinkedHashMap<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      String pair = null;
      if ((arg.equals("-v") || arg.equals("--set") || arg.equals("--variable"))
          && i + 1 < args.size()) {
        pair = args.get(++i);
      } else if (arg.startsWith("--set=") || arg.startsWith("--variable=")) {
        pair = arg.substring(arg.indexOf('=') + 1);
      } else if (arg.startsWith("-v") && arg.length() > 2) {
        pair = arg.substring(2);
      }
      int eq = pair == null ? -1 : pair.indexOf('=');
      if (eq > 0) {
        values.put(pair.substring(0, eq), unquoted(pair.substring(eq + 1)));
      }
    }
    for (String text : texts) {
      if (psql) {
        collect(PSQL_SET.matcher(text), values, true);
        Matcher gset = PSQL_GSET.matcher(text);
        while (gset.find()) {
          values.put(gset.group(2), gset.group(1).replace("''", "'"));
        }
      } else {
        collect(SQLCMD_SETVAR.matcher(text), values, false);
      }
    }
    if (values.isEmpty()) {
      return texts;
    }
    List<String> all = new ArrayList<>(texts);
    for (String text : texts) {
      String put = text;
      for (Map.Entry<String, String> v : values.entrySet()) {
        String name = v.getKey();
        String value = Matcher.quoteReplacement(v.getValue());
        put =
            psql
                ? put.replaceAll(":['\"]?" + Pattern.quote(name) + "['\"]?(?!\\w)", value)
                : put.replace("$(" + name + ")", v.getValue());
      }
      if (!put.equals(text)) {
        all.add(put);
      }
    }
    return all;
  }

  private static void collect(Matcher m, Map<String, String> values, boolean psql) {
    while (m.find()) {
      String value = m.group(2).strip();
      values.put(m.group(1), psql ? joined(value) : unquoted(value));
    }
  }

  /** psql's {@code \set}: its arguments joined, each unquoted. */
  private static String joined(String value) {
    StringBuilder out = new StringBuilder();
    Matcher m = Pattern.compile("'((?:[^']|'')*)'|(\\S+)").matcher(value);
    while (m.find()) {
      out.append(m.group(1) != null ? m.group(1).replace("''", "'") : m.group(2));
    }
    return out.toString();
  }

  private static String unquoted(String value) {
    String v = value.strip();
    if (v.length() >= 2
        && (v.startsWith("'") && v.endsWith("'") || v.startsWith("\"") && v.endsWith("\""))) {
      return v.substring(1, v.length() - 1);
    }
    return v;
  }
}
