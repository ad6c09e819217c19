package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;

/**
 * A credential handed in a request's body or query rather than a header (decision 111): a field
 * whose name says key, token, secret or password given a variable that holds one ({@code
 * key=$STEAM_PUBLISHER_KEY}, {@code ?api_key=$X}, {@code {"token": "$ADMIN_TOKEN"}}), as Steam's
 * partner API, REDCap and many game back ends take it. A key's variable is one {@link SecretNames}
 * names, or one whose last part is {@code KEY} and no other part says it is a lookup's key ({@code
 * CACHE_KEY}, {@code S3_OBJECT_KEY}). Inline code's {@code os.environ['X_KEY']} beside a writing
 * call is read the same way ({@link #environmentKey}).
 */
final class KeyedFields {
  private KeyedFields() {}

  /** The longest word read, so that a body of any size costs a bounded scan. */
  private static final int BOUND = 4096;

  /** The last parts of a field's name that say it authenticates the request. */
  private static final Set<String> FIELDS =
      NameSet.of(
          "key",
          "apikey",
          "token",
          "secret",
          "password",
          "passwd",
          "auth",
          "pat",
          "webapikey",
          "accesskey",
          "sig",
          "signature");

  /** Parts of a variable's name that make its key a lookup's, not a credential. */
  private static final Set<String> LOOKUP =
      NameSet.of(
          "CACHE",
          "SORT",
          "PARTITION",
          "OBJECT",
          "S3",
          "IDEMPOTENCY",
          "PRIMARY",
          "ROUTING",
          "PUBLIC",
          "PUB",
          "ROW",
          "HASH",
          "DEDUP",
          "LOCK",
          "MAP",
          "FOREIGN",
          "SSH");

  /**
   * Whether a word hands a credential field a key's variable: {@code key=$STEAM_PUBLISHER_KEY},
   * {@code "api_key":"'$GAME_ADMIN_KEY'"}.
   *
   * @param written the word as written
   * @return whether it does
   */
  static boolean keyed(String written) {
    int n = Math.min(written.length(), BOUND);
    for (int at = written.indexOf('$'); at >= 0 && at < n; at = written.indexOf('$', at + 1)) {
      String variable = variableAt(written, at + 1, n);
      if (variable == null || !keyVariable(variable)) {
        continue;
      }
      if (credentialFieldBefore(written, at)) {
        return true;
      }
    }
    return false;
  }

  /** The variable named from {@code from} ({@code NAME} or {@code {NAME}}), or {@code null}. */
  private static String variableAt(String text, int from, int n) {
    int i = from < n && text.charAt(from) == '{' ? from + 1 : from;
    int start = i;
    while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
      i++;
    }
    return i > start ? text.substring(start, i) : null;
  }

  /** Whether a variable's name says it holds a key, a token, a secret or a password. */
  static boolean keyVariable(String name) {
    if (SecretNames.secret(name)) {
      return true;
    }
    String upper = name.toUpperCase(Locale.ROOT);
    if (!upper.endsWith("_KEY") && !upper.equals("KEY")) {
      return false;
    }
    for (String part : upper.split("_")) {
      if (LOOKUP.contains(part)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether what precedes a variable at {@code at} is a credential field's name and its {@code =}
   * or {@code :} ({@code key=}, {@code &api_key=}, {@code "token": "}, {@code 'key':'"'"}).
   */
  private static boolean credentialFieldBefore(String text, int at) {
    int i = at - 1;
    while (i >= 0 && i > at - 12 && (quote(text.charAt(i)) || JOINS.indexOf(text.charAt(i)) >= 0)) {
      i--; // the value's quotes, the shell's around the expansion, a concatenation, a template's ${
    }
    if (i < 0 || text.charAt(i) != '=' && text.charAt(i) != ':') {
      return false;
    }
    i--;
    if (i >= 0 && text.charAt(i) == '=') {
      i--; // httpie's query parameter: key==$X
    }
    while (i >= 0 && (quote(text.charAt(i)) || text.charAt(i) == ' ')) {
      i--;
    }
    int end = i + 1;
    while (i >= 0
        && (Character.isLetterOrDigit(text.charAt(i))
            || text.charAt(i) == '_'
            || text.charAt(i) == '-')) {
      i--;
    }
    String field = text.substring(i + 1, end).toLowerCase(Locale.ROOT);
    if (field.isEmpty()) {
      return false;
    }
    String last = field;
    int cut = Math.max(field.lastIndexOf('_'), field.lastIndexOf('-'));
    if (cut >= 0) {
      last = field.substring(cut + 1);
    }
    return FIELDS.contains(last) || FIELDS.contains(field.replace("_", "").replace("-", ""));
  }

  /** What may stand between a field's {@code =} and the variable: {@code ' + }, {@code ${}. */
  private static final String JOINS = " +{$`(";

  private static boolean quote(char c) {
    return c == '"' || c == '\'' || c == '\\';
  }

  /**
   * Whether inline code hands a credential field a key from the environment ({@code 'key':
   * os.environ['STEAM_KEY']}, {@code key=os.getenv("X_TOKEN")}, {@code key:
   * process.env.ADMIN_KEY}): beside a writing call, it is the request's credential wherever the
   * code puts it. A secret sent as the body itself ({@code data=os.environ['X']}) is data sent, the
   * flow rules'.
   *
   * @param code the code, lower case
   * @return whether it does
   */
  static boolean environmentKey(String code) {
    int n = Math.min(code.length(), 16 * 1024);
    for (String reader : new String[] {"environ[", "getenv(", "environ.get(", "env.", "env["}) {
      for (int at = code.indexOf(reader); at >= 0 && at < n; at = code.indexOf(reader, at + 1)) {
        int i = at + reader.length();
        while (i < n
            && (code.charAt(i) == '\'' || code.charAt(i) == '"' || code.charAt(i) == ' ')) {
          i++;
        }
        String variable = variableAt(code, i, n);
        if (variable == null || !keyVariable(variable)) {
          continue;
        }
        int start = at;
        while (start > 0
            && (Character.isLetterOrDigit(code.charAt(start - 1))
                || code.charAt(start - 1) == '.'
                || code.charAt(start - 1) == '_')) {
          start--; // os.environ, process.env, Deno.env
        }
        if (credentialFieldBefore(code, start)) {
          return true;
        }
      }
    }
    return false;
  }
}
