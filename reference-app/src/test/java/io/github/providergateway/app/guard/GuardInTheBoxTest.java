package io.github.providergateway.app.guard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.app.Main;
import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.DecisionKind;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.transport.local.LocalProviderTransport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guard in the box (issue 44), in a gateway of the app running in this JVM on a free port: the
 * guard every gateway runs as the engine's policy (decision 77) gates a session's calls from its
 * first one, a provider's tool by a plain rule, a project's broken guard file; a hook call with no
 * session meets the guard first, and with no gateway the hook's deny names the guard's rule; all in
 * the audit trail with provider {@code guard} and the rule's id.
 */
class GuardInTheBoxTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  @TempDir Path temp;

  private final List<AutoCloseable> toClose = new ArrayList<>();
  private final List<Decision> audit = new CopyOnWriteArrayList<>();

  @AfterEach
  void stop() throws Exception {
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
  }

  private Path home() throws Exception {
    Path home = temp.resolve("home");
    Files.createDirectories(home);
    return home;
  }

  private Path project() throws Exception {
    return Files.createDirectories(temp.resolve("project")).toRealPath();
  }

  /** The home's gateway in this JVM, with {@code config} as its config file's text (or none). */
  private RunningGateway gateway(String config) throws Exception {
    List<String> args =
        new ArrayList<>(List.of("--rpc", "--home", home().toString(), "--port", "0"));
    if (config != null) {
      Path file = Files.writeString(temp.resolve("providers.json"), config);
      args.addAll(List.of("--config", file.toString()));
    }
    RunningGateway running =
        RunningGateway.start(
            Main.options(Map.of(), args.toArray(String[]::new)),
            new GatewayListener() {
              @Override
              public void decided(Decision decision) {
                audit.add(decision);
              }
            });
    toClose.add(running);
    return running;
  }

  private static <T> T done(CompletableFuture<T> future) throws Exception {
    return future.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  private static JsonNode shell(String command) {
    return JsonNodeFactory.instance.objectNode().put("command", command);
  }

  private static String session(RunningGateway running, Path project) throws Exception {
    return done(running
            .gateway()
            .startSession(
                SessionSpec.of("claude-code", project.toString()), new RecordingSessionHost()))
        .id();
  }

  @Test
  void everyGatewayRunsTheGuardAsTheEnginesPolicyNotAsAProvider() throws Exception {
    RunningGateway running = gateway(null);
    String session = session(running, project());

    List<ProviderInfo> providers = done(running.gateway().providers());
    HookDecision root =
        done(running.gateway().preToolUse(session, "shell", shell("rm -rf /"), true));

    // Decision 77: no provider named guard is connected, and the guard decides all the same.
    assertThat(providers).extracting(ProviderInfo::name).doesNotContain(GuardPolicy.NAME);
    assertThat(root.reason()).startsWith("guard: fs.delete-root: ");
  }

  @Test
  void aSessionsFirstCallMeetsTheGuardAndItsDecisionIsAuditedWithTheRule() throws Exception {
    RunningGateway running = gateway(null);
    String session = session(running, project());

    // The first call of the session, at once: no window before the guard is ready in it.
    HookDecision root =
        done(running.gateway().preToolUse(session, "shell", shell("rm -rf /"), true));
    HookDecision ls = done(running.gateway().preToolUse(session, "shell", shell("ls"), true));

    assertThat(root.allowed()).isFalse();
    assertThat(root.ask()).isFalse();
    assertThat(root.reason()).startsWith("guard: fs.delete-root: ");
    assertThat(ls.allowed()).as("ls: %s", ls.reason()).isTrue();
    assertThat(audit)
        .filteredOn(d -> d.kind() == DecisionKind.PRE_TOOL_USE && session.equals(d.sessionId()))
        .anySatisfy(
            d -> {
              assertThat(d.outcome()).isEqualTo(Decision.Outcome.DENY);
              assertThat(d.reason()).startsWith("guard: fs.delete-root: ");
              assertThat(d.gates())
                  .anySatisfy(
                      gate -> {
                        assertThat(gate.provider()).isEqualTo("guard");
                        // The rule's id as the gate's, so that an export filters by rule.
                        assertThat(gate.gateId()).isEqualTo("fs.delete-root");
                        assertThat(gate.decision()).isEqualTo("deny");
                        assertThat(gate.reason()).startsWith("guard: fs.delete-root: ");
                      });
            });
  }

  @Test
  void aStrictGuardsAskComesBackAsTheAgentsAsk() throws Exception {
    RunningGateway running = gateway("{\"guard\": {\"preset\": \"strict\"}}");
    String session = session(running, project());

    HookDecision push =
        done(running.gateway().preToolUse(session, "shell", shell("git push origin main"), true));

    assertThat(push.ask()).as("push: %s", push.reason()).isTrue();
    assertThat(push.reason()).startsWith("guard: git.");
  }

  @Test
  void readingAKeyIsDeniedLikeCattingIt() throws Exception {
    RunningGateway running = gateway(null);
    String session = session(running, project());
    String key = System.getProperty("user.home") + "/.ssh/id_rsa";

    HookDecision read =
        done(
            running
                .gateway()
                .preToolUse(
                    session, "read", JsonNodeFactory.instance.objectNode().put("path", key), true));

    assertThat(read.allowed()).isFalse();
    assertThat(read.reason()).startsWith("guard: secrets.ssh: ");
  }

  @Test
  void aProvidersToolIsDeniedByThePersonsPlainRule() throws Exception {
    RunningGateway running =
        gateway(
            """
            {"providers": [],
             "guard": {"rules": [{"id": "no-prod-deploy", "action": "deny", "tool": "deploy",
                                  "arg": {"env": "prod*"}}]}}
            """);
    String session = session(running, project());
    JavaProvider deployer =
        JavaProvider.builder("deployer")
            .tool(
                ToolDefinition.of(
                    "deploy",
                    "Deploys",
                    CODEC.parseJson(
                        "{\"type\":\"object\",\"properties\":{\"env\":{\"type\":\"string\"}}}")),
                (args, call) -> CompletableFuture.completedFuture(CODEC.parseJson("\"deployed\"")))
            .build();
    ProviderSession provider = LocalProviderTransport.connect(running.gateway(), deployer, session);
    toClose.add(provider);
    provider.bound().toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    done(running.gateway().providersSettled(session));

    CallResult prod =
        done(
            running
                .gateway()
                .callTool(
                    session,
                    "deploy",
                    JsonNodeFactory.instance.objectNode().put("env", "production"),
                    WAIT));
    CallResult staging =
        done(
            running
                .gateway()
                .callTool(
                    session,
                    "deploy",
                    JsonNodeFactory.instance.objectNode().put("env", "staging"),
                    WAIT));

    assertThat(prod.outcome()).isInstanceOf(ToolOutcome.Denied.class);
    assertThat(((ToolOutcome.Denied) prod.outcome()).reason()).startsWith("guard: no-prod-deploy");
    assertThat(staging.outcome()).isInstanceOf(ToolOutcome.Success.class);
  }

  @Test
  void aReloadReadsTheGuardObjectAgain() throws Exception {
    RunningGateway running = gateway("{\"providers\": []}");
    String session = session(running, project());
    HookDecision before =
        done(running.gateway().preToolUse(session, "shell", shell("make release"), true));

    Files.writeString(
        temp.resolve("providers.json"),
        """
        {"providers": [],
         "guard": {"rules": [{"id": "no-make-release", "action": "deny", "command": "make release*"}]}}
        """);
    done(running.reload(null));
    HookDecision after =
        done(running.gateway().preToolUse(session, "shell", shell("make release"), true));

    assertThat(before.allowed()).isTrue();
    assertThat(after.allowed()).isFalse();
    assertThat(after.reason()).startsWith("guard: no-make-release");
  }

  @Test
  void aProjectsBrokenGuardFileDeniesEveryCallThereUntilItIsMended() throws Exception {
    RunningGateway running = gateway(null);
    Path project = project();
    Path file = project.resolve(".provider-gateway/guard.json");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "{\"rules\": [");
    String session = session(running, project);

    HookDecision broken = done(running.gateway().preToolUse(session, "shell", shell("ls"), true));
    Files.writeString(file, "x".repeat(HomeGuard.MAX_PROJECT_FILE_BYTES + 1));
    HookDecision tooBig = done(running.gateway().preToolUse(session, "shell", shell("ls"), true));
    Files.writeString(file, "{\"preset\": \"standard\"}");
    HookDecision mended = done(running.gateway().preToolUse(session, "shell", shell("ls"), true));

    assertThat(broken.allowed()).isFalse();
    assertThat(broken.reason()).startsWith("guard: guard.unreadable: ").contains(file.toString());
    assertThat(tooBig.allowed()).isFalse();
    assertThat(tooBig.reason()).startsWith("guard: guard.unreadable: ").contains("bytes");
    assertThat(mended.allowed()).as("mended: %s", mended.reason()).isTrue();
  }

  /**
   * Issue 61: a cloned repository chooses its files. A guard file that links out of the project (to
   * a token file, owner-only) is not read; the deny says why and carries nothing of the file.
   */
  @Test
  void aProjectGuardFileLinkedOutOfTheProjectIsNotReadAndItsTargetIsNeverQuoted() throws Exception {
    RunningGateway running = gateway(null);
    Path project = project();
    Path secret = Files.writeString(temp.resolve("token"), "ghp_SECRETSECRETSECRET\n");
    Files.setPosixFilePermissions(
        secret, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    Path file = project.resolve(".provider-gateway/guard.json");
    Files.createDirectories(file.getParent());
    Files.createSymbolicLink(file, Path.of("../../token"));
    Path other = Files.createDirectories(temp.resolve("elsewhere"));
    Files.writeString(other.resolve("guard.json"), "{\"preset\": \"standard\"}");
    Path linkedFolderProject = Files.createDirectories(temp.resolve("project2")).toRealPath();
    Files.createSymbolicLink(linkedFolderProject.resolve(".provider-gateway"), other);

    HookDecision linked =
        done(running.gateway().preToolUse(session(running, project), "shell", shell("ls"), true));
    HookDecision linkedFolder =
        done(
            running
                .gateway()
                .preToolUse(session(running, linkedFolderProject), "shell", shell("ls"), true));

    assertThat(linked.allowed()).isFalse();
    assertThat(linked.reason()).startsWith("guard: guard.unreadable: ").contains("link");
    assertThat(linkedFolder.allowed()).isFalse();
    assertThat(linkedFolder.reason()).contains("outside the project");
    assertThat(linked.reason() + linkedFolder.reason()).doesNotContain("ghp_");
    assertThat(audit.toString()).doesNotContain("ghp_");
  }

  /**
   * Issue 61 (red team bp-276): the gateway's --config file lives where the person put it, and an
   * agent may neither read it (the providers' commands, their environment) nor rewrite it.
   */
  @Test
  void theGatewaysConfigFileIsNeitherReadNorWrittenByAnAgentWhereverItLives() throws Exception {
    RunningGateway running = gateway("{\"providers\": []}");
    Path config = temp.resolve("providers.json").toAbsolutePath().normalize();
    String session = session(running, project());

    HookDecision read =
        done(running.gateway().preToolUse(session, "shell", shell("cat " + config), true));
    HookDecision written =
        done(running.gateway().preToolUse(session, "shell", shell("echo '{}' > " + config), true));
    HookDecision other =
        done(
            running
                .gateway()
                .preToolUse(session, "shell", shell("cat " + temp.resolve("notes.json")), true));

    assertThat(read.allowed()).isFalse();
    assertThat(read.reason()).startsWith("guard: guard.gateway-token: ");
    assertThat(written.allowed()).isFalse();
    assertThat(written.reason()).startsWith("guard: guard.self: ");
    assertThat(other.allowed()).as("another file beside it: %s", other.reason()).isTrue();
  }

  /** Issue 61: a parse error names where, never what (Jackson's message quotes the token). */
  @Test
  void aBrokenProjectGuardFilesDenyNamesLineAndColumnAndNoneOfItsText() throws Exception {
    RunningGateway running = gateway(null);
    Path project = project();
    Path file = project.resolve(".provider-gateway/guard.json");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "{\"rules\": ghp_SECRETSECRETSECRET}");

    HookDecision broken =
        done(running.gateway().preToolUse(session(running, project), "shell", shell("ls"), true));

    assertThat(broken.allowed()).isFalse();
    assertThat(broken.reason()).contains("not valid JSON at line 1, column").doesNotContain("ghp_");
  }

  @Test
  void aHookCallWithNoSessionMeetsTheGuardFirstAndIsAuditedWithProviderGuard() throws Exception {
    gateway(null);

    String rootAnswer =
        GuardCheck.overSocket(home().resolve("hook.sock"), GuardCheck.input("rm -rf /"));
    String lsAnswer = GuardCheck.overSocket(home().resolve("hook.sock"), GuardCheck.input("ls"));

    JsonNode root = CODEC.parseJson(rootAnswer.lines().findFirst().orElseThrow());
    assertThat(root.path("hookSpecificOutput").path("permissionDecision").asText())
        .isEqualTo("deny");
    assertThat(root.path("hookSpecificOutput").path("permissionDecisionReason").asText())
        .startsWith("guard: fs.delete-root: ");
    assertThat(GuardCheck.blocks(lsAnswer.lines().findFirst().orElseThrow())).isFalse();
    assertThat(audit)
        .filteredOn(d -> d.kind() == DecisionKind.PRE_TOOL_USE && d.sessionId() == null)
        .anySatisfy(
            d -> {
              assertThat(d.outcome()).isEqualTo(Decision.Outcome.DENY);
              assertThat(d.provider()).isEqualTo("guard");
              assertThat(d.reason()).startsWith("guard: fs.delete-root: ");
            });
  }

  /** What {@code gateway args...} printed and returned, with {@code stdin}. */
  private record Run(int exit, String out, String err) {}

  private static Run run(String stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Main.run(
            args,
            new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
            out,
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of());
    return new Run(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static String bash(String cwd, String command) {
    return "{\"cwd\":\""
        + cwd
        + "\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\""
        + command
        + "\"}}";
  }

  /**
   * Decision 76 (issue 62): with no gateway and no configuration, the guard decides: its deny names
   * its rule and that the gateway is not running, and what it allows (no recorded gate concerning
   * it) runs, so the first call of the day is not refused by a connection error.
   */
  @Test
  void withNoGatewayTheGuardDecidesItsDenyNamingItsRuleAndWhatItAllowsRuns() throws Exception {
    Path home = home();

    Run root = run(bash("/nonexistent/p", "rm -rf /"), "hook", "claude", "--home", home.toString());
    Run ls = run(bash("/nonexistent/p", "ls"), "hook", "claude", "--home", home.toString());

    JsonNode rootAnswer = CODEC.parseJson(root.out().strip());
    assertThat(rootAnswer.path("hookSpecificOutput").path("permissionDecision").asText())
        .isEqualTo("deny");
    assertThat(rootAnswer.path("hookSpecificOutput").path("permissionDecisionReason").asText())
        .startsWith("guard: fs.delete-root: ")
        .contains("not running");
    assertThat(GuardCheck.blocks(ls.out().strip())).as("stderr: %s", ls.err()).isFalse();
    assertThat(ls.err())
        .contains("not running")
        .contains("no gate the home's record holds concerns this call, and the guard allows it");
  }

  /**
   * Issue 78: what the hook decided while no gateway ran is in no record until a gateway runs; the
   * hook keeps it in the home's spool, and the next gateway puts it in its audit trail (and before
   * its listeners), naming the agent, the rule and that no gateway ran; the spool is gone.
   */
  @Test
  void whatTheHookDecidedWithNoGatewayIsInTheNextGatewaysTrail() throws Exception {
    Path home = home();
    run(bash("/nonexistent/p", "rm -rf /"), "hook", "claude", "--home", home.toString());
    Path spool = home.resolve("logs").resolve(io.github.providergateway.app.home.HookSpool.FILE);
    assertThat(spool).exists();

    gateway(null);

    assertThat(audit)
        .filteredOn(d -> "NO_GATEWAY".equals(d.code()))
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.kind()).isEqualTo(DecisionKind.PRE_TOOL_USE);
              assertThat(d.outcome()).isEqualTo(Decision.Outcome.DENY);
              assertThat(d.agent()).isEqualTo("claude");
              assertThat(d.tool()).isEqualTo("shell");
              assertThat(d.reason()).startsWith("guard: fs.delete-root: ").contains("not running");
              assertThat(d.gates())
                  .singleElement()
                  .satisfies(g -> assertThat(g.gateId()).isEqualTo("fs.delete-root"));
            });
    assertThat(spool).doesNotExist();
    io.github.providergateway.loop.testing.Await.until(
        WAIT,
        () ->
            Files.readString(home.resolve("logs").resolve("audit.jsonl"))
                .contains("\"NO_GATEWAY\""),
        () -> "the hook's record in audit.jsonl");
  }

  @Test
  void theJvmHookAskingARunningGatewayMeetsTheGuardForACallWithNoSession() throws Exception {
    gateway(null);

    Run root =
        run(bash("/nonexistent/p", "rm -rf /"), "hook", "claude", "--home", home().toString());
    Run ls = run(bash("/nonexistent/p", "ls"), "hook", "claude", "--home", home().toString());

    JsonNode rootAnswer = CODEC.parseJson(root.out().strip());
    assertThat(rootAnswer.path("hookSpecificOutput").path("permissionDecisionReason").asText())
        .as("stderr: %s", root.err())
        .startsWith("guard: fs.delete-root: ")
        .doesNotContain("not running");
    assertThat(GuardCheck.blocks(ls.out().strip())).as("stderr: %s", ls.err()).isFalse();
  }

  @Test
  void withNoGatewayThePersonsGuardSettingsStillDecide() throws Exception {
    Path home = home();
    Path config =
        Files.writeString(
            temp.resolve("providers.json"),
            """
            {"guard": {"rules": [{"id": "no-make-release", "action": "deny",
                                  "command": "make release*"}]}}
            """);
    new io.github.providergateway.host.client.HomeSettings(null, config, false).write(home);

    Run release =
        run(bash("/nonexistent/p", "make release"), "hook", "claude", "--home", home.toString());

    assertThat(release.out()).contains("guard: no-make-release");
  }

  @Test
  void explainShowsTheParseTheRulesAndTheDecisionWithItsExitCode() throws Exception {
    Path home = home();
    Path project = project();

    Run root = explain(home, project, "rm -rf /");
    Run ls = explain(home, project, "ls");
    Run json =
        run(
            "",
            "guard",
            "explain",
            "--tool",
            "read",
            "--path",
            System.getProperty("user.home") + "/.ssh/id_rsa",
            "--json",
            "--home",
            home.toString(),
            "--project",
            project.toString());

    assertThat(root.exit()).as("stderr: %s", root.err()).isEqualTo(GuardCommand.EXIT_DENY);
    assertThat(root.out()).contains("parse:", "rm", "matched:", "fs.delete-root", "decision: deny");
    assertThat(ls.exit()).as("stderr: %s", ls.err()).isEqualTo(GuardCommand.EXIT_ALLOW);
    assertThat(ls.out()).contains("decision: allow");
    JsonNode explained = CODEC.parseJson(json.out().strip());
    assertThat(json.exit()).isEqualTo(GuardCommand.EXIT_DENY);
    assertThat(explained.path("decision").asText()).isEqualTo("deny");
    assertThat(explained.path("rule").asText()).isEqualTo("secrets.ssh");
  }

  /**
   * Issue 64: explain says which boundary holds a call, the guard reading the command or the
   * agent's own sandbox confining what its programs do, for each path the command names.
   */
  @Test
  void explainSaysWhichBoundaryHoldsTheCall() throws Exception {
    Path home = home();
    Path project = project();
    String user = System.getProperty("user.home");

    assertThat(explain(home, project, "rm -rf ~/work").out())
        .contains(user + "/work: readable, NOT writable there")
        .contains("held by:  both: the guard (deny, fs.delete-outside-project), and the sandbox");
    assertThat(explain(home, project, "sh scripts/check.sh").out())
        .contains("every program it starts writes only in the project")
        .contains("held by:  the sandbox, for what the programs it starts do: the guard allows");
    assertThat(explain(home, project, "git push --force origin main").out())
        .contains("held by:  the guard (deny, git.push-force) alone");
    assertThat(explain(home, project, "cp ~/.ssh/id_ed25519 ./k").out())
        .contains(user + "/.ssh/id_ed25519: NOT readable, NOT writable there");
    Run read =
        run(
            "",
            "guard",
            "explain",
            "--tool",
            "read",
            "--path",
            user + "/.ssh/id_rsa",
            "--json",
            "--home",
            home.toString(),
            "--project",
            project.toString());
    assertThat(CODEC.parseJson(read.out().strip()).at("/boundaries/heldBy").asText())
        .isEqualTo("the guard (deny, secrets.ssh) alone");
  }

  private static Run explain(Path home, Path project, String command) {
    return run(
        "",
        "guard",
        "explain",
        command,
        "--home",
        home.toString(),
        "--project",
        project.toString());
  }

  @Test
  void explainReadsTheProjectsOwnFileAndABrokenOneDenies() throws Exception {
    Path home = home();
    Path project = project();
    Files.createDirectories(project.resolve(".provider-gateway"));
    Files.writeString(project.resolve(".provider-gateway/guard.json"), "not json");

    Run ls = explain(home, project, "ls");

    assertThat(ls.exit()).isEqualTo(GuardCommand.EXIT_DENY);
    assertThat(ls.out()).contains("guard.unreadable");
  }

  @Test
  void explainWithoutACommandIsABadCommandLine() throws Exception {
    Run none = run("", "guard", "explain", "--home", home().toString());
    Run edit = run("", "guard", "explain", "--tool", "edit", "--home", home().toString());

    assertThat(none.exit()).isEqualTo(ExitCodes.USAGE);
    assertThat(edit.exit()).isEqualTo(ExitCodes.USAGE);
    assertThat(edit.err()).contains("--path");
  }

  @Test
  void guardTestRunsTheCanaryThroughTheRunningGatewaysHookPaths() throws Exception {
    RunningGateway running = gateway(null);

    Run test = run("", "guard", "test", "--home", home().toString());

    assertThat(test.out())
        .contains(
            "socket: 'rm -rf /' blocked (as expected)",
            "socket: 'ls' allowed (as expected)",
            "http: 'rm -rf /' blocked (as expected)",
            "http: 'ls' allowed (as expected)");
    assertThat(test.out()).doesNotContainPattern("\n  (socket|http): '[^']*' came back");
    assertThat(test.exit())
        .as("out: %s", test.out())
        .isEqualTo(test.out().contains("\n  corpus: ") ? GuardCommand.EXIT_MISSED : 0);
    assertThat(io.github.providergateway.agent.tokens.ClientTokens.hooks(home()).clients())
        .as("the canary's hook token is revoked")
        .doesNotContain(GuardCheck.CANARY_CLIENT);
    assertThat(running.port()).isPositive();
  }

  @Test
  void guardTestFailsWhenACanaryComesBackOtherwiseThanExpected() throws Exception {
    gateway("{\"guard\": {\"preset\": \"off\"}}");

    Run test = run("", "guard", "test", "--home", home().toString());

    assertThat(test.out())
        .contains(
            "corpus: ",
            "(preset off,",
            "socket: 'rm -rf /' allowed (EXPECTED blocked)",
            "http: 'rm -rf /' allowed (EXPECTED blocked)");
    assertThat(test.exit()).isEqualTo(GuardCommand.EXIT_MISSED);
  }

  @Test
  void guardTestWithNoGatewaySaysTheHookPathsWereNotChecked() throws Exception {
    Run test = run("", "guard", "test", "--home", home().toString());

    assertThat(test.out()).contains("no gateway running for", "hook paths not checked");
  }
}
