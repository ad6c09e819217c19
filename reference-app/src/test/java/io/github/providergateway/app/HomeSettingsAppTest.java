package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.home.StartupException;
import io.github.providergateway.app.run.AppOptions;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.HomeSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One configuration per home (issue 43, X-HOME-01 .. -03): the port and the providers' config given
 * once become the home's, every later start takes them, {@code --port 0} is for one run, every
 * running gateway says where it listens in {@code gateway.port}, and a gateway that cannot bind its
 * home's port refuses rather than take another.
 */
class HomeSettingsAppTest {

  @TempDir Path temp;

  private Path config() throws IOException {
    return Files.writeString(
        temp.resolve("providers.json"),
        "{\"providers\":[{\"name\":\"greeter\",\"transport\":\"stdio\",\"command\":[\"true\"]}]}");
  }

  private static RunningGateway start(String... args) throws StartupException {
    return RunningGateway.start(Main.options(Map.of(), args), new GatewayListener() {});
  }

  @Test
  void aPortAndConfigGivenOnceAreTheHomesAndEveryLaterStartTakesThem() throws Exception {
    Path home = temp.resolve("home");
    int port = FreePorts.pick();
    Path config = config();

    try (RunningGateway first =
        start("--rpc", "--home", home.toString(), "--port", "" + port, "--config", "" + config)) {
      assertThat(Files.readString(home.resolve(GatewayHome.PORT_FILE)).strip())
          .isEqualTo(Integer.toString(port));
      assertThat(HomeSettings.read(home)).isEqualTo(new HomeSettings(port, config, false));
    }
    assertThat(home.resolve(GatewayHome.PORT_FILE)).as("removed at the stop").doesNotExist();

    try (RunningGateway second = start("--rpc", "--home", home.toString())) {
      assertThat(second.port()).isEqualTo(port);
      assertThat(second.configEntries()).containsExactly("greeter");
    }
    try (RunningGateway free = start("--rpc", "--home", home.toString(), "--port", "0")) {
      assertThat(free.port()).isNotEqualTo(port);
      assertThat(Files.readString(home.resolve(GatewayHome.PORT_FILE)).strip())
          .isEqualTo(Integer.toString(free.port()));
    }
    assertThat(HomeSettings.read(home).port()).as("--port 0 changes nothing").isEqualTo(port);
    try (RunningGateway none = start("--rpc", "--home", home.toString(), "--no-config")) {
      assertThat(none.configEntries()).isEmpty();
    }
    assertThat(HomeSettings.read(home)).isEqualTo(new HomeSettings(port, null, false));
  }

  @Test
  void theCommandLineResolvesAgainstTheHomesSettings() throws Exception {
    Path home = temp.resolve("home");
    Files.createDirectories(home);
    Path config = config();
    new HomeSettings(9477, config, false).write(home);

    AppOptions taken = Main.options(Map.of(), "--rpc", "--home", home.toString());
    AppOptions moved = Main.options(Map.of(), "--rpc", "--home", home.toString(), "--port", "9500");
    AppOptions watched = Main.options(Map.of(), "--rpc", "--home", home.toString(), "--watch");

    assertThat(taken.port()).isEqualTo(9477);
    assertThat(taken.config()).isEqualTo(config);
    assertThat(taken.record()).as("nothing new to record").isNull();
    assertThat(moved.port()).isEqualTo(9500);
    assertThat(moved.record()).isEqualTo(new HomeSettings(9500, config, false));
    assertThat(watched.watch()).isTrue();
    assertThat(watched.record()).as("--watch alone watches this run").isNull();
    assertThatThrownBy(
            () ->
                Main.options(
                    Map.of(), "--home", home.toString(), "--config", "" + config, "--no-config"))
        .hasMessageContaining("--config and --no-config cannot be combined");
  }

  @Test
  void aGatewayThatCannotBindItsHomesPortRefusesAndTakesNoOther() throws Exception {
    Path home = temp.resolve("home");
    Files.createDirectories(home);
    try (ServerSocket taken = new ServerSocket()) {
      taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      HomeSettings.NONE.withPort(taken.getLocalPort()).write(home);

      assertThatThrownBy(() -> start("--rpc", "--home", home.toString()))
          .isInstanceOf(StartupException.class)
          .hasMessageContaining("port " + taken.getLocalPort() + " is already in use");
      assertThat(home.resolve(GatewayHome.PORT_FILE)).doesNotExist();
    }
  }

  @Test
  void settingsAnotherUserCouldHaveWrittenStopTheStart() throws Exception {
    Path home = temp.resolve("home");
    Files.createDirectories(home);
    Files.writeString(home.resolve(HomeSettings.FILE), "{\"port\":9477}");
    Files.setPosixFilePermissions(
        home.resolve(HomeSettings.FILE),
        java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();

    int exit =
        Main.run(
            new String[] {"--rpc", "--home", home.toString()},
            java.io.InputStream.nullInputStream(),
            new java.io.ByteArrayOutputStream(),
            new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8),
            Map.of());

    assertThat(exit).isEqualTo(ExitCodes.START_FAILED);
    assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8))
        .contains("cannot read the home's settings")
        .contains(HomeSettings.FILE);
  }
}
