package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.home.HomeLock;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.testing.FakeGateway;
import io.github.providergateway.host.testing.RecordingRelay;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.protocol.SessionInfo;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gateway hook claude|copilot} fed the agents' documented pre-tool-use payloads ({@code
 * src/test/resources/hooks}), against a real gateway (WebSocket server, host endpoint) and a real
 * provider on the wire ({@link WsProvider}) that gates {@code git push} in tool {@code shell} as
 * examples/node/guardrail.mjs does. The adapter runs as the jar runs it ({@link Main#run}), on a
 * thread of its own, while the test answers the provider's gate checks.
 */
class HookAdapterTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The {@code cwd} of the recorded payloads: the agent's working directory. */
  private static final String AGENT_CWD = "/home/dev/project";

  private static final String GUARDRAIL_RULES =
      "\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"shell\",\"args\":\"git push\"},"
          + "\"action\":\"gate\",\"gateId\":\"ci-green\"%s}]}";
  private static final String CI_RED = "CI is red on this branch. Fix the tests first.";

  @TempDir Path home;
  private RunningGateway running;
  private final List<AutoCloseable> toClose = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    for (AutoCloseable closeable : toClose) {
      closeable.close();
    }
    if (running != null) {
      running.close();
    }
  }

  /** A gateway with the agent's session (cwd {@link #AGENT_CWD}) and ci-guard bound to it. */
  private WsProvider gatewayWithGuard(String gateOptions) throws Exception {
    return gatewayWithGuard(gateOptions, "");
  }

  /** As {@link #gatewayWithGuard(String)}, ci-guard's hello carrying {@code helloFields} too. */
  private WsProvider gatewayWithGuard(String gateOptions, String helloFields) throws Exception {
    return gatewayWithRules(String.format(GUARDRAIL_RULES, gateOptions) + helloFields);
  }

  /** A gateway with the agent's session and ci-guard bound to it with {@code helloFields}. */
  private WsProvider gatewayWithRules(String helloFields) throws Exception {
    running =
        RunningGateway.start(
            Main.options(Map.of(), "--rpc", "--home", home.toString(), "--port", "0"),
            new GatewayListener() {});
    SessionInfo session =
        running
            .gateway()
            .startSession(SessionSpec.of("claude-code", AGENT_CWD), new RecordingSessionHost())
            .get(10, TimeUnit.SECONDS);
    WsProvider guard =
        WsProvider.bound(
            running.url(),
            running.gateway().credentials().providerToken(),
            session.id(),
            "ci-guard",
            helloFields);
    toClose.add(guard);
    awaitRecordMentions("ci-green");
    return guard;
  }

  /** What one adapter run printed and returned. */
  private record Run(int exitCode, String out, String err) {
    JsonNode answer() throws IOException {
      return JSON.readTree(out);
    }
  }

  /** The command line of {@code gateway hook AGENT} in this home, on the running gateway's port. */
  private String[] hookArgs(String agent, String... options) {
    List<String> args = new ArrayList<>(List.of("hook", agent, "--home", home.toString()));
    if (running != null && !List.of(options).contains("--port")) {
      args.addAll(List.of("--port", Integer.toString(running.port())));
    }
    args.addAll(List.of(options));
    return args.toArray(String[]::new);
  }

  private CompletableFuture<Run> hook(String agent, InputStream stdin, String... options) {
    String[] args = hookArgs(agent, options);
    return CompletableFuture.supplyAsync(
        () -> {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          ByteArrayOutputStream err = new ByteArrayOutputStream();
          int code =
              Main.run(
                  args, stdin, out, new PrintStream(err, true, StandardCharsets.UTF_8), Map.of());
          return new Run(
              code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        });
  }

  private CompletableFuture<Run> hook(String agent, String payload, String... options) {
    return hook(agent, getClass().getResourceAsStream("/hooks/" + payload), options);
  }

  private static Run done(CompletableFuture<Run> run) throws Exception {
    return run.get(RpcApp.WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Reads the next {@code gate.check} and answers it with {@code decision} and {@code reason}. */
  private static JsonNode answerGate(WsProvider guard, String decision, String reason) {
    JsonNode check = guard.next("gate.check");
    guard.send(
        "{\"type\":\"gate.result\",\"gateId\":\"ci-green\",\"callId\":\""
            + check.get("callId").asText()
            + "\",\"decision\":\""
            + decision
            + "\",\"reason\":\""
            + reason
            + "\"}");
    return check;
  }

  private void awaitRecordMentions(String text) throws Exception {
    awaitRecordMentions(home, text);
  }

  /** Waits until the gateway of {@code home} has written {@code text} into its record of gates. */
  static void awaitRecordMentions(Path home, String text) {
    Path record = home.resolve("hook-gates.json");
    Await.until(
        RpcApp.WAIT,
        () -> Files.exists(record) && Files.readString(record).contains(text),
        () -> record + " mentions " + text);
  }

  // ---- the gateway answers ----

  @Test
  void claudesGitPushIsDeniedWithTheGatesReason() throws Exception {
    WsProvider guard = gatewayWithGuard("");

    CompletableFuture<Run> run = hook("claude", "claude-bash-git-push.json");
    JsonNode check = answerGate(guard, "deny", CI_RED);
    Run result = done(run);

    // The gate saw the agent's Bash call as the guardrail's rule expects it.
    assertThat(check.get("tool").asText()).isEqualTo("shell");
    assertThat(check.get("args").toString()).isEqualTo("{\"command\":\"git push origin main\"}");
    assertThat(result.exitCode()).isZero();
    JsonNode out = result.answer().get("hookSpecificOutput");
    assertThat(out.get("hookEventName").asText()).isEqualTo("PreToolUse");
    assertThat(out.get("permissionDecision").asText()).isEqualTo("deny");
    assertThat(out.get("permissionDecisionReason").asText()).isEqualTo(CI_RED);
  }

  @Test
  void claudesGitPushGoesAheadWhenTheGateAllowsWithoutApprovingItForTheUser() throws Exception {
    WsProvider guard = gatewayWithGuard("");

    CompletableFuture<Run> run = hook("claude", "claude-bash-git-push.json");
    answerGate(guard, "context", "CI is green.");
    Run result = done(run);

    assertThat(result.exitCode()).isZero();
    JsonNode out = result.answer().get("hookSpecificOutput");
    // No "allow": that would skip Claude Code's own permission prompt.
    assertThat(out.has("permissionDecision")).isFalse();
    assertThat(out.get("additionalContext").asText()).isEqualTo("CI is green.");
    assertThat(result.err()).contains("allow");
  }

  /** The guard opted into gate.args; {@code args} is its replacement for the checked call. */
  private static void rewriteGate(WsProvider guard, String args) {
    JsonNode check = guard.next("gate.check");
    guard.send(
        "{\"type\":\"gate.result\",\"gateId\":\"ci-green\",\"callId\":\""
            + check.get("callId").asText()
            + "\",\"decision\":\"allow\",\"args\":"
            + args
            + "}");
  }

  @Test
  void aGatesRewriteIsClaudesUpdatedInputAndCopilotsModifiedArgsWithTheFieldsTheGateNeverSaw()
      throws Exception {
    WsProvider guard = gatewayWithGuard("", ",\"extensions\":[\"gate.args\"]");
    String dryRun = "{\"command\":\"git push --dry-run origin main\"}";

    CompletableFuture<Run> claude = hook("claude", "claude-bash-git-push.json");
    rewriteGate(guard, dryRun);
    Run claudes = done(claude);
    CompletableFuture<Run> copilot = hook("copilot", "copilot-bash-git-push.json");
    rewriteGate(guard, dryRun);
    Run copilots = done(copilot);

    JsonNode out = claudes.answer().get("hookSpecificOutput");
    assertThat(out.get("permissionDecision").asText())
        .as("the person sees the rewritten call")
        .isEqualTo("ask");
    assertThat(out.get("updatedInput"))
        .isEqualTo(
            JSON.readTree(
                "{\"command\":\"git push --dry-run origin main\",\"description\":\"Push the branch to origin\",\"timeout\":120000}"));
    assertThat(claudes.err()).contains("allow").contains("rewrote");
    assertThat(copilots.answer().get("permissionDecision").asText()).isEqualTo("ask");
    assertThat(copilots.answer().get("modifiedArgs"))
        .isEqualTo(
            JSON.readTree(
                "{\"command\":\"git push --dry-run origin main\",\"description\":\"Push the branch\"}"));
  }

  @Test
  void aGateThatAsksThePersonIsClaudesAndCopilotsAskWithItsQuestionAndTheGatewayAsksNobody()
      throws Exception {
    WsProvider guard = gatewayWithGuard("", ",\"extensions\":[\"gate.ask\"]");

    CompletableFuture<Run> claude = hook("claude", "claude-bash-git-push.json");
    answerGate(guard, "ask", "Push to main while the release is frozen?");
    Run claudes = done(claude);
    CompletableFuture<Run> copilot = hook("copilot", "copilot-bash-git-push.json");
    answerGate(guard, "ask", "Push to main while the release is frozen?");
    Run copilots = done(copilot);

    JsonNode out = claudes.answer().get("hookSpecificOutput");
    assertThat(out.get("permissionDecision").asText()).isEqualTo("ask");
    assertThat(out.get("permissionDecisionReason").asText())
        .isEqualTo("Push to main while the release is frozen?");
    assertThat(out.has("updatedInput")).isFalse();
    assertThat(claudes.err()).contains(": ask: ").contains("a gate asks the person");
    assertThat(copilots.answer().get("permissionDecision").asText()).isEqualTo("ask");
    assertThat(copilots.answer().get("permissionDecisionReason").asText())
        .isEqualTo("Push to main while the release is frozen?");
  }

  @Test
  void aCommandTheRulesDoNotMatchIsAllowedWithoutAskingTheGate() throws Exception {
    WsProvider guard = gatewayWithGuard("");

    Run result = done(hook("claude", "claude-bash-ls.json"));

    assertThat(result.exitCode()).isZero();
    assertThat(result.answer().get("hookSpecificOutput").has("permissionDecision")).isFalse();
    assertThat(guard.receivedNoneBeforeAnAnswer("gate.check")).isTrue();
  }

  @Test
  void anEditIsCheckedAsToolEditAndTheShellGateDoesNotApply() throws Exception {
    WsProvider guard = gatewayWithGuard("");

    Run result = done(hook("claude", "claude-edit.json"));

    assertThat(result.exitCode()).isZero();
    assertThat(result.answer().get("hookSpecificOutput").has("permissionDecision")).isFalse();
    assertThat(result.err()).contains("tool edit");
    assertThat(guard.receivedNoneBeforeAnAnswer("gate.check")).isTrue();
  }

  @Test
  void copilotsGitPushIsDeniedInCopilotsFormat() throws Exception {
    WsProvider guard = gatewayWithGuard("");

    CompletableFuture<Run> run = hook("copilot", "copilot-bash-git-push.json");
    JsonNode check = answerGate(guard, "deny", CI_RED);
    Run result = done(run);

    assertThat(check.get("args").toString()).isEqualTo("{\"command\":\"git push origin main\"}");
    assertThat(result.exitCode()).isZero();
    assertThat(result.answer().get("permissionDecision").asText()).isEqualTo("deny");
    assertThat(result.answer().get("permissionDecisionReason").asText()).isEqualTo(CI_RED);
  }

  @Test
  void aCallFromADirectoryWithoutASessionIsAllowedAndStderrSaysWhy() throws Exception {
    gatewayWithGuard("");
    String elsewhere =
        Files.readString(resource("claude-bash-git-push.json"))
            .replace(AGENT_CWD, "/home/dev/other-project");

    Run result = done(hook("claude", stdin(elsewhere)));

    assertThat(result.answer().get("hookSpecificOutput").has("permissionDecision")).isFalse();
    assertThat(result.err()).contains("no gateway session holds /home/dev/other-project");
  }

  // ---- the gateway cannot answer ----

  /**
   * Issue 43, then decision 76 (issue 62): with no gateway answering, a call a gate the home's
   * record holds concerns is denied (the gate cannot be checked), saying the gateway is down, which
   * gate the call would meet and how to start it; a call no recorded gate concerns is the guard's
   * to decide, once every configured provider has left its gates in the record.
   */
  @Test
  void withNoGatewayAGatedCallIsDeniedNamingItsGateAndAnUngatedOneIsTheGuards() throws Exception {
    gatewayWithGuard("");
    crash();

    Run push = done(hook("claude", "claude-bash-git-push.json"));
    Run ls = done(hook("claude", "claude-bash-ls.json"));

    assertThat(push.exitCode()).isZero();
    JsonNode out = push.answer();
    assertThat(out.at("/hookSpecificOutput/permissionDecision").asText())
        .as("the hook's output: %s", push.out().strip())
        .isEqualTo("deny");
    assertThat(out.at("/hookSpecificOutput/permissionDecisionReason").asText())
        .as("the hook's output: %s", push.out().strip())
        .contains("the provider gateway is not running")
        .contains("so the gates it held cannot be checked")
        .contains("this one would meet ci-guard's gate 'ci-green'")
        .contains("Start it with '")
        .contains(" --detached'");
    assertThat(push.err()).contains("deny").contains("provider gateway is not running");
    assertThat(ls.answer().at("/hookSpecificOutput/permissionDecision").isMissingNode())
        .as("no gate concerns ls, and the guard allows it: %s", ls.err())
        .isTrue();
    assertThat(ls.err()).contains("the guard allows it").doesNotContain("would meet");
  }

  /** A fail-open gate says what its provider wants when it cannot be asked: the guard decides. */
  @Test
  void withNoGatewayACallOnlyAFailOpenGateConcernsIsTheGuards() throws Exception {
    gatewayWithGuard(",\"failOpen\":true");
    crash();

    Run push = done(hook("copilot", "copilot-bash-git-push.json"));
    Run force = done(hook("copilot", "copilot-bash-git-push-force.json"));

    assertThat(push.exitCode()).isZero();
    assertThat(push.answer().path("permissionDecision").isMissingNode())
        .as("allowed: %s", push.err())
        .isTrue();
    assertThat(push.err()).contains("the guard allows it");
    assertThat(force.answer().path("permissionDecision").asText())
        .as("the guard's own rule still holds: %s", force.err())
        .isIn("deny", "ask");
  }

  /**
   * Decision 76: a provider of the home's configuration that has never run in this home left no
   * gates in the record; with no gateway, a call the guard allows is denied, naming it.
   */
  @Test
  void withNoGatewayAConfiguredProviderWhoseGatesAreUnknownDeniesWhatTheGuardAllows()
      throws Exception {
    Path config =
        Files.writeString(
            home.resolve("providers.json"),
            "{\"providers\":[{\"name\":\"ci-guard\",\"transport\":\"stdio\","
                + "\"command\":[\"true\"]}]}");
    io.github.providergateway.host.client.HomeSettings.NONE.withConfig(config, false).write(home);

    Run result = done(hook("claude", "claude-bash-ls.json", "--port", "1"));

    assertThat(result.answer().at("/hookSpecificOutput/permissionDecision").asText())
        .isEqualTo("deny");
    assertThat(result.err())
        .contains("the gates of ci-guard (in the home's configuration) are not known");
  }

  /**
   * Issue 32, finding 9, now with the gates a restarted gateway holds (issue 43): the held rules'
   * regexes are bounded in steps as the gateway's are, so a pattern that backtracks without end on
   * the command counts as matched (fail safe) at once, and one that finishes decides by what it
   * found, however busy the machine.
   */
  @Test
  void heldRulesRegexesRunWithinTheGatewaysStepsAndFailSafe() throws Exception {
    gatewayWithRules(
        "\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"shell\",\"args\":\"(x+x+)+y\"},"
            + "\"action\":\"gate\",\"gateId\":\"ci-green\"}]}");
    crash();
    restartWithTheAgentsSession();
    String payload =
        "{\"cwd\":\""
            + AGENT_CWD
            + "\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\","
            + "\"tool_input\":{\"command\":\"%s\"}}";

    Run backtracking =
        done(hook("claude", stdin(String.format(payload, "echo " + "x".repeat(5_000)))));
    Run finishing = done(hook("claude", stdin(String.format(payload, "ls -la"))));

    assertThat(backtracking.answer().at("/hookSpecificOutput/permissionDecision").asText())
        .isEqualTo("deny");
    assertThat(backtracking.err())
        .as("matched by running out of steps, not cut off by a clock")
        .contains("ci-guard's gate 'ci-green' is held for " + AGENT_CWD)
        .doesNotContain("too long");
    assertThat(finishing.answer().at("/hookSpecificOutput/permissionDecision").isMissingNode())
        .as("allowed")
        .isTrue();
    assertThat(finishing.err()).contains("the providers allow it").contains("allow");
  }

  /**
   * Issue 33: a gateway that accepted the connection and then stays silent is there, stuck; its
   * record is for "no gateway at all". So the call is denied even where the record would allow it
   * (the gate fails open).
   */
  @Test
  void aGatewayThatAcceptsButDoesNotDecideInTimeIsDeniedNotLeftToTheRecord() throws Exception {
    gatewayWithGuard(",\"failOpen\":true");

    // Real time, bounded: the adapter's own deadline (2 s, issue 76: the whole bound; the gateway
    // has what is left of it less 0.2 s) against a real gateway whose gate provider stays silent
    // (the gateway itself
    // would decide after its 5 s gate timeout). On a loaded machine the deadline may fall in the
    // handshake rather than the gate, or the bound's own deny come first: denied either way.
    Run result = done(hook("claude", "claude-bash-git-push.json", "--timeout", "2s"));

    JsonNode out = result.answer().get("hookSpecificOutput");
    assertThat(out.get("permissionDecision").asText()).isEqualTo("deny");
    assertThat(out.get("permissionDecisionReason").asText())
        .containsAnyOf(
            "accepted the connection but did not decide within ",
            "accepted the connection but did not answer within ",
            "could not decide within 2 s on this machine")
        .doesNotContain("fails open");
  }

  /**
   * Issue 33: a port nothing listens on is a gateway that is not running, known at once, whatever
   * the connect timeout: the record decides without waiting it out (a minute here, so that a wait
   * could not go unnoticed).
   */
  @Test
  void aPortThatRefusesIsNoGatewayAtOnceWithoutWaitingOutTheConnectTimeout() throws Exception {
    gatewayWithGuard("");
    int port = running.port();
    killNine(); // the token file stays, as after kill -9: only the port says nobody is there

    CompletableFuture<Run> run =
        hook(
            "claude",
            "claude-bash-git-push.json",
            "--port",
            Integer.toString(port),
            "--connect-timeout",
            "60s",
            "--timeout",
            "60s");
    Run result = run.get(30, TimeUnit.SECONDS);

    JsonNode out = result.answer();
    assertThat(out.at("/hookSpecificOutput/permissionDecision").asText())
        .as("the hook's output: %s", result.out().strip())
        .isEqualTo("deny");
    assertThat(out.at("/hookSpecificOutput/permissionDecisionReason").asText())
        .as("the hook's output: %s", result.out().strip())
        .contains("provider gateway not running (port " + port + ": Connection refused)")
        .contains("would meet ci-guard's gate 'ci-green'");
  }

  /**
   * Issue 43: a gateway whose record says it is starting (an agent's {@code gateway mcp} started
   * it; its process lives and holds the home's lock) is waited for, and asked once it listens,
   * rather than denied.
   */
  @Test
  void aGatewayItsRecordSaysIsStartingIsWaitedForAndAsked() throws Exception {
    Files.createDirectories(home);
    Path record =
        Files.writeString(
            home.resolve("hook-gates.json"),
            "{\"version\":2,\"gateway\":{\"state\":\"starting\",\"pid\":"
                + ProcessHandle.current().pid()
                + ",\"since\":\"2026-11-26T08:00:00Z\"},\"sessions\":[],\"configured\":[],"
                + "\"held\":[]}");
    Files.setPosixFilePermissions(record, PosixFilePermissions.fromString("rw-------"));
    int port = io.github.providergateway.gateway.testing.FreePorts.pick();

    // A starting gateway holds the home's lock from before its record names it (HomeLock): this
    // JVM plays it, and hands the lock to the gateway it then starts.
    FileChannel lockFile =
        FileChannel.open(
            home.resolve(HomeLock.FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock lock = lockFile.tryLock();

    CompletableFuture<Run> run =
        hook("claude", "claude-bash-ls.json", "--port", Integer.toString(port));
    awaitAHookWaitingForAStartingGateway(); // it met no gateway first
    lock.release();
    lockFile.close();
    running =
        RunningGateway.start(
            Main.options(
                Map.of(), "--rpc", "--home", home.toString(), "--port", Integer.toString(port)),
            new GatewayListener() {});
    Run result = done(run);

    assertThat(result.answer().at("/hookSpecificOutput/permissionDecision").isMissingNode())
        .as("asked, and allowed: %s", result.err())
        .isTrue();
    assertThat(result.err()).contains("no gateway session holds");
  }

  /**
   * Waits until a hook of this JVM waits for a starting gateway: a thread in the adapter's {@code
   * LiveGatewayVerdict.awaitListening}, where a hook goes only once it has met no gateway and read
   * in the record that one is starting.
   */
  private static void awaitAHookWaitingForAStartingGateway() {
    String verdict = "io.github.providergateway.agent.hook.LiveGatewayVerdict";
    Await.until(
        RpcApp.WAIT,
        () ->
            Thread.getAllStackTraces().values().stream()
                .flatMap(Arrays::stream)
                .anyMatch(
                    frame ->
                        frame.getClassName().equals(verdict)
                            && frame.getMethodName().equals("awaitListening")),
        () -> "a hook waiting for a starting gateway (a thread in " + verdict + ".awaitListening)");
  }

  /**
   * The first call of the day (issue 62, decision 76): no gateway has run for the home, nothing is
   * configured, and the guard allows the call: it runs, and stderr says why.
   */
  @Test
  void withNoGatewayAndNoRecordTheGuardDecidesSayingNoneHasRunYet() throws Exception {
    Run push = done(hook("claude", "claude-bash-git-push.json", "--port", "1"));
    Run root = done(hook("claude", "claude-bash-rm-rf-root.json", "--port", "1"));

    assertThat(push.answer().at("/hookSpecificOutput/permissionDecision").isMissingNode())
        .as("allowed: %s", push.err())
        .isTrue();
    assertThat(push.err())
        .contains("provider gateway not running")
        .contains("no gateway has run for " + home + " yet")
        .contains("the guard allows it");
    assertThat(root.answer().at("/hookSpecificOutput/permissionDecision").asText())
        .isEqualTo("deny");
    assertThat(root.err()).contains("fs.delete-root");
  }

  // ---- who the adapter believes (issue 32) ----

  /**
   * Finding 4: a holder of a front-door client token opens an MCP session over HTTP named {@code
   * claude}, with the agent's project as its root, after the agent's own session. The hook still
   * asks the agent's session, whose gate decides.
   */
  @Test
  void aFrontDoorClientsSessionNamedAfterTheAgentAtItsCwdIsNotTheAgentsSession() throws Exception {
    WsProvider guard = gatewayWithGuard("");
    toClose.add(decoy());

    CompletableFuture<Run> run = hook("claude", "claude-bash-git-push.json");
    answerGate(guard, "deny", CI_RED);
    Run result = done(run);

    JsonNode out = result.answer().get("hookSpecificOutput");
    assertThat(out.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(out.path("permissionDecisionReason").asText()).isEqualTo(CI_RED);
    assertThat(result.err()).contains("(claude-code)");
  }

  /**
   * Finding 4, in the record: it keeps no front-door client's session, so what a restarted gateway
   * holds, and what a hook reads while none runs, is the agent's session's alone.
   */
  @Test
  void theRecordKeepsNoFrontDoorClientsSession() throws Exception {
    gatewayWithGuard("");
    toClose.add(decoy());
    // The record is written in event order: once it has a later session, it has seen the decoy's.
    running
        .gateway()
        .startSession(SessionSpec.of("later", "/elsewhere"), new RecordingSessionHost())
        .get(10, TimeUnit.SECONDS);
    awaitRecordMentions("/elsewhere");

    assertThat(
            io.github.providergateway.agent.hook.HookGateRecord.read(home).sessions().stream()
                .map(io.github.providergateway.agent.hook.HookGateRecord.Entry::label))
        .containsExactly("claude-code", "later");
  }

  /**
   * Finding 5: the gateway is killed (its token file stays behind) and another program listens on
   * its port, saying {@code ok} to everything and offering a session of the agent's cwd that allows
   * the call. It cannot prove it holds the home's token, so the adapter follows the record, whose
   * gate fails closed; and it never sees the token.
   */
  @Test
  void
      aProcessOnTheDeadGatewaysPortThatCannotProveItHoldsTheTokenIsNotBelievedAndNeverGetsTheToken()
          throws Exception {
    gatewayWithGuard("");
    String token = Files.readString(home.resolve(".provider-token")).strip();
    int port = running.port();
    killNine();
    FakeGateway fake =
        FakeGateway.start(
            port,
            FakeGateway.okToEverything(
                "host.auth",
                    "\"reclaimToken\":\"hrt-x\",\"reclaimed\":[],\"protocolVersion\":2,\"gatewayId\":\"gw-fake\"",
                "sessions.list",
                    "\"sessions\":[{\"id\":\"s-fake\",\"label\":\"claude\",\"cwd\":\""
                        + AGENT_CWD
                        + "\"}]",
                "hook.preToolUse", "\"decision\":{\"permission\":\"allow\",\"context\":[]}"));
    toClose.add(fake);

    Run result =
        done(hook("claude", "claude-bash-git-push.json", "--port", Integer.toString(port)));

    JsonNode out = result.answer().get("hookSpecificOutput");
    assertThat(out.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(out.path("permissionDecisionReason").asText())
        .contains("not the gateway of " + home)
        .contains("would meet ci-guard's gate 'ci-green'");
    assertThat(result.err()).contains("deny").contains("not the gateway of " + home);
    assertThat(fake.received())
        .as("what the fake heard")
        .isNotEmpty()
        .noneMatch(text -> text.contains(token));
  }

  /**
   * The review of issue 32: the port the adapter dials ({@code --port}, no port file) is held by a
   * process that relays to the live gateway on its own port. The gateway's proof is for its own
   * port, so the adapter does not believe it: the record decides (the gate fails closed), and the
   * relay never sees the token or the call.
   */
  @Test
  void aProcessOnThePortTheHookDialsThatRelaysToTheLiveGatewayIsNotBelievedAndNeverGetsTheToken()
      throws Exception {
    gatewayWithGuard("");
    String token = running.gateway().credentials().providerToken();
    // Every gateway writes its port file now; without it the adapter dials --port, the relay's.
    Files.delete(home.resolve("gateway.port"));
    RecordingRelay relay = RecordingRelay.start(running.port());
    toClose.add(relay);

    Run result =
        done(hook("claude", "claude-bash-git-push.json", "--port", Integer.toString(relay.port())));

    JsonNode out = result.answer().get("hookSpecificOutput");
    assertThat(out.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(out.path("permissionDecisionReason").asText())
        .contains("relays to the gateway at 127.0.0.1:" + running.port())
        .contains("would meet ci-guard's gate 'ci-green'");
    assertThat(relay.fromGateway())
        .as("the live gateway answered the relayed challenge")
        .anyMatch(text -> text.contains("\"proof\""));
    assertThat(relay.fromHost())
        .as("what the hook sent through the relay")
        .isNotEmpty()
        .noneMatch(text -> text.contains(token) || text.contains("git push"));
  }

  /** Finding 8: a record in a home other users may write is refused, and the call denied. */
  @Test
  void aRecordInAHomeOtherUsersMayWriteIsRefusedAndTheCallDenied() throws Exception {
    Files.writeString(home.resolve("hook-gates.json"), "{\"version\":1,\"sessions\":[]}");
    Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxrwxrwx"));

    Run result = done(hook("claude", "claude-bash-git-push.json", "--port", "1"));

    JsonNode out = result.answer().get("hookSpecificOutput");
    assertThat(out.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(out.path("permissionDecisionReason").asText())
        .contains(home.toString())
        .contains("writable by other users")
        .contains("chmod go-w " + home);
  }

  /** Finding 8: a token file other users could have written is refused, and the call denied. */
  @Test
  void aTokenFileOtherUsersCouldHaveWrittenIsRefusedAndTheCallDenied() throws Exception {
    gatewayWithGuard("");
    Path tokenFile = home.resolve(".provider-token");
    Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-rw-rw-"));

    Run result = done(hook("claude", "claude-bash-ls.json"));

    JsonNode out = result.answer().get("hookSpecificOutput");
    assertThat(out.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(out.path("permissionDecisionReason").asText())
        .contains(tokenFile.toString())
        .contains("chmod go-w " + tokenFile);
  }

  /**
   * An MCP session over HTTP, opened with a front-door client token by a program that names itself
   * {@code claude} and offers the agent's project as its root; back once its gateway session runs
   * in the agent's cwd.
   */
  private McpSyncClient decoy() throws Exception {
    String token = ClientTokens.mcpHttp(home).issue("decoy");
    CompletableFuture<SessionInfo> started = new CompletableFuture<>();
    running
        .gateway()
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void sessionStarted(SessionInfo session) {
                if ("mcp-http:decoy".equals(session.openedBy())
                    && AGENT_CWD.equals(session.cwd())) {
                  started.complete(session);
                }
              }
            });
    McpSyncClient client =
        McpClient.sync(McpHttpTransports.withToken(running.port(), token))
            .clientInfo(new McpSchema.Implementation("claude", "1.0"))
            .capabilities(McpSchema.ClientCapabilities.builder().roots(false).build())
            .roots(new McpSchema.Root("file://" + AGENT_CWD, "project"))
            .requestTimeout(RpcApp.WAIT)
            .build();
    client.initialize();
    try {
      started.get(RpcApp.WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new AssertionError(
          "the decoy's gateway session did not start in "
              + AGENT_CWD
              + " within "
              + RpcApp.WAIT
              + "; sessions: "
              + running.gateway().sessions().get(10, TimeUnit.SECONDS),
          e);
    }
    return client;
  }

  /**
   * As {@code kill -9}: the gateway is gone without a word, leaving its record and its token file
   * as they were.
   */
  private void killNine() throws IOException {
    Path tokenFile = home.resolve(".provider-token");
    String token = Files.readString(tokenFile);
    crash();
    Files.writeString(tokenFile, token);
    Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-------"));
  }

  // ---- decisions that fail (issue 48) ----

  /** The deny {@code result} printed for Claude Code, and its reason. */
  private static String denyReason(Run result) throws IOException {
    JsonNode out = result.answer();
    assertThat(result.exitCode()).isZero();
    assertThat(out.at("/hookSpecificOutput/permissionDecision").asText())
        .as("the hook's output: %s", result.out().strip())
        .isEqualTo("deny");
    return out.at("/hookSpecificOutput/permissionDecisionReason").asText();
  }

  /**
   * The gateway goes away while the call's gate is asked: the connection the hook asks on ends with
   * no decision, and that failure is a deny, never the record's verdict (the gate fails open) nor
   * an allow.
   */
  @Test
  void theGatewayGoingAwayWhileTheGateIsAskedIsADeny() throws Exception {
    WsProvider guard = gatewayWithGuard(",\"failOpen\":true");
    CompletableFuture<Run> run = hook("claude", "claude-bash-git-push.json", "--timeout", "30s");
    guard.next("gate.check");

    crash();

    assertThat(denyReason(done(run)))
        .containsAnyOf("provider gateway failed (", "disconnected")
        .doesNotContain("fails open");
  }

  /**
   * Fail-closed path FC-21 (docs/conformance.md): the hook's thread interrupted while the call's
   * gate is asked (the agent's process shutting down, a host that embeds the adapter cancelling it)
   * answers a deny, never the record's verdict (the gate fails open) nor an allow.
   */
  @Test
  void aHookInterruptedWhileTheGateIsAskedIsADeny() throws Exception {
    WsProvider guard = gatewayWithGuard(",\"failOpen\":true");
    String[] args = hookArgs("claude", "--timeout", "60s");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Thread hook =
        new Thread(
            () ->
                Main.run(
                    args,
                    getClass().getResourceAsStream("/hooks/claude-bash-git-push.json"),
                    out,
                    new PrintStream(err, true, StandardCharsets.UTF_8),
                    Map.of()),
            "interrupted-hook");
    hook.start();
    guard.next("gate.check");

    hook.interrupt();
    hook.join(RpcApp.WAIT.toMillis());

    assertThat(hook.isAlive()).as("the interrupted hook ended").isFalse();
    assertThat(denyReason(new Run(0, out.toString(StandardCharsets.UTF_8), "")))
        .contains("interrupted")
        .doesNotContain("fails open");
  }

  /** Standard input that fails as no reader expects: what the hook reads of the agent. */
  private static InputStream failingStdin(RuntimeException failure) {
    return new InputStream() {
      @Override
      public int read() {
        throw failure;
      }

      @Override
      public byte[] readNBytes(int len) {
        throw failure;
      }
    };
  }

  @Test
  void anExceptionInTheHookItselfIsADenyNeverACrash() throws Exception {
    Run result = done(hook("claude", failingStdin(new IllegalStateException("the adapter broke"))));

    assertThat(denyReason(result))
        .contains(
            "provider gateway hook failed (java.lang.IllegalStateException: the adapter broke)")
        .contains("denied because it could not check the call");
  }

  @Test
  void stdinThatCannotBeReadIsADeny() throws Exception {
    InputStream unreadable =
        new InputStream() {
          @Override
          public int read() throws IOException {
            throw new IOException("the pipe broke");
          }

          @Override
          public byte[] readNBytes(int len) throws IOException {
            throw new IOException("the pipe broke");
          }
        };

    assertThat(denyReason(done(hook("claude", unreadable))))
        .contains("could not read the claude hook input (the pipe broke)");
  }

  // ---- bad input ----

  @Test
  void malformedInputIsAnExplicitDenyNeverACrash() throws Exception {
    Run claude = done(hook("claude", stdin("{\"tool_name\": \"Bash\", \"tool_input\": ")));
    Run copilot =
        done(
            hook(
                "copilot",
                stdin("{\"cwd\":\"/x\",\"toolName\":\"bash\",\"toolArgs\":\"not json\"}")));

    assertThat(claude.exitCode()).isZero();
    assertThat(claude.answer().get("hookSpecificOutput").get("permissionDecision").asText())
        .isEqualTo("deny");
    assertThat(claude.err()).contains("malformed input");
    assertThat(copilot.exitCode()).isZero();
    assertThat(copilot.answer().get("permissionDecision").asText()).isEqualTo("deny");
    assertThat(copilot.err()).contains("toolArgs is not JSON");
  }

  // ---- the record ----

  @Test
  void theRecordIsOwnerOnlyAndForgetsASessionThatEnds() throws Exception {
    gatewayWithGuard("");
    Path record = home.resolve("hook-gates.json");

    assertThat(Files.getPosixFilePermissions(record))
        .isEqualTo(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));
    SessionInfo session = running.gateway().sessions().get(10, TimeUnit.SECONDS).get(0);
    running
        .gateway()
        .endSession(session.id(), java.time.Duration.ofMillis(100))
        .get(10, TimeUnit.SECONDS);
    Await.until(
        RpcApp.WAIT,
        () -> !Files.readString(record).contains("ci-green"),
        () -> "the record forgets the ended session");
  }

  /**
   * The gateway dies without ending its sessions, as a killed process does: the record it kept
   * stays behind. (Closing the in-process gateway unbinds its providers, so the record as it stood
   * while it ran is put back.)
   */
  private void crash() throws IOException {
    Path record = home.resolve("hook-gates.json");
    String asItRan = Files.readString(record);
    running.close();
    running = null;
    Files.writeString(record, asItRan);
  }

  /**
   * A new gateway on the home, as an agent's restart after a crash starts it, and the agent's
   * session back in {@link #AGENT_CWD}; the guard is not back.
   */
  private void restartWithTheAgentsSession() throws Exception {
    running =
        RunningGateway.start(
            Main.options(Map.of(), "--rpc", "--home", home.toString(), "--port", "0"),
            new GatewayListener() {});
    running
        .gateway()
        .startSession(SessionSpec.of("claude-code", AGENT_CWD), new RecordingSessionHost())
        .get(10, TimeUnit.SECONDS);
  }

  private static InputStream stdin(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  private static Path resource(String name) throws Exception {
    return Path.of(HookAdapterTest.class.getResource("/hooks/" + name).toURI());
  }
}
