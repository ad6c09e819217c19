package io.github.providergateway.app.home;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The organisation's settings are taken only from a file that none but root could have written
 * (issue 66): anything else is refused, said so, and binds no one.
 */
class SystemSettingsTest {

  @TempDir Path dir;

  @Test
  void aFolderWithoutTheFileHasNoSettingsAndNoProblem() {
    SystemSettings settings = SystemSettings.read(dir);

    assertThat(settings.file()).isFalse();
    assertThat(settings.problems()).isEmpty();
    assertThat(settings.policy().isMissingNode()).isTrue();
  }

  @Test
  void aRootOwnedFileOnlyRootMayWriteIsRead() throws Exception {
    assumeRoot();
    write("{\"hostId\":\"laptop-7\",\"policy\":{\"url\":\"https://p.example/guard.json\"}}");

    SystemSettings settings = SystemSettings.read(dir);

    assertThat(settings.problems()).isEmpty();
    assertThat(settings.file()).isTrue();
    assertThat(settings.hostId()).isEqualTo("laptop-7");
    assertThat(settings.policy().path("url").asText()).isEqualTo("https://p.example/guard.json");
  }

  @Test
  void aFileOthersMayWriteIsRefusedAndSaysWhy() throws Exception {
    assumeRoot();
    Path file = write("{\"hostId\":\"laptop-7\"}");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-r--"));

    SystemSettings settings = SystemSettings.read(dir);

    assertThat(settings.file()).isFalse();
    assertThat(settings.hostId()).isNull();
    assertThat(settings.problems()).singleElement().asString().contains("writable by other users");
  }

  @Test
  void aFileNotOwnedByRootIsRefused() throws Exception {
    assumeRoot();
    Path file = write("{\"hostId\":\"laptop-7\"}");
    UserPrincipal nobody =
        file.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
    Files.setOwner(file, nobody);

    SystemSettings settings = SystemSettings.read(dir);

    assertThat(settings.hostId()).isNull();
    assertThat(settings.problems())
        .singleElement()
        .asString()
        .contains("belongs to nobody, not to root");
  }

  @Test
  void aLinkIsRefusedEvenToARootFile() throws Exception {
    assumeRoot();
    Path real = Files.writeString(dir.resolve("real.json"), "{\"hostId\":\"x\"}");
    Files.setPosixFilePermissions(real, PosixFilePermissions.fromString("rw-r--r--"));
    Files.createSymbolicLink(dir.resolve(SystemSettings.FILE), real);

    SystemSettings settings = SystemSettings.read(dir);

    assertThat(settings.hostId()).isNull();
    assertThat(settings.problems()).singleElement().asString().contains("is a symbolic link");
  }

  @Test
  void aFileThatIsNotAJsonObjectIsRefusedSayingWhere() throws Exception {
    assumeRoot();
    write("{\"hostId\": ");

    SystemSettings settings = SystemSettings.read(dir);

    assertThat(settings.file()).isFalse();
    assertThat(settings.problems()).singleElement().asString().contains(SystemSettings.FILE);
    write("[1]");
    assertThat(SystemSettings.read(dir).problems())
        .singleElement()
        .asString()
        .contains("not a JSON object");
  }

  @Test
  void aFileOneByteOverItsBoundIsRefusedAndOneAtItIsRead() throws Exception {
    assumeRoot();
    String head = "{\"hostId\":\"laptop-7\",\"pad\":\"";
    String tail = "\"}";
    String atTheBound =
        head + "x".repeat(SystemSettings.MAX_BYTES - head.length() - tail.length()) + tail;
    write(atTheBound);

    assertThat(SystemSettings.read(dir).hostId()).isEqualTo("laptop-7");

    write(atTheBound.replace("\"pad\":\"", "\"pad\":\"x"));
    SystemSettings over = SystemSettings.read(dir);

    assertThat(over.file()).isFalse();
    assertThat(over.hostId()).isNull();
    assertThat(over.problems())
        .singleElement()
        .asString()
        .contains("is larger than " + SystemSettings.MAX_BYTES + " bytes");
  }

  @Test
  void thePropertyMovesTheFolderOnlyWhereTheFixedOneHoldsNoSettings() throws Exception {
    Path fixed = java.nio.file.Files.createDirectories(dir.resolve("etc"));
    Path elsewhere = dir.resolve("elsewhere");

    assertThat(SystemSettings.systemDir(fixed, null)).isEqualTo(fixed);
    assertThat(SystemSettings.systemDir(fixed, elsewhere.toString())).isEqualTo(elsewhere);

    Files.writeString(fixed.resolve(SystemSettings.FILE), "{}");
    assertThat(SystemSettings.systemDir(fixed, elsewhere.toString()))
        .as("a managed machine's settings cannot be moved away by a JVM option")
        .isEqualTo(fixed);
  }

  private Path write(String text) throws Exception {
    Path file = Files.writeString(dir.resolve(SystemSettings.FILE), text);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    return file;
  }

  /** Only root can make a file root's; the tests of ownership run as root (as CI does). */
  private static void assumeRoot() {
    assumeTrue("root".equals(System.getProperty("user.name")), "needs root to own files as root");
  }
}
