package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.audit.AuditFile;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway audit} (issue 62: the docs named it, and there was no such command): the home's
 * trail from a terminal with the console's filters and lines, read from its files, so with no
 * gateway running; a bad filter is a usage error; {@code verify} and {@code report} are its
 * subcommands (issue 66).
 */
class AuditCommandTest {

  @TempDir Path dir;

  private static AppRun gateway(String... args) {
    return AppRun.of(List.of(args), Map.of());
  }

  /** A gateway's real decisions, listed after it stopped, as its console listed them. */
  @Test
  void itListsWhatTheHomesGatewayDecidedAfterItStopped() {
    Path home = dir.resolve("home");
    String consoleLine;
    try (ConsoleApp console = ConsoleApp.start(home)) {
      console.type("hook shell {\"command\":\"rm -rf /\"}");
      console.awaitLine("deny: guard: fs.delete-root");
      console.type("audit pre_tool_use");
      consoleLine = console.awaitLine("pre_tool_use deny");
    }

    AppRun audit = gateway("audit", "pre_tool_use", "--home", home.toString());

    assertThat(audit.exit()).as(audit.err()).isZero();
    assertThat(audit.out().lines().toList()).contains(consoleLine);
    assertThat(consoleLine).contains("shell").contains("guard: fs.delete-root: ");
  }

  /** A successful call of {@code provider}'s tool {@code build}, {@code n} seconds in. */
  static Decision call(int n, String provider) {
    return Decision.builder(
            Instant.parse("2026-11-24T16:00:00Z").plusSeconds(n),
            DecisionKind.TOOL_CALL,
            Decision.Outcome.SUCCESS)
        .provider(provider)
        .sessionId("s-1")
        .call("build", "call-" + n)
        .latency(Duration.ofMillis(3))
        .build();
  }

  /**
   * Issue 77: the lines did not name the agent. A decision its hook took names the hook's agent,
   * one in a session an agent's window opened that agent, one of the console's session and a line
   * of a trail older than the field "-"; the trail, which held the field already, still verifies.
   */
  @Test
  void eachLineNamesTheAgentTheRecordNamesAndADashWhereItNamesNone() throws Exception {
    Path home = dir.resolve("home");
    Path logs = home.resolve("logs");
    Files.createDirectories(logs);
    // A line of a gateway older than the chain and the agent field: verify counts it, unchecked.
    Files.writeString(
        logs.resolve("audit.jsonl"),
        "{\"time\":\"2026-11-24T15:59:00Z\",\"kind\":\"tool_call\",\"outcome\":\"success\","
            + "\"tool\":\"old\",\"callId\":\"call-old\"}\n");
    try (AuditFile trail = new AuditFile(logs, AuditFile.DEFAULT_MAX_BYTES, 5)) {
      trail.sessionStarted(
          new io.github.providergateway.protocol.SessionInfo(
              "s-codex", "codex-mcp-client", "/work", null, "agent"));
      trail.decided(
          Decision.builder(
                  Instant.parse("2026-11-24T16:00:01Z"),
                  DecisionKind.PRE_TOOL_USE,
                  Decision.Outcome.DENY)
              .agent("claude")
              .call("Bash", null)
              .build());
      trail.decided(
          Decision.builder(
                  Instant.parse("2026-11-24T16:00:02Z"),
                  DecisionKind.TOOL_CALL,
                  Decision.Outcome.SUCCESS)
              .sessionId("s-codex")
              .call("build", "call-codex")
              .build());
      trail.decided(call(3, "ci"));
    }

    AppRun audit = gateway("audit", "last=10", "--home", home.toString());

    assertThat(audit.exit()).as(audit.err()).isZero();
    assertThat(audit.out().lines().map(String::strip).toList())
        .anyMatch(l -> l.matches("\\S+  -  tool_call success  old  call-old"))
        .anyMatch(l -> l.matches("\\S+  claude  pre_tool_use deny  Bash"))
        .anyMatch(l -> l.matches("\\S+  codex  tool_call success  build  call-codex"))
        .anyMatch(l -> l.matches("\\S+  -  tool_call success  build  \\(ci\\)  call-3  .*"));
    AppRun verify = gateway("audit", "verify", "--home", home.toString());
    assertThat(verify.exit()).as(verify.out() + verify.err()).isZero();
  }

