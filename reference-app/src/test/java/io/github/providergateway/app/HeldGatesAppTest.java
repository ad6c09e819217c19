package io.github.providergateway.app;

import static io.github.providergateway.host.testing.FakeHeldGates.CI_DENY;
import static io.github.providergateway.host.testing.FakeHeldGates.CI_GREEN;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.home.StartupException;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.host.HeldGates;
import io.github.providergateway.host.testing.FakeHeldGates;
import io.github.providergateway.loop.Backend;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gates a gateway holds in force while their provider is away, listed and released by a person
 * (issue 43): {@code gateway gates [release ...]} against the home's running gateway (in this JVM,
 * on a free port, with a {@link FakeHeldGates} record) and with none running; the attached
 * console's {@code gates}; and a gateway with no record connected, which says so on every path.
 */
class HeldGatesAppTest {

  @TempDir Path home;

  private final List<AutoCloseable> toClose = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    for (AutoCloseable closeable : toClose) {
      closeable.close();
    }
  }

  /** The home's gateway, running in this JVM with {@code record} (none for null). */
  private RunningGateway gateway(HeldGates record) throws StartupException {
    RunningGateway running =
        RunningGateway.start(
            Main.options(Map.of(), "--rpc", "--home", home.toString(), "--port", "0"),
            new GatewayListener() {},
            Backend.system(),
            record);
    toClose.add(running);
    return running;
  }

  /** What {@code gateway args...} printed and returned. */
  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.run(
            args,
            new ByteArrayInputStream(new byte[0]),
            out,
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of());
    return new Run(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void gatewayGatesListsTheHeldGatesOfTheHomesRunningGateway() throws Exception {
    gateway(new FakeHeldGates(CI_GREEN, CI_DENY));

    Run listed = run("gates", "--home", home.toString());

    assertThat(listed.exit()).as("stderr: %s", listed.err()).isZero();
    assertThat(listed.out())
        .contains(
            "Held gates (in force although their provider is not bound):",
            "  ci-guard  gate ci-green  project /code/alpha  since 2026-11-26T07:30:16Z"
                + "  (the gateway crashed)",
            "  ci-guard  static deny    project /code/beta  since 1970-01-01T00:00:00Z"
                + "  (the gateway was stopped)",
            "'gateway gates release PROVIDER [GATE] [--project DIR]'");
  }

  @Test
  void gatewayGatesReleaseReleasesAGateAndWhenNothingMatchesSaysWhatIsHeldAndExitsOne()
      throws Exception {
    FakeHeldGates record = new FakeHeldGates(CI_GREEN, CI_DENY);
    gateway(record);

    Run released = run("gates", "release", "ci-guard", "ci-green", "--home", home.toString());
    // The home named before the subcommand is the home too.
    Run again = run("gates", "--home", home.toString(), "release", "ci-guard", "ci-green");
    Run byProject =
        run("gates", "release", "ci-guard", "--project", "/code/beta", "--home", home.toString());

    assertThat(released.exit()).as("stderr: %s", released.err()).isZero();
    assertThat(released.out())
        .contains(
            "Released 1 held gate (no longer in force):",
            "  ci-guard  gate ci-green  project /code/alpha");
    assertThat(again.exit()).isEqualTo(1);
    assertThat(again.out())
        .contains(
            "No held gate matches provider ci-guard, gate ci-green.",
            "  ci-guard  static deny  project /code/beta");
    assertThat(byProject.exit()).as("stderr: %s", byProject.err()).isZero();
    assertThat(byProject.out()).contains("  ci-guard  static deny  project /code/beta");
    assertThat(record.releases())
        .containsExactly(
            new FakeHeldGates.Release("ci-guard", "ci-green", null),
            new FakeHeldGates.Release("ci-guard", "ci-green", null),
            new FakeHeldGates.Release("ci-guard", null, "/code/beta"));
    assertThat(run("gates", "--home", home.toString()).out())
        .contains("Held gates: none (every gate in force is a bound provider's).");
  }

  @Test
  void withNoGatewayRunningGatewayGatesSaysSoAndThatTheNextStartHoldsThemAgain() {
    Run listed = run("gates", "--home", home.toString());
    Run released = run("gates", "release", "ci-guard", "--home", home.toString());

    assertThat(listed.exit()).isEqualTo(1);
    assertThat(listed.err())
        .contains(
            "gateway gates: no gateway is answering for " + home,
            "its gates stay in force: the next start of the home's gateway holds them again");
    assertThat(released.exit()).isEqualTo(1);
    assertThat(released.err())
        .contains(
            "gateway gates release: no gateway is answering for " + home,
            "nothing was released",
            "the next start of the home's gateway holds them again");
  }

  @Test
  void gatewayGatesReleaseWithoutAProviderIsABadCommandLine() {
    Run bare = run("gates", "release", "--home", home.toString());

    assertThat(bare.exit()).isEqualTo(2);
    assertThat(bare.err()).contains("PROVIDER");
  }

  @Test
  void anAttachedConsoleListsAndReleasesTheGatewaysHeldGates() throws Exception {
    FakeHeldGates record = new FakeHeldGates(CI_GREEN, CI_DENY);
    gateway(record);
    try (ConsoleApp console = ConsoleApp.attach(home)) {
      int before = console.lineCount();
      console.type("gates");
      console.awaitLineAfter(before, "  ci-guard  static deny    project /code/beta");

      before = console.lineCount();
      console.type("gates release ci-guard --project /code/beta");
      console.awaitLineAfter(before, "Released 1 held gate (no longer in force):");
      console.awaitLineAfter(before, "  ci-guard  static deny  project /code/beta");
    }
    assertThat(record.releases())
        .containsExactly(new FakeHeldGates.Release("ci-guard", null, "/code/beta"));
  }

  @Test
  void theAppsOwnRecordOfAFreshHomeHoldsNone() throws Exception {
    gateway((HeldGates) null); // the home's own record, which every gateway of the app keeps

    Run listed = run("gates", "--home", home.toString());

    assertThat(listed.exit()).isZero();
    assertThat(listed.out()).contains("Held gates: none");
  }

  /** A home whose last gateway was killed while ci-guard's gate held in /code/agent. */
  private static Path crashedHome(Path home) throws java.io.IOException {
    java.nio.file.Files.createDirectories(home);
    Path record =
        java.nio.file.Files.writeString(
            home.resolve("hook-gates.json"),
            "{\"version\":2,\"gateway\":{\"state\":\"running\",\"pid\":999999999,"
                + "\"since\":\"2026-11-26T07:00:00Z\"},\"sessions\":[{\"sessionId\":\"s-1\","
                + "\"label\":\"claude-code\",\"cwd\":\"/code/agent\",\"providers\":[\"ci-guard\"],"
                + "\"rules\":[{\"provider\":\"ci-guard\",\"action\":\"gate\",\"gateId\":\"ci-green\","
                + "\"failOpen\":false,\"match\":{\"tool\":\"shell\",\"args\":\"git push\"}}]}],"
                + "\"configured\":[],\"held\":[]}");
    java.nio.file.Files.setPosixFilePermissions(
        record, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    return home;
  }

  @Test
  void theConsolesOwnGatewayAndRpcListAndReleaseWhatTheHomesRecordHolds() throws Exception {
    try (ConsoleApp console = ConsoleApp.start(crashedHome(home.resolve("console")))) {
      int before = console.lineCount();
      console.type("gates");
      console.awaitLineAfter(before, "ci-guard  gate ci-green  project /code/agent");
    }
    try (RpcApp app = RpcApp.start(crashedHome(home.resolve("rpc")))) {
      // The --rpc front end serves gates.held and gates.release through the host service.
      JsonNode held = app.request("{\"cmd\":\"gates.held\"}");
      assertThat(held.at("/gates/0/provider").asText()).isEqualTo("ci-guard");
      assertThat(held.at("/gates/0/gateId").asText()).isEqualTo("ci-green");
      assertThat(held.at("/gates/0/project").asText()).isEqualTo("/code/agent");
      assertThat(held.at("/gates/0/why").asText()).contains("crashed or was killed");

      JsonNode released = app.request("{\"cmd\":\"gates.release\",\"provider\":\"ci-guard\"}");
      assertThat(released.at("/released/0/gateId").asText()).isEqualTo("ci-green");
      assertThat(app.request("{\"cmd\":\"gates.held\"}").get("gates")).isEmpty();
      app.endInput();
      app.awaitExit();
    }
  }
}
