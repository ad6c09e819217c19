package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's {@code operations.*} rules ask in code (decision 205): what production runs,
 * operated by its administrators' own tools. A whole database exported by {@code sqlpackage}, a key
 * deleted from a hardware module or exported from a browser's certificate store, a cron job of a
 * cluster suspended; the queues' readings are {@link QueueDrains}', a fetch that acts is {@link
 * FetchActs}'. Each reads the program's words; none reads the disk.
 *
 * <p>What a call reaches is shared unless its words say this machine, a local cluster, or a test's
 * or staging's name ({@link Environments}).
 */
final class OperationsPredicates {
  private OperationsPredicates() {}

  /** Adds the predicates of the whole call under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("operations-fetch-acts", FetchActs::found);
  }

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("operations-database-exported", (scan, step, read) -> databaseExported(step) != null);
    named.put("operations-queue-emptied", (scan, step, read) -> QueueDrains.emptied(scan, step));
    named.put("operations-hsm-key-deleted", (scan, step, read) -> KeyStoreDeletes.deleted(step));
    named.put("operations-store-key-exported", (scan, step, read) -> storeKeyExported(step));
    named.put("operations-cronjob-suspended", (scan, step, read) -> cronJobSuspended(step));
    named.put(
        "operations-shared-cluster-changed",
        (scan, step, read) -> SharedClusterChanges.changed(step));
    named.put(
        "operations-fleet-commanded",
        (scan, step, read) -> GroundCommands.sent(scan, step) != null);
    named.put(
        "operations-load-activated",
        PredicateGate.LONG_OPTION.around(
            (scan, step, read) -> OnboardLoads.activated(step) != null));
    named.put(
        "operations-live-place-written",
        (scan, step, read) -> LivePlacesWritten.written(step) != null);
    named.put(
        "operations-tests-on-live", (scan, step, read) -> TestsOnLive.pointedAtLive(scan, step));
    named.put(
        "operations-request-acts", (scan, step, read) -> RequestActs.acts(scan, step) != null);
  }

  // ---- sqlpackage ------------------------------------------------------------------------------

  /** sqlpackage's {@code /Name:value} (or {@code -Name:value}) parameter. */
  private static final Pattern PARAMETER = Pattern.compile("^[/-]([A-Za-z:]+?):(.*)$");

  /** A connection string's server: {@code Server=tcp:x,1433}, {@code Data Source=x}. */
  private static final Pattern CONNECTION_SERVER =
      Pattern.compile("(?i)(?:^|;)\\s*(?:Server|Data\\s+Source|Address|Addr)\\s*=\\s*([^;]+)");

  /**
   * The server a {@code sqlpackage /Action:Export} (a bacpac: schema and every table's rows), or an
   * Extract told to take the tables' data, copies a database from, when it is no server of this
   * machine and its names say no test: or {@code null}.
   */
  static String databaseExported(Step step) {
    if (!step.program().toLowerCase(Locale.ROOT).equals("sqlpackage")) {
      return null;
    }
    String action = "";
    String server = null;
    String database = "";
    boolean allData = false;
    for (String arg : step.invocation().args()) {
      Matcher m = PARAMETER.matcher(arg);
      if (!m.matches()) {
        continue;
      }
      String name = m.group(1).toLowerCase(Locale.ROOT);
      String value = m.group(2).replace("\"", "").replace("'", "");
      switch (name) {
        case "action", "a" -> action = value.toLowerCase(Locale.ROOT);
        case "sourceservername", "ssn" -> server = value;
        case "sourcedatabasename", "sdn" -> database = value;
        case "sourceconnectionstring", "scs" -> {
          Matcher s = CONNECTION_SERVER.matcher(value);
          server = s.find() ? s.group(1).trim() : server;
          database = value;
        }
        case "p" -> allData |= value.replace(" ", "").equalsIgnoreCase("ExtractAllTableData=true");
        default -> {}
      }
    }
    if (!(action.equals("export") || action.equals("extract") && allData) || server == null) {
      return null;
    }
    String host = server.replaceFirst("(?i)^tcp:", "").replaceFirst("[,\\\\].*$", "");
    if (host.isEmpty()
        || host.equals(".")
        || host.equalsIgnoreCase("(localdb)")
        || Environments.localHost(host.toLowerCase(Locale.ROOT))
        || Environments.stagingHost(host.toLowerCase(Locale.ROOT))
        || Environments.testName(database) && !Environments.namesProduction(database)) {
      return null;
    }
    return host;
  }

  // ---- keys ------------------------------------------------------------------------------------

  /**
   * {@code pk12util -o FILE}: a certificate and its private key exported from an NSS store (a
   * browser's, a server's) into a file; {@code -i} imports, {@code -l} lists.
   */
  static boolean storeKeyExported(Step step) {
    if (!step.program().equals("pk12util")) {
      return false;
    }
    for (String arg : step.invocation().args()) {
      if (arg.equals("-o") || arg.startsWith("-o") && arg.length() > 2 && arg.charAt(2) != '-') {
        return true;
      }
    }
    return false;
  }

  // ---- a cron job suspended --------------------------------------------------------------------

  /** A patch that suspends: {@code {"spec":{"suspend":true}}}, a JSON patch's or YAML's too. */
  private static final Pattern SUSPENDS =
      Pattern.compile(
          "(?i)[\"']?suspend[\"']?\\s*:\\s*true\\b"
              + "|/spec/suspend[\"']?\\s*,\\s*[\"']?value[\"']?\\s*:\\s*true\\b");

  /**
   * {@code kubectl patch cronjob NAME -p '{"spec":{"suspend":true}}'} on a cluster that is neither
   * a local one nor named for staging or tests, read as a pod's command is ({@link
   * PodCommandActs#remote}: the current context when none is named, which may be production's): the
   * job's runs stop until someone notices.
   */
  static boolean cronJobSuspended(Step step) {
    String program = step.program();
    if (!program.equals("kubectl") && !program.equals("oc") && !program.equals("kubecolor")) {
      return false;
    }
    boolean patch = false;
    boolean cronJob = false;
    boolean suspends = false;
    for (String a : step.invocation().args()) {
      String lower = a.toLowerCase(Locale.ROOT);
      if (lower.startsWith("--dry-run")) {
        return false;
      }
      patch |= lower.equals("patch");
      cronJob |= PatternLiterals.matches(CRON_JOB, lower);
      suspends |= PatternLiterals.finds(SUSPENDS, a);
    }
    return patch && cronJob && suspends && PodCommandActs.remote(step.args());
  }

  /** A cron job named: {@code cronjob}, {@code cj/x}, {@code cronjob.batch/x}. */
  private static final Pattern CRON_JOB = Pattern.compile("(?:cronjobs?|cj)(?:\\.batch)?(?:/.*)?");
}
