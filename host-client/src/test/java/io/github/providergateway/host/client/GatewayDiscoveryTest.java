package io.github.providergateway.host.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.host.testing.LinkSwap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GatewayDiscovery#home}: the token is read from exactly the file {@link
 * io.github.providergateway.loop.base.SafeFiles} checked, so a link on the way to the home that
 * changes after the check cannot lead the read elsewhere. Issue 32, finding 8 (review: the check
 * resolved links, the read did not).
 */
class GatewayDiscoveryTest {

  @TempDir Path temp;

  private Path homeWithToken(String dir, String token) throws IOException {
    Path home = Files.createDirectories(temp.resolve(dir).resolve("home"));
    Path file = Files.writeString(home.resolve(GatewayHome.TOKEN_FILE), token + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    return home;
  }

  @Test
  void aHomeReachedThroughASymbolicLinkIsReadWhereItReallyIs() throws IOException {
    homeWithToken("real", "ptk-real");
    Path link = Files.createSymbolicLink(temp.resolve("link"), temp.resolve("real"));

    assertThat(GatewayDiscovery.home(link.resolve("home"), 1).token()).isEqualTo("ptk-real");
  }

  @Test
  void theTokenIsReadFromTheFileThatWasCheckedEvenIfALinkOnTheWayIsSwappedAfterTheCheck()
      throws IOException {
    homeWithToken("real", "ptk-real");
    homeWithToken("planted", "ptk-planted");
    Path link = Files.createSymbolicLink(temp.resolve("link"), temp.resolve("real"));

    GatewayDiscovery discovery =
        GatewayDiscovery.home(
            link.resolve("home"), 1, LinkSwap.pointing(link, temp.resolve("planted")));

    assertThat(discovery.token()).isEqualTo("ptk-real");
  }
}
