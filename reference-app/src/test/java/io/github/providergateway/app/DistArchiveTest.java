package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.dist.ClassDataTrainer;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The archive for people who only want to use the gateway (issue 46, "installed without a clone";
 * docs/install.md), as such a person uses it: unpacked in a temporary folder, installed by its
 * {@code install.sh} for a user whose {@code HOME} is a temporary folder, and run with a {@code
 * PATH} that has the shell and the file tools install.sh names and no {@code java} (nor {@code
 * curl}): the launcher must take the runtime bundled in the archive, whatever {@code JAVA_HOME}
 * says. It runs when {@code gateway.distArchive} names a built archive, which the {@code dist}
 * profile's second test run does after making it ({@code ./mvnw -P dist verify -pl reference-app
 * -am -Dtest=DistArchiveTest -Dsurefire.failIfNoSpecifiedTests=false}, as .ci/run does); the
 * default run skips it and says so.
 */
@Tag("process")
class DistArchiveTest {

  /**
   * The tools install.sh, the launcher and the hook script may use: sh and a few file tools, no
   * JDK, no curl.
   */
  private static final List<String> TOOLS =
      List.of(
          "sh",
          "cat",
          "cp",
          "dirname",
          "ln",
          "mkdir",
          "mv",
          "rm",
          "sed",
          "readlink",
          "chmod",
          "ls",
          "tr",
          "date",
          "id",
          "chown",
          // the launcher's start-up cache: its name, its training beside a start, its leftovers
          "cksum",
          "find",
          "nice",
          "setsid",
          "sleep");

  /** A first start of the installed gateway (its runtime's class-data archive is there). */
  private static final Duration START = Duration.ofSeconds(60);

  private static final Duration COMMAND = Duration.ofSeconds(60);

  /** The option make-dist adds to the archive's jvm.options when its runtime takes it. */
  private static final String TRIM_NATIVE_HEAP = "-XX:TrimNativeHeapInterval=10000";

  /** Whether {@code java} starts with {@link #TRIM_NATIVE_HEAP}, as make-dist asks its runtime. */
  private boolean takesTheTrim(Path java) throws Exception {
    return run(List.of(java.toString(), TRIM_NATIVE_HEAP, "-version"), env).exit == 0;
  }

  @TempDir Path dir;

  private Path archive;
  private String version;
  private Path unpacked;
  private Path user;
  private Map<String, String> env;

  @BeforeEach
  void unpackTheArchive() throws Exception {
    String named = System.getProperty("gateway.distArchive");
    assumeTrue(
        named != null && Files.isRegularFile(Path.of(named)),
        "no archive to install (gateway.distArchive: "
            + named
            + "): ./mvnw -P dist verify -pl reference-app -am makes it and runs this test");
    archive = Path.of(named);
    String file = archive.getFileName().toString();
    version =
        file.substring("provider-gateway-".length(), file.length() - "-linux-x64.tar.gz".length());
    Path into = Files.createDirectories(dir.resolve("download"));
    Outcome tar = run(List.of("tar", "-xzf", archive.toString(), "-C", into.toString()), Map.of());
    assertThat(tar.exit).as(tar.output).isZero();
    unpacked = into.resolve("provider-gateway-" + version);
    user = Files.createDirectories(dir.resolve("user"));
    env = new HashMap<>();
    env.put("HOME", user.toString());
    env.put("PATH", pathWithoutJava().toString());
    Path runtime = Files.createDirectories(dir.resolve("run"));
    env.put("XDG_RUNTIME_DIR", runtime.toString()); // empty: no user manager answers
    // uninstall looks for the bridge's folders there: never the real /tmp's
    env.put("TMPDIR", Files.createDirectories(dir.resolve("tmp")).toString());
  }

  /** The trainings of start-up caches the launcher began beside its starts (issue 76). */
  @AfterEach
  void endTrainings() throws Exception {
    CommandRun.killProcessesNaming(dir);
  }

