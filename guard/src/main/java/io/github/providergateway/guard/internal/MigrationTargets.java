package io.github.providergateway.guard.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which database a migration tool is pointed at when the call says it (issue 80 round 35, decision
 * 226): the URL or connection string among its words ({@code flyway
 * -url='jdbc:sqlserver://esoms-sql01.corp;databaseName=ESOMS' migrate}, {@code migrate -database
 * postgres://…}, {@code goose postgres "host=… dbname=…" up}) or assigned to the command ({@code
 * DATABASE_URL=postgres://orders-db.acme.net/orders alembic upgrade head}). A tool given none reads
 * its project's settings, which a developer points at their own machine, and is not judged here.
 */
final class MigrationTargets {
  private MigrationTargets() {}

  /** A database's URL assigned to a variable of the command: {@code DATABASE_URL=postgres://…}. */
  private static final Pattern ASSIGNED_URL =
      Pattern.compile(
          "\\b[A-Z][A-Z0-9_]{0,60}=['\"]?([a-z][a-z0-9+:.-]{0,30}://[^\\s'\";]{1,500})");

  /**
   * Whether the call points the tool at a shared database: a host named that is neither this
   * machine's, a compose service's nor a test's or staging's, and no local test data. A file's
   * database names no host ({@code sqlite:////tmp/test.db}).
   */
  static boolean shared(Scan scan, Step step) {
    if (Environments.localTestData(scan, step)) {
      return false;
    }
    for (String host : hosts(scan, step)) {
      if (!host.isEmpty() && !host.equals("?") && !DatabaseTargets.localOrTest(host)) {
        return true;
      }
    }
    return false;
  }

  private static List<String> hosts(Scan scan, Step step) {
    List<String> hosts = new ArrayList<>(DatabaseTargets.hostsOf(step));
    String source = scan.source();
    if (source != null && source.length() <= 65_536) {
      Matcher assigned = ASSIGNED_URL.matcher(source);
      while (assigned.find()) {
        hosts.addAll(Environments.hostsOf(assigned.group(1)));
      }
    }
    return hosts;
  }
}
