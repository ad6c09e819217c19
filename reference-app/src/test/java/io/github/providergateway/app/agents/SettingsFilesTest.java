package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 61: setup reads an agent's settings only as a regular file, bounded. A FIFO put there hung
 * {@code gateway setup claude}; a link to {@code /dev/zero} ended it in OutOfMemoryError.
 */
@Tag("process") // mkfifo
class SettingsFilesTest {
  @TempDir Path temp;

  @Test
  // A read that opens the FIFO blocks until a writer comes: the timeout makes that a failure.
  @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aFifoWhereTheSettingsAreIsRefusedAtOnceNotWaitedOn() throws Exception {
    Path fifo = temp.resolve("settings.json");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertThat(mkfifo.waitFor()).isZero();

    assertThatThrownBy(() -> SettingsFiles.read(fifo))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("not a regular file");
  }

  @Test
  void aLinkToADeviceIsRefusedAndALinkToAFileIsFollowed() throws Exception {
    Path zero = Files.createSymbolicLink(temp.resolve("zero.json"), Path.of("/dev/zero"));
    Path real = Files.writeString(temp.resolve("dotfiles.json"), "{\"a\": 1}");
    Path linked = Files.createSymbolicLink(temp.resolve("settings.json"), real);

    assertThatThrownBy(() -> SettingsFiles.read(zero)).hasMessageContaining("not a regular file");
    assertThat(SettingsFiles.read(linked)).isEqualTo("{\"a\": 1}".getBytes());
    assertThat(SettingsFiles.read(temp.resolve("absent.json"))).isNull();
  }
}
