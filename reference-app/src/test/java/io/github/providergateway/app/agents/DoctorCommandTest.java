package io.github.providergateway.app.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.hook.HookCanary;
import io.github.providergateway.app.AppRun;
import io.github.providergateway.app.RpcApp;
import io.github.providergateway.app.StandInLauncher;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.home.SystemSettings;
import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway doctor} (issue 45, "proven covered"), run in-process with {@code HOME}, {@code
 * CODEX_HOME}, the gateway's home and a project in temporary directories, fake agent binaries on a
 * {@code PATH} that print versions, the agents set up by {@code gateway setup} with a stand-in
 * launcher (the real {@code gateway-hook.sh} on the socket path), and a real gateway on port 0
 * answering the canary. Each check is broken once by hand in the settings, as a person could.
 */
class DoctorCommandTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private Path userHome;
  private Path gatewayHome;
  private Path project;
  private Path bin;
  private Map<String, String> env;
  private RpcApp gateway;

  private String out;
  private String err;

  @BeforeAll
  static void curlIsThere() {
    assumeTrue(
        Files.isExecutable(Path.of("/usr/bin/curl")) || Files.isExecutable(Path.of("/bin/curl")),
        "the command hook's fast path needs curl");
  }

  @BeforeEach
  void directories() throws IOException {
    userHome = Files.createDirectories(dir.resolve("home"));
    gatewayHome =
        Files.createDirectory(
            dir.resolve("gateway-home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    project = Files.createDirectories(dir.resolve("project"));
    bin = Files.createDirectories(dir.resolve("bin"));
    env = new HashMap<>();
    env.put("HOME", userHome.toString());
    env.put("PATH", bin + ":/usr/bin:/bin");
    env.put("CODEX_HOME", dir.resolve("codex-home").toString());
    env.put("GATEWAY_LAUNCHER", StandInLauncher.write(dir).toString());
  }

  @AfterEach
  void stop() {
    if (gateway != null) {
      gateway.close();
    }
  }

  private int run(String... args) {
    List<String> line = new ArrayList<>(List.of(args));
    line.addAll(List.of("--home", gatewayHome.toString()));
    AppRun run = AppRun.of(line, env);
    out = run.out();
    err = run.err();
    return run.exit();
  }

  private JsonNode doctor(int expectedExit) throws IOException {
    assertThat(run("doctor", "--json", "--dir", project.toString()))
        .as(out + err)
        .isEqualTo(expectedExit);
    return JSON.readTree(out);
  }

  private static JsonNode agent(JsonNode report, String name) {
    return StreamSupport.stream(report.path("agents").spliterator(), false)
        .filter(a -> a.path("agent").asText().equals(name))
        .findFirst()
        .orElseThrow();
  }

  /** A fake agent binary on the PATH whose {@code --version} prints {@code version}. */
  private void fake(String binary, String version) throws IOException {
    Path file = bin.resolve(binary);
    Files.writeString(file, "#!/bin/sh\necho '" + version + "'\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
  }

  private void startGateway() {
    gateway = RpcApp.start(gatewayHome);
  }

  /** The home's audit trail, once it holds a line containing every one of {@code parts}. */
  private String auditWith(String... parts) throws IOException {
    Path audit = gatewayHome.resolve("logs").resolve("audit.jsonl");
    Await.until(
        RpcApp.WAIT,
        () ->
            Files.exists(audit)
                && Files.readString(audit)
                    .lines()
                    .anyMatch(l -> List.of(parts).stream().allMatch(l::contains)),
        () -> audit + " has a line with " + List.of(parts));
    return Files.readString(audit);
  }

  @Test
  void setUpAgentsAreGuardedAndEachCanaryIsDeniedByTheGateway() throws IOException {
    fake("claude", "2.1.197 (Claude Code)");
    fake("codex", "codex-cli 0.169.0");
    fake("gemini", "0.61.0");
    fake("copilot", "1.0.102");
    assertThat(run("setup", "claude")).as(err).isZero();
    assertThat(run("setup", "copilot")).as(err).isZero();
    assertThat(run("setup", "codex")).as(err).isZero();
    assertThat(run("setup", "gemini", "--project", "--dir", project.toString())).as(err).isZero();
    startGateway();

    JsonNode report = doctor(0);

    assertThat(report.path("guarded").asBoolean()).isTrue();
    for (String name : List.of("claude", "codex", "gemini", "copilot")) {
      JsonNode agent = agent(report, name);
      assertThat(agent.path("guarded").asBoolean()).as(agent.toPrettyString()).isTrue();
      assertThat(agent.path("uncovered")).as(name).isEmpty();
      assertThat(agent.path("trust").path("trusted").asBoolean()).as(name).isTrue();
      assertThat(agent.path("hooks")).as(name).isNotEmpty();
      for (JsonNode hook : agent.path("hooks")) {
        assertThat(hook.path("canary").path("outcome").asText())
            .as(name + ": " + hook)
            .isEqualTo("denied_by_canary");
        assertThat(hook.path("reaches").path("ok").asBoolean()).isTrue();
      }
    }
    assertThat(agent(report, "claude").path("version").asText()).isEqualTo("2.1.197");
    assertThat(agent(report, "claude").path("ledger").toString()).contains("claude (user)");
    assertThat(agent(report, "cursor").path("installed").asBoolean()).isFalse();
    assertThat(agent(report, "cursor").path("examined").asBoolean()).isFalse();
    // The gateway recorded each canary as the doctor's.
    String canary = report.path("canary").asText();
    assertThat(auditWith("\"provider\":\"" + HookCanary.PROVIDER + "\"", canary))
        .contains(HookCanary.RULE + ": '" + canary);
  }

  @Test
  void claudesHttpHookGetsTheCanaryWithItsTokenAndTheGatewayDeniesIt() throws IOException {
    fake("claude", "2.1.332 (Claude Code)");
    // The HTTP hook is setup's only while the service keeps the gateway running (decision 76).
    ServiceStandIn.install(env, gatewayHome, false).close();
    startGateway();
    assertThat(run("setup", "claude")).as(err).isZero();
    // Setup named the home's port (9400); this gateway listens on another: the hook is pointed
    // there, and the doctor told the port, as a home that names its port would.
    String port = Files.readString(gatewayHome.resolve("gateway.port")).strip();
    Path settings = userHome.resolve(".claude").resolve("settings.json");
    Files.writeString(
        settings, Files.readString(settings).replace("127.0.0.1:9400/", "127.0.0.1:" + port + "/"));

    assertThat(run("doctor", "--json", "--dir", project.toString(), "--port", port))
        .as(out + err)
        .isZero();

    JsonNode hook = agent(JSON.readTree(out), "claude").path("hooks").get(0);
    assertThat(hook.path("url").asText()).endsWith(":" + port + "/hooks/claude");
    assertThat(hook.path("canary").path("outcome").asText()).isEqualTo("denied_by_canary");
  }

  @Test
  void aMatcherThatMissesEditIsReportedUncovered() throws IOException {
    fake("claude", "2.1.197 (Claude Code)");
    assertThat(run("setup", "claude")).as(err).isZero();
    Path settings = userHome.resolve(".claude").resolve("settings.json");
    Files.writeString(settings, Files.readString(settings).replace("Bash|Edit|", "Bash|"));
    startGateway();

    JsonNode report = doctor(1);

    JsonNode claude = agent(report, "claude");
    assertThat(claude.path("uncovered").toString()).isEqualTo("[\"Edit\"]");
    assertThat(claude.path("problems").toString())
        .contains("no hook of the gateway runs before Edit");
    assertThat(claude.path("hooks").get(0).path("canary").path("outcome").asText())
        .isEqualTo("denied_by_canary");
  }

  /**
   * Issue 78: the policy's key file gets the settings file's checks, and the doctor's system line
   * says when it was refused: here a link to a key anyone could have written.
   */
  @Test
  void theSystemLineSaysThePolicysKeyFileWasRefused() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        "root".equals(System.getProperty("user.name")), "only root can make a file root's");
    Path system = Files.createDirectories(dir.resolve("system-settings"));
    Path key = system.resolve("team.key");
    io.github.providergateway.app.guard.PolicyKeys.generate(key);
    Path open = Files.createDirectories(dir.resolve("open"));
    Path planted =
        Files.copy(
            io.github.providergateway.app.guard.PolicyKeys.publicFileOf(key),
            open.resolve("k.pub"));
    Files.createSymbolicLink(system.resolve("linked.pub"), planted);
    Path file =
        Files.writeString(
            system.resolve(SystemSettings.FILE),
            "{\"policy\": {\"url\": \"https://policy.example.com/p.json\", \"publicKey\": \"linked.pub\"}}");
    Files.setPosixFilePermissions(
        file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));

    System.setProperty(SystemSettings.DIR_PROPERTY, system.toString());
    try {
      run("doctor", "--json", "--dir", project.toString());
    } finally {
      System.clearProperty(SystemSettings.DIR_PROPERTY);
    }

    assertThat(JSON.readTree(out).path("organisation").path("summary").asText())
        .contains("policy.publicKey: ")
        .contains("symbolic link");
  }

  @Test
  void theManagedLayerIsReportedWithItsHookAndWhichLayerWins() throws IOException {
    Path etc = dir.resolve("etc");
    new ManagedSetup(
            ManagedSetup.DEFAULT_LAUNCHER,
            new ManagedPlaces(etc, Map.of()),
            dir.resolve("system"),
            new ManagedSetup.Writable(true, true),
            new java.io.PrintStream(java.io.OutputStream.nullOutputStream()),
            new java.io.PrintStream(java.io.OutputStream.nullOutputStream()))
        .run(AgentSettingsRegistry.byId("claude").orElseThrow(), true);

    System.setProperty(ManagedPlaces.ETC_PROPERTY, etc.toString());
    try {
      run("doctor", "--json", "--dir", project.toString());
    } finally {
      System.clearProperty(ManagedPlaces.ETC_PROPERTY);
    }

    JsonNode managed = JSON.readTree(out).path("managed");
    JsonNode claude =
        StreamSupport.stream(managed.spliterator(), false)
            .filter(m -> m.path("agent").asText().equals("claude"))
            .findFirst()
            .orElseThrow();
    assertThat(claude.path("present").asBoolean()).as(out).isTrue();
    assertThat(claude.path("hook").asBoolean()).isTrue();
    assertThat(claude.path("managedHooksOnly").asBoolean()).isTrue();
    assertThat(claude.path("detail").asText()).contains("a user-level gateway hook is ignored");
    JsonNode codex =
        StreamSupport.stream(managed.spliterator(), false)
            .filter(m -> m.path("agent").asText().equals("codex"))
            .findFirst()
            .orElseThrow();
    assertThat(codex.path("present").asBoolean()).isFalse();
  }

  @Test
  void aHookWhoseLauncherIsMissingNeverAnswersAndTheDoctorRecordsThat() throws IOException {
    fake("claude", "2.1.332 (Claude Code)");
    Path settings = Files.createDirectories(project.resolve(".claude")).resolve("settings.json");
    // Hand-written, with no fallback deny: the shell finds no launcher and prints nothing.
    Files.writeString(
        settings,
        "{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"\", \"hooks\": [{\"type\": \"command\","
            + " \"command\": \""
            + dir.resolve("gone").resolve("gateway")
            + " hook claude --home "
            + gatewayHome
            + "\"}]}]}}");
    startGateway();

    JsonNode report = doctor(1);

    JsonNode claude = agent(report, "claude");
    assertThat(claude.path("wins").asText()).isEqualTo(settings.toString());
    JsonNode hook = claude.path("hooks").get(0);
    assertThat(hook.path("canary").path("outcome").asText()).isEqualTo("no_answer");
    assertThat(hook.path("canary").path("words").asText()).isEqualTo("the guard never answered");
    assertThat(hook.path("reaches").path("ok").asBoolean()).isFalse();
    String audit = auditWith("\"code\":\"" + CanaryAudit.NO_ANSWER + "\"");
    assertThat(audit)
        .contains(
            "\"outcome\":\"failure\"",
            "\"code\":\"" + CanaryAudit.NO_ANSWER + "\"",
            "\"provider\":\"doctor\"",
            "the guard never answered");
  }

  @Test
  void aHookThatAllowsAndOneThatPrintsNothingAreToldApartHereAndInTheAuditTrail()
      throws IOException {
    fake("claude", "2.1.332 (Claude Code)");
    Path claudeDir = Files.createDirectories(project.resolve(".claude"));
    // Hand-written hooks that name the gateway's hook but do not run it: one answers allow, one
    // prints nothing and exits 0.
    Files.writeString(
        claudeDir.resolve("settings.json"),
        "{\"hooks\": {\"PreToolUse\": [{\"hooks\": [{\"type\": \"command\", \"command\":"
            + " \"printf '{}' # gateway hook claude\"}]}]}}");
    Files.writeString(
        claudeDir.resolve("settings.local.json"),
        "{\"hooks\": {\"PreToolUse\": [{\"hooks\": [{\"type\": \"command\", \"command\":"
            + " \"true gateway hook claude\"}]}]}}");
    startGateway();

    JsonNode report = doctor(1);

    JsonNode claude = agent(report, "claude");
    assertThat(claude.path("wins").asText())
        .isEqualTo(claudeDir.resolve("settings.local.json").toString());
    List<String> outcomes = new ArrayList<>();
    claude.path("hooks").forEach(h -> outcomes.add(h.path("canary").path("outcome").asText()));
    assertThat(outcomes).containsExactly("no_answer", "allowed");
    assertThat(claude.path("problems").toString()).contains("allowed: NOT guarded");
    String audit = auditWith("\"provider\":\"doctor\"", "\"outcome\":\"allow\"");
    assertThat(audit.lines().filter(l -> l.contains("\"provider\":\"doctor\"")))
        .anyMatch(l -> l.contains("\"outcome\":\"failure\"") && l.contains("NO_ANSWER"))
        .anyMatch(l -> l.contains("\"outcome\":\"allow\"") && l.contains("allowed"));
  }

  @Test
  void anUntrustedCodexHookIsReported() throws IOException {
    fake("codex", "codex-cli 0.169.0");
    assertThat(run("setup", "codex")).as(err).isZero();
    untrustCodex();
    startGateway();

    JsonNode report = doctor(1);

    JsonNode codex = agent(report, "codex");
    assertThat(codex.path("trust").path("trusted").asBoolean()).isFalse();
    assertThat(codex.path("trust").path("detail").asText())
        .contains("Codex skips an untrusted hook silently", "no trust for ");
    // The hook itself still answers: only the trust is missing.
    assertThat(codex.path("hooks").get(0).path("canary").path("outcome").asText())
        .isEqualTo("denied_by_canary");
  }

  @Test
  void aStoppedGatewayIsReportedAndItsCanaryIsNotDeniedByTheCanary() throws IOException {
    fake("claude", "2.1.197 (Claude Code)");
    assertThat(run("setup", "claude")).as(err).isZero();

    JsonNode report = doctor(1);

    assertThat(report.path("gateway").path("running").asBoolean()).isFalse();
    JsonNode claude = agent(report, "claude");
    assertThat(claude.path("problems").toString())
        .contains("is not running: " + HookReach.UNTIL_IT_RUNS);
    // The hook fails closed by itself: denied, but not by the gateway's canary.
    // The hook fails closed by itself (its JVM path, when its start is slow, may not answer in
    // time): either way not denied by the gateway's canary.
    assertThat(claude.path("hooks").get(0).path("canary").path("outcome").asText())
        .isIn("denied_otherwise", "no_answer");
  }

  @Test
  void textIsALineForTheGatewayAndOneForEachAgentWithEachProblemInAFewWords() throws IOException {
    fake("claude", "2.1.197 (Claude Code)");
    fake("codex", "codex-cli 0.169.0");
    assertThat(run("setup", "claude")).as(err).isZero();
    assertThat(run("setup", "codex")).as(err).isZero();
    untrustCodex();
    startGateway();

    assertThat(run("doctor", "--dir", project.toString())).as(out + err).isEqualTo(1);

    List<String> lines = out.lines().toList();
    // A line for the gateway, one for each agent (cursor's too), and the verdict (issue 62: the
    // full report was 44 to 51 lines and repeated itself). Where setup could turn the agents'
    // sandboxes on (bubblewrap here), a line for each home under a folder they let every program
    // write, said once for all of them (issue 77): the test's homes are in the temporary folder.
    long sandbox = lines.stream().filter(l -> l.startsWith("sandbox  ")).count();
    assertThat(sandbox).as(out).isLessThanOrEqualTo(2);
    assertThat(lines)
        .as(out)
        .hasSize(2 + (int) sandbox + AgentSettingsRegistry.all().size())
        .doesNotHaveDuplicates();
    assertThat(lines.get(0))
        .startsWith("gateway  running on port ")
        .contains("no service keeps it running", "(home " + gatewayHome + ")");
    assertThat(lines)
        .contains(
            "claude   ok — hook and MCP server set up, canary denied by the gateway (2.1.197)",
            "codex    PROBLEM — hook not trusted: run 'gateway setup codex' (0.169.0)",
            "gemini   not installed",
            "copilot  not installed",
            "NOT every agent is guarded: 'gateway doctor --verbose' says each in full.");
  }

  @Test
  void aStoppedGatewayIsItsOwnLineAndEachAgentSaysItOnce() throws IOException {
    fake("claude", "2.1.197 (Claude Code)");
    assertThat(run("setup", "claude")).as(err).isZero();

    assertThat(run("doctor", "--dir", project.toString())).as(out + err).isEqualTo(1);

    assertThat(out.lines().findFirst().orElseThrow())
        .startsWith("gateway  NOT running: start it with '")
        .contains(" --detached");
    String claude = out.lines().filter(l -> l.startsWith("claude ")).findFirst().orElseThrow();
    assertThat(claude).startsWith("claude   PROBLEM — gateway not running; canary: ");
    assertThat(claude.split("gateway not running", -1)).hasSize(2);
  }

  @Test
  void verboseSaysEveryFindingAndTheTextSaysGuardedOrNot() throws IOException {
    fake("claude", "2.1.197 (Claude Code)");
    assertThat(run("setup", "claude")).as(err).isZero();
    startGateway();

    assertThat(run("doctor", "--dir", project.toString())).as(out + err).isZero();
    assertThat(out).contains("Every agent found is guarded.");

    assertThat(run("doctor", "--verbose", "--dir", project.toString())).as(out + err).isZero();

    assertThat(out)
        .contains(
            "claude: claude 2.1.197",
            "matchers: every tool kind is covered",
            "trust: nothing needed",
            "canary: denied by the canary",
            "Every agent found is guarded.");
    assertThat(run("doctor", "--no-such-option")).isEqualTo(ExitCodes.USAGE);
  }

  @Test
  void jsonHasEachAgentsLineAsItsSummary() throws IOException {
    fake("codex", "codex-cli 0.169.0");
    assertThat(run("setup", "codex")).as(err).isZero();
    untrustCodex();
    startGateway();

    JsonNode codex = agent(doctor(1), "codex");

    assertThat(codex.path("summary").asText())
        .isEqualTo("PROBLEM — hook not trusted: run 'gateway setup codex' (0.169.0)");
  }

  /** Takes Codex's trust of the gateway's hook out of its config, as a person could. */
  private void untrustCodex() throws IOException {
    Path config = dir.resolve("codex-home").resolve("config.toml");
    String withoutTrust =
        String.join(
            "\n",
            Files.readString(config).lines().filter(l -> !l.startsWith("trusted_hash")).toList());
    Files.writeString(config, withoutTrust + "\n");
  }

  /**
   * An agent set up before the after-tool hooks (issue 65): its PreToolUse hook alone. The gates
   * work, so the agent is guarded and the exit code 0; the doctor notes, in one line, what is
   * missing and how to add it. With both hooks there, no note.
   */
  @Test
  void aSetupWithoutTheAfterToolHookIsANoteNotAProblem() throws IOException {
    fake("claude", "2.1.197 (Claude Code)");
    fake("gemini", "0.61.0");
    assertThat(run("setup", "claude")).as(err).isZero();
    assertThat(run("setup", "gemini", "--project", "--dir", project.toString())).as(err).isZero();
    startGateway();

    JsonNode both = doctor(0);
    assertThat(agent(both, "claude").path("notes")).isEmpty();
    assertThat(agent(both, "gemini").path("notes")).isEmpty();
    assertThat(agent(both, "claude").path("hooks")).hasSize(1); // the canary: PreToolUse only

    Path settings = userHome.resolve(".claude").resolve("settings.json");
    com.fasterxml.jackson.databind.node.ObjectNode root =
        (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(settings.toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) root.path("hooks")).remove("PostToolUse");
    Files.writeString(settings, root.toString());

    JsonNode report = doctor(0);

    JsonNode claude = agent(report, "claude");
    assertThat(claude.path("guarded").asBoolean()).isTrue();
    assertThat(claude.path("notes").toString())
        .contains(
            "no after-tool hook at PostToolUse: the gateway counts the calls it asked about that"
                + " it hears nothing of as run; 'gateway setup --refresh' adds it");
    assertThat(agent(report, "gemini").path("notes")).isEmpty();
    assertThat(run("doctor", "--dir", project.toString())).as(out + err).isZero();
    assertThat(out)
        .contains("claude   ok — ")
        .contains("         note: no after-tool hook at PostToolUse: ")
        .contains("Every agent found is guarded.");

    assertThat(run("setup", "--refresh")).as(err).isZero();
    assertThat(agent(doctor(0), "claude").path("notes")).isEmpty();
  }

  /**
   * Codex's after-tool hook without its trust: Codex skips it silently, so the gateway never hears
   * a call ran. The gates still work (the PreToolUse hook is trusted): a note, not a problem.
   */
  @Test
  void codexsAfterToolHookUntrustedIsANoteNotAProblem() throws IOException {
    fake("codex", "codex-cli 0.169.0");
    assertThat(run("setup", "codex")).as(err).isZero();
    Path config = dir.resolve("codex-home").resolve("config.toml");
    List<String> lines = new ArrayList<>(Files.readString(config).lines().toList());
    int post =
        lines.indexOf(
            lines.stream().filter(l -> l.contains(":post_tool_use:0:0")).findFirst().orElseThrow());
    lines.remove(post + 1); // its trusted_hash
    Files.writeString(config, String.join("\n", lines) + "\n");
    startGateway();

    JsonNode codex = agent(doctor(0), "codex");

    assertThat(codex.path("guarded").asBoolean()).as(codex.toPrettyString()).isTrue();
    assertThat(codex.path("trust").path("trusted").asBoolean()).isTrue();
    assertThat(codex.path("notes").toString())
        .contains("after-tool hook not run (hook not trusted", "'gateway setup --refresh' adds it");
  }

  // ---- the agents' hook timeouts, and a doctor that waits as long as the agent would (issue 76)
  // ----

  /**
   * Gemini CLI's {@code --version} took 5.9 s on a busy machine, past the doctor's 3 s then, and
   * the doctor said "not installed". It waits as long as Gemini waits for its hook (60 s as setup
   * writes it), and says the answer was slow. The fake sleeps 4 s before answering: past what a
   * quiet machine takes, well inside the product's wait.
   */
  @Test
  void aSlowVersionCheckIsSlowNotMissing() throws IOException {
    Path file = bin.resolve("gemini");
    Files.writeString(file, "#!/bin/sh\nsleep 4\necho '0.61.0'\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    assertThat(run("setup", "gemini")).as(err).isZero();

    JsonNode gemini = agent(doctor(1), "gemini");

    assertThat(gemini.path("version").asText()).isEqualTo("0.61.0");
    assertThat(gemini.path("summary").asText()).doesNotContain("not installed");
    assertThat(gemini.path("notes").toString())
        .contains("gemini --version answered in ")
        .contains("slow on this machine; inside Gemini CLI's 60 s");
  }

  /**
   * A hook timeout under twice the hook's own bound is flagged, saying what the agent does when it
   * gives up; one the settings leave out is the agent's default (Codex: 600 s), not flagged.
   */
  @Test
  void aHookTimeoutUnderTwentySecondsIsFlaggedAndAMissingOneIsTheAgentsDefault()
      throws IOException {
    fake("gemini", "0.61.0");
    fake("codex", "codex-cli 0.169.0");
    assertThat(run("setup", "gemini")).as(err).isZero();
    assertThat(run("setup", "codex")).as(err).isZero();
    Path gemini = userHome.resolve(".gemini/settings.json");
    Files.writeString(
        gemini, Files.readString(gemini).replaceAll("(\"timeout\"\\s*:\\s*)60000\\b", "$110000"));
    Path codex = dir.resolve("codex-home/hooks.json");
    Files.writeString(
        codex, Files.readString(codex).replaceAll(",?\\s*\"timeout\"\\s*:\\s*60\\b", ""));
    assertThat(Files.readString(codex)).doesNotContain("\"timeout\"");
    startGateway();

    JsonNode report = doctor(1);

    assertThat(agent(report, "gemini").path("summary").asText())
        .contains("hook timeout 10 s too short: run 'gateway setup gemini'");
    assertThat(agent(report, "gemini").path("problems").toString())
        .contains(
            "has a timeout of 10 s, too short: the hook may answer after the agent gave up, and"
                + " Gemini CLI then runs the call");
    assertThat(agent(report, "codex").path("problems").toString()).doesNotContain("too short");
  }

  /**
   * A canary the hook answers after 6 s (a machine at load 14): judged by its answer, denied by the
   * gateway's canary, and noted as slow inside the agent's own 60 s, where it was "the guard never
   * answered" past the doctor's 5 s before. The hook's command is the one setup wrote, with a sleep
   * before it; the test waits as the product does.
   */
  @Test
  void aSlowCanaryIsJudgedByItsAnswerAndNotedAsSlow() throws IOException {
    fake("copilot", "1.0.102");
    assertThat(run("setup", "copilot")).as(err).isZero();
    Path hooks;
    try (var files = Files.walk(userHome)) {
      hooks =
          files
              .filter(Files::isRegularFile)
              .filter(
                  f -> {
                    try {
                      return Files.readString(f).contains("hook copilot");
                    } catch (IOException e) {
                      return false;
                    }
                  })
              .findFirst()
              .orElseThrow();
    }
    Files.writeString(
        hooks, Files.readString(hooks).replaceFirst("(\"bash\"\\s*:\\s*\")", "$1sleep 6; "));
    assertThat(Files.readString(hooks)).contains("sleep 6; ");
    startGateway();

    JsonNode copilot = agent(doctor(0), "copilot");

    assertThat(copilot.path("hooks").get(0).path("canary").path("outcome").asText())
        .isEqualTo("denied_by_canary");
    assertThat(copilot.path("notes").toString())
        .contains("answered in ")
        .contains("slow on this machine; inside Copilot CLI's 60 s");
  }
}
