package io.github.providergateway.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A log of bounded size (issue 35), on a bound of a few bytes. */
class LogFileTest {

  @TempDir Path tmp;

  private static void append(LogFile log, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    log.append(bytes, 0, bytes.length);
  }

  @Test
  void anAppendThatWouldPassTheBoundRotatesFirstAndTheNewFileSaysHowMuchWasDropped()
      throws IOException {
    Path file = tmp.resolve("p.log");
    LogFile log = new LogFile(file, 10);

    append(log, "aaaaaaaaaa"); // exactly the bound: kept
    append(log, "bbbbb"); // would pass it: p.log becomes p.log.1, a new p.log starts with a note
    append(log, "ccccc"); // the note alone passes a bound this small: each append rotates
    append(log, "ddddd");

    assertThat(Files.readString(tmp.resolve("p.log.1"))).endsWith("ccccc");
    assertThat(Files.readString(file))
        .startsWith("[provider-gateway] p.log.1 holds what was written before this file; ")
        .contains(" bytes before it were dropped (each file of this log holds at most 10 bytes)")
        .endsWith("ddddd");
    assertThat(Files.readString(file))
        .as("dropped: the 10 a's, then a note and the b's")
        .containsPattern("; \\d{3} bytes before it were dropped");
  }

  @Test
  void aLogBelowItsBoundIsOneFile() throws IOException {
    Path file = tmp.resolve("quiet.log");
    LogFile log = new LogFile(file, 100);

    append(log, "one\n");
    append(log, "two\n");

    assertThat(Files.readString(file)).isEqualTo("one\ntwo\n");
    assertThat(tmp.resolve("quiet.log.1")).doesNotExist();
  }

  @Test
  void aNewFileIsOwnerOnlyAndALinkPlantedAtItsNameIsNeverFollowed() throws IOException {
    Path file = tmp.resolve("p.log");
    Path elsewhere = Files.writeString(tmp.resolve("someone-elses"), "theirs");
    LogFile log = new LogFile(file, 10);
    append(log, "0123456789");
    append(log, "rotated");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");

    Files.delete(file);
    Files.createSymbolicLink(file, elsewhere);
    append(log, "x");

    assertThat(Files.readString(elsewhere)).isEqualTo("theirs");
  }

  @Test
  void everyWriterOfAFileInThisJvmSharesOneBound() {
    Path file = tmp.resolve("shared.log");

    assertThat(LogFile.of(file)).isSameAs(LogFile.of(tmp.resolve("sub/../shared.log")));
  }

  @Test
  void notesAndOutputOfAProcessLogGoToOneFileInOrder() throws IOException {
    Path file = tmp.resolve("both.log");
    ProcessLog log =
        new ProcessLog(file, Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC));

    log.note("started");
    log.output().write("Traceback\n".getBytes(StandardCharsets.UTF_8));

    assertThat(Files.readString(file))
        .isEqualTo("[provider-gateway 2026-01-02T03:04:05Z] started\nTraceback\n");
  }
}
