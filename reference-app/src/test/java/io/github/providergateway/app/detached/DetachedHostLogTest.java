package io.github.providergateway.app.detached;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.transport.stdio.ProcessLog;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The detached gateway's {@code gateway.log} (issue 35, row 3): the stream {@link DetachedHost}
 * points {@code System.out} and {@code System.err} at keeps the newest lines within its bound.
 */
class DetachedHostLogTest {

  @TempDir Path logs;

  @Test
  void theGatewaysLogKeepsItsNewestLinesWithinItsBoundAndCountsWhatItDropped() throws IOException {
    long bound = ProcessLog.MAX_FILE_BYTES;
    String line = "12:03:04.567 WARN  o.g.t.c.TyrusSession - " + "x".repeat(100);
    long lines = 3 * bound / line.length();

    try (PrintStream log = DetachedHost.openLog(logs)) {
      for (long i = 0; i < lines; i++) {
        log.println(line);
      }
      log.println("the last line");
    }

    assertThat(Files.size(logs.resolve("gateway.log"))).isLessThanOrEqualTo(bound);
    assertThat(Files.size(logs.resolve("gateway.log.1"))).isLessThanOrEqualTo(bound);
    assertThat(Files.readString(logs.resolve("gateway.log")))
        .containsPattern("[1-9]\\d* bytes before it were dropped")
        .endsWith("the last line" + System.lineSeparator());
  }

  @Test
  void aLinkPlantedAtTheLogsNameStopsTheGatewayFromStarting() throws IOException {
    Path elsewhere = Files.writeString(logs.resolve("someone-elses"), "theirs");
    Files.createSymbolicLink(logs.resolve("gateway.log"), elsewhere);

    assertThatThrownBy(() -> DetachedHost.openLog(logs)).isInstanceOf(IOException.class);
    assertThat(Files.readString(elsewhere)).isEqualTo("theirs");
  }
}
