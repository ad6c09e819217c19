package io.github.providergateway.loop.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SafeFiles} on real files: a file only this user could have written passes; a link, a file
 * another user owns or may write, and one in a directory others may write (unless sticky, as {@code
 * /tmp}) are refused, each with the fix. Issue 32, finding 8.
 */
class SafeFilesTest {

  @TempDir Path temp;
  private Path home;
  private Path file;

  @BeforeEach
  void ownerOnlyHome() throws IOException {
    home =
        Files.createDirectory(
            temp.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    file = Files.writeString(home.resolve(".provider-token"), "ptk-x\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
  }

  @Test
  void anOwnerOnlyFileInAnOwnerOnlyHomePasses() {
    assertThatCode(() -> SafeFiles.checkFile(file)).doesNotThrowAnyException();
    assertThatCode(() -> SafeFiles.checkDirectory(home)).doesNotThrowAnyException();
  }

  @Test
  void aFileOthersMayReadButNotWritePasses() throws IOException {
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

    assertThatCode(() -> SafeFiles.checkFile(file)).doesNotThrowAnyException();
  }

  @Test
  void anOwnerOnlySecretFilePasses() {
    assertThatCode(() -> SafeFiles.checkSecretFile(file)).doesNotThrowAnyException();
  }

  /**
   * The review of issue 32: whoever can read the token file holds the token, and with it the proof
   * that makes a host believe them; a record of gates others may read is no secret.
   */
  @Test
  void aSecretFileTheGroupOrOthersMayReadIsRefusedWithChmodThoughARecordWouldPass()
      throws IOException {
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));

    assertThatThrownBy(() -> SafeFiles.checkSecretFile(file))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessage(
            file
                + " is readable by other users (mode 0640), and whoever reads the token in it can answer"
                + " as the gateway; fix: chmod go-rwx "
                + file
                + ", and restart the gateway, since its token may be known");
    assertThatCode(() -> SafeFiles.checkFile(file)).doesNotThrowAnyException();
  }

  @Test
  void aSecretFileThatGivesOthersAnyPermissionIsRefused() throws IOException {
    for (String mode : List.of("rw------x", "rw---x---", "rw----r--")) {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));

