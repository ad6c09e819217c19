package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        .hasMessageContaining("GATEWAY_LOG_LEVEL must be one of TRACE, DEBUG, INFO, WARN, ERROR, OFF")
        .hasMessageContaining("'loud'");
    assertThatThrownBy(() -> StderrLogging.level("1000")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void formatsOneLineWithAShortLoggerNameAndTheStackTrace() {
    LogRecord record = new LogRecord(Level.WARNING, "cannot delete {0}");
    record.setParameters(new Object[] {"/tmp/x"});
    record.setLoggerName("org.glassfish.tyrus.core.TyrusSession");
    record.setInstant(Instant.parse("2026-01-01T00:00:00Z"));
    record.setThrown(new IllegalStateException("boom"));

    String line = new StderrLogging.OneLineFormatter().format(record);

    assertThat(line).matches("(?s)\\d\\d:\\d\\d:\\d\\d\\.\\d{3} WARN  o\\.g\\.t\\.c\\.TyrusSession - cannot delete /tmp/x\\R"
        + "java\\.lang\\.IllegalStateException: boom\\R.*");
  }

  /** R-RPC-02 with logging turned up: every log line on stderr, stdout nothing but JSON. */
  @Test
  void debugLogsGoToStderrAndStdoutStaysJson(@TempDir Path tmp) throws Exception {
    try (RpcApp app =
        RpcApp.startProcess(
            tmp.resolve("home"), tmp.resolve("stderr.log"), Map.of(StderrLogging.LEVEL_VARIABLE, "DEBUG"),
            "--port", "0")) {
      String session = app.startSession();
      app.endInput();
      assertThat(app.awaitExit()).isZero();

      assertThat(app.stderr())
          .contains("INFO  i.g.p.a.RpcHost - session " + session + " started")
          .contains("DEBUG");
      // RpcApp's recorder fails on any stdout line that is not a JSON object.
    }
  }
}
