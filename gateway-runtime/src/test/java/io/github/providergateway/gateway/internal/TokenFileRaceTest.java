package io.github.providergateway.gateway.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The token file against a process that races its creation (issue 13): the token goes into the file
 * the gateway created or nowhere, never through a link into another file; a home others may write
 * to is closed or refused. Part of the adversarial suite.
 */
class TokenFileRaceTest {

  @TempDir Path home;
  @TempDir Path elsewhere;

  @Test
  void aLinkPlantedBetweenCreatingAndWritingTheFileNeverReceivesTheToken() throws Exception {
    Path victim = Files.writeString(elsewhere.resolve("victim"), "precious\n");

    assertThatThrownBy(
            () -> TokenFile.write(home, "secret-token", path -> swapForLink(path, victim)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("was replaced while it was written");

    assertThat(Files.readString(victim)).isEqualTo("precious\n");
  }

  @Test
  void aHomeOthersMayWriteToIsMadeOwnerOnly() throws Exception {
    assumeTrue(home.getFileSystem().supportedFileAttributeViews().contains("posix"));
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxrwx"));

    TokenFile.prepareHome(home);

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(home)))
        .isEqualTo("rwx------");
  }

  @Test
  void aHomeOthersMayWriteToThatBelongsToAnotherUserIsRefused() throws Exception {
    assumeTrue(home.getFileSystem().supportedFileAttributeViews().contains("posix"));
    UserPrincipal nobody;
    try {
      nobody = home.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
      Files.setOwner(home, nobody); // only root may give a directory away
    } catch (IOException notPossibleHere) {
      assumeTrue(false, "cannot give the directory to another user: " + notPossibleHere);
      return;
    }
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxrwx"));

    assertThatThrownBy(() -> TokenFile.prepareHome(home))
        .isInstanceOf(UncheckedIOException.class)
        .hasStackTraceContaining("may be written by other users");
  }

  private static void swapForLink(Path path, Path target) {
    try {
      Files.delete(path);
      Files.createSymbolicLink(path, target);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
