package io.github.providergateway.app.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console's history file: owner-only like the rest of the home, and bounded. */
class ConsoleHistoryTest {

  @TempDir Path home;
  private Terminal terminal;

  @AfterEach
  void closeTerminal() throws IOException {
    if (terminal != null) {
      terminal.close();
    }
  }

  @Test
  void theFileIsCreatedOwnerOnly() throws IOException {
    Path file = ConsoleHistory.prepare(home);

    assertThat(file).isEqualTo(home.resolve("console_history")).exists();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
  }

  @Test
  void aFileOthersMayReadIsMadeOwnerOnly() throws IOException {
    Path file = Files.writeString(home.resolve("console_history"), "1:sessions\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

    ConsoleHistory.prepare(home);

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(file).hasContent("1:sessions");
  }

  @Test
  void aLinkOrAHugeFileIsNotUsed() throws IOException {
    Path elsewhere = Files.writeString(home.resolve("elsewhere"), "");
    Files.createSymbolicLink(home.resolve("console_history"), elsewhere);
    assertThatThrownBy(() -> ConsoleHistory.prepare(home))
        .hasMessageContaining("not a regular file");

    Files.delete(home.resolve("console_history"));
    try (var channel =
        Files.newByteChannel(
            home.resolve("console_history"),
            java.nio.file.StandardOpenOption.CREATE_NEW,
            java.nio.file.StandardOpenOption.WRITE)) {
      channel.position(ConsoleHistory.MAX_FILE_BYTES);
      channel.write(java.nio.ByteBuffer.wrap(new byte[] {1}));
    }
    assertThatThrownBy(() -> ConsoleHistory.prepare(home)).hasMessageContaining("larger than");
  }

  @Test
  void theHistoryKeepsAtMostMaxEntriesInMemoryAndOnDisk() throws IOException {
    Path file = ConsoleHistory.prepare(home);
    ConsoleHistory history = attached(file);

    int added =
        ConsoleHistory.MAX_ENTRIES * 5 / 4 + 10; // past the point where JLine cuts the file back
    for (int i = 0; i < added; i++) {
      history.add(Instant.ofEpochSecond(i), "call greet {\"n\":" + i + "}");
    }

    assertThat(history.size()).isEqualTo(ConsoleHistory.MAX_ENTRIES);
    // Cut back to MAX_ENTRIES once it held a quarter more.
    assertThat(Files.readAllLines(file))
        .hasSizeLessThan(ConsoleHistory.MAX_ENTRIES + 10)
        .last()
        .asString()
        .endsWith("{\"n\":" + (added - 1) + "}");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
  }

  @Test
  void aPastedBlobIsNotKept() throws IOException {
    Path file = ConsoleHistory.prepare(home);
    ConsoleHistory history = attached(file);

    history.add(
        Instant.EPOCH,
        "call greet {\"blob\":\"" + "x".repeat(ConsoleHistory.MAX_LINE_CHARS) + "\"}");
    history.add(Instant.EPOCH, "sessions");

    assertThat(history.size()).isEqualTo(1);
    assertThat(Files.readString(file)).contains("sessions").doesNotContain("blob");
  }

  @Test
  void historyIsReadBackOnTheNextRun() throws IOException {
    Path file = ConsoleHistory.prepare(home);
    attached(file).add(Instant.EPOCH, "call greet {\"name\":\"Ada\"}");
    terminal.close();

    ConsoleHistory next = attached(ConsoleHistory.prepare(home));

    assertThat(next.size()).isEqualTo(1);
    assertThat(next.get(next.last())).isEqualTo("call greet {\"name\":\"Ada\"}");
  }

  /** A history attached to a line reader configured as the console configures it. */
  private ConsoleHistory attached(Path file) throws IOException {
    terminal =
        TerminalBuilder.builder()
            .system(false)
            .streams(new ByteArrayInputStream(new byte[0]), OutputStream.nullOutputStream())
            .type("dumb")
            .build();
    ConsoleHistory history = new ConsoleHistory();
    LineReader reader = LineReaderBuilder.builder().terminal(terminal).history(history).build();
    ConsoleHistory.configure(reader, file);
    history.attach(reader);
    return history;
  }
}
