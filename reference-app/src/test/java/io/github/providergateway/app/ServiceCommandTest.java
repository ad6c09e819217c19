package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.cli.RunningApp;
import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.app.home.HomeDirectory;
import io.github.providergateway.app.service.ServiceUnit;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.client.HomeSettings;
import io.github.providergateway.loop.testing.Await;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * {@code gateway service install|uninstall|status} (issue 43, a gateway there from login), run
 * in-process on a jar of the app ({@link AppJar}) with the user's directories ({@code HOME}, {@code
 * XDG_CONFIG_HOME}, {@code XDG_DATA_HOME}, {@code XDG_RUNTIME_DIR}) in a temporary directory, so
 * the real {@code ~/.config} and the real user manager are never touched: an empty {@code
 * XDG_RUNTIME_DIR} leaves {@code systemctl --user} without a bus, and a test that wants a manager
 * puts a recording {@code systemctl} first on the {@code PATH}. The unit's {@code ExecStart} is run
 * for real, under {@code env -i}, since PID 1 here is not systemd.
 */
@Tag("process")
public class ServiceCommandTest {

  private static final Duration WAIT = HostProcess.WAIT;

  @TempDir static Path build;

  /** The app as one jar, as the launcher runs it: what install copies. */
  private static Path appJar;

  @TempDir Path dir;

  private Path user;
  private Path home;
  private final Map<String, String> env = new HashMap<>();

  /** Gateways this test started from the unit's command line. */
  private final List<Process> gateways = new ArrayList<>();

  @BeforeAll
  static void packTheApp() throws IOException {
    appJar = AppJar.write(build.resolve("provider-gateway.jar"), false);
  }

  @BeforeEach
  void aUserOfItsOwn() throws IOException {
    user = UserFolders.in(dir, env);
    env.put("USER", "ada");
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    // A space in the home's path: ExecStart must quote it.
    home = dir.resolve("a home");
    Files.createDirectories(home);
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwx------"));
  }

  @AfterEach
  void stopGateways() {
    for (Process gateway : gateways) {
      gateway.destroyForcibly();
    }
  }

