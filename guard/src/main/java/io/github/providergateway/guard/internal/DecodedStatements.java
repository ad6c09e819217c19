package io.github.providergateway.guard.internal;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Inline code that hands a database library's call a statement decoded when it runs (decision 199):
 * {@code c.execute(base64.b64decode('VVBEQVRF…').decode())}, {@code c.execute(codecs.decode("HCQNGR
 * …", 'rot13'))}, {@code sql = bytes.fromhex(…); cur.execute(sql)}, node's {@code
 * c.query(Buffer.from('…', 'base64').toString())}. Nobody can read the statement in the call, as
 * with {@code base64 -d | psql} (decision 176), so it is no read. A decoded value given as a
 * parameter ({@code execute('SELECT … WHERE id = %s', (b64decode(x),))}) is data, and a statement
 * decoded and printed runs nowhere.
 */
final class DecodedStatements {
  private DecodedStatements() {}

  /**
   * A library's call that runs its first argument as a statement: DB-API's {@code execute}, node's
   * {@code query}, DBI's {@code do}, PDO's and ruby pg's {@code exec}, SQLAlchemy's {@code
   * exec_driver_sql}, Spark's {@code sql}. The argument starts where the match ends.
   */
  private static final Pattern RUNS =
      Pattern.compile(
          "(?:\\.|->)\\s*(?:execute|executemany|executescript|exec_driver_sql|query|exec"
              + "|exec_params|do|prepare|raw|sql)\\s*\\(\\s*");

  /**
   * A decoder at an expression's start, after wrappers that keep the text ({@code text(…)}, {@code
   * str(…)}): base64's, base32's, hex's, a decompressor's, rot13's, character codes, a literal
   * turned backwards ({@code '…'[::-1]}).
   */
  private static final Pattern DECODED =
      Pattern.compile(
          "(?:[\\w.]*\\b(?:text|str|String)\\s*\\(\\s*)*"
              + "(?:[\\w.:$]*?\\b(?:b64decode|urlsafe_b64decode|b32decode|b16decode|b85decode"
              + "|a85decode|decodebytes|decodestring|unhexlify|fromhex|decompress|decode64"
              + "|decode_base64|base64_decode|hex2bin|gzinflate|gzuncompress|str_rot13|atob"
              + "|fromCharCode)\\s*\\("
              + "|\\bcodecs\\.decode\\s*\\("
              + "|Buffer\\.from\\s*\\([^()]*,\\s*['\"](?:base64|base64url|hex)['\"]"
              + "|\\bpack\\s*\\(\\s*['\"]H"
              + "|(?:'[^'\\n]*'|\"[^\"\\n]*\")\\s*\\[\\s*::\\s*-1\\s*\\])");

  /**
   * A name assigned at a statement's start: {@code sql = …}, {@code const q = …}, {@code $q = …}.
   */
  private static final Pattern ASSIGNED =
      Pattern.compile("(?:^|[;\\n{]|\\b(?:const|let|var|my)\\s)\\s*\\$?(\\w+)\\s*=(?!=)\\s*");

  /** A name at an argument's start, its end after it. */
  private static final Pattern NAME = Pattern.compile("\\$?(\\w+)\\s*[,)]");

  /** The most code read. */
  private static final int MAX_CODE = 32 * 1024;

  /**
   * {@return the call that runs a statement decoded when it runs ({@code execute(base64…}), or
   * {@code null}}
   *
   * @param code an interpreter's inline code
   */
  static String in(String code) {
    if (code == null || code.length() > MAX_CODE) {
      return null;
    }
    Set<String> decoded = decodedNames(code);
    Matcher run = RUNS.matcher(code);
    while (run.find()) {
      int at = run.end();
      Matcher value = DECODED.matcher(code).region(at, code.length());
      if (value.lookingAt()) {
        return code.substring(run.start() + 1, value.end()).strip();
      }
      Matcher name = NAME.matcher(code).region(at, code.length());
      if (name.lookingAt() && decoded.contains(name.group(1))) {
        return code.substring(run.start() + 1, name.end(1)).strip() + ")";
      }
    }
    return null;
  }

  /** The names the code assigns a decoded value to. */
  private static Set<String> decodedNames(String code) {
    Set<String> names = new HashSet<>();
    Matcher assigned = ASSIGNED.matcher(code);
    while (assigned.find()) {
      Matcher value = DECODED.matcher(code).region(assigned.end(), code.length());
      if (value.lookingAt()) {
        names.add(assigned.group(1));
      }
    }
    return names;
  }
}
