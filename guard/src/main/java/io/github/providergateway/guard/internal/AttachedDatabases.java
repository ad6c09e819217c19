package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A database another server keeps, attached to a local engine (decision 292, for {@link
 * DatabaseTargets#shared}): {@code duckdb -c "ATTACH '$BILLING_DATABASE_URL' AS b (TYPE postgres);
 * UPDATE b.public.tariffs SET …"}. DuckDB works on a file of this machine by default, but its
 * {@code postgres} and {@code mysql} extensions write through to the server the attachment names,
 * as {@code psql} would. An attachment whose every host is this machine's is none.
 */
final class AttachedDatabases {
  private AttachedDatabases() {}

  /** The engines whose SQL may attach another server's database. */
  private static final List<String> ENGINES = List.of("duckdb");

  /** {@code ATTACH 'target' … (TYPE postgres)}, or a target that says its server's kind. */
  private static final Pattern ATTACH =
      Pattern.compile(
          "(?is)\\battach\\s+(?:database\\s+)?(?:if\\s+not\\s+exists\\s+)?['\"]([^'\"]{1,500})['\"]"
              + "([^;]{0,200})");

  /** The kinds of server an attachment reaches. */
  private static final Pattern SERVER_KIND =
      Pattern.compile(
          "(?i)\\btype\\s+(?:postgres|postgresql|mysql)\\b|\\(\\s*(?:postgres|mysql)\\b");

  /** A target that names its server's kind itself: {@code postgres:…}, {@code mysql:…}. */
  private static final Pattern SERVER_TARGET = Pattern.compile("(?i)^(?:postgres(?:ql)?|mysql):");

  /** A libpq key's host: {@code host=db.billing.internal}. */
  private static final Pattern HOST = Pattern.compile("(?i)\\bhost\\s*=\\s*(\\S+)");

  /**
   * Whether the step is an engine given SQL that attaches a database of a server not this
   * machine's.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean remote(Step step) {
    if (!ENGINES.contains(step.program())) {
      return false;
    }
    String text = String.join(" ", step.invocation().args());
    if (text.length() > 64 * 1024 || text.toLowerCase(Locale.ROOT).indexOf("attach") < 0) {
      return false;
    }
    Matcher attach = ATTACH.matcher(text);
    while (attach.find()) {
      String target = attach.group(1).strip();
      boolean server =
          PatternLiterals.finds(SERVER_KIND, attach.group(2))
              || PatternLiterals.finds(SERVER_TARGET, target);
      if (server && !local(target)) {
        return true;
      }
    }
    return false;
  }

  /** Whether every host the target names is this machine's (a variable names none known). */
  private static boolean local(String target) {
    String value = SERVER_TARGET.matcher(target).replaceFirst("");
    if (value.startsWith("$")) {
      return false;
    }
    Matcher host = HOST.matcher(value);
    if (host.find()) {
      return Environments.localHost(host.group(1));
    }
    if (value.contains("://")) {
      String h = Environments.host(value);
      return h == null || Environments.localHost(h);
    }
    return true; // dbname=shop alone: the server's socket on this machine
  }
}
