package io.github.providergateway.app.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit trail on disk: JSON lines, owner-only, rotation bounding the files (issue 19). */
class AuditFileTest {

  @TempDir Path dir;

  /** A successful call of tool {@code fast}, {@code n} seconds into the test's day. */
  static Decision call(int n) {
    return Decision.builder(
            Instant.parse("2026-11-24T16:00:00Z").plusSeconds(n),
            DecisionKind.TOOL_CALL,
            Decision.Outcome.SUCCESS)
        .provider("worker")
        .sessionId("s-1")
        .call("fast", "call-" + n)
        .latency(Duration.ofMillis(3))
        .args("ab".repeat(32), null, false)
        .build();
  }

  @Test
  void eachDecisionIsOneJsonLineInAnOwnerOnlyFile() throws Exception {
    try (AuditFile audit = new AuditFile(dir.resolve("logs"), 1 << 20, 3)) {
      audit.decided(call(1));
      audit.decided(call(2));
    }
    Path file = dir.resolve("logs/audit.jsonl");
    List<String> lines = Files.readAllLines(file);
    assertThat(lines).hasSize(2);
    JsonNode first = new ObjectMapper().readTree(lines.get(0));
    assertThat(first.get("kind").asText()).isEqualTo("tool_call");
    assertThat(first.get("callId").asText()).isEqualTo("call-1");
    assertThat(first.get("latencyMs").asDouble()).isEqualTo(3.0);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("logs"))))
        .isEqualTo("rwx------");
  }

  /**
   * Issue 66: a report across machines counts per agent, so a record of a session an agent's window
   * opened names that agent, and so does a decision its own hook took; a session nobody's agent
   * opened names none.
   */
  @Test
  void aRecordOfASessionAnAgentOpenedNamesTheAgent() throws Exception {
    try (AuditFile audit = new AuditFile(dir.resolve("logs"), 1 << 20, 3)) {
      audit.sessionStarted(
          new io.github.providergateway.protocol.SessionInfo(
              "s-1", "claude-code", "/work/p", null, "agent:window"));
      audit.sessionStarted(
          new io.github.providergateway.protocol.SessionInfo("s-2", "console", null, null, null));
      audit.decided(call(1));
      audit.decided(
          Decision.builder(Instant.EPOCH, DecisionKind.TOOL_CALL, Decision.Outcome.SUCCESS)
              .sessionId("s-2")
              .build());
      audit.decided(
          Decision.builder(Instant.EPOCH, DecisionKind.PRE_TOOL_USE, Decision.Outcome.DENY)
              .agent("gemini")
              .build());
    }
    List<String> lines = Files.readAllLines(dir.resolve("logs/audit.jsonl"));
    ObjectMapper json = new ObjectMapper();
    assertThat(json.readTree(lines.get(0)).path("agent").asText())
        .as("Claude Code's window, named as its hook names it")
        .isEqualTo("claude");
    assertThat(json.readTree(lines.get(1)).has("agent")).isFalse();
    assertThat(json.readTree(lines.get(2)).path("agent").asText())
        .as("a decision the agent's own hook took, with no session")
        .isEqualTo("gemini");
  }

  @Test
  void rotationKeepsAtMostTheConfiguredFilesEachNearItsSize() throws Exception {
    long maxBytes = 2_000;
    try (AuditFile audit = new AuditFile(dir, maxBytes, 3)) {
      for (int i = 0; i < 500; i++) {
        audit.decided(call(i));
      }
    }
    List<Path> files;
    try (Stream<Path> listed = Files.list(dir)) {
      files = listed.filter(p -> p.getFileName().toString().endsWith(".jsonl")).sorted().toList();
    }
    assertThat(files)
        .extracting(p -> p.getFileName().toString())
        .containsExactly("audit.1.jsonl", "audit.2.jsonl", "audit.jsonl");
    int longestLine =
        Files.readAllLines(dir.resolve("audit.1.jsonl")).stream()
            .mapToInt(String::length)
            .max()
            .orElse(0);
    for (Path file : files) {
      assertThat(Files.size(file)).as("%s", file).isLessThan(maxBytes + longestLine + 2);
    }
    // The newest decisions are the ones kept.
    List<String> current = Files.readAllLines(dir.resolve("audit.jsonl"));
    if (!current.isEmpty()) {
      assertThat(current.get(current.size() - 1)).contains("\"callId\":\"call-499\"");
    } else {
      List<String> older = Files.readAllLines(dir.resolve("audit.1.jsonl"));
      assertThat(older.get(older.size() - 1)).contains("\"callId\":\"call-499\"");
    }
  }
}
