package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.app.dist.ClassDataTrainer;
import io.github.providergateway.app.dist.RuntimeCopy;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.loop.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./gateway --detached} with no terminal (issue 76: from a script, cron, CI or an agent's
 * shell it printed nothing, ran the gateway in the caller's foreground and stopped with it), on a
 * checkout of its own ({@link LauncherJarCopyTest#checkout}): run by {@code setsid -w}, with {@code
 * /dev/null} as its input and a file as its output, no controlling terminal, it returns once the
 * gateway serves and leaves it running; no start waits for a class-data training, which runs beside
 * it and leaves nothing; after a kill -9 of that gateway, a window's start ({@code mcp
 * --start-gateway}, as the bridge runs it) brings it back. Each wait is a bound of the product: the
 * starter's {@link DetachedGatewayStarter#START_WAIT} (plus the launcher's own JVM start, which is
 * one more start) and the training's {@link ClassDataTrainer#DEADLINE}.
 */
@Tag("process")
class LauncherDetachedTest {

  /** A command that starts a gateway: the launcher's JVM, then the gateway's, each a start. */
  private static final Duration COMMAND = DetachedGatewayStarter.START_WAIT.multipliedBy(2);

  @TempDir Path dir;

  private Path home;

  @AfterEach
  void killGateways() throws Exception {
    if (home == null) {
      return;
    }
    CommandRun.killProcessesNaming(dir);
  }

  @Test
  void withNoTerminalDetachedReturnsOnceTheGatewayServesWhichStaysAndComesBackAfterACrash()
      throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/setsid")), "setsid: no terminal at all");
    Path checkout = LauncherJarCopyTest.checkout(dir);
    AppJar.write(checkout.resolve("reference-app/target/provider-gateway.jar"), false);
    home = dir.resolve("home");
    Path cache = dir.resolve("cache");
    int port = FreePorts.pick();

    CommandRun detached =
        run(
            List.of(
                "/usr/bin/setsid",
                "-w",
                "bash",
                checkout.resolve("gateway").toString(),
                "--detached",
                "--home",
                home.toString(),
                "--port",
                Integer.toString(port)),
            Map.of("XDG_CACHE_HOME", cache.toString()));

    assertThat(detached.exit()).as(detached.output()).isZero();
    assertThat(detached.output())
        .contains("started the shared gateway for " + home + " in the background")
        .contains("It runs until it is stopped")
        .doesNotContain("making a class-data archive");
    long pid = pidOf(home);
    ProcessHandle gateway = ProcessHandle.of(pid).orElseThrow();
    assertThat(gateway.isAlive()).isTrue();
    assertThat(RuntimeCopy.argumentsOf(gateway)).containsSubsequence("--idle-exit-grace", "never");
    assertThat(Files.readString(home.resolve("logs/gateway.log"))).doesNotContain("stopping");

    // Both caches, the launcher's and the gateway's copy's, trained beside the start; nothing left.
    Path launcherCache = cache.resolve("provider-gateway");
    Path runtime = home.resolve(RuntimeCopy.DIR);
    for (Path folder : List.of(launcherCache, runtime)) {
      Await.until(
          ClassDataTrainer.DEADLINE,
          () -> FolderNames.of(folder).stream().anyMatch(n -> n.matches(".*\\.(jsa|aot)")),
          () -> "a cache trained in " + folder);
      Await.until(
          ClassDataTrainer.DEADLINE,
          () ->
              FolderNames.of(folder).stream()
                  .allMatch(n -> n.matches("provider-gateway-[0-9a-f-]+\\.(jar|jsa|aot)")),
          () ->
              "no training's draft, scratch home or lock in "
                  + folder
                  + ": "
                  + FolderNames.of(folder));
    }

    // A crash, then an agent's window starts the home's gateway again, as the bridge does.
    gateway.destroyForcibly();
    gateway.onExit().get(COMMAND.toSeconds(), TimeUnit.SECONDS);
    CommandRun window =
        run(
            List.of(
                "bash",
                checkout.resolve("gateway").toString(),
                "mcp",
                "--start-gateway",
                "--home",
                home.toString(),
                "--port",
                Integer.toString(port)),
            Map.of("XDG_CACHE_HOME", cache.toString(), "GATEWAY_MCP_JVM", "1"));

    assertThat(window.exit()).as(window.output()).isZero();
    long again = pidOf(home);
    assertThat(again).isNotEqualTo(pid);
    assertThat(ProcessHandle.of(again).map(ProcessHandle::isAlive)).contains(true);
  }

  private static long pidOf(Path home) throws Exception {
    return Long.parseLong(Files.readString(home.resolve(GatewayHome.PID_FILE)).strip());
  }

  private CommandRun run(List<String> command, Map<String, String> env) throws Exception {
    return CommandRun.run(dir, command, env, COMMAND);
  }
}
