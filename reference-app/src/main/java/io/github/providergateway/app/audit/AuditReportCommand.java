package io.github.providergateway.app.audit;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.app.cli.CommandContext;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.HelpOption;
import io.github.providergateway.app.home.DurationText;
import io.github.providergateway.protocol.VisibleText;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gateway audit report FILE… [--stale DUR] [--json]}: one report over the audit trails of
 * many machines (issue 66), counted by {@link FleetReport} as the files are read.
 */
@Command(
    name = "report",
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = {
      "Reports over audit trails exported from many machines (their audit.jsonl files, any"
          + " number, plain or gzip): per host, agent and rule the decisions and the questions put"
          + " to the person and how they ended; per host its records' span, the policy versions it"
          + " ran and whether its agents were gated; and the hosts that stopped reporting, whose"
          + " newest record is more than --stale older than the newest of all (docs/audit.md).",
      ""
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:reported", "1:a file cannot be read", "2:bad command line"})
public final class AuditReportCommand implements Callable<Integer> {

  /** How far behind the newest record a host may be before it counts as stopped. */
  static final Duration DEFAULT_STALE = Duration.ofHours(24);

  private final CommandContext context;

  @Option(
      names = "--stale",
      paramLabel = "DUR",
      description =
          "A host whose newest record is older than this before the newest of all stopped"
              + " reporting: 30m, 24h, 7d (default: 24h).")
  private String stale = "24h";

  @Option(names = "--json", description = "One JSON object, for programs.")
  private boolean json;

  @Parameters(paramLabel = "FILE", arity = "1..*", description = "Exported audit files.")
  private List<Path> files = new ArrayList<>();

  @Mixin private HelpOption help;

  AuditReportCommand(CommandContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    PrintStream err = context.err();
    Duration staleAfter;
    try {
      staleAfter = staleness(stale);
    } catch (IllegalArgumentException e) {
      err.println("gateway audit report: --stale: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    FleetReport report = new FleetReport();
    for (Path file : files) {
      try {
        ExportLines.readInto(file, report);
      } catch (IOException e) {
        err.println("gateway audit report: " + file + ": " + e.getMessage());
        return ExitCodes.START_FAILED;
      }
    }
    PrintStream out = context.stdout();
    if (json) {
      out.println(json(report, staleAfter).toPrettyString());
    } else {
      text(report, staleAfter, out);
    }
    return ExitCodes.OK;
  }

  /** {@code 7d} as well as what {@link DurationText#parse} reads. */
  static Duration staleness(String text) {
    String t = text.strip();
    if (t.endsWith("d")) {
      try {
        long days = Long.parseLong(t.substring(0, t.length() - 1));
        if (days > 0) {
          return Duration.ofDays(days);
        }
      } catch (NumberFormatException notDays) {
        // said below
      }
      throw new IllegalArgumentException("'" + text + "' is no positive number of days");
    }
    return DurationText.parse(t);
  }

  private void text(FleetReport report, Duration staleAfter, PrintStream out) {
    long records = 0;
    for (FleetReport.Host host : report.hosts.values()) {
      records += host.records;
    }
    out.println(
        "Audit report over "
            + files.size()
            + " file(s): "
            + records
            + " decision(s) from "
            + report.hosts.size()
            + " host(s)"
            + (report.newest == null ? "" : ", the newest at " + report.newest)
            + (report.unreadable > 0
                ? "; " + report.unreadable + " line(s) no record, skipped"
                : "")
            + ".");
    out.println();
    out.println("Hosts (coverage: gated decisions by policy version; agents gated):");
    List<String> stopped = report.stopped(staleAfter);
    report.hosts.forEach(
        (id, host) -> {
          out.println(
              "  "
                  + shown(id)
                  + ": "
                  + host.records
                  + " decision(s), "
                  + host.first
                  + " to "
                  + host.last
                  + (stopped.contains(id) ? "  STOPPED REPORTING" : ""));
          out.println(
              "    gated: "
                  + (host.gatedByPolicy.isEmpty()
                      ? "no pre-tool-use decision"
                      : counts(host.gatedByPolicy))
                  + "; policies: "
                  + counts(host.policies)
                  + "; agents: "
                  + counts(host.agents));
        });
    out.println();
    out.println("Decisions and questions by host, agent and rule:");
    report.rows.forEach(
        (host, agents) ->
            agents.forEach(
                (agent, rules) ->
                    rules.forEach(
                        (rule, row) ->
                            out.println(
                                "  "
                                    + shown(host)
                                    + "  "
                                    + shown(agent)
                                    + "  "
                                    + shown(rule)
                                    + ": "
                                    + counts(row.outcomes)
                                    + (row.answeredBy.isEmpty()
                                        ? ""
                                        : "; answered on " + counts(row.answeredBy))))));
    out.println();
    if (stopped.isEmpty()) {
      out.println("Every host reported within " + staleText(staleAfter) + " of the newest record.");
    } else {
      out.println(
          "Stopped reporting (newest record more than "
              + staleText(staleAfter)
              + " before "
              + report.newest
              + "):");
      for (String id : stopped) {
        out.println("  " + shown(id) + ": last " + report.hosts.get(id).last);
      }
    }
  }

  /** {@code 24h}, {@code 90m}, {@code 45s}: the largest whole unit, as {@code --stale} takes it. */
  static String staleText(Duration stale) {
    long seconds = stale.toSeconds();
    if (seconds % 86_400 == 0) {
      return seconds / 86_400 + "d";
    }
    if (seconds % 3_600 == 0) {
      return seconds / 3_600 + "h";
    }
    return seconds % 60 == 0 ? seconds / 60 + "m" : DurationText.format(stale);
  }

  private static ObjectNode json(FleetReport report, Duration staleAfter) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    ObjectNode json = nodes.objectNode();
    json.put("newest", report.newest == null ? null : report.newest.toString());
    json.put("staleAfterSeconds", staleAfter.toSeconds());
    json.put("unreadableLines", report.unreadable);
    json.put("chainRecords", report.chainRecords);
    List<String> stopped = report.stopped(staleAfter);
    ArrayNode hosts = json.putArray("hosts");
    report.hosts.forEach(
        (id, host) -> {
          ObjectNode h = hosts.addObject();
          h.put("host", id);
          h.put("records", host.records);
          h.put("first", host.first == null ? null : host.first.toString());
          h.put("last", host.last == null ? null : host.last.toString());
          h.put("stoppedReporting", stopped.contains(id));
          h.set("policies", counts(nodes, host.policies));
          h.set("gatedByPolicy", counts(nodes, host.gatedByPolicy));
          h.set("agents", counts(nodes, host.agents));
        });
    ArrayNode rows = json.putArray("rows");
    report.rows.forEach(
        (host, agents) ->
            agents.forEach(
                (agent, rules) ->
                    rules.forEach(
                        (rule, row) -> {
                          ObjectNode r = rows.addObject();
                          r.put("host", host);
                          r.put("agent", agent);
                          r.put("rule", rule);
                          r.set("outcomes", counts(nodes, row.outcomes));
                          r.set("answeredBy", counts(nodes, row.answeredBy));
                        })));
    ArrayNode stoppedHosts = json.putArray("stoppedReporting");
    stopped.forEach(stoppedHosts::add);
    return json;
  }

  private static ObjectNode counts(JsonNodeFactory nodes, Map<String, Long> counts) {
    ObjectNode json = nodes.objectNode();
    counts.forEach(json::put);
    return json;
  }

  /** {@code deny 3, allow 12}: each name with its count; {@code none} for none. */
  private static String counts(Map<String, Long> counts) {
    if (counts.isEmpty()) {
      return "none";
    }
    List<String> parts = new ArrayList<>();
    counts.forEach((name, count) -> parts.add(shown(name) + " " + count));
    return String.join(", ", parts);
  }

  /** A name from a record as a terminal may show it: another machine's text, escaped. */
  private static String shown(String text) {
    return VisibleText.escape(text);
  }
}
