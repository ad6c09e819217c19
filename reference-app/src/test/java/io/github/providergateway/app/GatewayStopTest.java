package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.home.GatewayPort;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.loop.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway stop} (issue 62: a background gateway could only be stopped with {@code kill}): a
 * real detached gateway process for a home is stopped cleanly (exit 0, its token file gone, the
 * record saying it was stopped), a second stop finds none and says so, and a gateway someone runs
 * under --rpc is theirs to stop.
 */
@Tag("process")
class GatewayStopTest {

  @TempDir Path dir;

  private static AppRun gateway(String... args) {
    return AppRun.of(List.of(args), Map.of());
  }

  @Test
  void stopEndsTheHomesDetachedGatewayCleanlyAndASecondStopFindsNone() throws Exception {
    Path home = dir.resolve("home");
    Process detached =
        new ProcessBuilder(
                StandInLauncher.write(dir).toString(),
                "--detached",
                "--home",
                home.toString(),
                "--port",
                "0",
                "--idle-exit-grace",
                "10m")
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("detached.out").toFile())
            .start();
    Await.until(
        Duration.ofSeconds(60),
        () -> GatewayPort.answering(home).isPresent(),
        () -> "the detached gateway answers");
    String port = Files.readString(home.resolve(GatewayHome.PORT_FILE)).strip();

    AppRun stop = gateway("stop", "--home", home.toString(), "--port", port);

    assertThat(stop.exit()).as(stop.err()).isZero();
    assertThat(stop.out()).contains("Stopped the gateway of " + home);
    assertThat(detached.waitFor(30, TimeUnit.SECONDS)).as("it ended").isTrue();
    assertThat(detached.exitValue()).as("a clean stop").isZero();
    assertThat(home.resolve(GatewayHome.TOKEN_FILE)).doesNotExist();
    assertThat(Files.readString(home.resolve("hook-gates.json"))).contains("\"stopped\"");

    AppRun again = gateway("stop", "--home", home.toString(), "--port", port);
    assertThat(again.exit()).isZero();
    assertThat(again.out()).contains("No gateway is running for " + home);
  }

  /** A gateway a program runs under --rpc is that program's to stop: refused, saying how. */
  @Test
  void anRpcGatewayIsNotStoppedByAnotherCommandAndItSaysHow() throws Exception {
    Path home = dir.resolve("rpc-home");
    RpcApp app = RpcApp.startProcess(home, dir.resolve("stderr.txt"), "--port", "0");
    String port = Files.readString(home.resolve(GatewayHome.PORT_FILE)).strip();

    AppRun stop = gateway("stop", "--home", home.toString(), "--port", port);

    assertThat(stop.exit()).isEqualTo(ExitCodes.START_FAILED);
    assertThat(stop.err())
        .contains("would not stop")
        .contains("A gateway started with --rpc is its program's");
    assertThat(GatewayPort.answering(home)).isPresent();
    app.endInput();
    assertThat(app.awaitExit()).isZero();
  }
}