  @Test
  void theInstalledGatewayRunsOnItsOwnRuntimeWithNoJavaOnThePathAndMakesAToolCall()
      throws Exception {
    Outcome noJava = run(List.of("sh", "-c", "command -v java || command -v curl"), env);
    assertThat(noJava.exit).as("java or curl on the test's PATH: %s", noJava.output).isNotZero();

    Outcome install = install(unpacked);

    assertThat(install.exit).as(install.output).isZero();
    Path data = user.resolve(".local/share/provider-gateway");
    Path gateway = user.resolve(".local/bin/gateway");
    assertThat(install.output)
        .contains("Installed provider-gateway " + version + " in " + data.resolve(version))
        .contains(
            "Its start-up caches for this machine are being made in the background (once per"
                + " version).")
        .contains("Note: no curl here. Agents' hooks still work, each starting a JVM");
    assertThat(Files.readSymbolicLink(gateway)).isEqualTo(data.resolve("current/bin/gateway"));
    assertThat(Files.readSymbolicLink(data.resolve("current"))).isEqualTo(Path.of(version));

    Path home = dir.resolve("home");
    try (RpcApp app = startInstalled(home)) {
      // The launcher ran the bundled runtime (exec: the app's pid is the JVM's).
      String command = ProcessHandle.of(app.pid()).orElseThrow().info().command().orElseThrow();
      assertThat(Path.of(command))
          .isEqualTo(data.resolve(version).resolve("runtime/bin/java").toRealPath());
      // With the bundled runtime's own option when that runtime takes it (make-dist asks it).
      boolean trims = takesTheTrim(data.resolve(version).resolve("runtime/bin/java"));
      assertThat(ProcessHandle.of(app.pid()).orElseThrow().info().arguments().orElseThrow())
          .as(
              "the installed gateway's JVM options, its runtime taking %s: %s",
              TRIM_NATIVE_HEAP, trims)
          .matches(arguments -> List.of(arguments).contains(TRIM_NATIVE_HEAP) == trims);
      assertThat(app.stderr()).doesNotContain("[error]", "[warning]");

      String session = app.startSession();
      WsProvider provider = app.provider(session, "installed", WsProvider.tools("echo"));
      app.awaitEvent("tools.changed");
      int id =
          app.sendWithId(
              "{\"cmd\":\"tool.call\",\"sessionId\":\""
                  + session
                  + "\",\"tool\":\"echo\",\"args\":{\"said\":\"hi\"}}");
      JsonNode call = provider.next("tool.call");
      assertThat(call.at("/args/said").asText()).isEqualTo("hi");
      provider.result(call, "\"from the installed gateway\"");
      assertThat(app.reply(id).get("outcome").toString())
          .isEqualTo("{\"status\":\"success\",\"data\":\"from the installed gateway\"}");
    }

    // The trainings install.sh began beside its starts (issue 76) end by themselves.
    Path caches = user.resolve(".cache/provider-gateway");
    Await.until(
        ClassDataTrainer.DEADLINE,
        () -> FolderNames.of(caches).stream().noneMatch(name -> name.endsWith(".training")),
        () -> "the trainings' end in " + caches + ": " + FolderNames.of(caches));
    assertThat(FolderNames.of(caches))
        .as("both kinds of start-up cache, made beside install.sh's starts")
        .anyMatch(name -> name.matches(".*-main\\.(aot|jsa)"))
        .anyMatch(name -> name.matches(".*-agents\\.(aot|jsa)"));

    // install.sh recorded its files in the default home's ledger; uninstall takes them back.
    Outcome uninstall = run(List.of(gateway.toString(), "uninstall"), env);
    assertThat(uninstall.exit).as(uninstall.output).isZero();
    assertThat(uninstall.output).contains("Removed " + gateway);
    assertThat(gateway).doesNotExist();
    assertThat(data).doesNotExist();
    // Issue 77: the fresh account's ~/.local, ~/.local/bin and ~/.local/share, which install.sh
    // made, went once empty.
    assertThat(user.resolve(".local")).doesNotExist();
    // Issue 62: the start-up cache the installed launcher trained went with it.
    assertThat(uninstall.output).contains("Removed " + user.resolve(".cache/provider-gateway"));
    assertThat(user.resolve(".cache/provider-gateway")).doesNotExist();
  }

