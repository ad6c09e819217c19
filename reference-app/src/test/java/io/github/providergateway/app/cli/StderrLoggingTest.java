package io.github.providergateway.app.cli;

import static org.assertj.core.api.Assertions.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.app.RpcApp;
import io.github.providergateway.app.WsProvider;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("process")
class StderrLoggingTest {

  @Test
  void readsSlf4jAndJulLevelNamesAndFallsBackToWarn() {
    assertThat(StderrLogging.level(null)).isEqualTo(Level.WARNING);
    assertThat(StderrLogging.level(" ")).isEqualTo(Level.WARNING);
    assertThat(StderrLogging.level("debug")).isEqualTo(Level.FINE);
    assertThat(StderrLogging.level("TRACE")).isEqualTo(Level.FINEST);
    assertThat(StderrLogging.level("INFO")).isEqualTo(Level.INFO);
    assertThat(StderrLogging.level("error")).isEqualTo(Level.SEVERE);
    assertThat(StderrLogging.level("OFF")).isEqualTo(Level.OFF);
    assertThat(StderrLogging.level("FINER")).isEqualTo(Level.FINER);
    assertThatThrownBy(() -> StderrLogging.level("loud"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "GATEWAY_LOG_LEVEL must be one of TRACE, DEBUG, INFO, WARN, ERROR, OFF")
        .hasMessageContaining("'loud'");
    assertThatThrownBy(() -> StderrLogging.level("1000"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void formatsOneLineWithAShortLoggerNameAndTheStackTrace() {
    LogRecord record = new LogRecord(Level.WARNING, "cannot delete {0}");
    record.setParameters(new Object[] {"/tmp/x"});
    record.setLoggerName("org.glassfish.tyrus.core.TyrusSession");
    record.setInstant(Instant.parse("2026-01-01T00:00:00Z"));
    record.setThrown(new IllegalStateException("boom"));

    String line = new StderrLogging.OneLineFormatter().format(record);

    assertThat(line)
        .matches(
            "(?s)\\d\\d:\\d\\d:\\d\\d\\.\\d{3} WARN  o\\.g\\.t\\.c\\.TyrusSession - cannot delete /tmp/x\\R"
                + "java\\.lang\\.IllegalStateException: boom\\R.*");
  }

  /** R-RPC-02 with logging turned up: every log line on stderr, stdout nothing but JSON. */
  @Test
  void debugLogsGoToStderrAndStdoutStaysJson(@TempDir Path tmp) throws Exception {
    try (RpcApp app =
        RpcApp.startProcess(
            tmp.resolve("home"),
            tmp.resolve("stderr.log"),
            Map.of(StderrLogging.LEVEL_VARIABLE, "DEBUG"),
            "--port",
            "0")) {
      String session = app.startSession();
      app.endInput();
      assertThat(app.awaitExit()).isZero();

      assertThat(app.stderr())
          .contains("INFO  i.g.p.a.c.RpcHost - session " + session + " started")
          .contains("DEBUG");
      // RpcApp's recorder fails on any stdout line that is not a JSON object.
    }
  }

  /**
   * A refused provider is an expected event, not a bug: at INFO it is one line on stderr naming the
   * peer and the reason, with no stack trace (issue 17: a wrong token left nothing on stderr).
   */
  @Test
  void aRefusalIsOneInfoLineOnStderrWithoutAStackTrace(@TempDir Path tmp) throws Exception {
    try (RpcApp app =
            RpcApp.startProcess(
                tmp.resolve("home"),
                tmp.resolve("stderr.log"),
                Map.of(StderrLogging.LEVEL_VARIABLE, "INFO"),
                "--port",
                "0");
        WsProvider stranger = WsProvider.connect(app.url())) {
      stranger.send("{\"type\":\"auth\",\"token\":\"ptk-wrong\"}");
      assertThat(stranger.next("error").get("code").asText()).isEqualTo("AUTH_FAILED");
      app.endInput();
      assertThat(app.awaitExit()).isZero();

      List<String> lines = app.stderr().lines().toList();
      List<String> refusals = lines.stream().filter(line -> line.contains("refused")).toList();
      assertThat(refusals)
          .singleElement(as(InstanceOfAssertFactories.STRING))
          .matches(
              "\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO  i\\.g\\.p\\.g\\.i\\.Outbox - refused auth of "
                  + "conn#\\d+ \\(ws 127\\.0\\.0\\.1:\\d+\\): AUTH_FAILED Invalid token");
      int next = lines.indexOf(refusals.get(0)) + 1;
      String following = next < lines.size() ? lines.get(next) : "";
      assertThat(following)
          .as("the line after it")
          .doesNotStartWith("\tat ")
          .doesNotContain("Exception");
    }
  }
}
