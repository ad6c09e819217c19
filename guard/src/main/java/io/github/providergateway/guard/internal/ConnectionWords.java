package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a database client's words name its server (decision 178, for {@link DatabaseTargets}): a SQL
 * Server address's host ({@code tcp:sp-sql01.kte.local,1433}, {@code sp-sql01.kte.local\TMS}), a
 * script's path that names no place ({@code -i ./local/close.sql}), and a server given out of the
 * call's sight (a connection file's entry: {@code service=cad}, {@code --login-path=cad}; a sourced
 * file's variables).
 */
final class ConnectionWords {
  private ConnectionWords() {}

  /** A SQL Server address: a protocol before the host, a port or an instance after it. */
  private static final Pattern SQL_SERVER_ADDRESS =
      Pattern.compile("(?i)(?:tcp|np|lpc|admin):|[,\\\\].*$");

  /** A connection file's entry named: {@code service=cad}, {@code --login-path=cad}. */
  private static final Pattern ENTRY =
      Pattern.compile(
          "(?:^|\\s|[\"'])(?:service|--login-path|--defaults-(?:extra-)?file|--defaults-group-suffix)"
              + "=['\"]?([^\\s'\";&|]{1,120})");

  /** A file sourced for its variables: {@code . ops/cad.conf}, {@code source ./db.env}. */
  private static final Pattern SOURCED =
      Pattern.compile("(?:^|[;&|(]\\s*)(?:source|\\.)\\s+['\"]?([^\\s;&|'\"]+)");

  /**
   * The word a client's argument names its place by: a SQL Server address's host, else the word as
   * it is. A connection file's entry's name ({@code service=dev}) is none: the file may aim it
   * anywhere (round 19's gig-008, a service named {@code dev} at production's primary).
   */
  static String place(String word) {
    if (word.length() > 200
        || word.indexOf(',') < 0 && word.indexOf('\\') < 0 && word.indexOf(':') < 0) {
      return word;
    }
    return SQL_SERVER_ADDRESS.matcher(word).replaceAll("");
  }

  /** Whether a word is a script's path: a {@code .sql} file, or sqlcmd's {@code -i}/{@code -o}. */
  static boolean scriptFile(String word, String optionBefore) {
    return word.toLowerCase(Locale.ROOT).endsWith(".sql")
        || optionBefore.equals("-i")
        || optionBefore.equals("-o");
  }

  /**
   * Whether the call gives a client its server out of sight: a connection file's entry whose name
   * says no test's or this machine's ({@code service=cad}, {@code --login-path=cad}; not {@code
   * service=crm_local}), or a file sourced for its variables that is no virtual environment's.
   */
  static boolean outOfSight(String source) {
    if (source.contains("service=")
        || source.contains("--login-path")
        || source.contains("--defaults-")) {
      Matcher entry = ENTRY.matcher(source);
      while (entry.find()) {
        if (!Environments.stagingHost(entry.group(1).toLowerCase(Locale.ROOT))) {
          return true;
        }
      }
    }
    if (source.contains("source ") || source.contains(". ")) {
      Matcher sourced = SOURCED.matcher(source);
      while (sourced.find()) {
        String file = sourced.group(1);
        if (!file.endsWith("activate") && !file.contains("rc")) {
          return true;
        }
      }
    }
    return false;
  }
}