  @Test
  void anUpgradeReplacesTheVersionInPlaceAndRestartsTheServiceOnTheNewRuntime() throws Exception {
    withoutStartUpCaches();
    Path data = user.resolve(".local/share/provider-gateway");
    Path gateway = user.resolve(".local/bin/gateway");
    // A user manager that answers and runs the service: a systemctl that records its calls.
    Path calls = dir.resolve("systemctl-calls");
    Path systemctl = Path.of(env.get("PATH")).resolve("systemctl");
    Files.writeString(
        systemctl,
        String.join(
            "\n",
            "#!/bin/sh",
            "echo \"$*\" >> '" + calls + "'",
            "case \"$2\" in",
            "  show-environment) echo HOME=/nowhere ;;",
            "  is-active) echo active ;;",
            "esac",
            ""));
    Files.setPosixFilePermissions(systemctl, PosixFilePermissions.fromString("rwx------"));
    assertThat(install(unpacked).exit).isZero();
    Path home = Files.createDirectories(dir.resolve("a home"));
    Outcome service =
        run(List.of(gateway.toString(), "service", "install", "--home", home.toString()), env);
    assertThat(service.exit).as(service.output).isZero();
    Path unit;
    try (Stream<Path> units = Files.list(user.resolve(".config/systemd/user"))) {
      unit =
          units
              .filter(file -> file.getFileName().toString().endsWith(".service"))
              .findFirst()
              .orElseThrow();
    }
    assertThat(javaOf(unit))
        .isEqualTo(data.resolve(version).resolve("runtime/bin/java").toString());
    // The service runs as the launcher starts a gateway: with the archive's lib/jvm.options.
    assertThat(Files.readString(unit).contains(TRIM_NATIVE_HEAP))
        .as("the unit has %s exactly when its runtime takes it", TRIM_NATIVE_HEAP)
        .isEqualTo(takesTheTrim(data.resolve(version).resolve("runtime/bin/java")));

    // Codex set up by the installed gateway: the upgrade writes its settings again (and its trust).
    env.put("CODEX_HOME", dir.resolve("codex-home").toString());
    Outcome codex = run(List.of(gateway.toString(), "setup", "codex"), env);
    assertThat(codex.exit).as(codex.output).isZero();

    // The next version: the same files, another version in its release file.
    String next = version + ".next";
    Path newer = dir.resolve("download/provider-gateway-" + next);
    Outcome copy = run(List.of("cp", "-R", unpacked.toString(), newer.toString()), Map.of());
    assertThat(copy.exit).as(copy.output).isZero();
    Path release = newer.resolve("release");
    Files.writeString(
        release,
        Files.readString(release)
            .replace("VERSION=\"" + version + "\"", "VERSION=\"" + next + "\""));

    Outcome upgrade = install(newer);

    assertThat(upgrade.exit).as(upgrade.output).isZero();
    assertThat(Files.readSymbolicLink(data.resolve("current"))).isEqualTo(Path.of(next));
    assertThat(data.resolve(version)).doesNotExist();
    assertThat(upgrade.output)
        .contains("Service of " + home + ": writing it again for " + next)
        .contains("Agents set up with the default home: their settings written again for " + next)
        .contains("gateway setup codex (user)")
        .contains("Removed " + version);
    assertThat(javaOf(unit)).isEqualTo(data.resolve(next).resolve("runtime/bin/java").toString());
    assertThat(Files.readAllLines(calls))
        .as("the running service restarted on the new runtime")
        .endsWith("--user enable " + unit.getFileName(), "--user restart " + unit.getFileName());
    assertThat(Files.readSymbolicLink(gateway)).isEqualTo(data.resolve("current/bin/gateway"));
    Outcome runs = run(List.of(gateway.toString(), "--version"), env);
    assertThat(runs.output).as("exit %s", runs.exit).contains("provider-gateway " + version);
  }

