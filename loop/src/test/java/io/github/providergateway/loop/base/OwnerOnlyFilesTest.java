package io.github.providergateway.loop.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link OwnerOnlyFiles} on real files: what it creates is owner-only from the start (the umask of
 * the test run, usually {@code 022}, would leave it readable by others otherwise), what it replaces
 * is replaced whole, and what exists keeps its mode unless asked.
 */
class OwnerOnlyFilesTest {

  @TempDir Path temp;

  @BeforeEach
  void posixOnly() {
    assumeTrue(temp.getFileSystem().supportedFileAttributeViews().contains("posix"));
  }

  private static String mode(Path path) throws IOException {
    return PosixFilePermissions.toString(
        Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
  }

  private static void chmod(Path path, String mode) throws IOException {
    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
  }

  @Test
  void directoriesAreCreatedOwnerOnlyAtEveryLevel() throws IOException {
    Path dir = temp.resolve("home").resolve("logs");

    assertThat(OwnerOnlyFiles.createDirectories(dir)).isEqualTo(dir);

    assertThat(mode(temp.resolve("home"))).isEqualTo("rwx------");
    assertThat(mode(dir)).isEqualTo("rwx------");
  }

  @Test
  void anExistingDirectoryKeepsItsMode() throws IOException {
    Path dir = Files.createDirectory(temp.resolve("shared"));
    chmod(dir, "rwxr-xr-x");

    assertThat(OwnerOnlyFiles.createDirectories(dir)).isEqualTo(dir);

    assertThat(mode(dir)).isEqualTo("rwxr-xr-x");
  }

  @Test
  void aNewFileIsOwnerOnlyAndAnExistingOneIsRefused() throws IOException {
    Path file = temp.resolve("gateway.log");

    assertThat(OwnerOnlyFiles.createFile(file)).isEqualTo(file);

    assertThat(mode(file)).isEqualTo("rw-------");
    assertThat(file).isEmptyFile();
    assertThatThrownBy(() -> OwnerOnlyFiles.createFile(file))
        .isInstanceOf(FileAlreadyExistsException.class);
  }

  @Test
  void aFileAnOpenCreatesIsOwnerOnlyAndOneThatExistsKeepsItsMode() throws IOException {
    Path created = temp.resolve("lock");
    Path existing = Files.writeString(temp.resolve("log"), "before\n");
    chmod(existing, "rw-r--r--");
    Set<StandardOpenOption> append =
        Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);

    try (FileChannel out = OwnerOnlyFiles.open(created, append)) {
      out.write(ByteBuffer.wrap("x".getBytes(StandardCharsets.UTF_8)));
    }
    try (FileChannel out = OwnerOnlyFiles.open(existing, append)) {
      out.write(ByteBuffer.wrap("after\n".getBytes(StandardCharsets.UTF_8)));
    }

    assertThat(mode(created)).isEqualTo("rw-------");
    assertThat(mode(existing)).isEqualTo("rw-r--r--");
    assertThat(existing).hasContent("before\nafter");
  }

  @Test
  void anOpenThatMustNotFollowALinkRefusesOne() throws IOException {
    Path victim = Files.writeString(temp.resolve("victim"), "precious\n");
    Path link = Files.createSymbolicLink(temp.resolve("token"), victim);

    assertThatThrownBy(
            () ->
                OwnerOnlyFiles.open(
                    link,
                    Set.of(
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS)))
        .isInstanceOf(IOException.class);
    assertThat(victim).hasContent("precious");
  }

  @Test
  void aReplacedFileIsWholeOwnerOnlyAndLeavesNoDraft() throws IOException {
    Path file = Files.writeString(temp.resolve("hook-gates.json"), "old\n");
    chmod(file, "rw-r--r--");
    Files.writeString(temp.resolve("hook-gates.json.tmp"), "a crash left this\n");

    OwnerOnlyFiles.replace(file, "new\n".getBytes(StandardCharsets.UTF_8));

    assertThat(file).hasContent("new");
    assertThat(mode(file)).isEqualTo("rw-------");
    assertThat(temp.resolve("hook-gates.json.tmp")).doesNotExist();
  }

