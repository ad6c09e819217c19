package io.github.providergateway.app.audit;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code gateway audit report} counts over the audit trails of many machines (issue 66): per
 * host, agent and rule the decisions by kind and outcome, the questions put to the person and how
 * they ended, who answered; per host its records' time span, the policy versions it ran and the
 * agents it gated; and which hosts stopped reporting. Records are counted as they are read and
 * never kept, so memory grows with the hosts, agents and rules, not with the records; each of those
 * is bounded ({@link #MOST_ROWS}, {@link #MOST_NAMES}), and what is past a bound is counted under
 * {@value #OTHER}.
 */
final class FleetReport {

  /** The most host, agent and rule rows counted apart; more are counted under {@value #OTHER}. */
  static final int MOST_ROWS = 100_000;

  /** The most policy versions or agents kept apart for one host. */
  static final int MOST_NAMES = 64;

  /** Where what is past a bound is counted. */
  static final String OTHER = "(other)";

  /** The agent of a record that does not name one (gateways so far record none: docs/audit.md). */
  static final String NO_AGENT = "-";

  /** The host of a record written before the chain, which carries none. */
  static final String NO_HOST = "(no host)";

  /** A reason that starts with a rule's name, as the guard writes it: {@code guard: fs.x: …}. */
  private static final Pattern RULE_IN_REASON =
      Pattern.compile("^([a-z][\\w.-]*): ([a-z][\\w.-]*)(?::|$)");

  /** What one host's records say of it. */
  static final class Host {
    long records;
    Instant first;
    Instant last;

    /** Its records by the policy version they were written under. */
    final Map<String, Long> policies = new TreeMap<>();

    /** Its pre-tool-use decisions (it was gated) by the policy version in force. */
    final Map<String, Long> gatedByPolicy = new TreeMap<>();

    /** Its gated decisions by agent. */
    final Map<String, Long> agents = new TreeMap<>();
  }

  /** The counts of one host, agent and rule. */
  static final class Row {
    /** Decisions by {@code kind outcome} ({@code pre_tool_use deny}, {@code ask allow}, …). */
    final Map<String, Long> outcomes = new TreeMap<>();

    /** Questions answered, by the channel that answered ({@code console}, {@code status page}…). */
    final Map<String, Long> answeredBy = new TreeMap<>();
  }

  /** The hosts by id. */
  final Map<String, Host> hosts = new TreeMap<>();

  /** The rows by host, then agent, then rule. */
  final Map<String, Map<String, Map<String, Row>>> rows = new TreeMap<>();

  private int rowCount;

  /** Lines read that were no record (not a JSON object, or too long). */
  long unreadable;

  /** Records of the chain's own ({@value AuditChain#KIND}): counted, not reported per rule. */
  long chainRecords;

  /** The newest record's time over all hosts, or null before any. */
  Instant newest;

  /**
   * Counts {@code record}, a line of a trail read as JSON.
   *
   * @param record the record
   */
  void add(JsonNode record) {
    String kind = record.path("kind").asText("");
    if (kind.equals(AuditChain.KIND)) {
      chainRecords++;
      return;
    }
    String hostId = record.path(AuditChain.HOST).asText(NO_HOST);
    Host host = hosts.get(hostId);
    if (host == null) {
      if (hosts.size() >= MOST_ROWS) {
        hostId = OTHER;
        host = hosts.computeIfAbsent(OTHER, other -> new Host());
      } else {
        host = new Host();
        hosts.put(hostId, host);
      }
    }
    host.records++;
    Instant time = time(record);
    if (time != null) {
      host.first = host.first == null || time.isBefore(host.first) ? time : host.first;
      host.last = host.last == null || time.isAfter(host.last) ? time : host.last;
      newest = newest == null || time.isAfter(newest) ? time : newest;
    }
    String policy = record.path(AuditChain.POLICY).asText("(none)");
    bump(host.policies, policy);
    if (!kind.equals("pre_tool_use") && !kind.equals("tool_call") && !kind.equals("ask")) {
      return; // peers' connections, pushes, …: counted in the host's records only
    }
    String agent = record.path("agent").asText(NO_AGENT);
    if (kind.equals("pre_tool_use")) {
      bump(host.gatedByPolicy, policy);
      bump(host.agents, agent);
    }
    Row row = row(hostId, agent, rule(record));
    String outcome = record.path("outcome").asText("?");
    bump(row.outcomes, kind + " " + outcome);
    if (record.hasNonNull("answeredBy")) {
      bump(row.answeredBy, record.get("answeredBy").asText());
    }
  }

  /** Counts a line that was no record. */
  void unreadable() {
    unreadable++;
  }

  /**
   * The hosts whose newest record is older than {@code stale} before the newest of all.
   *
   * @param stale how far behind a host may be
   * @return their ids, in order
   */
  List<String> stopped(Duration stale) {
    List<String> stopped = new ArrayList<>();
    if (newest == null) {
      return stopped;
    }
    Instant cut = newest.minus(stale);
    hosts.forEach(
        (id, host) -> {
          if (host.last == null || host.last.isBefore(cut)) {
            stopped.add(id);
          }
        });
    return stopped;
  }

  /**
   * The rule a record concerns: the first gate that denied or asked ({@code provider/gateId}), the
   * rule its reason starts with ({@code guard: fs.delete-root: …} is {@code guard/fs.delete-root}),
   * else its provider, else {@code -}.
   */
  static String rule(JsonNode record) {
    for (JsonNode gate : record.path("gates")) {
      String decision = gate.path("decision").asText();
      if (decision.equals("deny") || decision.equals("ask")) {
        return gate.path("provider").asText("?")
            + (gate.hasNonNull("gateId") ? "/" + gate.get("gateId").asText() : "");
      }
    }
    Matcher named = RULE_IN_REASON.matcher(record.path("reason").asText(""));
    if (named.find()) {
      return named.group(1) + "/" + named.group(2);
    }
    return record.path("provider").asText("-");
  }

  private Row row(String host, String agent, String rule) {
    Row row = rows.getOrDefault(host, Map.of()).getOrDefault(agent, Map.of()).get(rule);
    if (row != null) {
      return row;
    }
    boolean room = rowCount < MOST_ROWS;
    if (room) {
      rowCount++;
    }
    return rows.computeIfAbsent(room ? host : OTHER, h -> new TreeMap<>())
        .computeIfAbsent(room ? agent : OTHER, a -> new TreeMap<>())
        .computeIfAbsent(room ? rule : OTHER, r -> new Row());
  }

  /** Adds one to {@code name}'s count, or to {@value #OTHER}'s past {@value #MOST_NAMES} names. */
  private static void bump(Map<String, Long> counts, String name) {
    String key = counts.containsKey(name) || counts.size() < MOST_NAMES ? name : OTHER;
    counts.merge(key, 1L, Long::sum);
  }

  private static Instant time(JsonNode record) {
    try {
      return Instant.parse(record.path("time").asText());
    } catch (DateTimeParseException noTime) {
      return null;
    }
  }
}
