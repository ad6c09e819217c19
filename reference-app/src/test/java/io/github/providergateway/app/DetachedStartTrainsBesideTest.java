package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.app.dist.ClassDataCache;
import io.github.providergateway.app.dist.ClassDataTrainer;
import io.github.providergateway.app.dist.RuntimeCopy;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.host.client.GatewayClient;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.GatewayLaunch;
import io.github.providergateway.loop.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 76, "a start never waits on its cache", with real processes: a detached gateway started
 * from a jar its home has not run serves at once, without a start-up cache; the cache is trained
 * beside it at low priority and used by the next start; a training that is killed leaves nothing
 * after the next start. The waits are the product's own: the starter's {@link
 * DetachedGatewayStarter#START_WAIT} for a start, the training's {@link ClassDataTrainer#DEADLINE}
 * for a cache.
 */
@Tag("process")
class DetachedStartTrainsBesideTest {

  @TempDir Path home;
  @TempDir Path build;

  @AfterEach
  void killGateways() throws Exception {
    CommandRun.killProcessesNaming(home);
  }

  @Test
  void aFirstStartServesWithoutItsCacheWhichIsTrainedBesideItForTheNextStart() throws Exception {
    Path jar = AppJar.write(build.resolve("provider-gateway.jar"), false);
    DetachedGatewayStarter starter =
        DetachedGatewayStarter.fromClassPath(jar.toString())
            .withArgs(List.of("--idle-exit-grace", "never"));

    List<String> first = argumentsOfTheGatewayStartedBy(starter);

    Path copy = Path.of(first.get(first.indexOf("-cp") + 1));
    Path cache = RuntimeCopy.archiveOf(copy);
    assertThat(first).noneMatch(arg -> arg.startsWith(useOptionPrefix()));
    Await.until(
        ClassDataTrainer.DEADLINE,
        () -> Files.exists(cache) && !Files.exists(ClassDataTrainer.lockOf(cache)),
        () -> "the cache trained beside the start, " + cache);
    assertThat(FolderNames.of(copy.getParent()))
        .as("the training's draft, its .config and its scratch home went with it")
        .containsExactlyInAnyOrder(copy.getFileName().toString(), cache.getFileName().toString());

    stop();
    List<String> second = argumentsOfTheGatewayStartedBy(starter);

    assertThat(second).contains(ClassDataCache.ofThisRuntime().useOption(cache));
  }

  @Test
  void aTrainingKilledHalfWayLeavesNothingOnceTheNextStartHasRun() throws Exception {
    Path jar = AppJar.write(build.resolve("provider-gateway.jar"), false);
    Path dir = home.resolve(RuntimeCopy.DIR);
    Path copy = RuntimeCopy.install(jar, dir);
    Path cache = RuntimeCopy.archiveOf(copy);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> options = DetachedGatewayStarter.jvmOptions(jar.toString());
    Process training = ClassDataTrainer.ofThisMachine().trainBeside(java, copy, options);
    ProcessHandle itsJvm =
        Await.value(
            DetachedGatewayStarter.START_WAIT,
            () ->
                training
                    .descendants()
                    .filter(p -> p.info().command().orElse("").endsWith("/java"))
                    .findFirst()
                    .orElse(null),
            () -> "the training's JVM");

    // SIGKILL: the script's own cleanup cannot run; its JVM goes on to its end, orphaned.
    training.destroyForcibly().waitFor();
    itsJvm.onExit().get(ClassDataTrainer.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    assertThat(FolderNames.of(dir))
        .as("what the killed training left")
        .contains(
            "training." + training.pid(), ClassDataTrainer.lockOf(cache).getFileName().toString());

    Process next = ClassDataTrainer.ofThisMachine().trainBeside(java, copy, options);

    assertThat(next).as("the dead training's lock taken over").isNotNull();
    // Read until it names it: the starter writes the pid and the training's script writes it
    // again as it starts, and a read between the script's truncation and its write is empty.
    Path lockPid = ClassDataTrainer.lockOf(cache).resolve("pid");
    Await.until(
        DetachedGatewayStarter.START_WAIT,
        () -> Files.readString(lockPid).strip().equals(Long.toString(next.pid())),
        () -> "the lock names the next training, " + next.pid());
    assertThat(FolderNames.of(dir))
        .doesNotContain("training." + training.pid(), cache.getFileName() + "." + training.pid());
    // The next training is not waited for: that a training ends in its cache and nothing else is
    // the first test's, and its end here (a whole training more: a gateway's start and 600 hook
    // calls) proved it again; killGateways() ends it. What this test adds, the dead training's
    // leftovers gone and its lock taken over once the next start has run, is asserted above.
  }

  /** Starts the home's gateway with {@code starter}; {@return its JVM's arguments} */
  private List<String> argumentsOfTheGatewayStartedBy(DetachedGatewayStarter starter)
      throws Exception {
    try (GatewayClient ignored =
        GatewayClient.connectOrStart(
            home,
            GatewayLaunch.builder()
                .port(FreePorts.pick())
                .startTimeout(DetachedGatewayStarter.START_WAIT)
                .starter(starter)
                .build())) {
      long pid = Long.parseLong(Files.readString(home.resolve(GatewayHome.PID_FILE)).strip());
      return RuntimeCopy.argumentsOf(ProcessHandle.of(pid).orElseThrow());
    }
  }

  private void stop() throws Exception {
    long pid = Long.parseLong(Files.readString(home.resolve(GatewayHome.PID_FILE)).strip());
    ProcessHandle gateway = ProcessHandle.of(pid).orElseThrow();
    gateway.destroy();
    gateway.onExit().get(DetachedGatewayStarter.START_WAIT.toSeconds(), TimeUnit.SECONDS);
  }

  private static String useOptionPrefix() {
    return ClassDataCache.ofThisRuntime().useOption(Path.of(""));
  }
}
