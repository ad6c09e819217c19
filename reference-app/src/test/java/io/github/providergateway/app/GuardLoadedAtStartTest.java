package io.github.providergateway.app;

import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.loop.testing.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gateway loads its guard as it starts, before anyone calls (decision 151): a fresh gateway's
 * first call must not be the one that pays for the rule book against the policy's 5 s timer, on a
 * busy machine least of all. The gateway says so at {@code INFO} once it is done.
 */
class GuardLoadedAtStartTest {

  private static final Duration WAIT = Duration.ofSeconds(60);

  @TempDir Path temp;

  /** The gateway's logger, held so that JUL keeps its level and handler. */
  private final Logger log = Logger.getLogger(RunningGateway.class.getName());

  private final List<String> lines = new CopyOnWriteArrayList<>();

  private final Handler recording =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          lines.add(record.getMessage());
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  private Level before;

  @AfterEach
  void stopRecording() {
    log.removeHandler(recording);
    log.setLevel(before);
  }

  @Test
  void aStartedGatewayLoadsItsGuardWithNoCallAsked() throws Exception {
    before = log.getLevel();
    log.setLevel(Level.INFO);
    log.addHandler(recording);
    String[] args = {"--rpc", "--home", temp.resolve("home").toString(), "--port", "0"};

    try (RunningGateway running =
        RunningGateway.start(Main.options(Map.of(), args), new GatewayListener() {})) {
      Await.until(
          WAIT,
          () -> lines.stream().anyMatch(line -> line.startsWith("guard: ready, its rules loaded")),
          () -> "the guard's ready line among " + lines);
    }
  }
}