  /**
   * The archive's hook script carries its version and the gateway its own: the installed script
   * asks the installed gateway over its socket and gets its answer; a script of another build and
   * format (an older one, left in an agent's settings) is refused by the same gateway with a line
   * naming both versions, and denies.
   */
  @Test
  void aHookScriptAndAGatewayOfDifferentVersionsMeetAndSaySoAndTheCallIsDenied() throws Exception {
    withoutStartUpCaches();
    assertThat(install(unpacked).exit).isZero();
    Path curl = Path.of("/usr/bin/curl");
    assumeTrue(Files.isExecutable(curl), "no curl: the hook script asks the gateway through it");
    Files.createSymbolicLink(Path.of(env.get("PATH")).resolve("curl"), curl);
    Path installed = user.resolve(".local/share/provider-gateway/current/lib/gateway-hook.sh");
    String script = Files.readString(installed);
    assertThat(script).contains("\nhook_version=" + version + "\n");
    Path older = dir.resolve("older-gateway-hook.sh");
    Files.writeString(
        older,
        script
            .replace("hook_version=" + version, "hook_version=0.0.1")
            .replace("Gateway-Hook-Format: 2", "Gateway-Hook-Format: 1"));

    Path home = dir.resolve("home");
    try (RpcApp app = startInstalled(home)) {
      Outcome same =
          run(
              List.of(
                  "sh",
                  "-c",
                  "\"$0\" hook claude --home \"$1\" <\"$2\"",
                  user.resolve(".local/bin/gateway").toString(),
                  home.toString(),
                  hookInput().toString()),
              env);
      assertThat(same.output)
          .startsWith("{\"hookSpecificOutput\"")
          .doesNotContain("does not read", "GATEWAY_HOOK_LAUNCHER");

      Outcome other = hook(older, home);

      assertThat(other.exit).isZero();
      assertThat(other.output)
          .contains("\"permissionDecision\":\"deny\"")
          .contains(
              "hook script: provider-gateway 0.0.1; gateway: provider-gateway " + version + ")");
    }
  }

  /** Runs {@code script} as the agent's command hook of Claude Code for {@code home}. */
  private Outcome hook(Path script, Path home) throws Exception {
    return run(
        List.of(
            "sh",
            "-c",
            "sh \"$0\" claude --home \"$1\" <\"$2\"",
            script.toString(),
            home.toString(),
            hookInput().toString()),
        env);
  }

  /** What Claude Code gives its hook before a Bash call. */
  private Path hookInput() throws IOException {
    return Files.writeString(
        dir.resolve("hook-input.json"),
        "{\"session_id\":\"s\",\"cwd\":\"/home/dev/project\",\"hook_event_name\":\"PreToolUse\","
            + "\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}");
  }

  /**
   * An agent's first hook call after an install or an upgrade (a new jar: no cache yet) runs inside
   * the agent's hook timeout, after which some agents let the tool run: the launcher trains no
   * cache inside it (12 s here, three first calls at once 37 s each, found by the review) but
   * beside it, for the calls after it. A cache folder whose path has a space (a home's) is used
   * whole: the option was split into two words, and every start failed.
   */
  @Test
  void anAgentsFirstHookCallTrainsNoCacheInsideItAndTheNextUsesTheOneTrainedBesideIt()
      throws Exception {
    withoutStartUpCaches(); // install.sh's; the agent's hook calls below have their own folder
    assertThat(install(unpacked).exit).isZero();
    Path cache = dir.resolve("cache dir");
    Map<String, String> agent = new HashMap<>(env);
    agent.put("XDG_CACHE_HOME", cache.toString());
    agent.put("GATEWAY_HOOK_JVM", "1"); // the hook script's way back when no gateway runs
    List<String> hook =
        List.of(
            "sh",
            "-c",
            "\"$0\" hook claude --home \"$1\" <\"$2\"",
            user.resolve(".local/bin/gateway").toString(),
            dir.resolve("home").toString(),
            hookInput().toString());

    Outcome first = run(hook, agent);

    assertThat(first.output)
        .contains("{\"hookSpecificOutput\"")
        .doesNotContain("making a class-data archive");
    Path caches = cache.resolve("provider-gateway");
    Path trained =
        Await.value(
            COMMAND,
            () -> {
              try (Stream<Path> files = Files.list(caches)) {
                return files
                    .filter(f -> f.getFileName().toString().matches(".*-agents\\.(aot|jsa)"))
                    .findFirst()
                    .orElse(null);
              }
            },
            () -> "the agents' cache, trained beside the first call, in " + caches);
    Await.until(
        COMMAND,
        () -> !Files.exists(Path.of(trained + ".training")),
        () -> "the training's lock gone");

    Outcome second = run(hook, agent);
    assertThat(second.output)
        .contains("{\"hookSpecificOutput\"")
        .doesNotContain("Could not find or load main class", "making a class-data archive");
  }

