package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The alerts of a money or a safety service silenced by a server's tool (round 74, {@code
 * production.alert-silence}): an MCP tool whose name makes a maintenance window, a downtime, a
 * silence or a mute ({@code mcp__pagerduty__create_maintenance_window}, {@code
 * mcp__datadog__schedule_downtime}, {@code mcp__opsgenie__create_maintenance}), whatever the
 * server's name, whose arguments name a service of payments, payouts, billing, a ledger, trading,
 * fraud, claims or of people's safety (an SOS, an alarm, a patient's telemetry). The same window
 * asked of PagerDuty's or Opsgenie's API is denied whatever the service; a tool's window over a
 * documentation site is not read here, nor a window listed, ended or deleted.
 */
final class MaintenanceWindows {
  private MaintenanceWindows() {}

  /** What a silencing tool's name makes. */
  private static final Set<String> SILENCES =
      NameSet.of("maintenance", "downtime", "downtimes", "silence", "mute", "snooze", "quiet");

  /** The first words of a tool that reads, lists, ends or takes a window away. */
  private static final Set<String> UNDOES_OR_READS =
      ToolActs.readingAnd(
          "end", "delete", "remove", "cancel", "stop", "expire", "unmute", "unsilence", "close");

  /** A service of money or of people's safety, as its name or its window's text gives it. */
  private static final Pattern MONEY_OR_SAFETY =
      Pattern.compile(
          "(?i)pay|billing|ledger|settle|trading|fraud|claims?\\b|bank|wallet|checkout"
              + "|money|treasury|\\bsos\\b|safety|emergency|alarm|crash|patient|telemetry|medical"
              + "|clinical|insulin|\\bfire\\b|911|112");

  /** {@return the tool and what it silences, or {@code null}} */
  static String silences(Scan scan) {
    CallForRules call = scan.call();
    if (call == null || call.args() == null || !call.tool().startsWith("mcp__")) {
      return null;
    }
    String tool = call.tool();
    List<String> words = ActsPredicates.words(tool.substring(tool.lastIndexOf("__") + 2));
    if (words.isEmpty()
        || UNDOES_OR_READS.contains(words.get(0))
        || words.stream().noneMatch(SILENCES::contains)) {
      return null;
    }
    JsonNode args = call.args();
    String text = args.toString();
    if (text.length() >= 16 * 1024
        || Environments.testName(text) && !Environments.namesProduction(text)) {
      return null; // a staging service's window: a rehearsal's quiet
    }
    return PatternLiterals.finds(MONEY_OR_SAFETY, text)
        ? tool + " over " + FlowReading.shorten(text)
        : null;
  }
}
