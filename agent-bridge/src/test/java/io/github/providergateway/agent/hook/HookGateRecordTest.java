package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.host.testing.LinkSwap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HookGateRecord#read}: the record is read from exactly the file {@code SafeFiles} checked,
 * so a link on the way to the home that changes after the check cannot lead the read to another
 * record. Issue 32, finding 8 (review: the check resolved links, the read did not).
 */
class HookGateRecordTest {

  @TempDir Path temp;

  private Path homeWithRecord(String dir, String label) throws IOException {
    Path home = Files.createDirectories(temp.resolve(dir).resolve("home"));
    Path record =
        Files.writeString(
            home.resolve(HookGateRecord.FILE_NAME),
            "{\"version\":1,\"sessions\":[{\"sessionId\":\"s-1\",\"label\":\""
                + label
                + "\",\"cwd\":\"/work\",\"rules\":[]}]}");
    Files.setPosixFilePermissions(record, PosixFilePermissions.fromString("rw-------"));
    return home;
  }

  @Test
  void aHomeReachedThroughASymbolicLinkIsReadWhereItReallyIs() throws IOException {
    homeWithRecord("real", "claude-code");
    Path link = Files.createSymbolicLink(temp.resolve("link"), temp.resolve("real"));

    assertThat(HookGateRecord.read(link.resolve("home")).sessions())
        .extracting(HookGateRecord.Entry::label)
        .containsExactly("claude-code");
  }

  @Test
  void theRecordIsReadFromTheFileThatWasCheckedEvenIfALinkOnTheWayIsSwappedAfterTheCheck()
      throws IOException {
    homeWithRecord("real", "claude-code");
    homeWithRecord("planted", "planted");
    Path link = Files.createSymbolicLink(temp.resolve("link"), temp.resolve("real"));

    assertThat(
            HookGateRecord.read(
                    link.resolve("home"), LinkSwap.pointing(link, temp.resolve("planted")))
                .sessions())
        .extracting(HookGateRecord.Entry::label)
        .containsExactly("claude-code");
  }
}
