package io.github.providergateway.host.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DetachedGatewayStarterTest {
  @TempDir Path dir;

  /**
   * A gateway started by a host runs with the JVM options the {@code ./gateway} launcher uses (its
   * {@code jvm=(...)} line, which docs/performance.md measured): the two lists cannot drift apart.
   */
  @Test
  void startsTheGatewayWithTheLaunchersJvmOptions() throws Exception {
    // Tests run in the module's directory; the launcher is at the repository root.
    List<String> launcher = Files.readAllLines(Path.of("..", "gateway"));
    String line =
        launcher.stream().filter(l -> l.startsWith("jvm=(")).findFirst().orElseThrow().strip();

    List<String> options = List.of(line.substring("jvm=(".length(), line.length() - 1).split(" "));

    assertThat(DetachedGatewayStarter.JVM_OPTIONS).isEqualTo(options);
  }

  @Test
  void usesTheLaunchersArchiveBesideTheJarWhenItIsNotOlder() throws Exception {
    Path jar = jarAndArchive("2026-01-01T00:00:00Z", "2026-01-01T00:00:01Z");

    assertThat(DetachedGatewayStarter.classDataArchive(jar.toString()))
        .contains(dir.resolve("provider-gateway.jsa"));
  }

  @Test
  void ignoresAnArchiveOlderThanTheJar() throws Exception {
    Path jar = jarAndArchive("2026-01-01T00:00:01Z", "2026-01-01T00:00:00Z");

    assertThat(DetachedGatewayStarter.classDataArchive(jar.toString())).isEmpty();
  }

  /** Writes provider-gateway.jar and .jsa last modified at the given instants; returns the jar. */
  private Path jarAndArchive(String jarModified, String archiveModified) throws Exception {
    Path jar = Files.writeString(dir.resolve("provider-gateway.jar"), "jar");
    Path archive = Files.writeString(dir.resolve("provider-gateway.jsa"), "archive");
    Files.setLastModifiedTime(jar, FileTime.from(Instant.parse(jarModified)));
    Files.setLastModifiedTime(archive, FileTime.from(Instant.parse(archiveModified)));
    return jar;
  }

  @Test
  void noArchiveForAMissingFileOrAClassPathOfSeveralEntries() throws Exception {
    Path jar = Files.writeString(dir.resolve("provider-gateway.jar"), "jar");
    Files.writeString(dir.resolve("provider-gateway.jsa"), "archive");

    assertThat(DetachedGatewayStarter.classDataArchive(dir.resolve("other.jar").toString())).isEmpty();
    assertThat(DetachedGatewayStarter.classDataArchive(jar + File.pathSeparator + jar)).isEmpty();
    assertThat(DetachedGatewayStarter.classDataArchive(dir.resolve("classes").toString())).isEmpty();
    assertThat(DetachedGatewayStarter.classDataArchive(null)).isEmpty();
  }
}
