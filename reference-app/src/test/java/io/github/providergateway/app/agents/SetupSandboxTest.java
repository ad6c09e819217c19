package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.app.AppRun;
import io.github.providergateway.host.client.HomeSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway setup claude} and {@code codex} write the agent's own sandbox from the home's
 * policy (issue 64) where it runs (stand-ins for bubblewrap, socat and Codex on a {@code PATH} of
 * the test's), say what to install or why not where it does not, leave it with {@code
 * --no-sandbox}, and {@code --remove} takes back exactly what they wrote; {@code gemini}, which has
 * no OS sandbox on Linux, gets its policy file and is told so.
 */
@Tag("process")
class SetupSandboxTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private Path userHome;
  private Path gatewayHome;
  private Path bin;
  private Path settings;
  private Path geminiPolicy;
  private Map<String, String> env;
  private String out;
  private String err;

  @BeforeEach
  void directories() throws IOException {
    userHome = Files.createDirectories(dir.resolve("home"));
    gatewayHome = Files.createDirectories(dir.resolve("gateway-home"));
    bin = Files.createDirectories(dir.resolve("bin"));
    settings = Files.createDirectories(userHome.resolve(".claude")).resolve("settings.json");
    env = new HashMap<>();
    env.put("HOME", userHome.toString());
    env.put("PATH", bin.toString());
    program("claude", "echo '2.1.332 (Claude Code)'");
    program("gemini", "echo 0.61.0");
    geminiPolicy = userHome.resolve(".gemini/policies/provider-gateway.toml");
  }

  @Test
  void whereTheSandboxRunsSetupTurnsItOnFromThePolicyAndRemoveTakesItBack() throws IOException {
    sandboxRuns();
    Files.writeString(settings, "{\"model\": \"opus\", \"sandbox\": {\"excludedCommands\": []}}\n");
    Path config = dir.resolve("providers.json");
    Files.writeString(
        config,
        """
        {"providers": [], "guard": {"sandbox": {"denyRead": ["~/.config/secrets"],
          "network": "allowlist", "allowedDomains": ["registry.npmjs.org"]}}}
        """);
    new HomeSettings(null, config, false).write(gatewayHome);

    assertThat(setup("claude", "--command-hook")).as(err).isZero();

    JsonNode sandbox = json(settings).path("sandbox");
    assertThat(sandbox.path("enabled").asBoolean()).isTrue();
    assertThat(sandbox.path("failIfUnavailable").asBoolean()).isTrue();
    assertThat(sandbox.path("allowUnsandboxedCommands").asBoolean(true)).isFalse();
    assertThat(sandbox.path("excludedCommands").isArray()).as("the person's own, kept").isTrue();
    assertThat(texts(sandbox.at("/filesystem/denyRead")))
        .contains(
            gatewayHome.toRealPath().toString(),
            userHome.resolve(".ssh/id_ed25519").toString(),
            userHome.resolve(".config/secrets").toString());
    assertThat(texts(sandbox.at("/network/allowedDomains")))
        .containsExactly("localhost", "127.0.0.1", "[::1]", "registry.npmjs.org");
    assertThat(out).contains("Claude Code's own sandbox is on", "allowed domains only");

    assertThat(setup("claude", "--remove")).as(err).isZero();
    assertThat(json(settings))
        .isEqualTo(JSON.readTree("{\"model\": \"opus\", \"sandbox\": {\"excludedCommands\": []}}"));
  }

  /**
   * A person's own sandbox setting, perhaps looser, is theirs: setup says so and changes nothing.
   */
  @Test
  void aSandboxSettingOfThePersonsOwnIsNamedAndLeftAndNoSandboxSetsUpTheRest() throws IOException {
    sandboxRuns();
    String theirs = "{\"sandbox\": {\"enabled\": false}}\n";
    Files.writeString(settings, theirs);

    assertThat(setup("claude", "--command-hook")).isNotZero();
    assertThat(err)
        .contains(
            "already has sandbox.enabled", "false", "keep your sandbox settings with --no-sandbox");
    assertThat(Files.readString(settings)).isEqualTo(theirs);

    assertThat(setup("claude", "--command-hook", "--no-sandbox")).as(err).isZero();
    JsonNode written = json(settings);
    assertThat(written.at("/sandbox/enabled").asBoolean(true)).isFalse();
    assertThat(written.at("/hooks/PreToolUse").size()).isOne();
  }

  @Test
  void withNoSandboxSetupWritesNone() throws IOException {
    sandboxRuns();

    assertThat(setup("claude", "--command-hook", "--no-sandbox")).as(err).isZero();

    assertThat(json(settings).has("sandbox")).isFalse();
    assertThat(out).contains("its sandbox is left as it is (--no-sandbox)");
  }

  @Test
  void whereBubblewrapIsMissingSetupSaysWhatToInstallAndWritesNoSandboxThatWouldStopClaude()
      throws IOException {
    assertThat(setup("claude", "--command-hook")).as(err).isZero();

    assertThat(json(settings).has("sandbox")).isFalse();
    assertThat(out)
        .contains(
            "its sandbox is not turned on: not on the PATH: bwrap, socat (Debian and Ubuntu: sudo"
                + " apt-get install bubblewrap socat)");
  }

  /**
   * Codex: the profile goes before the first table of the person's {@code config.toml} (a key of
   * its root, {@code default_permissions}, cannot follow a table), after the person's own root
   * keys, and {@code --remove} gives the file back byte for byte.
   */
  @Test
  void whereCodexsSandboxRunsSetupWritesItsProfileBeforeTheFirstTableAndRemoveTakesItBack()
      throws IOException {
    sandboxRuns();
    codex("0.169.0", "exit 0");
    Path config = Files.createDirectories(userHome.resolve(".codex")).resolve("config.toml");
    String theirs = "model = \"gpt-5\"\n\n[projects.\"/work\"]\ntrust_level = \"trusted\"\n";
    Files.writeString(config, theirs);
    Files.writeString(
        Files.createDirectories(userHome.resolve(".ssh")).resolve("id_ed25519"), "a key");

    assertThat(setup("codex")).as(err).isZero();

    String written = Files.readString(config);
    int root = written.indexOf("model = \"gpt-5\"");
    int profile = written.indexOf("default_permissions = \"provider-gateway\"");
    int theirTable = written.indexOf("[projects.\"/work\"]");
    assertThat(root).isLessThan(profile);
    assertThat(profile).isLessThan(theirTable);
    assertThat(written)
        .contains(
            "[permissions.provider-gateway.filesystem]\n\"/\" = \"read\"\n",
            "\":workspace_roots\" = \"write\"",
            "\"" + userHome.resolve(".ssh/id_ed25519") + "\" = \"none\"",
            "\"" + gatewayHome.toRealPath() + "\" = \"none\"",
            "[permissions.provider-gateway.network]\nenabled = true\n");
    assertThat(written)
        .as("a credential path that is not there: Codex would make a file at it (decision 85)")
        .doesNotContain(userHome.resolve(".aws").toString())
        .contains("[mcp_servers.provider-gateway]\n")
        .contains("default_tools_approval_mode = \"approve\"\n");
    assertThat(written.substring(profile, theirTable))
        .as("nothing of the person's inside setup's block")
        .doesNotContain("trust_level");
    assertThat(out).contains("Codex's own sandbox is on");
    assertThat(out.replace("\n", " "))
        .as("the caches not there yet are named")
        .contains("Not there yet, so no program in the sandbox can make them: ~/.m2, ~/.gradle")
        .contains("No ssh-agent runs (SSH_AUTH_SOCK is not set)");

    assertThat(setup("codex")).as(err).isZero();
    assertThat(Files.readString(config)).as("setup again keeps it as it was").isEqualTo(written);
    assertThat(setup("--refresh")).as(err).isZero();
    assertThat(Files.readString(config)).as("a refresh keeps it as it was").isEqualTo(written);

    assertThat(setup("codex", "--remove")).as(err).isZero();
    assertThat(Files.readString(config)).isEqualTo(theirs);
  }

  /**
   * Issue 77: the sandbox's entries are found by what they are after the person edited the file:
   * their own root keys put above setup's, a table of theirs between setup's, setup's profile
   * tables reordered, the file saved with CRLF line ends; --remove leaves their text byte for byte.
   * A default_permissions the person pointed at a profile of their own is theirs, and stays.
   */
  @Test
  void codexsSandboxIsTakenBackByWhatItIsWhateverThePersonDidAroundIt() throws IOException {
    sandboxRuns();
    codex("0.169.0", "exit 0");
    Path config = Files.createDirectories(userHome.resolve(".codex")).resolve("config.toml");
    String theirs = "[projects.\"/work\"]\ntrust_level = \"trusted\"\n";
    Files.writeString(config, theirs);
    assertThat(setup("codex")).as(err).isZero();
    String written = Files.readString(config);
    int filesystem = written.indexOf("[permissions.provider-gateway.filesystem]");
    int network = written.indexOf("[permissions.provider-gateway.network]");
    int end = written.indexOf("\n\n", network) + 1;
    // Setup's two tables swapped, each cut and pasted with the blank line above it.
    String edited =
        "model = \"gpt-5.1\"\nmodel_provider = \"x\"\n"
            + written.substring(0, filesystem - 1)
            + written.substring(network - 1, end)
            + written.substring(filesystem - 1, network - 1)
            + written.substring(end)
            + "\n[model_providers.x]\nname = \"X\"\n";
    Files.writeString(config, edited.replace("\n", "\r\n"));

    assertThat(setup("codex", "--remove")).as(out + err).isZero();

    assertThat(Files.readString(config))
        .isEqualTo(
            ("model = \"gpt-5.1\"\nmodel_provider = \"x\"\n"
                    + theirs
                    + "\n[model_providers.x]\nname = \"X\"\n")
                .replace("\n", "\r\n"));
  }

  /** Issue 77: Codex's home, which setup made for its sandbox check, goes with --remove. */
  @Test
  void codexsHomeThatSetupMadeGoesWithRemove() throws IOException {
    sandboxRuns();
    codex("0.169.0", "exit 0");
    Path codexHome = userHome.resolve(".codex");
    assertThat(codexHome).doesNotExist();
    assertThat(setup("codex")).as(err).isZero();
    assertThat(codexHome.resolve("config.toml")).exists();

    assertThat(setup("codex", "--remove")).as(out + err).isZero();

    assertThat(codexHome).doesNotExist();
    assertThat(out).contains("removed " + codexHome + " (setup had made it");
  }

  @Test
  void aDefaultPermissionsThePersonChangedIsTheirsAndStaysWhileSetupsProfileGoes()
      throws IOException {
    sandboxRuns();
    codex("0.169.0", "exit 0");
    Path config = Files.createDirectories(userHome.resolve(".codex")).resolve("config.toml");
    assertThat(setup("codex")).as(err).isZero();
    Files.writeString(
        config,
        Files.readString(config)
            .replace(
                "default_permissions = \"provider-gateway\"", "default_permissions = \"mine\""));

    assertThat(setup("codex", "--remove")).as(out + err).isZero();

    assertThat(Files.readString(config))
        .contains("default_permissions = \"mine\"")
        .doesNotContain("provider-gateway");
    assertThat(out)
        .contains(
            "kept default_permissions = \"mine\": setup had written \"provider-gateway\", so it is"
                + " yours now");
  }

  /** Codex's own check is the gate: where its sandbox fails, setup says why and writes none. */
  @Test
  void whereCodexsOwnCheckFailsSetupSaysWhyAndWritesNoProfile() throws IOException {
    sandboxRuns();
    codex("0.169.0", "echo 'bwrap: execvp codex-linux-sandbox: No such file or directory'; exit 1");

    assertThat(setup("codex")).as(err).isZero();

    assertThat(Files.readString(userHome.resolve(".codex/config.toml")))
        .doesNotContain("default_permissions");
    assertThat(out)
        .contains(
            "Codex: its sandbox is not turned on: its own check (codex sandbox -- true) failed:"
                + " bwrap: execvp codex-linux-sandbox")
        // Issue 77: "once it is there" named nothing where a check failed.
        .contains(
            ". Run setup again once that is put right, or pass --no-sandbox to leave the sandbox"
                + " as it is.");
  }

  @Test
  void aCodexOlderThanPermissionProfilesGetsNoProfile() throws IOException {
    sandboxRuns();
    codex("0.160.0", "exit 0");

    assertThat(setup("codex")).as(err).isZero();

    assertThat(Files.readString(userHome.resolve(".codex/config.toml")))
        .doesNotContain("default_permissions");
    assertThat(out).contains("is older than 0.169.0");
  }

  /** The person's own {@code default_permissions} is theirs: named, and left. */
  @Test
  void aProfileOfThePersonsOwnIsNamedAndLeft() throws IOException {
    sandboxRuns();
    codex("0.169.0", "exit 0");
    Path config = Files.createDirectories(userHome.resolve(".codex")).resolve("config.toml");
    String theirs = "default_permissions = \":workspace\"\n";
    Files.writeString(config, theirs);

    assertThat(setup("codex")).isNotZero();

    assertThat(err)
        .contains(
            "already sets default_permissions", "keep your sandbox settings with --no-sandbox");
    assertThat(Files.readString(config)).isEqualTo(theirs);
  }

  /**
   * The person's {@code sandbox_mode} (perhaps {@code danger-full-access}) is theirs: the profile
   * would replace it, so setup says so and leaves it, and sets up the rest.
   */
  @Test
  void aSandboxModeOfThePersonsOwnIsNamedAndLeft() throws IOException {
    sandboxRuns();
    codex("0.169.0", "exit 0");
    Path config = Files.createDirectories(userHome.resolve(".codex")).resolve("config.toml");
    Files.writeString(config, "sandbox_mode = \"danger-full-access\"\n");

    assertThat(setup("codex")).as(err).isZero();

    assertThat(Files.readString(config))
        .startsWith("sandbox_mode = \"danger-full-access\"\n")
        .doesNotContain("default_permissions")
        .contains("[mcp_servers.provider-gateway]");
    assertThat(out.replace("\n", " "))
        .contains("sets sandbox_mode = \"danger-full-access\"", "leaves your sandbox as it is");
  }

  /**
   * Overrides are seen: a project's {@code .claude/settings.local.json} that turns off the sandbox
   * setup turned on is named by {@code doctor}, as the file that wins.
   */
  @Test
  void doctorNamesTheProjectFileThatTurnsClaudesSandboxOff() throws IOException {
    sandboxRuns();
    assertThat(setup("claude", "--command-hook")).as(err).isZero();
    Path project = Files.createDirectories(dir.resolve("project"));
    Path local = Files.createDirectories(project.resolve(".claude")).resolve("settings.local.json");
    Files.writeString(local, "{\"sandbox\": {\"enabled\": false}}\n");

    doctor(project, "--verbose");

    assertThat(out)
        .contains("sandbox: OFF: sandbox.enabled false in " + local)
        .contains("its sandbox, which gateway setup turned on, is off")
        .contains("may not read: " + gatewayHome.toRealPath());
    Files.delete(local);
    doctor(project, "--verbose");
    assertThat(out)
        .contains("sandbox: on: sandbox.enabled true in " + settings)
        .doesNotContain("which gateway setup turned on, is off");
  }

  /**
   * {@code doctor --verbose} runs its canary through Codex's own runner ({@code codex sandbox --}):
   * a runner that lets the shell write outside the project and read the stand-in secret is NOT
   * confined, one that refuses both is. (The real Codex: {@code CodexSandboxTest}.) The canary's
   * files are gone afterwards either way.
   */
  @Test
  void doctorsCanaryThroughCodexsRunnerTellsAConfinedSandboxFromAnOpenOne() throws IOException {
    sandboxRuns();
    codex("0.169.0", "exit 0");
    assertThat(setup("codex")).as(err).isZero();
    Path project = Files.createDirectories(dir.resolve("project"));
    for (String tool : List.of("sh", "touch", "cat")) {
      Files.createSymbolicLink(bin.resolve(tool), Path.of("/bin", tool));
    }
    // A runner with no sandbox at all: 'codex sandbox -- sh -c …' runs the shell as it is.
    codex("0.169.0", "if [ \"$2\" = -- ]; then shift 2; exec \"$@\"; fi; exit 0");

    doctor(project, "--verbose");

    assertThat(out)
        .contains("sandbox: on: the permission profile \"provider-gateway\"")
        .contains("canary: NOT confined: wrote outside the project (")
        .contains(" and read the stand-in secret in the gateway's home")
        // Issue 77: which writable folder let the write through (the user's home is a temp dir's).
        .containsPattern(
            "wrote outside the project \\(\\S+sandbox-canary-\\S+ lies under /\\S*, which the"
                + " sandbox lets every program write\\)");
    assertThat(userHome.toFile().list((d, name) -> name.contains("sandbox-canary"))).isEmpty();
    assertThat(gatewayHome.toFile().list((d, name) -> name.contains("sandbox-canary"))).isEmpty();

    // A runner that refuses both, as bubblewrap under the profile does.
    codex("0.169.0", "echo 'touch: Read-only file system'; echo canary-ran; exit 0");
    doctor(project, "--verbose");
    assertThat(out).contains("canary: refused both").doesNotContain("sandbox canary NOT confined");
  }

  /**
   * Issue 77: Codex's leftovers in a home (an empty read-only file at a denied path, as Codex makes
   * one where the path was missing; an empty {@code .git} in a writable root) are named by the
   * doctor and taken by uninstall, and what holds anything stays; a credential path made after
   * setup is named as not hidden.
   */
  @Test
  void doctorNamesCodexsLeftoversAndUninstallTakesThemButNothingOfThePersons() throws IOException {
    sandboxRuns();
    codex("0.169.0", "exit 0");
    Path aws = Files.createFile(userHome.resolve(".aws"));
    Files.setPosixFilePermissions(aws, PosixFilePermissions.fromString("r--r--r--"));
    Path cacheGit = Files.createDirectories(userHome.resolve(".cache/.git"));
    Path m2Codex = Files.createDirectories(userHome.resolve(".m2/.codex"));
    Files.writeString(m2Codex.resolve("mine.toml"), "the person's");
    assertThat(setup("codex")).as(err).isZero();
    Path project = Files.createDirectories(dir.resolve("project"));
    Files.createDirectories(userHome.resolve(".kube")); // made after setup

    doctor(project, "--verbose");

    assertThat(out)
        .contains("Codex's leftovers (empty, made by its sandbox to mount over): ")
        .contains(aws.toString())
        .contains(cacheGit.toString())
        .contains("~/.kube now exists and Codex's sandbox does not hide it")
        .doesNotContain(m2Codex.toString());

    // The launchers' cache and the bridges' folders of this test's own, not the machine's.
    Map<String, String> uninstallEnv = new HashMap<>(env);
    uninstallEnv.put("TMPDIR", Files.createDirectories(dir.resolve("tmp")).toString());
    uninstallEnv.put("XDG_CACHE_HOME", dir.resolve("cache").toString());
    AppRun listed =
        AppRun.of(List.of("uninstall", "--home", gatewayHome.toString(), "--list"), uninstallEnv);
    assertThat(listed.out())
        .contains("codex  " + aws, "codex  " + cacheGit)
        .doesNotContain(m2Codex.toString());
    AppRun uninstall =
        AppRun.of(List.of("uninstall", "--home", gatewayHome.toString()), uninstallEnv);

    assertThat(uninstall.exit()).as(uninstall.out() + uninstall.err()).isZero();
    assertThat(uninstall.out())
        .contains("Removed " + aws + " (an empty mount point Codex's sandbox left)");
    assertThat(aws).doesNotExist();
    assertThat(cacheGit).doesNotExist();
    assertThat(m2Codex.resolve("mine.toml")).hasContent("the person's");
    assertThat(userHome.resolve(".kube")).isDirectory();
  }

  /**
   * Issue 77: a gateway's home under a folder the sandbox lets every program write (here the
   * temporary folder the test runs in) is said by setup, with what to do; one elsewhere is not.
   */
  @Test
  void setupSaysWhenTheGatewaysHomeLiesUnderAFolderTheSandboxLetsWrite() throws IOException {
    sandboxRuns();

    assertThat(setup("claude", "--command-hook")).as(err).isZero();

    assertThat(out)
        .contains("The gateway's home " + gatewayHome)
        .contains("Give the gateway a home outside ");
    assertThat(setup("claude", "--remove")).as(err).isZero();
    Path outside = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "gateway-home-");
    // The build's own folder is the home "elsewhere": a checkout under /tmp has none to offer.
    org.junit.jupiter.api.Assumptions.assumeFalse(
        outside.startsWith(Path.of(System.getProperty("java.io.tmpdir")).toRealPath()),
        "the checkout lies under the temporary folder, so no home outside it is at hand");
    try {
      gatewayHome = outside;
      assertThat(setup("claude", "--command-hook")).as(err).isZero();
      assertThat(out)
          .contains("Claude Code's own sandbox is on")
          .doesNotContain("The gateway's home");
    } finally {
      try (var files = Files.walk(outside)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }

  /**
   * Issue 77: the doctor says once, for every agent whose sandbox is on, that the gateway's home
   * and the user's home lie under a folder those sandboxes let every program write (the test's
   * homes are in the temporary folder), with what to do.
   */
  @Test
  void doctorSaysOnceWhichHomesTheAgentsSandboxesLeaveWritable() throws IOException {
    sandboxRuns();
    codex("0.169.0", "exit 0");
    assertThat(setup("claude", "--command-hook")).as(err).isZero();
    assertThat(setup("codex")).as(err).isZero();
    Path project = Files.createDirectories(dir.resolve("project"));

    doctor(project);

    List<String> sandbox = out.lines().filter(l -> l.startsWith("sandbox  ")).toList();
    assertThat(sandbox).as(out).hasSize(2);
    assertThat(sandbox.get(0))
        .contains("the gateway's home " + gatewayHome + " lies under /")
        .contains(", which the sandboxes of claude and codex let every program write: ")
        .endsWith(": run setup again with --home DIR.");
    assertThat(sandbox.get(1))
        .contains("your home " + userHome + " lies under /")
        .contains("the gateway's hooks and the sandbox itself");
  }

  private void doctor(Path project, String... args) {
    List<String> line =
        new ArrayList<>(
            List.of("doctor", "--home", gatewayHome.toString(), "--dir", project.toString()));
    line.addAll(List.of(args));
    AppRun run = AppRun.of(line, env);
    out = run.out();
    err = run.err();
  }

  /**
   * Gemini CLI has no OS sandbox on Linux: setup says so, and writes its policy file, deny rules
   * for its own file tools, a file wholly setup's that --remove deletes.
   */
  @Test
  void geminiGetsDenyRulesForItsFileToolsAndRemoveDeletesTheFile() throws IOException {
    Path config = dir.resolve("providers.json");
    Files.writeString(
        config,
        "{\"providers\": [], \"guard\": {\"sandbox\": {\"denyRead\": [\"~/.config/secrets\"]}}}");
    new HomeSettings(null, config, false).write(gatewayHome);

    assertThat(setup("gemini", "--command-hook")).as(err).isZero();

    String toml = Files.readString(geminiPolicy);
    assertThat(toml)
        .contains(
            "toolName = [\"read_file\", \"read_many_files\", \"write_file\", \"replace\", \"glob\","
                + " \"grep_search\", \"list_directory\"]",
            "argsPattern = \"\\\""
                + userHome.resolve(".ssh/id_ed25519").toString().replace(".", "\\\\."),
            userHome.resolve(".config/secrets").toString().replace(".", "\\\\."),
            gatewayHome.toRealPath().toString(),
            "decision = \"deny\"",
            "priority = 999",
            "denyMessage = \"The provider gateway's sandbox policy keeps");
    assertThat(toml)
        .as("Gemini 0.61.0 refuses a rule whose pattern has a group with a quantifier (ReDoS)")
        .doesNotContainPattern("\\([^)]*[*+?{].*\\)[*+?{]");
    assertThat(out)
        .contains("Gemini CLI: no OS boundary on Linux", "--sandbox", "a program its shell runs")
        .contains(
            "Gemini's policy engine keeps its own file tools (read_file, read_many_files,"
                + " write_file, replace, glob, grep_search, list_directory) out of the gateway's home"
                + " and the policy's unreadable paths");

    assertThat(setup("--refresh")).as(err).isZero();
    assertThat(Files.readString(geminiPolicy)).as("a refresh keeps it as it was").isEqualTo(toml);

    assertThat(setup("gemini", "--remove")).as(err).isZero();
    assertThat(geminiPolicy).doesNotExist();
  }

  @Test
  void withNoSandboxGeminiGetsNoPolicyFileAndIsStillToldThereIsNoBoundary() {
    assertThat(setup("gemini", "--command-hook", "--no-sandbox")).as(err).isZero();

    assertThat(geminiPolicy).doesNotExist();
    assertThat(out).contains("Gemini CLI: no OS boundary on Linux", "left as it is (--no-sandbox)");
  }

  @Test
  void aGeminiPolicyFileOfThatNameSetupDidNotWriteIsNamedAndLeft() throws IOException {
    Files.createDirectories(geminiPolicy.getParent());
    String theirs = "[[rule]]\ntoolName = \"glob\"\ndecision = \"allow\"\npriority = 1\n";
    Files.writeString(geminiPolicy, theirs);

    assertThat(setup("gemini", "--command-hook")).as(err).isZero();

    assertThat(Files.readString(geminiPolicy)).isEqualTo(theirs);
    assertThat(out).contains(geminiPolicy + " is there and not setup's: left as it is");
    assertThat(setup("gemini", "--remove")).as(err).isZero();
    assertThat(Files.readString(geminiPolicy)).isEqualTo(theirs);
  }

  /** Gemini reads no policy from its policies folder where policyPaths names others. */
  @Test
  void whereGeminisSettingsNameOtherPolicyPathsNoPolicyFileIsWritten() throws IOException {
    Files.createDirectories(userHome.resolve(".gemini"));
    Files.writeString(
        userHome.resolve(".gemini/settings.json"), "{\"policyPaths\": [\"/etc/my-policies\"]}");

    assertThat(setup("gemini", "--command-hook")).as(err).isZero();

    assertThat(geminiPolicy).doesNotExist();
    assertThat(out)
        .contains("set policyPaths ([\"/etc/my-policies\"])", "setup wrote no policy file");
  }

  /** A stand-in {@code codex} of {@code version} whose {@code codex sandbox} runs {@code check}. */
  private void codex(String version, String check) throws IOException {
    program(
        "codex",
        "case \"$1\" in\n"
            + "  --version) echo 'codex-cli "
            + version
            + "' ;;\n"
            + "  sandbox) "
            + check
            + " ;;\n"
            + "esac");
  }

  private void sandboxRuns() throws IOException {
    program("bwrap", "exit 0");
    program("socat", "exit 0");
  }

  private int setup(String... args) {
    List<String> line = new ArrayList<>(List.of("setup"));
    line.addAll(List.of(args));
    line.addAll(List.of("--home", gatewayHome.toString()));
    AppRun run = AppRun.of(line, env);
    out = run.out();
    err = run.err();
    return run.exit();
  }

  private void program(String name, String body) throws IOException {
    Path file = bin.resolve(name);
    Files.writeString(file, "#!/bin/sh\n" + body + "\n");
    assertThat(file.toFile().setExecutable(true)).isTrue();
  }

  private static JsonNode json(Path file) throws IOException {
    return JSON.readTree(Files.readAllBytes(file));
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(element -> texts.add(element.asText()));
    return texts;
  }
}
