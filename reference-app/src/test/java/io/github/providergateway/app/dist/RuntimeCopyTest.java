package io.github.providergateway.app.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.host.client.GatewayHome;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("process")
class RuntimeCopyTest {
  @TempDir Path dir;

  private Path runtime() {
    return dir.resolve("home").resolve(RuntimeCopy.DIR);
  }

  @Test
  void aCopyIsNamedByItsContentAndOwnerOnly() throws Exception {
    Path jar = jar("a.jar", "one", null);

    Path copy = RuntimeCopy.install(jar, runtime());

    String sha256 =
        HexFormat.of()
            .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(jar)));
    assertThat(copy)
        .isEqualTo(runtime().resolve("provider-gateway-" + sha256.substring(0, 16) + ".jar"));
    assertThat(copy).hasBinaryContent(Files.readAllBytes(jar));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(copy)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(runtime())))
        .isEqualTo("rwx------");
  }

  @Test
  void theSameContentReusesTheCopyInPlaceUntouched() throws Exception {
    Path first = RuntimeCopy.install(jar("a.jar", "one", null), runtime());
    Object inode =
        Files.readAttributes(first, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
    Files.setLastModifiedTime(first, FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));

    // The same bytes from another place, as another host would find them.
    Path again =
        RuntimeCopy.install(Files.copy(dir.resolve("a.jar"), dir.resolve("b.jar")), runtime());

    assertThat(again).isEqualTo(first);
    assertThat(
            Files.readAttributes(again, java.nio.file.attribute.BasicFileAttributes.class)
                .fileKey())
        .isEqualTo(inode);
    // Its archive records this time: the copy must never be written again.
    assertThat(Files.getLastModifiedTime(again))
        .isEqualTo(FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
    assertThat(filesIn(runtime())).containsExactly(first);
  }

  @Test
  void otherContentGetsAnotherCopyAndTheFirstStays() throws Exception {
    Path first = RuntimeCopy.install(jar("a.jar", "one", null), runtime());

    Path second = RuntimeCopy.install(jar("a.jar", "two", null), runtime());

    assertThat(second).isNotEqualTo(first);
    assertThat(filesIn(runtime())).containsExactlyInAnyOrder(first, second);
  }

  @Test
  void aJarCaughtMidBuildIsRefusedAndLeavesNothing() throws Exception {
    Path jar = jar("a.jar", "one", null);
    byte[] bytes = Files.readAllBytes(jar);
    Files.write(
        jar,
        java.util.Arrays.copyOf(
            bytes, bytes.length / 2)); // the central directory is not written yet

    assertThatThrownBy(() -> RuntimeCopy.install(jar, runtime()))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("not a whole jar");
    assertThat(filesIn(runtime())).isEmpty();
  }

  @Test
  void publishingNeverReplacesAFileInPlace() throws Exception {
    Path target = Files.writeString(dir.resolve("provider-gateway-x.jar"), "in place");
    Path draft = Files.writeString(dir.resolve("draft"), "late twin");

    RuntimeCopy.publish(draft, target);

    assertThat(target).hasContent("in place");
  }

  @Test
  void pruningKeepsTheNewestAndTheOnesInUseWithTheirArchives() throws Exception {
    Files.createDirectories(runtime());
    List<Path> copies =
        Stream.of("a", "b", "c", "d", "e").map(this::copyMadeAt).toList(); // a oldest

    RuntimeCopy.prune(runtime(), Set.of(copies.get(0)));

    assertThat(filesIn(runtime()))
        .containsExactlyInAnyOrder(
            copies.get(0), RuntimeCopy.archiveOf(copies.get(0)),
            copies.get(2), RuntimeCopy.archiveOf(copies.get(2)),
            copies.get(3), RuntimeCopy.archiveOf(copies.get(3)),
            copies.get(4), RuntimeCopy.archiveOf(copies.get(4)));
  }

  @Test
  void pruningKeepsBothKindsOfCacheOfAKeptCopyAndDropsThoseOfCopiesGone() throws Exception {
    // A runtime upgraded from 17 to 25 leaves a copy with an archive and an ahead-of-time cache.
    Files.createDirectories(runtime());
    List<Path> copies = Stream.of("a", "b", "c", "d", "e").map(this::copyMadeAt).toList();
    for (Path copy : copies) {
      for (ClassDataCache kind : ClassDataCache.values()) {
        Files.writeString(RuntimeCopy.archiveOf(copy, kind), "cache");
      }
    }

    RuntimeCopy.prune(runtime(), Set.of());

    assertThat(filesIn(runtime()))
        .containsExactlyInAnyOrder(
            copies.get(2),
            RuntimeCopy.archiveOf(copies.get(2), ClassDataCache.CLASS_DATA_ARCHIVE),
            RuntimeCopy.archiveOf(copies.get(2), ClassDataCache.AOT_CACHE),
            copies.get(3),
            RuntimeCopy.archiveOf(copies.get(3), ClassDataCache.CLASS_DATA_ARCHIVE),
            RuntimeCopy.archiveOf(copies.get(3), ClassDataCache.AOT_CACHE),
            copies.get(4),
            RuntimeCopy.archiveOf(copies.get(4), ClassDataCache.CLASS_DATA_ARCHIVE),
            RuntimeCopy.archiveOf(copies.get(4), ClassDataCache.AOT_CACHE));
  }

  /**
   * Issue 76: two runtimes of one feature version (a host's JDK 25, the archive's) running one home
   * each keep a cache of their own for a copy, named by the runtime: the JVM refuses another
   * runtime's, and one file for both was never trained again. Pruning keeps every runtime's cache
   * of a kept copy and drops those of a copy gone.
   */
  @Test
  void aCopysCacheIsNamedByTheRuntimeAndPruningKeepsEveryRuntimesOfAKeptCopy() throws Exception {
    Files.createDirectories(runtime());
    List<Path> copies = Stream.of("a", "b", "c", "d", "e").map(this::copyMadeAt).toList();
    Path kept = copies.get(4);
    Path gone = copies.get(0);
    String suffix = ClassDataCache.ofThisRuntime().suffix();
    Path anotherRuntimes =
        Files.writeString(runtime().resolve("provider-gateway-e-0badc0de" + suffix), "");
    Path goneAnotherRuntimes =
        Files.writeString(runtime().resolve("provider-gateway-a-0badc0de" + suffix), "");

    RuntimeCopy.prune(runtime(), Set.of());

    assertThat(RuntimeCopy.archiveOf(kept).getFileName().toString())
        .matches("provider-gateway-e-[0-9a-f]{8}\\" + suffix)
        .isNotEqualTo(anotherRuntimes.getFileName().toString());
    assertThat(filesIn(runtime())).contains(RuntimeCopy.archiveOf(kept), anotherRuntimes);
    assertThat(filesIn(runtime()))
        .doesNotContain(gone, RuntimeCopy.archiveOf(gone), goneAnotherRuntimes);
  }

  @Test
  void pruningRemovesTheDraftsOfEndedProcessesOnly() throws Exception {
    Files.createDirectories(runtime());
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    Path mine =
        Files.writeString(
            RuntimeCopy.draft(runtime(), "provider-gateway-copy.jar"), "being written");
    Path orphan =
        Files.writeString(
            runtime().resolve("provider-gateway-copy.jar." + ended.pid() + "-1.tmp"), "crashed");

    RuntimeCopy.prune(runtime(), Set.of());

    assertThat(filesIn(runtime())).containsExactly(mine);
    assertThat(orphan).doesNotExist();
  }

  @Test
  void theCopyInUseIsTheOneOnTheCommandLineOfThePublishedGateway() throws Exception {
    Path home = dir.resolve("home");
    Path copy = RuntimeCopy.install(jar("a.jar", "one", null), runtime());
    Process gateway =
        new ProcessBuilder("sh", "-c", "sleep 30; true", "gateway", "-cp", copy.toString()).start();
    try {
      Files.writeString(home.resolve(GatewayHome.PID_FILE), gateway.pid() + "\n");

      assertThat(RuntimeCopy.inUse(home, runtime())).containsExactly(copy);
    } finally {
      gateway.destroyForcibly().waitFor();
    }
    assertThat(RuntimeCopy.inUse(home, runtime())).as("once it has ended").isEmpty();
  }

  @Test
  void onlyAJarWithoutRelativeClassPathEntriesIsCopied() throws Exception {
    assertThat(RuntimeCopy.copyable(jar("plain.jar", "one", null))).isTrue();
    assertThat(
            RuntimeCopy.copyable(
                jar("absolute.jar", "one", dir.resolve("lib.jar").toUri().toString())))
        .isTrue();
    assertThat(RuntimeCopy.copyable(jar("relative.jar", "one", "lib/dependency.jar"))).isFalse();
    assertThat(RuntimeCopy.copyable(Files.createDirectories(dir.resolve("classes")))).isFalse();
    assertThat(RuntimeCopy.copyable(dir.resolve("missing.jar"))).isFalse();
  }

  @Test
  void aClassPathOfDirectoriesRunsAsItIs() throws Exception {
    String classPath =
        dir.resolve("classes") + java.io.File.pathSeparator + dir.resolve("more.jar");

    assertThat(DetachedGatewayStarter.fromClassPath(classPath).runFrom(dir.resolve("home")))
        .isEqualTo(classPath);
    assertThat(
            DetachedGatewayStarter.fromClassPath(dir.resolve("classes").toString())
                .runFrom(dir.resolve("home")))
        .isEqualTo(dir.resolve("classes").toString());
    assertThat(dir.resolve("home")).doesNotExist();
  }

  /**
   * A copy-named jar and its archive in the runtime directory, made later the later {@code name}
   * sorts.
   */
  private Path copyMadeAt(String name) {
    try {
      Path copy = Files.writeString(runtime().resolve("provider-gateway-" + name + ".jar"), name);
      Path archive = Files.writeString(RuntimeCopy.archiveOf(copy), name);
      FileTime made =
          FileTime.from(Instant.parse("2026-01-01T00:00:00Z").plusSeconds(name.charAt(0)));
      Files.setLastModifiedTime(copy, made);
      Files.setLastModifiedTime(archive, made);
      return copy;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * A jar holding one entry with {@code content}, and {@code classPath} in its manifest if given.
   */
  private Path jar(String name, String content, String classPath) throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    if (classPath != null) {
      manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
    }
    Path jar = dir.resolve(name);
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file, manifest)) {
      out.putNextEntry(new JarEntry("content.txt"));
      out.write(content.getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
    }
    return jar;
  }

  private static List<Path> filesIn(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.toList();
    }
  }
}