  /** A trail of rotated files: the filters pick across them, the newest N oldest first. */
  @Test
  void theFiltersPickTheNewestMatchesAcrossTheRotatedFilesOldestFirst() throws Exception {
    Path home = dir.resolve("home");
    Path logs = home.resolve("logs");
    try (AuditFile trail = new AuditFile(logs, 4_000, 5)) {
      for (int n = 0; n < 40; n++) {
        trail.decided(call(n, n % 2 == 0 ? "ci" : "worker"));
      }
    }
    assertThat(logs.resolve("audit.1.jsonl")).as("the trail rotated").exists();
    // A gateway killed while it wrote leaves half a line.
    Files.writeString(
        logs.resolve("audit.jsonl"), "{\"time\":\"2026-11-", StandardOpenOption.APPEND);

    AppRun audit =
        gateway("audit", "tool_call", "provider=worker", "last=3", "--home", home.toString());

    assertThat(audit.exit()).as(audit.err()).isZero();
    List<String> ids = new ArrayList<>();
    for (String line : audit.out().lines().toList()) {
      assertThat(line).contains("tool_call success").contains("(worker)");
      ids.add(line.replaceAll(".*  (call-\\d+)  .*", "$1"));
    }
    assertThat(ids).containsExactly("call-35", "call-37", "call-39");
    assertThat(audit.err()).contains("1 line(s) of the trail were no decision and were skipped");

    AppRun oldest = gateway("audit", "provider=ci", "last=40", "--home", home.toString());
    assertThat(oldest.out()).contains("call-0 ").contains("call-38 ").doesNotContain("call-39");
  }

  @Test
  void aFilterTheConsoleDoesNotKnowIsAUsageError() {
    Path home = dir.resolve("home");
    AppRun unknown = gateway("audit", "colour=red", "--home", home.toString());
    AppRun notAKind = gateway("audit", "tool_calls", "--home", home.toString());
    AppRun notANumber = gateway("audit", "last=many", "--home", home.toString());

    for (AppRun bad : List.of(unknown, notAKind, notANumber)) {
      assertThat(bad.exit()).as(bad.err()).isEqualTo(ExitCodes.USAGE);
      assertThat(bad.out()).isEmpty();
    }
    assertThat(unknown.err())
        .startsWith("gateway audit: unknown filter 'colour': kind, provider=, tool=, session=,");
    assertThat(notAKind.err()).startsWith("gateway audit: no decision kind 'tool_calls': ");
    assertThat(notANumber.err()).startsWith("gateway audit: last= takes a positive number");
  }

  /** {@code verify} and {@code report} are commands of their own (issue 66), never filters. */
  @Test
  void verifyAndReportAreCommandsNotFilters() throws Exception {
    Path home = dir.resolve("home");
    Files.createDirectories(home);
    AppRun verify = gateway("audit", "verify", "--home", home.toString());
    AppRun report = gateway("audit", "report");

    assertThat(verify.exit()).as(verify.err()).isZero();
    assertThat(verify.out()).startsWith("No audit trail in " + home.resolve("logs") + " yet");
    assertThat(report.exit()).isEqualTo(ExitCodes.USAGE);
    assertThat(report.err()).contains("Missing required parameter");
  }

  @Test
  void aHomeWithoutATrailSaysSoAndNoHomeIsAnError() throws Exception {
    Path home = dir.resolve("home");
    Files.createDirectories(home);

    AppRun empty = gateway("audit", "--home", home.toString());
    AppRun none = gateway("audit", "--home", dir.resolve("no-such-home").toString());

    assertThat(empty.exit()).isZero();
    assertThat(empty.out())
        .isEqualTo(
            "No audit trail in "
                + home.resolve("logs")
                + " yet: a gateway of this home writes audit.jsonl there as it decides."
                + System.lineSeparator());
    assertThat(none.exit()).isEqualTo(ExitCodes.START_FAILED);
    assertThat(none.err())
        .isEqualTo(
            "gateway audit: there is no gateway home at "
                + dir.resolve("no-such-home")
                + System.lineSeparator());
  }

  /** The trail is the gateway's regular file: a link in its place is not followed. */
  @Test
  void aLinkInPlaceOfTheTrailIsNotFollowed() throws Exception {
    Path home = dir.resolve("home");
    Files.createDirectories(home.resolve("logs"));
    Path elsewhere = Files.writeString(dir.resolve("elsewhere.jsonl"), "{}\n");
    Files.createSymbolicLink(home.resolve("logs/audit.jsonl"), elsewhere);

    AppRun audit = gateway("audit", "--home", home.toString());

    assertThat(audit.exit()).isEqualTo(ExitCodes.START_FAILED);
    assertThat(audit.err()).contains("is not a regular file");
    assertThat(new String(Files.readAllBytes(elsewhere), StandardCharsets.UTF_8)).isEqualTo("{}\n");
  }
}
