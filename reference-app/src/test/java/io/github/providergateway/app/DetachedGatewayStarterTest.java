package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.app.dist.ClassDataCache;
import io.github.providergateway.app.dist.RuntimeCopy;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayLaunch;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("process")
class DetachedGatewayStarterTest {
  @TempDir Path dir;

  /**
   * The one file of JVM options, as the {@code ./gateway} launcher names it (from the repository
   * root).
   */
  private static final Path JVM_OPTIONS =
      Path.of("reference-app/src/main/resources/io/github/providergateway/app/jvm.options");

  /**
   * A gateway started by a host runs with the JVM options the {@code ./gateway} launcher uses,
   * which docs/performance.md measured: both read them from the app's {@code jvm.options}, and the
   * launcher spells none of them itself, so they cannot drift apart.
   */
  @Test
  void theLauncherReadsItsJvmOptionsFromTheFileTheStarterReads() throws Exception {
    // Tests run in the module's directory; the launcher is at the repository root.
    String launcher = Files.readString(Path.of("..", "gateway"));
    List<String> options = DetachedGatewayStarter.jvmOptions();

    assertThat(launcher).contains("<\"$root/" + JVM_OPTIONS + "\"");
    assertThat(
            Files.readAllLines(Path.of("..").resolve(JVM_OPTIONS)).stream()
                .filter(l -> !l.startsWith("#")))
        .containsExactlyElementsOf(options);
    assertThat(options).isNotEmpty();
    assertThat(options).allSatisfy(option -> assertThat(launcher).doesNotContain(option));
  }

  @Test
  void aStartedGatewayRunsTheAppsMainDetachedWithTheLaunchersJvmOptions() {
    List<String> line =
        DetachedGatewayStarter.fromClassPath()
            .withArgs(List.of("--idle-exit-grace", "5s"))
            .commandLine(dir, 9401, System.getProperty("java.class.path"));

    List<String> java =
        line.subList(
            line.indexOf(Path.of(System.getProperty("java.home"), "bin", "java").toString()),
            line.size());
    assertThat(java.subList(1, 1 + DetachedGatewayStarter.jvmOptions().size()))
        .isEqualTo(DetachedGatewayStarter.jvmOptions());
    assertThat(java)
        .containsSubsequence("-cp", System.getProperty("java.class.path"), Main.class.getName())
        .endsWith(
            Main.class.getName(),
            "--detached",
            "--home",
            dir.toString(),
            "--port",
            "9401",
            "--idle-exit-grace",
            "5s");
  }

  /**
   * Run from the installed archive, whose launcher reads {@code lib/jvm.options} beside the jar
   * (make-dist adds its runtime's own option there), a gateway a host or the service starts gets
   * that file's options, not only the jar's; run from any other jar, the jar's own, even beside a
   * {@code jvm.options} of someone else's.
   */
  @Test
  void theInstalledArchivesJarStartsItsGatewayWithTheArchivesOptionsFile() throws IOException {
    Path dist = Files.createDirectories(dir.resolve("provider-gateway-1.0"));
    Path lib = Files.createDirectories(dist.resolve("lib"));
    Path jar = Files.writeString(lib.resolve("provider-gateway.jar"), "not read here");
    Files.writeString(
        lib.resolve("jvm.options"),
        "# the archive's\n-XX:+UseSerialGC\n\n-XX:TrimNativeHeapInterval=10000\n");
    Files.writeString(dist.resolve("release"), "NAME=\"provider-gateway\"\nVERSION=\"1.0\"\n");
    Path elsewhere = Files.createDirectories(dir.resolve("an embedder's/lib"));
    Path theirs = Files.writeString(elsewhere.resolve("provider-gateway.jar"), "not read here");
    Files.writeString(elsewhere.resolve("jvm.options"), "-Xmx8g\n");
    Path bare = Files.writeString(dir.resolve("bare.jar"), "not read here");

    assertThat(DetachedGatewayStarter.jvmOptions(jar.toString()))
        .containsExactly("-XX:+UseSerialGC", "-XX:TrimNativeHeapInterval=10000");
    assertThat(
            DetachedGatewayStarter.fromClassPath(jar.toString()).commandLine(dir, 9401, "copy.jar"))
        .containsSubsequence(
            "-XX:+UseSerialGC", "-XX:TrimNativeHeapInterval=10000", "-cp", "copy.jar");
    assertThat(DetachedGatewayStarter.jvmOptions(bare.toString()))
        .isEqualTo(DetachedGatewayStarter.jvmOptions());
    assertThat(DetachedGatewayStarter.jvmOptions(theirs.toString()))
        .isEqualTo(DetachedGatewayStarter.jvmOptions());
    assertThat(DetachedGatewayStarter.jvmOptions(jar + File.pathSeparator + bare))
        .isEqualTo(DetachedGatewayStarter.jvmOptions());
  }

