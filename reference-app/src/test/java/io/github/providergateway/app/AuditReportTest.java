package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.app.audit.AuditFile;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway audit report} (issue 66) over trails written by the gateway's own writer for three
 * laptops, one exported gzip-compressed: per host, agent and rule the decisions and how questions
 * ended, each host's policy versions and gated decisions, and the host that stopped reporting.
 */
class AuditReportTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final Instant NEWEST = Instant.parse("2026-11-24T16:00:00Z");

  @TempDir Path dir;

  private static Decision denied(Instant at) {
    return Decision.builder(at, DecisionKind.PRE_TOOL_USE, Decision.Outcome.DENY)
        .sessionId("s-1")
        .agent("claude") // Claude Code's hook took it
        .call("shell", null)
        .reason("guard: fs.delete-root: rm -rf / would delete everything")
        .provider("guard")
        .build();
  }

  private static Decision allowedByGate(Instant at) {
    return Decision.builder(at, DecisionKind.PRE_TOOL_USE, Decision.Outcome.ALLOW)
        .sessionId("s-1")
        .call("shell", "c-1")
        .provider("ci")
        .build();
  }

  private static Decision asked(Instant at, Decision.Outcome outcome, String answeredBy) {
    Decision.Builder ask =
        Decision.builder(at, DecisionKind.ASK, outcome)
            .provider("ci")
            .call("deploy", "c-2")
            .reason("ci/deploy-gate asked: deploy to production?");
    if (answeredBy != null) {
      ask.answeredBy(answeredBy);
    }
    return ask.build();
  }

  /** One laptop's trail, written by the gateway's writer, as its export {@code name}. */
  private Path laptop(String host, String policy, Instant last, boolean gzip) throws Exception {
    Path logs = dir.resolve(host);
    try (AuditFile audit = new AuditFile(logs, 1 << 20, 3, () -> host, () -> policy)) {
      audit.decided(denied(last.minusSeconds(60)));
      audit.decided(allowedByGate(last.minusSeconds(50)));
      audit.decided(asked(last.minusSeconds(40), Decision.Outcome.ASKED, null));
      audit.decided(asked(last.minusSeconds(30), Decision.Outcome.ALLOW, "console"));
      audit.decided(asked(last.minusSeconds(20), Decision.Outcome.ASKED, null));
      audit.decided(asked(last.minusSeconds(10), Decision.Outcome.TIMEOUT, null));
      audit.decided(
          Decision.builder(last, DecisionKind.AUTH, Decision.Outcome.OK).connection("c#1").build());
    }
    Path trail = logs.resolve("audit.jsonl");
    if (!gzip) {
      return trail;
    }
    Path compressed = dir.resolve(host + ".jsonl.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(compressed))) {
      out.write(Files.readAllBytes(trail));
    }
    return compressed;
  }

  private List<String> exports() throws Exception {
    return List.of(
        laptop("laptop-a", "2026-11-20.1", NEWEST, false).toString(),
        laptop("laptop-b", "2026-11-20.1", NEWEST.minus(Duration.ofHours(2)), true).toString(),
        laptop("laptop-c", "builtin", NEWEST.minus(Duration.ofDays(3)), false).toString());
  }

  private static AppRun report(List<String> files, String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("audit", "report"));
    args.addAll(List.of(more));
    args.addAll(files);
    return AppRun.of(args, Map.of());
  }

  @Test
  void itCountsEachHostsDecisionsByRuleAndHowQuestionsEnded() throws Exception {
    AppRun run = report(exports());

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out())
        .startsWith(
            "Audit report over 3 file(s): 21 decision(s) from 3 host(s), the newest at " + NEWEST)
        .contains("  laptop-a  claude  guard/fs.delete-root: pre_tool_use deny 1")
        .contains(
            "  laptop-b  -  ci: ask allow 1, ask asked 2, ask timeout 1, pre_tool_use allow 1;"
                + " answered on console 1")
        .contains("    gated: 2026-11-20.1 2; policies: 2026-11-20.1 7; agents: - 1, claude 1")
        .contains("    gated: builtin 2; policies: builtin 7; agents: - 1, claude 1");
  }

  @Test
  void aHostWhoseNewestRecordIsOlderThanTheThresholdStoppedReporting() throws Exception {
    List<String> files = exports();

    AppRun byDefault = report(files);
    AppRun week = report(files, "--stale", "7d");
    AppRun hour = report(files, "--stale", "1h");

    assertThat(byDefault.out())
        .contains("Stopped reporting (newest record more than 1d before " + NEWEST + "):")
        .contains("  laptop-c: last " + NEWEST.minus(Duration.ofDays(3)))
        .doesNotContain("  laptop-b: last");
    assertThat(week.out()).contains("Every host reported within 7d of the newest record.");
    assertThat(hour.out()).contains("  laptop-b: last").contains("  laptop-c: last");
  }

  @Test
  void itsJsonSaysTheSameForPrograms() throws Exception {
    AppRun run = report(exports(), "--json");

    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode json = JSON.readTree(run.out());
    assertThat(json.get("newest").asText()).isEqualTo(NEWEST.toString());
    assertThat(json.get("stoppedReporting"))
        .extracting(JsonNode::asText)
        .containsExactly("laptop-c");
    JsonNode c = json.get("hosts").get(2);
    assertThat(c.get("host").asText()).isEqualTo("laptop-c");
    assertThat(c.get("stoppedReporting").asBoolean()).isTrue();
    assertThat(c.get("gatedByPolicy").get("builtin").asLong()).isEqualTo(2);
    JsonNode askRow = null;
    for (JsonNode row : json.get("rows")) {
      if (row.get("host").asText().equals("laptop-a") && row.get("rule").asText().equals("ci")) {
        askRow = row;
      }
    }
    assertThat(askRow).isNotNull();
    assertThat(askRow.get("outcomes").get("ask timeout").asLong()).isEqualTo(1);
    assertThat(askRow.get("answeredBy").get("console").asLong()).isEqualTo(1);
  }

  @Test
  void aLineThatIsNoRecordIsCountedAndAMissingFileIsAnError() throws Exception {
    Path odd = Files.writeString(dir.resolve("odd.jsonl"), "not json\n{\"kind\":\"tool_call\"}\n");

    AppRun run = report(List.of(odd.toString()));
    AppRun missing = report(List.of(dir.resolve("absent.jsonl").toString()));
    AppRun badStale = report(List.of(odd.toString()), "--stale", "soon");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("1 line(s) no record, skipped").contains("(no host)");
    assertThat(missing.exit()).isEqualTo(ExitCodes.START_FAILED);
    assertThat(missing.err()).contains("absent.jsonl").contains("is not a regular file");
    assertThat(badStale.exit()).isEqualTo(ExitCodes.USAGE);
  }
}