      assertThatThrownBy(() -> SafeFiles.checkSecretFile(file))
          .as(mode)
          .isInstanceOf(UnsafeFileException.class)
          .hasMessageContaining("chmod go-rwx " + file);
    }
  }

  @Test
  void aSecretFileOthersMayNotReadIsRefusedForThePermissionsItGivesNotAsReadable()
      throws IOException {
    for (String mode : List.of("rw------x", "rw---x---")) {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));

      assertThatThrownBy(() -> SafeFiles.checkSecretFile(file))
          .as(mode)
          .hasMessageContaining(" gives other users permissions (mode ")
          .hasMessageNotContaining("readable");
    }
  }

  /**
   * The review of issue 32: the directories checked are the real path's, so the path to open is the
   * file's name there; the path given may pass through a link someone could change after.
   */
  @Test
  void theCheckedPathIsTheNameInTheRealDirectoryWhichIsWhatCallersOpen() throws IOException {
    Path link = Files.createSymbolicLink(temp.resolve("link"), home);
    Path real = home.toRealPath();

    assertThat(SafeFiles.checkFile(link.resolve(".provider-token")))
        .isEqualTo(real.resolve(".provider-token"));
    assertThat(SafeFiles.checkSecretFile(link.resolve(".provider-token")))
        .isEqualTo(real.resolve(".provider-token"));
    assertThat(SafeFiles.checkDirectory(link)).isEqualTo(real);
    assertThat(SafeFiles.checkDirectory(link.resolve("not/yet")))
        .isEqualTo(real.resolve("not/yet"));
  }

  @Test
  void aFileTheGroupOrOthersMayWriteIsRefusedWithChmod() throws IOException {
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw--w----"));

    assertThatThrownBy(() -> SafeFiles.checkFile(file))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessage(
            file
                + " is writable by other users (mode 0620), so another user could have written it;"
                + " fix: chmod go-w "
                + file)
        .satisfies(e -> assertThat(((UnsafeFileException) e).file()).isEqualTo(file));
  }

  @Test
  void aSymbolicLinkIsRefusedEvenToAFileThatWouldPass() throws IOException {
    Path real = Files.move(file, home.resolve("elsewhere"));
    Files.createSymbolicLink(file, real);

    assertThatThrownBy(() -> SafeFiles.checkFile(file))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessageContaining("is a symbolic link")
        .hasMessageContaining("rm " + file);
  }

  @Test
  void aDirectoryOthersMayWriteIsRefusedNamingItAndTheFix() throws IOException {
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxrwx"));

    assertThatThrownBy(() -> SafeFiles.checkFile(file))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessageContaining(home + " is writable by other users (mode 0777)")
        .hasMessageContaining("fix: chmod go-w " + home);
    assertThatThrownBy(() -> SafeFiles.checkDirectory(home))
        .isInstanceOf(UnsafeFileException.class);
  }

  @Test
  void aDirectoryAboveTheHomeOthersMayWriteIsRefusedToo() throws IOException {
    Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxrwxr-x"));

    assertThatThrownBy(() -> SafeFiles.checkFile(file))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessageContaining(temp.toRealPath() + " is writable by other users (mode 0775)");
  }

  @Test
  void aStickyDirectoryOthersMayWriteLikeTmpPasses() throws IOException {
    Files.setAttribute(home, "unix:mode", 01777);

    assertThatCode(() -> SafeFiles.checkFile(file)).doesNotThrowAnyException();
  }

  @Test
  void aMissingHomeIsJudgedByTheNearestDirectoryAboveIt() throws IOException {
    Path missing = home.resolve("not/yet");
    assertThatCode(() -> SafeFiles.checkDirectory(missing)).doesNotThrowAnyException();

    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxrwx"));
    assertThatThrownBy(() -> SafeFiles.checkDirectory(missing))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessageContaining("removed what is in " + missing);
  }

  @Test
  void aMissingFileIsNoSuchFileNotUnsafe() {
    assertThatThrownBy(() -> SafeFiles.checkFile(home.resolve("absent")))
        .isInstanceOf(NoSuchFileException.class);
  }

  @Test
  void aFileOfAnotherUserIsRefusedAsPlanted() throws IOException {
    UserPrincipal someoneElse =
        home.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
    UserPrincipal owner = Files.getOwner(file);

    assertThatThrownBy(() -> new SafeFiles(someoneElse).file(file, false))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessage(
            file
                + " belongs to "
                + owner.getName()
                + ", not to nobody, so another user may have planted it;"
                + " remove it (rm "
                + file
                + ") unless you know it is yours");
  }

  @Test
  void aDirectoryOfAUserWhoIsNeitherThisOneNorRootIsRefused() throws IOException {
    UserPrincipal someoneElse =
        home.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
    Path theirs = Files.createDirectory(temp.resolve("theirs"));
    if (Files.getAttribute(theirs, "unix:uid").equals(0)) {
      Files.setAttribute(theirs, "unix:uid", 12345); // as root: hand it to a third user
    }

    assertThatThrownBy(() -> new SafeFiles(someoneElse).directory(theirs))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessageContaining(theirs.toRealPath() + " belongs to ")
        .hasMessageContaining("neither to nobody nor to root");
  }

  /**
   * Issue 46: the hook route and the MCP front door check their client file on every request; the
   * user and each owner's name (look-ups in the user database) are found once, not per check.
   */
  @Test
  void ownersAreLookedUpOnceForEachUidNotOnEveryCheck() throws IOException {
    SafeFiles checks = SafeFiles.forThisUser(file.getFileSystem());
    checks.file(file, true);
    int afterFirst = checks.ownerLookups();

    checks.file(file, true);
    checks.directory(home);

    assertThat(checks.ownerLookups()).isEqualTo(afterFirst);
    assertThat(SafeFiles.forThisUser(file.getFileSystem())).isSameAs(checks);
  }

  /**
   * What is kept is names by uid: a directory handed to another user is refused at the next look.
   */
  @Test
  void aDirectoryHandedToAnotherUserAfterAPassingCheckIsRefused() throws IOException {
    SafeFiles checks = SafeFiles.forThisUser(file.getFileSystem());
    checks.file(file, true);
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.getAttribute(home, "unix:uid").equals(0), "only root can hand a directory over");
    Files.setAttribute(home, "unix:uid", 12345);

    assertThatThrownBy(() -> checks.file(file, true))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessageContaining(home.toRealPath() + " belongs to 12345");
  }

  /** A cleaner of a folder all users share takes only this user's, and a link as the link's. */
  @Test
  void ownedByThisUserLooksAtTheFileItselfNotWhereALinkLeads() throws IOException {
    Path link = Files.createSymbolicLink(home.resolve("link"), file);

    assertThat(SafeFiles.ownedByThisUser(file)).isTrue();
    assertThat(SafeFiles.ownedByThisUser(link)).isTrue();
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.getAttribute(home, "unix:uid").equals(0), "only root can hand a file over");
    Files.setAttribute(file, "unix:uid", 12345);

    assertThat(SafeFiles.ownedByThisUser(file)).isFalse();
    assertThat(SafeFiles.ownedByThisUser(link)).as("the link is still this user's").isTrue();
  }

  /**
   * The organisation's settings (issue 66): a file counts only when root wrote it and only root
   * could have, file and folders; a user's file there, or a folder a user owns, is refused.
   */
  @Test
  void aRootFileMustBeRootsInFoldersOnlyRootMayChange() throws IOException {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.getAttribute(home, "unix:uid").equals(0), "only root can make files root's");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    assertThatCode(() -> SafeFiles.checkRootFile(file)).doesNotThrowAnyException();

    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-r--"));
    assertThatThrownBy(() -> SafeFiles.checkRootFile(file))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessageContaining("is writable by other users (mode 0664)");

    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    Files.setAttribute(file, "unix:uid", 12345);
    assertThatThrownBy(() -> SafeFiles.checkRootFile(file))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessageContaining("belongs to 12345, not to root");

    Files.setAttribute(file, "unix:uid", 0);
    Files.setAttribute(home, "unix:uid", 12345);
    assertThatThrownBy(() -> SafeFiles.checkRootFile(file))
        .as("a folder a user owns lets that user replace root's file")
        .isInstanceOf(UnsafeFileException.class)
        .hasMessageContaining(home.toRealPath() + " belongs to 12345, not to root");

    Files.setAttribute(home, "unix:uid", 0);
    Path link = Files.createSymbolicLink(home.resolve("settings-link"), file);
    assertThatThrownBy(() -> SafeFiles.checkRootFile(link))
        .isInstanceOf(UnsafeFileException.class)
        .hasMessageContaining("is a symbolic link");
  }
}
