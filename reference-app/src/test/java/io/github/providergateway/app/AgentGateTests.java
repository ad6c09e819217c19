package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every agent's real binary must show with the gateway (issue 45), written once and run per
 * agent ({@link GeminiCliGateTest}, {@link CodexCliGateTest}, {@link CopilotCliGateTest}): the
 * agent works in a project of a {@link GuardedHome}, its MCP server {@code gateway mcp}, its
 * pre-tool hook {@code gateway hook AGENT} (where a test says so), and its model a {@link
 * ScriptedModel} in its dialect. The ground truth is the marker folder: a call that ran left its
 * marker there.
 *
 * <p>Shell calls are held at the model until agent-guard is bound to the agent's session, so the
 * gates decide live (a session's start is another test's business); the gateway stopped and killed
 * are done inside that hold, just before the call. Every run is bounded ({@link #AGENT_LIMIT}); the
 * hook's answer budget ({@code --timeout}, 10 s) stays below the agent's own hook timeout ({@link
 * #HOOK_TIMEOUT}), so a stopped gateway is denied by the adapter, not timed out by the agent.
 *
 * <p>A home costs two JVMs' start and the gateway's cold start (the guard's rules loaded: CPU
 * seconds on CI's two cores, where this phase is its processes' CPU). The tests that need no
 * gateway of their own share one home per class ({@link #sharedHome}); those that do say so ({@link
 * OwnHome}): a gateway stopped or killed, and {@code gateway setup}, which writes into the home and
 * the project. What a test proves on the shared home stays its own: its agent's home, its model and
 * its logs are in the test's folder; it begins with the home's marker folder and project empty
 * (checked: a marker left by another test would fail it), reads the audit trail from where it began
 * ({@link GuardedHome#beginATest}), and its agent's session is ended before the next test begins (a
 * gateway that keeps a session past {@link #SESSION_END} is not shared further), so that "the guard
 * is bound" is said of its own agent's session.
 */
abstract class AgentGateTests {

  /** How long one run of the agent may take, all turns and hooks included. */
  static final Duration AGENT_LIMIT = Duration.ofSeconds(120);

  /** The agent's own limit for one hook run, longer than the adapter's 10 s answer budget. */
  static final Duration HOOK_TIMEOUT = Duration.ofSeconds(30);

  /** How long an agent's session may stay on the shared home after its run ended. */
  static final Duration SESSION_END = Duration.ofSeconds(20);

  static final ObjectMapper JSON = new ObjectMapper();

  /** A test that needs a home and a gateway of its own, not the class's shared one. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @interface OwnHome {}

  @TempDir Path temp;
  GuardedHome guarded;
  ScriptedModel model;

  /** The folder of the class's shared homes. */
  @TempDir static Path sharedDir;

  /** The class's shared home once a test has started it; test thread only. */
  private static GuardedHome shared;

  /** Whether this test began on {@link #shared}. */
  private boolean onShared;

  // ---- what each agent says ----

  /**
   * Installs the agent (skipping the test where npm cannot) and gives it a home in {@code temp}.
   */
  abstract void install() throws Exception;

  /** Adds {@code command} as the agent's MCP server {@code gw}, as a person installs it. */
  abstract void addMcpServer(List<String> command) throws Exception;

  /** The model API the agent speaks. */
  abstract ScriptedModel.Dialect dialect();

  /** The agent's shell tool, as its model calls it. */
  abstract String shellTool();

  /** The shell tool's arguments for {@code command}. */
  abstract ObjectNode shellInput(String command);

  /** The gateway's MCP tool {@code tool}, as the agent's model calls it (server {@code gw}). */
  abstract String mcpTool(String tool);

  /**
   * What the model is told of a call a gate rewrote: by default the name of the call the gate would
   * run, as a deny that names the safer call does where the agent would run a rewrite unseen
   * (Gemini, Codex).
   */
  String rewriteTold() {
    return "rewritten.marker";
  }

  /** Installs {@code gateway hook AGENT} as the agent's pre-tool hook for its shell tool. */
  abstract void installHook() throws Exception;

  /** Runs the agent on {@link #model} with {@code gateway mcp} as its MCP server {@code gw}. */
  abstract NpmAgent.Run run() throws Exception;

  // ---- the set-up ----

  @BeforeEach
  void theHomesGatewayAndTheAgent(TestInfo test) throws Exception {
    // Per test, not per class: a skip (npm cannot reach its registry) then names each test, with
    // its reason, in the reports. Installed once per JVM.
    install();
    if (test.getTestMethod().map(method -> method.isAnnotationPresent(OwnHome.class)).orElse(true)
        || !sharesAHome()) {
      guarded = GuardedHome.start(temp);
    } else {
      guarded = sharedHome();
    }
    addMcpServer(guarded.mcpCommand());
  }

  @AfterEach
  void stopEverythingStartedHere() throws Exception {
    if (model != null) {
      model.close();
    }
    if (guarded != null && guarded != shared) {
      guarded.close();
    }
    if (onShared && shared != null) {
      leaveTheSharedHomeAsItWasFound();
    }
  }

  @AfterAll
  static void closeTheSharedHome() throws Exception {
    if (shared != null) {
      shared.close();
      shared = null;
    }
  }

  /**
   * Whether the class's tests without {@link OwnHome} share a home: yes, unless the agent's session
   * outlives its run (over HTTP, say), where each would wait {@link #SESSION_END} for nothing.
   */
  boolean sharesAHome() {
    return true;
  }

  /**
   * The class's shared home, started by the first test that asks; it must be as a fresh one is
   * where a test could see another's work: no marker, an empty project, no session.
   */
  private GuardedHome sharedHome() throws Exception {
    if (shared == null) {
      shared = GuardedHome.start(Files.createTempDirectory(sharedDir, "home"));
    }
    onShared = true;
    assertThat(shared.markers())
        .as("the shared home's markers, as this test begins")
        .isEmptyDirectory();
    assertThat(shared.project())
        .as("the shared home's project, as this test begins")
        .isEmptyDirectory();
    assertThat(shared.sessions()).as("the shared home's sessions, as this test begins").isZero();
    shared.beginATest();
    return shared;
  }

  /**
   * Kills what this test's agent left running (its folder's processes), waits for its session to
   * end, and empties the marker folder and the project. A home that keeps a session past {@link
   * #SESSION_END}, or whose folders cannot be emptied, is closed: the next test starts another.
   */
  private void leaveTheSharedHomeAsItWasFound() throws Exception {
    GuardedHome.killProcessesNaming(temp);
    try {
      io.github.providergateway.loop.testing.Await.until(
          SESSION_END, () -> shared.sessions() == 0, () -> "the shared home without sessions");
      emptyFolder(shared.markers());
      emptyFolder(shared.project());
    } catch (AssertionError | java.io.IOException kept) {
      // Not this test's rule: the next one starts a home of its own, and the log says why.
      System.out.println("[agent gate] the shared home is not shared further: " + kept);
      closeTheSharedHome();
    }
  }

  /**
   * Leaves this test's home for one the test starts itself: closes it, unless it is the class's
   * shared one, which is left for the next test as the test ends.
   */
  void leaveTheHome() throws Exception {
    if (guarded != shared) {
      guarded.close();
    }
  }

  private static void emptyFolder(Path folder) throws java.io.IOException {
    try (Stream<Path> inside = Files.walk(folder)) {
      for (Path path : inside.sorted(Comparator.reverseOrder()).toList()) {
        if (!path.equals(folder)) {
          Files.delete(path);
        }
      }
    }
  }

  // ---- the tests ----

  @Test
  void anMcpToolBehindAGateRunsWhenAllowedAndNotWhenDenied() throws Exception {
    model =
        ScriptedModel.start(
            dialect(),
            List.of(
                mark("call_mark_allowed", "allowed-mcp.marker")
                    .after(bound(), guarded::guardIsBound)
                    .onceOffered(
                        ScriptedModel.Turn.toolUse(shellTool(), "call_probe", shellInput("true"))),
                mark("call_mark_denied", "denied-mcp.marker"),
                ScriptedModel.Turn.text("Done.")));

    NpmAgent.Run run = run();

    assertEnded(run);
    assertThat(guarded.marker("allowed-mcp.marker")).as(() -> describe(run)).exists();
    assertThat(guarded.marker("denied-mcp.marker")).as(() -> describe(run)).doesNotExist();
    assertThat(resultOf("call_mark_denied", run))
        .contains("Denied by the provider gateway")
        .contains("agent-guard: no-denied-mark says no");
  }

  @Test
  void anAllowedShellCallRunsAndTheGatewayDecidedIt() throws Exception {
    installHook();
    NpmAgent.Run run = shell("allowed.marker");

    assertThat(guarded.marker("allowed.marker")).as(() -> describe(run)).exists();
    assertThat(guarded.decisionsOnCommand("touch " + guarded.marker("allowed.marker")))
        .as(() -> "the hook asked the gateway about the call; " + describe(run))
        .anyMatch(record -> record.path("outcome").asText().equals("allow"));
  }

  @Test
  void aDeniedShellCallDoesNotRunAndTheModelIsToldWhy() throws Exception {
    installHook();
    NpmAgent.Run run = shell("guarded-denied.marker");

    assertThat(guarded.marker("guarded-denied.marker")).as(() -> describe(run)).doesNotExist();
    assertThat(resultOf("call_shell", run)).contains("agent-guard: no-marker says no");
    assertThat(guarded.decisionsOnCommand("touch " + guarded.marker("guarded-denied.marker")))
        .as(() -> describe(run))
        .anyMatch(record -> record.path("outcome").asText().equals("deny"));
  }

  /**
   * A gate's rewrite, in {@code -p} where nobody can be shown the rewritten call: neither the
   * agent's call nor the gate's runs, and the model is told ({@link #rewriteTold()}).
   */
  @Test
  void aRewrittenShellCallRunsNeitherWayAndTheModelIsTold() throws Exception {
    installHook();
    NpmAgent.Run run = shell("guarded-rewrite.marker");

    assertThat(guarded.marker("guarded-rewrite.marker")).as(() -> describe(run)).doesNotExist();
    assertThat(guarded.marker("rewritten.marker")).as(() -> describe(run)).doesNotExist();
    assertThat(resultOf("call_shell", run)).contains(rewriteTold());
  }

  /**
   * A gate's question meets an agent that cannot ask the person: a deny that names the question.
   */
  @Test
  void aGatesQuestionIsADenialThatNamesTheQuestion() throws Exception {
    installHook();
    NpmAgent.Run run = shell("guarded-ask.marker");

    assertThat(guarded.marker("guarded-ask.marker")).as(() -> describe(run)).doesNotExist();
    assertThat(resultOf("call_shell", run)).contains("may the agent make the asked marker?");
  }

  /**
   * Issue 61, through the agent's own hook: the agent can neither take the guard away ({@code
   * gateway uninstall}, {@code guard.self}) nor start an agent with its safety off ({@code claude
   * --dangerously-skip-permissions}, {@code guard.agent-unguarded}: asked where the agent can ask,
   * denied where it cannot). Each call, had it run, would have left its marker first; neither did,
   * the home is whole, and the gateway recorded both.
   */
  @Test
  void theAgentCanNeitherTakeTheGuardAwayNorStartAnAgentUnguarded() throws Exception {
    installHook();
    String uninstall =
        "touch "
            + guarded.marker("ground-uninstall.marker")
            + " && "
            + guarded.launcher()
            + " uninstall --home "
            + guarded.home();
    String unguarded =
        "touch "
            + guarded.marker("ground-unguarded.marker")
            + " && claude --dangerously-skip-permissions -p 'clean up the repo'";
    model =
        ScriptedModel.start(
            dialect(),
            List.of(
                ScriptedModel.Turn.toolUse(shellTool(), "call_uninstall", shellInput(uninstall))
                    .after(bound(), guarded::guardIsBound),
                ScriptedModel.Turn.toolUse(shellTool(), "call_unguarded", shellInput(unguarded)),
                ScriptedModel.Turn.text("Done.")));

    NpmAgent.Run run = run();

    assertEnded(run);
    assertThat(guarded.marker("ground-uninstall.marker")).as(() -> describe(run)).doesNotExist();
    assertThat(guarded.marker("ground-unguarded.marker")).as(() -> describe(run)).doesNotExist();
    assertThat(resultOf("call_uninstall", run)).contains("guard.self");
    assertThat(guarded.home().resolve("settings.json")).as(() -> describe(run)).exists();
    assertThat(guarded.decisionsOnCommand(uninstall))
        .as(() -> describe(run))
        .anyMatch(record -> record.path("outcome").asText().equals("deny"));
    assertThat(guarded.decisionsOnCommand(unguarded))
        .as(() -> describe(run))
        .anyMatch(record -> !record.path("outcome").asText().equals("allow"));
  }

  /**
   * The gateway stopped ({@code SIGSTOP}) just before the call: the hook reaches its socket, gets
   * no answer and denies after its budget; the call is not gated by anyone, and still does not run.
   */
  @Test
  @OwnHome
  void withTheGatewayStoppedACallDoesNotRun() throws Exception {
    installHook();
    NpmAgent.Run run =
        shell("stopped.marker", "the gateway is stopped", () -> guarded.signalGateway("STOP"));

    assertThat(guarded.marker("stopped.marker")).as(() -> describe(run)).doesNotExist();
  }

  /**
   * The gateway killed ({@code SIGKILL}) just before a gated call: whether the hook finds no
   * gateway or the one the agent's {@code gateway mcp} starts again (the gate held), the call does
   * not run.
   */
  @Test
  @OwnHome
  void withTheGatewayKilledAGatedCallDoesNotRun() throws Exception {
    installHook();
    NpmAgent.Run run =
        shell(
            "guarded-killed.marker", "the gateway is killed", () -> guarded.signalGateway("KILL"));

    assertThat(guarded.marker("guarded-killed.marker")).as(() -> describe(run)).doesNotExist();
  }

  // ---- the script ----

  ScriptedModel.Turn mark(String id, String name) {
    return ScriptedModel.Turn.toolUse(
        mcpTool("mark"), id, JSON.createObjectNode().put("name", name));
  }

  static String bound() {
    return "agent-guard is bound to the agent's session";
  }

  /**
   * Runs the agent on one shell call, {@code touch <markers>/<marker>}, once the guard is bound.
   */
  NpmAgent.Run shell(String marker) throws Exception {
    return shell(marker, null, () -> true);
  }

  /**
   * Runs the agent on one shell call, {@code touch <markers>/<marker>}, once the guard is bound and
   * then {@code before} (named {@code what}) has run; the run must end normally.
   */
  private NpmAgent.Run shell(
      String marker, String what, io.github.providergateway.loop.testing.Await.Condition before)
      throws Exception {
    String command = "touch " + guarded.marker(marker);
    model =
        ScriptedModel.start(
            dialect(),
            List.of(
                ScriptedModel.Turn.toolUse(shellTool(), "call_shell", shellInput(command))
                    .after(
                        what == null ? bound() : bound() + ", then " + what,
                        () -> guarded.guardIsBound() && before.holds()),
                ScriptedModel.Turn.text("Done.")));
    NpmAgent.Run run = run();
    assertEnded(run);
    return run;
  }

  /**
   * An ordinary first hour, headless, as {@code gateway setup} left the agent (issue 77): a shell
   * call that makes the project a repository, a file written with the agent's own edit tool, one of
   * the gateway's tools through the MCP server setup wrote, and a commit. Each must have done its
   * work, and the agent must end normally: setup never leaves an agent that cannot start or work.
   *
   * @param editTool the agent's tool that writes a file
   * @param editInput its arguments, writing {@code first hour} to the project's {@code notes.txt}
   * @param mcpTool the gateway's {@code mark} tool, as the agent names it under setup's server
   */
  NpmAgent.Run firstHour(String editTool, ObjectNode editInput, String mcpTool) throws Exception {
    Path project = guarded.project();
    model =
        ScriptedModel.start(
            dialect(),
            List.of(
                ScriptedModel.Turn.toolUse(
                        shellTool(),
                        "call_init",
                        shellInput(
                            "git init -q && git config user.email first@hour.test"
                                + " && git config user.name 'First Hour'"))
                    .after(bound(), guarded::guardIsBound),
                // The next request must offer the gateway's tool: on a loaded machine (CI's agents
                // phase at load 20, 2026-12-01) setup's stdio server bound its guard 25 s late,
                // and the call went to a tool the agent did not have yet.
                ScriptedModel.Turn.toolUse(editTool, "call_edit", editInput)
                    .after(bound() + " in every session", guarded::guardIsBoundInEverySession),
                ScriptedModel.Turn.toolUse(
                    mcpTool, "call_mark", JSON.createObjectNode().put("name", "first-hour.marker")),
                ScriptedModel.Turn.toolUse(
                    shellTool(),
                    "call_commit",
                    shellInput("git add notes.txt && git commit -q -m 'first hour'")),
                ScriptedModel.Turn.text("Done.")));
    NpmAgent.Run run = run();
    assertEnded(run);
    assertThat(project.resolve("notes.txt")).as(() -> describe(run)).hasContent("first hour");
    assertThat(guarded.marker("first-hour.marker")).as(() -> describe(run)).exists();
    // the agent's first call made the repository: say what the agent did where it did not
    assertThat(project.resolve(".git")).as(() -> describe(run)).isDirectory();
    assertThat(Interop.output(List.of("git", "-C", project.toString(), "log", "--format=%s")))
        .as(() -> describe(run))
        .isEqualTo("first hour");
    return run;
  }

  // ---- what happened ----

  /** The agent ended normally, the script ran as meant. */
  void assertEnded(NpmAgent.Run run) {
    assertThat(run.timedOut() || run.exitCode() != 0).as(() -> describe(run)).isFalse();
    assertThat(model.failures()).as(() -> describe(run)).isEmpty();
  }

  /**
   * The text of what the agent told the model of the call {@code id}; fails when it told nothing.
   */
  String resultOf(String id, NpmAgent.Run run) {
    JsonNode result =
        model
            .toolResult(id)
            .orElseThrow(() -> new AssertionError("no result of " + id + "; " + describe(run)));
    return ScriptedModel.text(result);
  }

  String describe(NpmAgent.Run run) {
    return run.describe()
        + agentsConfig()
        + "\n--- the model endpoint:\n"
        + model.describe()
        + guarded.describe();
  }

  /**
   * What the agent's own configuration said of its MCP servers when the run ended, for a failure's
   * description; empty where the agent's log says it already.
   */
  String agentsConfig() {
    return "";
  }
}