  /**
   * {@code install.sh --system} (issue 66), as root, into a folder standing for {@code /}: the
   * copy, its link and the organisation's settings folder are root's and written by root alone,
   * whatever the unpacked archive's modes; the installed gateway, run as a user, reads the
   * organisation's settings there (its doctor says so) and refuses a settings file a user could
   * write. Run as another user, install.sh --system refuses.
   */
  @Test
  void aSystemInstallIsRootsAloneAndItsGatewayReadsTheOrganisationsSettings() throws Exception {
    assumeTrue(
        "root".equals(System.getProperty("user.name")), "install.sh --system runs as root only");
    withoutStartUpCaches();
    Path root = dir.resolve("system");
    Map<String, String> asRoot = new HashMap<>(env);
    asRoot.put("GATEWAY_SYSTEM_ROOT", root.toString());
    Files.setPosixFilePermissions(
        unpacked.resolve("lib/jvm.options"), PosixFilePermissions.fromString("rw-rw-rw-"));

    Outcome install =
        run(List.of("sh", unpacked.resolve("install.sh").toString(), "--system"), asRoot);

    assertThat(install.exit).as(install.output).isZero();
    Path data = root.resolve("opt/provider-gateway");
    Path gateway = root.resolve("usr/local/bin/gateway");
    Path settings = root.resolve("etc/provider-gateway/settings.json");
    assertThat(Files.readSymbolicLink(gateway)).isEqualTo(data.resolve("current/bin/gateway"));
    assertThat(Files.readString(settings)).isEqualTo("{}\n");
    try (Stream<Path> walked = Files.walk(data.resolve(version))) {
      // A link's own modes mean nothing (the runtime's legal notices are links jlink made); what
      // it leads to is walked as itself.
      List<Path> files = walked.filter(file -> !Files.isSymbolicLink(file)).toList();
      assertThat(files)
          .isNotEmpty()
          .allSatisfy(
              file -> {
                var attributes =
                    Files.readAttributes(
                        file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                assertThat(attributes.owner().getName()).as("%s's owner", file).isEqualTo("root");
                assertThat(attributes.permissions())
                    .as("%s's modes", file)
                    .doesNotContain(
                        PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);
              });
    }

    Outcome doctor =
        run(List.of(gateway.toString(), "doctor", "--home", dir.resolve("home").toString()), env);
    assertThat(doctor.output).contains("system   read from " + settings);

    Files.setPosixFilePermissions(settings, PosixFilePermissions.fromString("rw-rw-rw-"));
    Outcome refused =
        run(List.of(gateway.toString(), "doctor", "--home", dir.resolve("home").toString()), env);
    assertThat(refused.output).contains("refused: " + settings + " is writable by other users");

    // Another user: the id install.sh asks says so (su to a user would also need that user to
    // read the unpacked folder, which the test's temporary folder does not let).
    Path otherUser = Files.createDirectories(dir.resolve("other-user"));
    Files.writeString(otherUser.resolve("id"), "#!/bin/sh\necho 1000\n");
    Files.setPosixFilePermissions(
        otherUser.resolve("id"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Map<String, String> asUser = new HashMap<>(asRoot);
    asUser.put("PATH", otherUser + ":" + env.get("PATH"));
    Outcome notRoot =
        run(List.of("sh", unpacked.resolve("install.sh").toString(), "--system"), asUser);
    assertThat(notRoot.exit).isNotZero();
    assertThat(notRoot.output).contains("install.sh --system: run it as root");
  }

  /**
   * Issue 76: after the system install's launcher ran, every command of the same user's own install
   * printed {@code [error][aot] … shared class paths mismatch}, for good: both named their cache by
   * the jar's hash alone, and the JVM refuses a cache made for a jar at another path. Each
   * installation now trains and uses a cache of its own, and no command of either prints an error.
   */
  @Test
  void aSystemInstallAndAUserInstallNeverUseEachOthersCache() throws Exception {
    assumeTrue(
        "root".equals(System.getProperty("user.name")), "install.sh --system runs as root only");
    Map<String, String> asRoot = new HashMap<>(env);
    asRoot.put("GATEWAY_SYSTEM_ROOT", dir.resolve("system").toString());
    Outcome system =
        run(List.of("sh", unpacked.resolve("install.sh").toString(), "--system"), asRoot);
    assertThat(system.exit).as(system.output).isZero();
    assertThat(install(unpacked).exit).isZero();
    Path caches = user.resolve(".cache/provider-gateway");
    List<Path> launchers =
        List.of(dir.resolve("system/usr/local/bin/gateway"), user.resolve(".local/bin/gateway"));

    for (int round = 0; round < 3; round++) {
      for (Path launcher : launchers) {
        Outcome said = run(List.of(launcher.toString(), "--version"), env);
        assertThat(said.output)
            .as("%s --version, round %s", launcher, round)
            .contains("provider-gateway " + version)
            .doesNotContain("mismatch", "[error", "Unable to map");
        Await.until(
            ClassDataTrainer.DEADLINE,
            () -> FolderNames.of(caches).stream().noneMatch(name -> name.endsWith(".training")),
            () -> "the trainings' end in " + caches + ": " + FolderNames.of(caches));
      }
    }
    assertThat(FolderNames.of(caches).stream().filter(name -> name.matches(".*-main\\.(aot|jsa)")))
        .as("a cache of each installation's")
        .hasSize(2);
  }

  @Test
  void aGatewayCommandThatIsNotOursIsLeftAlone() throws Exception {
    Path gateway = Files.createDirectories(user.resolve(".local/bin")).resolve("gateway");
    Files.writeString(gateway, "someone else's\n");

    Outcome install = install(unpacked);

    assertThat(install.exit).isNotZero();
    assertThat(install.output).contains(gateway + " exists and is not this installation's link");
    assertThat(Files.readString(gateway)).isEqualTo("someone else's\n");
    assertThat(user.resolve(".local/share/provider-gateway/current")).doesNotExist();
  }

  /** The installed {@code gateway} in {@code --rpc} mode for {@code home}, started. */
  private RpcApp startInstalled(Path home) throws IOException {
    return RpcApp.startCommand(
        List.of(
            user.resolve(".local/bin/gateway").toString(),
            "--rpc",
            "--port",
            "0",
            "--home",
            home.toString()),
        home,
        dir.resolve("stderr.txt"),
        env,
        START);
  }

  private Outcome install(Path folder) throws Exception {
    return run(List.of("sh", folder.resolve("install.sh").toString()), env);
  }

  /**
   * Makes this test's user one whose start-up cache cannot be made: {@code XDG_CACHE_HOME} names a
   * file, so the launcher's {@code mkdir} of its cache fails and every start runs without a cache
   * and trains none, the path the launcher takes on any machine where it cannot write one (the
   * gateway "runs all the same"). For the tests whose rule is not the cache: each install.sh began
   * two trainings beside its starts (on the bundled JDK 25, 32 s and 16 s of CPU here), which they
   * never read and which ran beside them until {@link #endTrainings} killed them, most of the
   * class's CPU. The cache's own rules keep it: the first test (both kinds made beside install.sh's
   * starts, and uninstall removing them), the agent's first hook call (its own cache folder) and
   * the two installations' caches.
   */
  private void withoutStartUpCaches() throws IOException {
    env.put("XDG_CACHE_HOME", Files.writeString(dir.resolve("no-cache"), "").toString());
  }

  /** The JVM a service unit runs: the first word of its ExecStart. */
  private static String javaOf(Path unit) throws IOException {
    return ServiceCommandTest.ExecStart.words(Files.readString(unit)).get(0);
  }

  /** A folder of links to {@link #TOOLS} only, found where the system keeps them. */
  private Path pathWithoutJava() throws IOException {
    Path bin = Files.createDirectories(dir.resolve("path"));
    for (String tool : TOOLS) {
      Path found =
          Stream.of("/usr/bin", "/bin")
              .map(folder -> Path.of(folder, tool))
              .filter(Files::isExecutable)
              .findFirst()
              .orElseThrow(() -> new AssertionError("no " + tool + " in /usr/bin or /bin"));
      Files.createSymbolicLink(bin.resolve(tool), found);
    }
    return bin;
  }

  /** A command's exit code and its stdout and stderr together. */
  private record Outcome(int exit, String output) {}

  /** Runs {@code command} with {@code env} added to this JVM's environment, at most a minute. */
  private Outcome run(List<String> command, Map<String, String> env) throws Exception {
    CommandRun done = CommandRun.run(dir, command, env, COMMAND);
    return new Outcome(done.exit(), done.output());
  }
}