  @Test
  void theUnitRunsTheHomesDetachedGatewayFromTheInstalledCopyWithNoIdleExitAndRestartsOnFailure()
      throws Exception {
    Run install = service("install", "--home", home.toString());

    assertThat(install.exit).as(install.err).isZero();
    Path unit = systemdUnit();
    String text = Files.readString(unit);
    List<String> command = ExecStart.words(text);
    Path installed = Path.of(command.get(command.indexOf("-cp") + 1));
    assertThat(Path.of(command.get(0))).isAbsolute();
    assertThat(command.get(0))
        .isEqualTo(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    assertThat(installed.getParent()).isEqualTo(dir.resolve("data").resolve("provider-gateway"));
    assertThat(installed.getFileName().toString()).matches("provider-gateway-[0-9a-f]{16}\\.jar");
    assertThat(installed).hasSameBinaryContentAs(appJar).isNotEqualTo(appJar);
    assertThat(command.subList(command.indexOf("-cp") + 2, command.size()))
        .isEqualTo(theHomesDetachedGatewayWithNoIdleExit());
    assertThat(command).containsAll(DetachedGatewayStarter.jvmOptions());
    assertThat(text)
        .contains("\"" + home + "\"") // quoted, for the space
        .contains("\nRestart=on-failure\n", "\nRestartSec=2\n", "\nWantedBy=default.target\n")
        .contains("\nDescription=Provider gateway for " + home + "\n")
        .contains("\nDocumentation=https://")
        .doesNotContain("--port", "--config");
  }

  @Test
  void theDefaultHomesUnitIsProviderGatewayServiceAndAnotherHomesIsNamedAfterItsPath()
      throws Exception {
    Path defaultHome = HomeDirectory.resolve(null, env);

    assertThat(service("install").exit).isZero();
    assertThat(service("install", "--home", home.toString()).exit).isZero();

    Path units = dir.resolve("config/systemd/user");
    assertThat(units.resolve("provider-gateway.service")).exists();
    assertThat(ExecStart.words(Files.readString(units.resolve("provider-gateway.service"))))
        .containsSubsequence("--home", defaultHome.toString());
    assertThat(systemdUnit().getFileName().toString())
        .matches("provider-gateway-[0-9a-f]{8}\\.service");
  }

  @Test
  void systemdAnalyzeVerifiesTheUnit() throws Exception {
    Path analyze = Path.of("/usr/bin/systemd-analyze");
    assumeTrue(
        Files.isExecutable(analyze), "systemd-analyze is not installed: the unit is unverified");
    assertThat(service("install", "--home", home.toString()).exit).isZero();
    Path unit = systemdUnit();

    // Like systemctl, `--user verify` needs XDG_RUNTIME_DIR: an owner-only directory of this user.
    ProcessBuilder verify =
        new ProcessBuilder(analyze.toString(), "--user", "verify", unit.toString())
            .redirectErrorStream(true);
    verify.environment().clear();
    verify.environment().putAll(env);
    Process process = verify.start();
    String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(said).isZero();
    assertThat(said).doesNotContain(unit.getFileName().toString());
  }

  @Test
  void theUnitsExecStartUnderAnEmptyEnvironmentIsTheHomesGatewayOnItsPortAndStopsCleanlyOnSigterm()
      throws Exception {
    int port = FreePorts.pick();
    new HomeSettings(port, null, false).write(home);
    assertThat(service("install", "--home", home.toString()).exit).isZero();
    List<String> command = ExecStart.words(Files.readString(systemdUnit()));

    Process gateway = runUnderEmptyEnvironment(command);
    awaitAnswering(port);

    assertThat(Files.readString(home.resolve(GatewayHome.PORT_FILE)).strip())
        .isEqualTo(Integer.toString(port));
    assertThat(home.resolve(GatewayHome.TOKEN_FILE)).exists();
    gateway.destroy(); // SIGTERM, what `systemctl --user stop` sends
    assertThat(gateway.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
    assertThat(gateway.exitValue()).as("a stop asked for: not restarted").isZero();
    assertThat(home.resolve(GatewayHome.PORT_FILE)).doesNotExist();
    assertThat(home.resolve(GatewayHome.TOKEN_FILE)).doesNotExist();
  }

  @Test
  void aSecondExecStartWhileTheGatewayRunsExitsOneAndLeavesItServing() throws Exception {
    // What systemd's restart meets when another gateway holds the home: exit 1, restarted later.
    int port = FreePorts.pick();
    new HomeSettings(port, null, false).write(home);
    assertThat(service("install", "--home", home.toString()).exit).isZero();
    List<String> command = ExecStart.words(Files.readString(systemdUnit()));
    runUnderEmptyEnvironment(command);
    awaitAnswering(port);
    String token = Files.readString(home.resolve(GatewayHome.TOKEN_FILE));

    Process second = runUnderEmptyEnvironment(command);

    assertThat(second.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
    assertThat(second.exitValue()).isEqualTo(ExitCodes.START_FAILED);
    assertThat(answers(port)).isTrue();
    assertThat(Files.readString(home.resolve(GatewayHome.TOKEN_FILE))).isEqualTo(token);
    assertThat(Files.readString(home.resolve("logs/gateway.log")))
        .as("refused by the home's port, or by its lock")
        .containsAnyOf("is already in use", "another gateway already runs for the home");
  }

  @Test
  void installWithoutAUserManagerWritesTheUnitAndPrintsTheCommandsAndWhatLingerDoes()
      throws Exception {
    Run install = service("install", "--home", home.toString());

    String name = systemdUnit().getFileName().toString();
    assertThat(install.exit).isZero();
    assertThat(install.out)
        .contains("Installed " + systemdUnit())
        .contains("No systemd user manager answers here")
        .contains("  systemctl --user daemon-reload\n")
        .contains("  systemctl --user enable --now " + name + "\n")
        .contains("loginctl enable-linger ada")
        .contains("only log in over SSH");
  }

  @Test
  void withAUserManagerInstallEnablesAndStartsTheUnitAndUninstallStopsAndDisablesIt()
      throws Exception {
    FakeSystemctl systemctl = new FakeSystemctl();

    Run install = service("install", "--home", home.toString());
    String name = systemdUnit().getFileName().toString();
    Run uninstall = service("uninstall", "--home", home.toString());

    assertThat(install.exit).as(install.err).isZero();
    assertThat(install.out).contains("Enabled and started " + name);
    assertThat(uninstall.exit).as(uninstall.err).isZero();
    assertThat(uninstall.out).contains("Stopped and disabled " + name);
    assertThat(systemctl.calls())
        .containsSubsequence(
            "--user show-environment",
            "--user daemon-reload",
            "--user enable --now " + name,
            "--user show-environment",
            "--user disable --now " + name,
            "--user daemon-reload");
  }

  @Test
  void aNewInstallOverARunningUnitThatChangedRestartsIt() throws Exception {
    FakeSystemctl systemctl = new FakeSystemctl();
    assertThat(service("install", "--home", home.toString()).exit).isZero();
    String name = systemdUnit().getFileName().toString();
    systemctl.active(true);
    // Another build of the app: another copy, so another unit.
    Path rebuilt = AppJar.write(dir.resolve("rebuilt.jar"), true);

    Run again = service(rebuilt, "install", "--home", home.toString());
    Run same = service(rebuilt, "install", "--home", home.toString());

    assertThat(again.out).contains("Replaced ", "Enabled and restarted " + name);
    assertThat(same.out).contains("Installed (unchanged) ", "Enabled and started " + name);
    assertThat(systemctl.calls())
        .containsSubsequence(
            "--user enable " + name, "--user restart " + name, "--user enable --now " + name);
    try (Stream<Path> copies = Files.list(dir.resolve("data/provider-gateway"))) {
      assertThat(copies.toList()).as("the old copy no unit names is gone").hasSize(1);
    }
  }

  @Test
  void installDoesNotStartTheUnitWhileAnotherGatewayHoldsTheHome() throws Exception {
    // The unit's gateway would exit 1 and be restarted every RestartSec until that one stops.
    FakeSystemctl systemctl = new FakeSystemctl();
    try (ServerSocket other = gatewayPortOf(home)) {
      Run install = service("install", "--home", home.toString());

      String name = systemdUnit().getFileName().toString();
      assertThat(install.out)
          .contains("Enabled " + name + ", not started: a gateway already runs for this home")
          .contains("on port " + other.getLocalPort())
          .contains("systemctl --user start " + name);
      assertThat(systemctl.calls()).contains("--user enable " + name);
      assertThat(systemctl.calls()).noneMatch(call -> call.contains("--now"));
    }
  }

  @Test
  void aHostsStartOfAHomeWithTheEnabledServiceHasTheManagerStartItInstead() throws Exception {
    // Else the host's gateway holds the home, and the unit's, after a crash, is refused and
    // restarted every RestartSec for as long as hosts keep the other one.
    FakeSystemctl systemctl = new FakeSystemctl();
    assertThat(service("install", "--home", home.toString()).exit).isZero();
    String name = systemdUnit().getFileName().toString();

    Process started =
        DetachedGatewayStarter.fromClassPath(appJar.toString())
            .withEnvironment(env)
            .start(home, FreePorts.pick());

    assertThat(started).as("the manager runs it, not this host").isNull();
    assertThat(systemctl.calls())
        .endsWith("--user is-enabled --quiet " + name, "--user start " + name);
  }

  @Test
  void aHostsStartOfAHomeWhoseServiceManagerDoesNotAnswerStartsTheGatewayItself() throws Exception {
    assertThat(service("install", "--home", home.toString()).exit).isZero();
    int port = FreePorts.pick();

    // The test class path: run as it is, no copy to make.
    Process started =
        DetachedGatewayStarter.fromClassPath(System.getProperty("surefire.test.class.path"))
            .withEnvironment(env)
            .start(home, port);
    gateways.add(started);

    assertThat(started).isNotNull();
    awaitAnswering(port);
  }

  @Test
  void aStartGivenArgumentsOfItsOwnStartsTheGatewayItWasAskedForEvenWithTheService()
      throws Exception {
    // `--detached --idle-exit-grace 8h` typed in a terminal: that grace, not the service's.
    FakeSystemctl systemctl = new FakeSystemctl();
    assertThat(service("install", "--home", home.toString()).exit).isZero();
    int port = FreePorts.pick();

    Process started =
        DetachedGatewayStarter.fromClassPath(System.getProperty("surefire.test.class.path"))
            .withArgs(List.of("--idle-exit-grace", "8h"))
            .withEnvironment(env)
            .start(home, port);
    gateways.add(started);

    assertThat(started).isNotNull();
    awaitAnswering(port);
    assertThat(systemctl.calls()).noneMatch(call -> call.contains(" start "));
  }

  @Test
  void uninstallRemovesTheUnitItsEnableLinkAndTheCopyOnceNoOtherUnitNamesIt() throws Exception {
    Path other = Files.createDirectories(dir.resolve("other home"));
    assertThat(service("install", "--home", home.toString()).exit).isZero();
    assertThat(service("install", "--home", other.toString()).exit).isZero();
    Path unit = systemdUnit();
    List<String> command = ExecStart.words(Files.readString(unit));
    Path installed = Path.of(command.get(command.indexOf("-cp") + 1));
    // What `systemctl --user enable` made, on a machine where a manager answered.
    Path wants = Files.createDirectories(unit.resolveSibling("default.target.wants"));
    Files.createSymbolicLink(wants.resolve(unit.getFileName()), unit);

    Run first = service("uninstall", "--home", home.toString());

    assertThat(first.exit).isZero();
    assertThat(first.out).contains("Removed " + unit);
    assertThat(unit).doesNotExist();
    assertThat(wants.resolve(unit.getFileName())).doesNotExist();
    assertThat(installed).as("the other home's unit names it").exists();

    Run second = service("uninstall", "--home", other.toString());

    assertThat(second.out).contains("Removed " + installed);
    assertThat(installed).doesNotExist();
    assertThat(service("uninstall", "--home", other.toString()).out)
        .contains("No service is installed for " + other);
  }

  @Test
  void statusSaysWhetherTheUnitIsInstalledWhatTheManagerSaysAndWhetherTheGatewayRuns()
      throws Exception {
    Run before = service("status", "--home", home.toString());
    assertThat(service("install", "--home", home.toString()).exit).isZero();
    Run installed = service("status", "--home", home.toString());
    // A port file whose port nobody listens on: a refused connection, "not running" at once.
    int deadPort;
    try (ServerSocket gone = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      deadPort = gone.getLocalPort();
    }
    Files.writeString(home.resolve(GatewayHome.PORT_FILE), deadPort + "\n");
    Run dead = service("status", "--home", home.toString());
    FakeSystemctl systemctl = new FakeSystemctl();
    systemctl.active(true);
    Run running;
    try (ServerSocket gateway = gatewayPortOf(home)) {
      running = service("status", "--home", home.toString());
    }

    assertThat(before.out)
        .contains("Service of " + home + ":")
        .containsPattern("unit +not installed")
        .containsPattern("gateway +not running");
    assertThat(installed.out)
        .contains(systemdUnit().toString())
        .contains("--idle-exit-grace never")
        .containsPattern("manager +no systemd user manager answers here")
        .containsPattern("gateway +not running");
    assertThat(dead.out).containsPattern("gateway +not running");
    assertThat(running.out)
        .containsPattern("manager +systemd says enabled, active")
        .containsPattern("gateway +running on port \\d+");
  }

  @Test
  void anAppThatDoesNotRunFromOneJarIsRefusedAndSaysHowToRunIt() {
    String testClassPath = System.getProperty("java.class.path");

    Run install =
        service(new RunningApp(testClassPath, "Linux"), "install", "--home", home.toString());

    assertThat(install.exit).isEqualTo(ExitCodes.START_FAILED);
    assertThat(install.err)
        .contains("does not run from one jar")
        .contains("./gateway service install");
    assertThat(dir.resolve("config")).doesNotExist();
  }

  @Test
  void onMacOsItWritesALaunchdAgentWithTheKeysOfLaunchdPlist() throws Exception {
    env.put("PATH", Files.createDirectories(dir.resolve("no-tools")).toString()); // no launchctl

    Run install =
        service(
            new RunningApp(appJar.toString(), "Mac OS X"), "install", "--home", home.toString());

    assertThat(install.exit).as(install.err).isZero();
    Path agents = user.resolve("Library/LaunchAgents");
    Path plist;
    try (Stream<Path> files = Files.list(agents)) {
      plist = files.findFirst().orElseThrow();
    }
    String label = plist.getFileName().toString().replaceFirst("\\.plist$", "");
    assertThat(label).matches("io\\.github\\.providergateway\\.gateway-[0-9a-f]{8}");
    Map<String, Node> keys = plistDict(plist);
    assertThat(keys.get("Label").getTextContent()).isEqualTo(label);
    List<String> arguments = strings(keys.get("ProgramArguments"));
    assertThat(Path.of(arguments.get(0))).isAbsolute();
    Path installed = Path.of(arguments.get(arguments.indexOf("-cp") + 1));
    assertThat(installed.getParent())
        .isEqualTo(user.resolve("Library/Application Support/provider-gateway"));
    assertThat(installed).hasSameBinaryContentAs(appJar);
    assertThat(arguments.subList(arguments.indexOf("-cp") + 2, arguments.size()))
        .isEqualTo(theHomesDetachedGatewayWithNoIdleExit());
    assertThat(keys.get("RunAtLoad").getNodeName()).isEqualTo("true");
    Map<String, Node> keepAlive = dictOf((Element) keys.get("KeepAlive"));
    assertThat(keepAlive.get("SuccessfulExit").getNodeName()).isEqualTo("false");
    assertThat(Path.of(keys.get("StandardOutPath").getTextContent()).getParent())
        .isEqualTo(home.resolve("logs"));
    assertThat(keys.get("StandardErrorPath").getTextContent())
        .isEqualTo(keys.get("StandardOutPath").getTextContent());
    assertThat(Path.of(keys.get("StandardOutPath").getTextContent())).exists();
    assertThat(install.out)
        .contains("launchd does not answer here")
        .contains("launchctl bootstrap gui/");
  }

  @Test
  void systemdWordsRoundTripWhateverAPathHolds() {
    for (String word :
        List.of(
            "/plain/path.jar",
            "/a home/with space",
            "100%",
            "$HOME",
            "back\\slash",
            "quote\"d",
            "it's",
            ";",
            "")) {
      assertThat(ExecStart.words("ExecStart=/bin/java " + ServiceUnit.systemdWord(word)))
          .as(word)
          .containsExactly("/bin/java", word);
    }
    assertThatThrownBy(() -> ServiceUnit.systemdWord("/a\nb"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("control character");
  }

  @Test
  void theUnitsPlatformIsTheSystems() {
    assertThat(ServiceUnit.Platform.of("Linux")).isEqualTo(ServiceUnit.Platform.SYSTEMD);
    assertThat(ServiceUnit.Platform.of("Mac OS X")).isEqualTo(ServiceUnit.Platform.LAUNCHD);
    Run windows = service(new RunningApp(appJar.toString(), "Windows 11"), "install");
    assertThat(windows.exit).isEqualTo(ExitCodes.START_FAILED);
    assertThat(windows.err).contains("launchd agent (macOS); this system is Windows 11");
  }

  // --- helpers ---

  /** What follows {@code -cp <jar>}: no port, no config, the home's settings give them. */
  private List<String> theHomesDetachedGatewayWithNoIdleExit() {
    return List.of(
        Main.class.getName(),
        "--detached",
        "--home",
        home.toString(),
        "--idle-exit-grace",
        "never");
  }

  private record Run(int exit, String out, String err) {}

  private Run service(String... args) {
    return service(appJar, args);
  }

  private Run service(Path jar, String... args) {
    return service(new RunningApp(jar.toString(), "Linux"), args);
  }

  private Run service(RunningApp app, String... args) {
    List<String> line = new ArrayList<>(List.of("service"));
    line.addAll(List.of(args));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.run(
            line.toArray(String[]::new),
            new ByteArrayInputStream(new byte[0]),
            out,
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.copyOf(env),
            app);
    return new Run(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The unit of {@link #home}: the one {@code provider-gateway-<hash>.service}. */
  private Path systemdUnit() throws IOException {
    Path units = dir.resolve("config/systemd/user");
    try (Stream<Path> files = Files.list(units)) {
      List<Path> ours =
          files
              .filter(f -> f.getFileName().toString().matches("provider-gateway-.*\\.service"))
              .filter(f -> readQuietly(f).contains(home.toString()))
              .toList();
      assertThat(ours).hasSize(1);
      return ours.get(0);
    }
  }

  private static String readQuietly(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return "";
    }
  }

  /** {@code env -i <command>}: the unit's command with none of this JVM's environment. */
  private Process runUnderEmptyEnvironment(List<String> command) throws IOException {
    List<String> line = new ArrayList<>(List.of("/usr/bin/env", "-i"));
    line.addAll(command);
    Process process =
        new ProcessBuilder(line)
            .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    gateways.add(process);
    return process;
  }

  /**
   * Returns once the gateway of {@link #home} answers on {@code port} and says in its log that it
   * listens: only from then does a SIGTERM stop it in order (one that comes while it starts exits 0
   * at once, leaving its files as a crash would).
   */
  private void awaitAnswering(int port) {
    Path log = home.resolve("logs").resolve("gateway.log");
    Await.until(
        WAIT,
        () ->
            answers(port)
                && Files.exists(log)
                && Files.readString(log).contains("gateway: listening on"),
        () ->
            "the gateway of " + home + " answering on port " + port + ", and saying so in " + log);
  }

  private static boolean answers(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
      return true;
    } catch (IOException refused) {
      return false;
    }
  }

  /** A listener standing for a running gateway of {@code home}: its port in gateway.port. */
  private static ServerSocket gatewayPortOf(Path home) throws IOException {
    ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    Files.writeString(home.resolve(GatewayHome.PORT_FILE), socket.getLocalPort() + "\n");
    return socket;
  }

  /** The top dict of a property list, parsed as XML without fetching its DTD. */
  private static Map<String, Node> plistDict(Path plist) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    Document document = factory.newDocumentBuilder().parse(plist.toFile());
    Element root = document.getDocumentElement();
    assertThat(root.getNodeName()).isEqualTo("plist");
    return dictOf(children(root).get(0));
  }

  /** A dict's keys and the element after each. */
  private static Map<String, Node> dictOf(Element dict) {
    assertThat(dict.getNodeName()).isEqualTo("dict");
    List<Element> items = children(dict);
    Map<String, Node> keys = new HashMap<>();
    for (int i = 0; i + 1 < items.size(); i += 2) {
      assertThat(items.get(i).getNodeName()).isEqualTo("key");
      keys.put(items.get(i).getTextContent(), items.get(i + 1));
    }
    return keys;
  }

  private static List<String> strings(Node array) {
    assertThat(array.getNodeName()).isEqualTo("array");
    return children((Element) array).stream().map(Node::getTextContent).toList();
  }

  private static List<Element> children(Element parent) {
    List<Element> elements = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i) instanceof Element element) {
        elements.add(element);
      }
    }
    return elements;
  }

  /**
   * A {@code systemctl} first on the app's {@code PATH} that records its arguments, one call a
   * line, and answers as a user manager would: {@code show-environment} succeeds, {@code
   * is-enabled} says enabled, {@code is-active} says active once {@link #active} says so.
   */
  private final class FakeSystemctl {
    private final Path bin;
    private final Path calls;

    FakeSystemctl() throws IOException {
      bin = Files.createDirectories(dir.resolve("fake-bin"));
      calls = dir.resolve("systemctl-calls");
      Path script = bin.resolve("systemctl");
      Files.writeString(
          script,
          String.join(
              "\n",
              "#!/bin/sh",
              "echo \"$*\" >> '" + calls + "'",
              "case \"$2\" in",
              "  show-environment) echo HOME=/nowhere ;;",
              "  is-enabled) echo enabled ;;",
              "  is-active) if [ -e '"
                  + bin.resolve("active")
                  + "' ]; then echo active;"
                  + " else echo inactive; exit 3; fi ;;",
              "esac",
              ""));
      Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
      env.put("PATH", bin + ":/usr/bin:/bin");
    }

    void active(boolean active) throws IOException {
      if (active) {
        Files.writeString(bin.resolve("active"), "");
      } else {
        Files.deleteIfExists(bin.resolve("active"));
      }
    }

    List<String> calls() throws IOException {
      return Files.exists(calls, LinkOption.NOFOLLOW_LINKS) ? Files.readAllLines(calls) : List.of();
    }
  }

  /**
   * {@code ExecStart=}'s words as systemd reads them (systemd.syntax(7), systemd.service(5)
   * "Command lines"), written here from the manual rather than shared with the code that quotes
   * them: words split at unquoted whitespace; double or single quotes group, with C escapes inside
   * double quotes and outside quotes; {@code %%} is {@code %} and {@code $$} is {@code $}.
   */
  public static final class ExecStart {
    private ExecStart() {}

    public static List<String> words(String unitText) {
      String line =
          unitText
              .lines()
              .filter(l -> l.startsWith("ExecStart="))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no ExecStart= in\n" + unitText))
              .substring("ExecStart=".length());
      List<String> words = new ArrayList<>();
      StringBuilder word = null;
      char quote = 0;
      for (int i = 0; i < line.length(); i++) {
        char c = line.charAt(i);
        if (quote == 0 && Character.isWhitespace(c)) {
          if (word != null) {
            words.add(word.toString());
            word = null;
          }
          continue;
        }
        if (word == null) {
          word = new StringBuilder();
        }
        if (quote == 0 && (c == '"' || c == '\'')) {
          quote = c;
        } else if (quote != 0 && c == quote) {
          quote = 0;
        } else if (c == '\\' && quote != '\'') {
          char next = line.charAt(++i);
          word.append(
              switch (next) {
                case 'n' -> '\n';
                case 't' -> '\t';
                default -> next; // \\ \" \' \; and the rest stand for themselves here
              });
        } else if ((c == '%' || c == '$') && i + 1 < line.length() && line.charAt(i + 1) == c) {
          word.append(c);
          i++;
        } else {
          assertThat(c).as("an unescaped specifier or variable in " + line).isNotIn('%', '$');
          word.append(c);
        }
      }
      assertThat((int) quote).as("unbalanced quotes in " + line).isZero();
      if (word != null) {
        words.add(word.toString());
      }
      return words;
    }
  }
}
