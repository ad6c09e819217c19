package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stream's position, retention and pipeline on a shared cluster (issue 80 round 36, decision
 * 229): the Kafka admin tools, a Flink JobManager and a Kafka Connect cluster named by a host that
 * is not this machine's, a compose service's or a test's or staging's, as {@link DatabaseTargets}
 * reads a database's. Production's names (decision 92) were the only target before; a company's
 * event cluster ({@code kafka-ev-1.cdz-events.internal:9092}) often carries none.
 */
final class StreamTargets {
  private StreamTargets() {}

  /** A Kafka client's bootstrap servers in code: {@code 'bootstrap.servers': 'kafka-1:9092'}. */
  private static final Pattern CODE_BOOTSTRAP =
      Pattern.compile("bootstrap[._]servers['\"]?\\s*[:=]\\s*['\"]([^'\"]{1,500})['\"]");

  /** A topic's retention or cleanup set in code: {@code ConfigEntry('retention.ms', '60000')}. */
  private static final Pattern CODE_TOPIC_SETTING =
      Pattern.compile(
          "['\"](retention\\.ms|retention\\.bytes|cleanup\\.policy)['\"]\\s*[,:=]\\s*['\"]?"
              + "([\\w-]{1,30})");

  /** A Kafka Connect connector created or reconfigured: its REST path. */
  private static final Pattern CONNECTOR_PATH =
      Pattern.compile("/connectors/?(?:[?#]|$)|/connectors/[^/?#\\s]+/config/?(?:[?#]|$)");

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("broker-shared", (scan, step, read) -> shared(scan, step));
    named.put(
        "broker-retention-cut-shared",
        (scan, step, read) ->
            ProductionPredicates.cutsRetention(step.invocation().args()) && shared(scan, step));
    named.put(
        "code-retention-cut-shared",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null
              && ProductionAdminActs.kafkaAdminChange(code)
              && ProductionPredicates.cutsRetention(topicSettings(code))
              && codeBrokerShared(code);
        });
    named.put(
        "flink-job-cancelled-shared",
        ProgramNames.of( // flink's alone: tried on no other program
            java.util.Set.of("flink"),
            (scan, step, read) ->
                cancelsUnsaved(step)
                    && (shared(scan, step) || clusterTarget(step.invocation().args()))));
    named.put(
        "connector-created-shared",
        (scan, step, read) -> createsConnector(step) && shared(scan, step));
  }

  /**
   * Whether the program names production, or a host not this machine's nor a compose service's nor
   * a test's or staging's, or one behind a tunnel the call opens; a program that names none speaks
   * to this machine's.
   */
  static boolean shared(Scan scan, Step step) {
    if (Environments.production(scan, step)) {
      return true;
    }
    List<String> hosts = DatabaseTargets.namedHosts(step);
    boolean local = !hosts.isEmpty();
    for (String host : hosts) {
      if (!DatabaseTargets.localOrTest(host)) {
        return !DatabaseTargets.testVariable(step);
      }
      local &= Environments.localHost(host);
    }
    return local && Tunnels.opens(scan);
  }

  /** The topic settings code writes, as {@code name=value} the command-line tools take. */
  private static List<String> topicSettings(String code) {
    List<String> settings = new ArrayList<>();
    Matcher m = CODE_TOPIC_SETTING.matcher(code.length() > 65_536 ? "" : code);
    while (m.find()) {
      settings.add(m.group(1) + "=" + m.group(2));
    }
    return settings;
  }

  /** Whether code's Kafka client is given bootstrap servers not this machine's nor a test's. */
  private static boolean codeBrokerShared(String code) {
    Matcher m = CODE_BOOTSTRAP.matcher(code.length() > 65_536 ? "" : code);
    while (m.find()) {
      for (String server : m.group(1).split(",")) {
        if (!DatabaseTargets.localOrTest(Environments.host(server.trim()))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether {@code flink cancel} is run without a savepoint ({@code -s}, {@code --withSavepoint}):
   * read by the predicate, not a clause, so that the book names no verb of flink's and the reading
   * of programs it does not know goes on judging its others ({@code flink run}).
   */
  private static boolean cancelsUnsaved(Step step) {
    List<Word> args = step.args();
    if (!step.program().equals("flink") || args.isEmpty() || !args.get(0).text().equals("cancel")) {
      return false;
    }
    for (Word word : args) {
      String text = word.text();
      if (text.equals("-s") || text.startsWith("--withSavepoint")) {
        return false;
      }
    }
    return true;
  }

  /** Flink's target of a session on YARN or Kubernetes: {@code -t yarn-session}. */
  private static boolean clusterTarget(List<String> args) {
    for (int i = 0; i + 1 < args.size(); i++) {
      if (args.get(i).equals("-t") || args.get(i).equals("--target")) {
        String target = args.get(i + 1).toLowerCase(Locale.ROOT);
        return target.startsWith("yarn") || target.startsWith("kubernetes");
      }
    }
    return false;
  }

  /** Whether an HTTP client creates a connector (POST …/connectors, PUT …/connectors/x/config). */
  private static boolean createsConnector(Step step) {
    String program = step.program();
    if (!program.equals("curl") && !program.equals("http") && !program.equals("xh")) {
      return false;
    }
    String method = ServiceCalls.method(program, step.args());
    if (!method.equals("post") && !method.equals("put")) {
      return false;
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (text.contains("://") || text.startsWith("localhost:")) {
        String path = text.substring(text.indexOf("://") < 0 ? 0 : text.indexOf("://") + 3);
        int slash = path.indexOf('/');
        if (slash >= 0 && PatternLiterals.finds(CONNECTOR_PATH, path.substring(slash))) {
          return true;
        }
      }
    }
    return false;
  }
}
