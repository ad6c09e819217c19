package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a database client reaches a file of statements besides its file option's exact spelling (the
 * rtq red team of issue 80): the option read as getopt reads it ({@code -ffix.sql}, psql's {@code
 * -Xf fix.sql}, {@code --fil=fix.sql}), the client's own command that runs a file ({@code \i},
 * {@code source}, {@code :r}, {@code SOURCE}, {@code !source}) in the text it runs, and psql's
 * start-up file ({@code PSQLRC=…}, a {@code ~/.psqlrc} the call writes), which runs before {@code
 * -c}.
 */
final class ClientFileOptions {
  private ClientFileOptions() {}

  /** psql's short options that take a value: a bundle's letters after one are its value. */
  private static final String PSQL_VALUED = "acdfFhLopPRTUv";

  /** The shortest beginning of a long option getopt_long may take for it here ({@code --fil}). */
  private static final int MIN_PREFIX = 5;

  /**
   * {@return the file an argument names through one of {@code options}, its value in the next
   * argument, attached, after {@code =}, at the end of a bundle of psql's flags, or by a beginning
   * of the long option; or null}
   *
   * @param program the client
   * @param options its file options ({@code -f}, {@code --file})
   * @param arg the argument
   * @param next the argument after it, or null
   */
  static String value(String program, Set<String> options, String arg, String next) {
    if (options.contains(arg)) {
      return next;
    }
    if (arg.startsWith("--")) {
      int eq = arg.indexOf('=');
      String name = eq > 0 ? arg.substring(0, eq) : arg;
      for (String option : options) {
        if (option.startsWith("--") && name.length() >= MIN_PREFIX && option.startsWith(name)) {
          return eq > 0 ? arg.substring(eq + 1) : next;
        }
      }
      return null;
    }
    if (!arg.startsWith("-") || arg.length() < 3) {
      return null;
    }
    for (String option : options) {
      if (option.length() == 2 && arg.startsWith(option)) {
        return arg.substring(2); // -ffix.sql
      }
    }
    if (!program.equals("psql") || !options.contains("-f")) {
      return null;
    }
    for (int k = 1; k < arg.length(); k++) {
      char letter = arg.charAt(k);
      if (letter == 'f') {
        return k + 1 < arg.length() ? arg.substring(k + 1) : next; // -Xf fix.sql, -1f fix.sql
      }
      if (PSQL_VALUED.indexOf(letter) >= 0) {
        return null; // the rest is that option's value
      }
    }
    return null;
  }

  /** Each client's command that runs the statements of a file, at a statement's start. */
  private static final Map<String, Pattern> INCLUDES =
      Map.of(
          "psql", include("\\\\(?:i|ir|include|include_relative)"),
          "usql", include("\\\\(?:i|ir|include)"),
          "pgcli", include("\\\\i"),
          "mysql", include("(?:source|\\\\\\.)"),
          "mariadb", include("(?:source|\\\\\\.)"),
          "sqlcmd", include(":r"),
          "cqlsh", include("source"),
          "snowsql", include("!(?:source|load)"));

  private static Pattern include(String command) {
    return Pattern.compile(
        "(?im)(?:^|;|\\\\\\\\|^--?[\\w-]+=)[ \\t]*" + command + "[ \\t]+['\"]?([^'\"\\s;]+)");
  }

  /** {@return the file the client's own include command runs in {@code text}, or null} */
  static String included(String program, String text) {
    Pattern pattern = INCLUDES.get(program);
    if (pattern == null || text.length() > DatabaseWords.MAX_TEXT) {
      return null;
    }
    Matcher m = pattern.matcher(text);
    return m.find() ? m.group(1) : null;
  }

  /** The environment variable naming psql's start-up file, as the command sets it. */
  private static final Pattern PSQLRC = Pattern.compile("(?:^|[\\s;&|(])PSQLRC=(\\S+)");

  /**
   * {@return psql's start-up file where the call names or writes one psql reads before its
   * statements ({@code PSQLRC=f psql …}, {@code cp f ~/.psqlrc && psql …}), or null; {@code -X}
   * reads none}
   */
  static String startupFile(Scan scan, Step step) {
    if (!step.program().equals("psql")) {
      return null;
    }
    for (Word arg : step.args()) {
      String a = arg.text();
      if (a.equals("-X") || a.equals("--no-psqlrc") || a.matches("-[a-zA-Z1]*X[a-zA-Z1]*")) {
        return null;
      }
    }
    String source = scan.source();
    if (source != null && source.contains("PSQLRC=")) {
      Matcher m = PSQLRC.matcher(source);
      if (m.find()) {
        return "the start-up file " + m.group(1);
      }
    }
    for (Step other : scan.steps()) {
      if (other == step) {
        continue;
      }
      for (Redirect redirect : other.invocation().redirects()) {
        if (redirect.writes() && startup(redirect.target().text())) {
          return "the start-up file " + redirect.target().text();
        }
      }
      java.util.List<Word> args = other.args();
      if (COPIERS.contains(other.program())
          && !args.isEmpty()
          && startup(args.get(args.size() - 1).text())) {
        return "the start-up file " + args.get(args.size() - 1).text();
      }
    }
    return null;
  }

  /** The programs that write the file named last: a copy, a move, a link, tee. */
  private static final Set<String> COPIERS = Set.of("cp", "mv", "install", "ln", "tee", "rsync");

  private static boolean startup(String path) {
    return path.equals(".psqlrc") || path.endsWith("/.psqlrc");
  }
}
