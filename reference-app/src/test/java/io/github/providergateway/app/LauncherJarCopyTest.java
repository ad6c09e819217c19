package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.app.dist.ClassDataTrainer;
import io.github.providergateway.loop.testing.Await;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./gateway} launcher itself, on a checkout of its own: a gateway it started keeps
 * answering when a build rewrites {@code reference-app/target/provider-gateway.jar} under it (issue
 * 17: {@code mvn verify} beside a running gateway killed it with {@code NoClassDefFoundError}),
 * because the launcher runs every mode from a copy in the cache that no build touches. The checkout
 * is a temporary directory holding the launcher, the app's {@code jvm.options} and a jar packed
 * from the test class path ({@link AppJar}), newer than every build input, so the launcher starts
 * it without building.
 */
@Tag("process")
class LauncherJarCopyTest {

  /** A start of the launcher: its class-data archive is trained beside it, never inside. */
  private static final Duration FIRST_START = DetachedGatewayStarter.START_WAIT;

  @TempDir Path dir;

  @Test
  void aGatewayTheLauncherStartedKeepsAnsweringWhenABuildRewritesTheJar() throws Exception {
    Path checkout = checkout();
    Path jar = checkout.resolve("reference-app/target/provider-gateway.jar");
    AppJar.write(jar, false);
    byte[] built = Files.readAllBytes(jar);
    Path cache = dir.resolve("cache");
    Path home = dir.resolve("home");

    try (RpcApp app =
        RpcApp.startCommand(
            List.of(
                "bash",
                checkout.resolve("gateway").toString(),
                "--rpc",
                "--port",
                "0",
                "--home",
                home.toString()),
            home,
            dir.resolve("stderr.txt"),
            Map.of("XDG_CACHE_HOME", cache.toString()),
            FIRST_START)) {
      String session = app.startSession();

      // A rebuild rewrites the jar in place: the same classes, each at another place in the file.
      byte[] rebuilt = Files.readAllBytes(AppJar.write(dir.resolve("rebuilt.jar"), true));
      try (OutputStream out = Files.newOutputStream(jar, StandardOpenOption.TRUNCATE_EXISTING)) {
        out.write(rebuilt);
      }

      // A provider binding and a call through it load classes the gateway had not loaded yet.
      try (WsProvider provider =
          WsProvider.bound(app.url(), app.token(), session, "rebuilt", WsProvider.tools("echo"))) {
        app.awaitEvent("tools.changed");
        int id =
            app.sendWithId(
                "{\"cmd\":\"tool.call\",\"sessionId\":\""
                    + session
                    + "\",\"tool\":\"echo\",\"args\":{}}");
        provider.result(provider.next("tool.call"), "\"still here\"");
        JsonNode reply = app.reply(RpcApp.CODEC.parseJson(Integer.toString(id)));
        assertThat(reply.get("outcome").toString())
            .isEqualTo("{\"status\":\"success\",\"data\":\"still here\"}");
      }
      app.endInput();
      assertThat(app.awaitExit()).as("exit code; stderr:%n%s", app.stderr()).isZero();

      // It ran from an owner-only copy of the jar as it was when it started, named by that jar.
      Path copies = cache.resolve("provider-gateway");
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(copies)))
          .isEqualTo("rwx------");
      try (var files = Files.list(copies)) {
        List<Path> jars = files.filter(file -> file.toString().endsWith(".jar")).toList();
        assertThat(jars).hasSize(1);
        assertThat(jars.get(0)).hasBinaryContent(built);
      }
      // The training run (beside the start, issue 76) made its home in the cache (where uninstall
      // looks), and took it, its draft and its lock away as it ended.
      Await.until(
          ClassDataTrainer.DEADLINE,
          () -> {
            try (var files = Files.list(copies)) {
              return files.noneMatch(file -> file.toString().endsWith(".training"));
            }
          },
          () -> "the training's end");
      try (var files = Files.list(copies)) {
        assertThat(files.map(file -> file.getFileName().toString()).toList())
            .noneMatch(name -> name.startsWith("training."))
            .allMatch(name -> name.matches("provider-gateway-[0-9-]+\\.(jar|jsa|aot)"));
      }
    }
  }

  /**
   * A checkout with what the launcher reads: itself, the app's JVM options and (made by the caller)
   * the jar.
   */
  private Path checkout() throws Exception {
    return checkout(dir);
  }

  /** A checkout in {@code dir} as above (the jar made by the caller); {@return its folder} */
  static Path checkout(Path dir) throws Exception {
    Path repository =
        Path.of(System.getProperty("gateway.repoRoot", "..")).toAbsolutePath().normalize();
    Path checkout = Files.createDirectories(dir.resolve("checkout"));
    Files.copy(repository.resolve("gateway"), checkout.resolve("gateway"));
    String options = "reference-app/src/main/resources/io/github/providergateway/app/jvm.options";
    Files.createDirectories(checkout.resolve(options).getParent());
    Files.copy(repository.resolve(options), checkout.resolve(options));
    String trainer =
        "reference-app/src/main/resources/io/github/providergateway/app/dist/train-class-data.sh";
    Files.createDirectories(checkout.resolve(trainer).getParent());
    Files.copy(repository.resolve(trainer), checkout.resolve(trainer));
    Files.writeString(
        checkout.resolve("pom.xml"), "<!-- older than the jar: nothing to build -->\n");
    Files.createDirectories(checkout.resolve("reference-app/target"));
    return checkout;
  }
}