  @Test
  void aReplaceKeepingModeKeepsTheFilesModeOrMakesItOwnerOnlyWhenSecret() throws IOException {
    Path settings = Files.writeString(temp.resolve("settings.json"), "{}\n");
    chmod(settings, "rw-r-----");
    Path draft = temp.resolve(".settings.json.draft");

    OwnerOnlyFiles.replaceKeepingMode(settings, draft, "{\"a\":1}\n".getBytes(), false);
    assertThat(settings).hasContent("{\"a\":1}");
    assertThat(mode(settings)).isEqualTo("rw-r-----");

    Path fresh = temp.resolve("new.json");
    OwnerOnlyFiles.replaceKeepingMode(fresh, draft, "{}\n".getBytes(), false);
    assertThat(mode(fresh)).isEqualTo("rw-r--r--");

    OwnerOnlyFiles.replaceKeepingMode(settings, draft, "{\"token\":1}\n".getBytes(), true);
    assertThat(mode(settings)).isEqualTo("rw-------");
    assertThat(draft).doesNotExist();
  }

  /**
   * A mode the umask would narrow at creation (group write, under the usual {@code 022}) is set on
   * the draft after it is written, so the replaced file keeps it.
   */
  @Test
  void aReplaceKeepingModeKeepsAModeTheUmaskWouldHaveNarrowed() throws IOException {
    Path settings = Files.writeString(temp.resolve("settings.json"), "{}\n");
    chmod(settings, "rw-rw-r--");

    OwnerOnlyFiles.replaceKeepingMode(
        settings, temp.resolve("settings.json.draft"), "{\"a\":1}\n".getBytes(), false);

    assertThat(settings).hasContent("{\"a\":1}");
    assertThat(mode(settings)).isEqualTo("rw-rw-r--");
  }

  @Test
  void restrictMakesAnExistingFileOwnerOnly() throws IOException {
    Path history = Files.writeString(temp.resolve("console_history"), "ls\n");
    chmod(history, "rw-rw-rw-");

    assertThat(OwnerOnlyFiles.restrict(history)).isTrue();

    assertThat(mode(history)).isEqualTo("rw-------");
  }

  @Test
  void aFileMadeReadOnlyIsReadableByItsOwnerAlone() throws IOException {
    Path archive = Files.writeString(temp.resolve("app.jsa"), "cds");

    OwnerOnlyFiles.makeReadOnly(archive);

    assertThat(mode(archive)).isEqualTo("r--------");
  }

  @Test
  void aDirectoryOthersMayWriteToIsClosedAndOneTheyMayOnlyReadIsLeft() throws IOException {
    Path open = Files.createDirectory(temp.resolve("open"));
    chmod(open, "rwxrwxrwx");
    Path readable = Files.createDirectory(temp.resolve("readable"));
    chmod(readable, "rwxr-xr-x");

    OwnerOnlyFiles.closeToOthers(open);
    OwnerOnlyFiles.closeToOthers(readable);

    assertThat(mode(open)).isEqualTo("rwx------");
    assertThat(mode(readable)).isEqualTo("rwxr-xr-x");
  }

  @Test
  void aModeIsGivenBackUnlessItLetsOthersWrite() throws IOException {
    Path file = Files.writeString(temp.resolve("settings.json"), "{}");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    String before = OwnerOnlyFiles.mode(file);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));

    assertThat(before).isEqualTo("rw-r--r--");
    assertThat(OwnerOnlyFiles.giveBackMode(file, before)).isTrue();
    assertThat(OwnerOnlyFiles.mode(file)).isEqualTo("rw-r--r--");
    for (String opening : new String[] {"rw-rw-r--", "rw-r--rw-", "rwxrwxrwx", "nonsense", null}) {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
      assertThat(OwnerOnlyFiles.giveBackMode(file, opening)).as(opening).isFalse();
      assertThat(OwnerOnlyFiles.mode(file)).as(opening).isEqualTo("rw-------");
    }
    assertThat(OwnerOnlyFiles.mode(temp.resolve("absent"))).isNull();
  }
}
