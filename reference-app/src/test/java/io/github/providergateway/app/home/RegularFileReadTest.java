package io.github.providergateway.app.home;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.loop.testing.ManualClock;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file checked to be regular and swapped for a FIFO before it is opened cannot hang its reader
 * (issue 61, the project's guard file and the agents' settings): its read ends at the deadline, on
 * a manual clock, whether the FIFO waits for a writer or a writer holds it open and writes nothing.
 * Real FIFOs ({@code mkfifo}), so the tag.
 */
@Tag("process")
@Timeout(60)
class RegularFileReadTest {

  private static final Duration DEADLINE = Duration.ofSeconds(2);
  private static final Duration WAIT = Duration.ofSeconds(20);

  @TempDir Path dir;
  private final ManualClock clock = new ManualClock();

  @Test
  void aRegularFileIsReadWhole() throws IOException {
    Path file = Files.writeString(dir.resolve("guard.json"), "{\"preset\":\"strict\"}");

    byte[] read = RegularFileRead.read(file, 1024, clock, DEADLINE);

    assertThat(new String(read, StandardCharsets.UTF_8)).isEqualTo("{\"preset\":\"strict\"}");
  }

  @Test
  void aFifoWithNoWriterEndsItsReadAtTheDeadline() throws Exception {
    Path fifo = fifo("guard.json");

    CompletableFuture<Throwable> reading = readOnAnotherThread(fifo);
    Await.until(WAIT, () -> clock.pendingTasks() == 1, () -> "the read's deadline armed");
    clock.advance(DEADLINE.minusMillis(1));
    assertThat(reading).as("a tick before the deadline").isNotDone();
    clock.advance(Duration.ofMillis(1));

    assertThat(reading.get(WAIT.toSeconds(), TimeUnit.SECONDS))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("was not read within 2000 ms");
  }

  @Test
  void aFifoAWriterHoldsOpenEndsItsReadAtTheDeadline() throws Exception {
    Path fifo = fifo("settings.json");
    CompletableFuture<OutputStream> writer =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return Files.newOutputStream(fifo); // waits for the reader, then writes nothing
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });

    CompletableFuture<Throwable> reading = readOnAnotherThread(fifo);
    try (OutputStream held = writer.get(WAIT.toSeconds(), TimeUnit.SECONDS)) {
      assertThat(reading).as("opened, and waiting for data").isNotDone();
      clock.advance(DEADLINE);

      assertThat(reading.get(WAIT.toSeconds(), TimeUnit.SECONDS))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("was not read within");
      assertThat(held).isNotNull();
    }
  }

  /**
   * The watchdog's poke of a FIFO whose reader has already gone (it saw the deadline and closed)
   * ends at once: an open for writing alone would wait for a reader that never comes, and the
   * watchdog's thread with it (a full build once hung here, the manual clock's advance never
   * returning).
   */
  @Test
  void theWatchdogsPokeOfAFifoNobodyReadsReturnsAtOnce() throws Exception {
    Path fifo = fifo("gone.json");
    CompletableFuture<Void> poke =
        CompletableFuture.runAsync(() -> RegularFileRead.completeTheOpen(fifo));

    assertThat(poke).succeedsWithin(WAIT);
  }

  @Test
  void aLinkIsNotFollowed() throws IOException {
    Path secret = Files.writeString(dir.resolve("token"), "ghp_secret");
    Path link = Files.createSymbolicLink(dir.resolve("guard.json"), secret);

    assertThatThrownBy(() -> RegularFileRead.read(link, 1024, clock, DEADLINE))
        .isInstanceOf(IOException.class)
        .hasMessageNotContaining("ghp_secret");
  }

  private Path fifo(String name) throws Exception {
    Path fifo = dir.resolve(name);
    Process made = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertThat(made.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
    assertThat(made.exitValue()).isZero();
    return fifo;
  }

  private CompletableFuture<Throwable> readOnAnotherThread(Path file) {
    CompletableFuture<Throwable> failed = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try {
                RegularFileRead.read(file, 1024, clock, DEADLINE);
                failed.complete(null);
              } catch (Throwable e) {
                failed.complete(e);
              }
            },
            "fifo-reader");
    reader.setDaemon(true);
    reader.start();
    return failed;
  }
}
