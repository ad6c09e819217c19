package io.github.providergateway.host.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HomeGatewayProcess}: a pid is the home's gateway only while it holds the home's lock, so
 * that a pid the kernel gave to another process after a crash is not taken for the gateway (issue
 * 62). This JVM plays the gateway: it takes the lock on a temporary home's {@code gateway.lock} as
 * a gateway does ({@code FileChannel.tryLock}, an fcntl lock the kernel lists with its pid).
 */
class HomeGatewayProcessTest {

  private static final long SELF = ProcessHandle.current().pid();

  @TempDir Path home;

  @Test
  void theProcessHoldingTheHomesLockIsItsGateway() throws IOException {
    try (FileChannel channel = lockFile();
        FileLock lock = channel.tryLock()) {
      assertThat(lock).isNotNull();

      assertThat(HomeGatewayProcess.isGatewayOf(home, SELF)).isTrue();
    }
  }

  @Test
  void aLiveProcessThatDoesNotHoldTheLockIsNotTheGateway() throws IOException {
    // The pid of a crashed gateway, reused: alive, and no lock of the home's.
    try (FileChannel channel = lockFile()) {
      assertThat(HomeGatewayProcess.isGatewayOf(home, SELF)).isFalse();
    }
    Files.delete(home.resolve(GatewayHome.LOCK_FILE));
    assertThat(HomeGatewayProcess.isGatewayOf(home, SELF)).isFalse();
  }

  @Test
  void aLockOfAnotherHomeDoesNotCount() throws IOException {
    Path other = Files.createDirectory(home.resolve("other"));
    try (FileChannel channel =
            FileChannel.open(
                other.resolve(GatewayHome.LOCK_FILE),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock();
        FileChannel ours = lockFile()) {
      assertThat(HomeGatewayProcess.isGatewayOf(other, SELF)).isTrue();
      assertThat(HomeGatewayProcess.isGatewayOf(home, SELF)).isFalse();
    }
  }

  @Test
  void aProcessThatIsGoneIsNotTheGateway() throws IOException {
    try (FileChannel channel = lockFile();
        FileLock lock = channel.tryLock()) {
      assertThat(HomeGatewayProcess.isGatewayOf(home, Long.MAX_VALUE)).isFalse();
    }
  }

  @Test
  void withNoTableOfLocksBeingAliveIsAllThatCanBeTold() throws IOException {
    try (FileChannel channel = lockFile()) {
      assertThat(HomeGatewayProcess.isGatewayOf(home, SELF, home.resolve("no-such-table")))
          .isTrue();
    }
  }

  @Test
  void aWaiterIsNotAHolderAndTheInodeIsTheLastPartOfTheFileField() {
    List<String> table =
        List.of(
            "1: POSIX  ADVISORY  WRITE 4242 fe:00:2171155 0 EOF",
            "1: -> POSIX  ADVISORY  WRITE 5353 fe:00:2171155 0 EOF",
            "2: FLOCK  ADVISORY  WRITE 6464 fe:00:21711 0 EOF");

    assertThat(HomeGatewayProcess.holds(table, 4242, "2171155")).isTrue();
    assertThat(HomeGatewayProcess.holds(table, 5353, "2171155")).isFalse();
    assertThat(HomeGatewayProcess.holds(table, 6464, "2171155")).isFalse();
    assertThat(HomeGatewayProcess.holds(table, 4242, "217115")).isFalse();
  }

  private FileChannel lockFile() throws IOException {
    return FileChannel.open(
        home.resolve(GatewayHome.LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
  }
}
