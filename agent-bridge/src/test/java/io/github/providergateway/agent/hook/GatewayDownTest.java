package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GatewayDown#state}: what a hook says of a gateway that does not answer. A recorded pid
 * names the gateway only while that process holds the home's lock (issue 62): after a crash the
 * kernel gives the pid to another process, which is alive and is not the gateway. This JVM plays
 * both: the process under the recorded pid, and, once it takes the home's lock, the gateway.
 */
class GatewayDownTest {

  private static final long SELF = ProcessHandle.current().pid();

  @TempDir Path home;

  @Test
  void aRecordedPidAnotherProcessTookIsACrashNotAGatewayThatDoesNotListen() throws IOException {
    HookGateRecord.Contents record = recordOf(HookGateRecord.Phase.RUNNING);

    assertThat(GatewayDown.state(record, home)).contains("crashed or was killed");
    try (FileChannel lockFile = lockFile();
        FileLock lock = lockFile.tryLock()) {
      assertThat(GatewayDown.state(record, home)).contains("does not listen");
    }
  }

  @Test
  void aStartingGatewayWhosePidAnotherProcessTookEndedWhileItStarted() throws IOException {
    HookGateRecord.Contents record = recordOf(HookGateRecord.Phase.STARTING);

    assertThat(GatewayDown.state(record, home)).contains("ended while it started");
    try (FileChannel lockFile = lockFile();
        FileLock lock = lockFile.tryLock()) {
      assertThat(GatewayDown.state(record, home)).contains("is starting");
    }
  }

  private static HookGateRecord.Contents recordOf(HookGateRecord.Phase phase) {
    return new HookGateRecord.Contents(
        new HookGateRecord.GatewayState(phase, SELF, 9400, Instant.parse("2026-11-27T08:00:00Z")),
        List.of(),
        List.of(),
        List.of());
  }

  private FileChannel lockFile() throws IOException {
    return FileChannel.open(
        home.resolve("gateway.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
  }
}