  /**
   * A host whose class path lacks the app (issue 17: shared mode without reference-app) learns it
   * at once, in the JVM's own words, rather than after the 15 s start timeout. It also shows that
   * the process the starter returns is the gateway's JVM ({@code setsid} does not fork here).
   */
  @Test
  void aClassPathWithoutTheAppFailsConnectOrStartAtOnceInTheJvmsWords(@TempDir Path home)
      throws Exception {
    Path noApp = Files.createDirectory(dir.resolve("classes"));
    Duration startTimeout = Duration.ofSeconds(60);
    long started = System.nanoTime();

    assertThatThrownBy(
            () ->
                GatewayClient.connectOrStart(
                    home,
                    GatewayLaunch.builder()
                        .port(FreePorts.pick())
                        .startTimeout(startTimeout)
                        .starter(DetachedGatewayStarter.fromClassPath(noApp.toString()))
                        .build()))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("exited with code 1 before it answered")
        .hasMessageContaining("ClassNotFoundException: " + Main.class.getName());
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(startTimeout.dividedBy(3));
  }

  @Test
  void usesTheLaunchersArchiveBesideTheJarWhenItIsNotOlder() throws Exception {
    Path jar = jarAndArchive("2026-01-01T00:00:00Z", "2026-01-01T00:00:01Z");

    assertThat(DetachedGatewayStarter.classDataArchive(jar.toString()))
        .contains(RuntimeCopy.archiveOf(jar));
    assertThat(RuntimeCopy.archiveOf(jar).getFileName().toString())
        .as("named by the jar and this runtime")
        .matches("provider-gateway-[0-9a-f]{8}\\" + ClassDataCache.ofThisRuntime().suffix());
  }

  @Test
  void ignoresAnArchiveOlderThanTheJar() throws Exception {
    Path jar = jarAndArchive("2026-01-01T00:00:01Z", "2026-01-01T00:00:00Z");

    assertThat(DetachedGatewayStarter.classDataArchive(jar.toString())).isEmpty();
  }

  /**
   * Writes provider-gateway.jar and its archive (.jsa, or .aot on Java 25) last modified at the
   * given instants; returns the jar.
   */
  private Path jarAndArchive(String jarModified, String archiveModified) throws Exception {
    Path jar = Files.writeString(dir.resolve("provider-gateway.jar"), "jar");
    Path archive = Files.writeString(RuntimeCopy.archiveOf(jar), "archive");
    Files.setLastModifiedTime(jar, FileTime.from(Instant.parse(jarModified)));
    Files.setLastModifiedTime(archive, FileTime.from(Instant.parse(archiveModified)));
    return jar;
  }

  @Test
  void noArchiveForAMissingFileOrAClassPathOfSeveralEntries() throws Exception {
    Path jar = Files.writeString(dir.resolve("provider-gateway.jar"), "jar");
    Files.writeString(RuntimeCopy.archiveOf(jar), "archive");

    assertThat(DetachedGatewayStarter.classDataArchive(dir.resolve("other.jar").toString()))
        .isEmpty();
    assertThat(DetachedGatewayStarter.classDataArchive(jar + File.pathSeparator + jar)).isEmpty();
    assertThat(DetachedGatewayStarter.classDataArchive(dir.resolve("classes").toString()))
        .isEmpty();
    assertThat(DetachedGatewayStarter.classDataArchive(null)).isEmpty();
  }
}
