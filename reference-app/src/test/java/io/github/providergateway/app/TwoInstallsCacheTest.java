package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.app.dist.ClassDataTrainer;
import io.github.providergateway.loop.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 76: after a system install's launcher ran, a user install's {@code gateway} printed {@code
 * [error][aot] … shared class paths mismatch} on every command, for good: both named their start-up
 * cache in the user's {@code ~/.cache} by the jar's hash alone, and a JVM refuses a cache made for
 * a jar at another path. Two installed archives here, the same jar in each (the archive's own
 * launcher, {@code lib/} and {@code release}, with a runtime that is a link to this machine's JDK
 * 25 where there is one, else this JVM's), one user, one cache folder: each install trains a cache
 * of its own beside its first start, uses it from then on, and none of their commands prints a
 * mismatch or any other error of the JVM's.
 */
@Tag("process")
class TwoInstallsCacheTest {

  /** Where a Temurin JDK 25 is installed on the project's machines (the archive bundles 25). */
  private static final Path JDK_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

  @TempDir Path dir;

  @AfterEach
  void killTrainings() throws Exception {
    CommandRun.killProcessesNaming(dir);
  }

  @Test
  void aSystemInstallAndAUserInstallEachUseACacheOfTheirOwnAndNeitherPrintsAMismatch()
      throws Exception {
    Path jar = AppJar.write(dir.resolve("provider-gateway.jar"), false);
    Path runtime =
        Files.isExecutable(JDK_25.resolve("bin/java"))
            ? JDK_25
            : Path.of(System.getProperty("java.home"));
    Path system = install(dir.resolve("system/opt/provider-gateway/1.0"), jar, runtime);
    Path user = install(dir.resolve("user/.local/share/provider-gateway/1.0"), jar, runtime);
    Map<String, String> env = new HashMap<>();
    env.put("HOME", Files.createDirectories(dir.resolve("user")).toString());
    Path caches = dir.resolve("user/.cache/provider-gateway");

    // The system launcher first, as in the report; each cache is trained beside the first start.
    for (Path install : List.of(system, user)) {
      assertCleanRun(install, env);
      Await.until(
          ClassDataTrainer.DEADLINE,
          () ->
              mainCaches(caches).size() == (install == system ? 1 : 2)
                  && FolderNames.of(caches).stream().noneMatch(n -> n.endsWith(".training")),
          () ->
              "the cache of " + install + " trained in " + caches + ": " + FolderNames.of(caches));
    }

    for (int round = 0; round < 2; round++) {
      assertCleanRun(system, env);
      assertCleanRun(user, env);
    }
    assertThat(mainCaches(caches)).hasSize(2).doesNotHaveDuplicates();
    if (runtime.equals(JDK_25)) {
      Map<String, String> logged = new HashMap<>(env);
      logged.put("GATEWAY_JAVA_OPTS", "-Xlog:aot=info");
      for (Path install : List.of(system, user)) {
        String output = assertCleanRun(install, logged);
        assertThat(output).as("%s used a cache", install).contains("Opened AOT cache " + caches);
      }
    }
  }

  /** Runs {@code install}'s {@code gateway --version}; {@return its output, error-free} */
  private String assertCleanRun(Path install, Map<String, String> env) throws Exception {
    CommandRun run =
        CommandRun.run(
            dir,
            List.of(install.resolve("bin/gateway").toString(), "--version"),
            env,
            DetachedGatewayStarter.START_WAIT);
    assertThat(run.exit()).as(run.output()).isZero();
    assertThat(run.output())
        .as("%s's gateway --version", install)
        .contains("provider-gateway ")
        .doesNotContain("mismatch", "[error", "Unable to map");
    return run.output();
  }

  /** An installed archive in {@code folder}: launcher, lib, release, a link to {@code jdk}. */
  private static Path install(Path folder, Path jar, Path jdk) throws Exception {
    Path repository = Interop.repoRoot();
    Path lib = Files.createDirectories(folder.resolve("lib"));
    Path bin = Files.createDirectories(folder.resolve("bin"));
    Files.copy(repository.resolve("reference-app/src/dist/bin/gateway"), bin.resolve("gateway"));
    Files.setPosixFilePermissions(
        bin.resolve("gateway"), PosixFilePermissions.fromString("rwx------"));
    Files.copy(jar, lib.resolve("provider-gateway.jar"));
    String resources = "reference-app/src/main/resources/io/github/providergateway/app/";
    Files.copy(repository.resolve(resources + "jvm.options"), lib.resolve("jvm.options"));
    Files.copy(
        repository.resolve(resources + "dist/train-class-data.sh"),
        lib.resolve("train-class-data.sh"));
    Files.createSymbolicLink(folder.resolve("runtime"), jdk);
    String javaVersion =
        Files.readAllLines(jdk.resolve("release")).stream()
            .filter(line -> line.startsWith("JAVA_VERSION="))
            .findFirst()
            .orElseThrow();
    String sha256 =
        HexFormat.of()
            .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(jar)));
    Files.writeString(
        folder.resolve("release"),
        "NAME=\"provider-gateway\"\nVERSION=\"1.0\"\n"
            + javaVersion
            + "\nJAR_SHA256=\""
            + sha256
            + "\"\n");
    return folder;
  }

  private static List<String> mainCaches(Path caches) {
    return FolderNames.of(caches).stream().filter(n -> n.matches(".*-main\\.(aot|jsa)")).toList();
  }
}
