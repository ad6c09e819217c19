package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.guard.GuardFactory;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.host.api.SessionSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hook call with no session meets the guard first (issue 44), in the gateway's own process
 * ({@link HookEndpoint}), on the fixture's manual clock: what no project could allow is answered at
 * once, what the session's project might allow waits for the session as the home's rules do, and
 * every deny of the guard is in the audit trail with provider {@code guard} and the rule's id.
 */
class GuardWithoutSessionTest {

  private static final String PROJECT = "/code/agent";

  @TempDir Path temp;
  private final GatewayFixture f = GatewayFixture.create();
  private final List<Decision> audit = new CopyOnWriteArrayList<>();
  private Path home;
  private HookGateRecorder gates;
  private HookEndpoint endpoint;

  @BeforeEach
  void gateway() throws IOException {
    home =
        Files.createDirectory(
            temp.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    gates = TestEndpoints.gates(f, home);
    TestEndpoints.keepPreToolUse(f, audit);
    Guard guard = GuardFactory.defaults(home);
    endpoint = new HookEndpoint(f.gateway, gates, f.clock, () -> guard);
  }

  @AfterEach
  void close() {
    gates.close();
    f.close();
  }

  private CompletableFuture<HookEndpoint.Answer> bash(String cwd, String command) {
    String input =
        "{\"cwd\":\""
            + cwd
            + "\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\""
            + command
            + "\"}}";
    return endpoint.answer(AgentKind.CLAUDE, input.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void whatNoProjectCouldAllowIsDeniedAtOnceAndAuditedWithProviderGuard() {
    CompletableFuture<HookEndpoint.Answer> answer = bash(PROJECT, "rm -rf /");

    assertThat(answer).as("no session could allow it: no wait").isDone();
    assertThat(answer.join().word()).isEqualTo("deny");
    assertThat(answer.join().body()).contains("guard: fs.delete-root: ");
    assertThat(audit)
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.outcome()).isEqualTo(Decision.Outcome.DENY);
              assertThat(d.provider()).isEqualTo("guard");
              assertThat(d.sessionId()).isNull();
              assertThat(d.agent())
                  .as("whose hook asked, with no session to say")
                  .isEqualTo("claude");
              assertThat(d.reason()).startsWith("guard: fs.delete-root: ");
              // As the gateway's own records: the hash of the arguments' JSON text (issue 48).
              assertThat(d.argsSha256()).isEqualTo(sha256("{\"command\":\"rm -rf /\"}"));
            });
  }

  private static String sha256(String text) {
    try {
      return java.util.HexFormat.of()
          .formatHex(
              java.security.MessageDigest.getInstance("SHA-256")
                  .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Fail-closed path FC-12 (docs/conformance.md): a {@code cwd} the guard cannot read as a folder
   * (relative, or not a path at all) is no project: a delete relative to it is read the stricter
   * way and denied, never resolved against some folder that would make it look safe.
   */
  @Test
  void aCwdThatIsNoFolderIsNoProjectAndADeleteRelativeToItIsDenied() {
    for (String cwd : new String[] {"code/agent", "\\u0000"}) {
      CompletableFuture<HookEndpoint.Answer> answer = bash(cwd, "rm -rf ./build");
      f.clock.advance(HookDecisions.JOIN_WAIT.plus(HookDecisions.POLL));

      assertThat(answer.join().word())
          .as("cwd %s: %s", cwd, answer.join().note())
          .isEqualTo("deny");
    }
  }

  @Test
  void whatTheGuardAllowsGoesOnAsBefore() {
    CompletableFuture<HookEndpoint.Answer> answer = bash(PROJECT, "ls");

    assertThat(answer).isDone();
    assertThat(answer.join().word()).isEqualTo("allow");
  }

  @Test
  void aDeleteInsideTheFolderWaitsForItsSessionWhoseProjectMayHoldIt() {
    CompletableFuture<HookEndpoint.Answer> answer = bash(PROJECT, "rm -rf " + PROJECT + "/build");

    f.clock.advance(HookDecisions.JOIN_WAIT.minusMillis(1));
    assertThat(answer).as("the stricter reading blocks it; its session may be joining").isNotDone();
    f.startSession(SessionSpec.of("claude-code", PROJECT));
    f.clock.advance(HookDecisions.POLL);

    assertThat(answer.join().word())
        .as("decided in its session (here without the guard provider): %s", answer.join().note())
        .isEqualTo("allow");
  }

  @Test
  void withNoSessionAfterAllTheStricterReadingDenies() {
    CompletableFuture<HookEndpoint.Answer> answer = bash(PROJECT, "rm -rf " + PROJECT + "/build");

    f.clock.advance(HookDecisions.JOIN_WAIT.minusMillis(1));
    assertThat(answer).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(answer.join().word()).isEqualTo("deny");
    assertThat(answer.join().body()).contains("guard: ", "no agent session holds " + PROJECT);
    assertThat(audit).singleElement().satisfies(d -> assertThat(d.provider()).isEqualTo("guard"));
  }

  @Test
  void theGuardsOwnGateIsNotKeptInTheHomesRecord() throws IOException {
    String session = f.startSession(SessionSpec.of("claude-code", PROJECT));
    f.bound(
        io.github.providergateway.protocol.Hello.builder(HookDecisions.GUARD_PROVIDER)
            .session(session)
            .hooks(
                new io.github.providergateway.protocol.Hooks(
                    List.of(io.github.providergateway.protocol.HookRule.gate(null, "guard")), null))
            .build());
    f.settle();

    HookGateRecord.Contents record = HookGateRecord.read(home);
    assertThat(record.sessions()).singleElement().satisfies(s -> assertThat(s.rules()).isEmpty());
  }

  private HookEndpoint.Answer call(AgentKind agent, String input) {
    return endpoint.answer(agent, input.getBytes(StandardCharsets.UTF_8)).join();
  }

  /**
   * Issue 45: a call that names several files is decided once per file, so a harmless {@code
   * file_path} beside a {@code notebook_path} of {@code .env} cannot carry the secret past the
   * guard, whichever field names it.
   */
  @Test
  void aNotebookCallIsJudgedOnTheSecretWhicheverFieldNamesIt() {
    HookEndpoint.Answer notebookSecret =
        call(
            AgentKind.CLAUDE,
            "{\"cwd\":\"/code/agent\",\"tool_name\":\"NotebookRead\",\"tool_input\":"
                + "{\"notebook_path\":\"/code/agent/.env\",\"file_path\":\"/code/agent/ok.txt\"}}");
    HookEndpoint.Answer fileSecret =
        call(
            AgentKind.CLAUDE,
            "{\"cwd\":\"/code/agent\",\"tool_name\":\"NotebookRead\",\"tool_input\":"
                + "{\"notebook_path\":\"/code/agent/ok.ipynb\",\"file_path\":\"/code/agent/.env\"}}");
    HookEndpoint.Answer neither =
        call(
            AgentKind.CLAUDE,
            "{\"cwd\":\"/code/agent\",\"tool_name\":\"NotebookRead\",\"tool_input\":"
                + "{\"notebook_path\":\"/code/agent/ok.ipynb\",\"file_path\":\"/code/agent/ok.txt\"}}");

    assertThat(notebookSecret.word()).isEqualTo("deny");
    assertThat(notebookSecret.body()).contains("secrets.env-file");
    assertThat(fileSecret.word()).isEqualTo("deny");
    assertThat(fileSecret.body()).contains("secrets.env-file");
    assertThat(neither.word()).as(neither.note()).isEqualTo("allow");
    assertThat(audit.stream().filter(d -> d.outcome() == Decision.Outcome.DENY))
        .as("each file's deny is recorded")
        .hasSize(2)
        .allSatisfy(d -> assertThat(d.reason()).contains("secrets.env-file"));
  }

  @Test
  void theSecondFileOfAListIsCheckedAndTheDenyIsGeminisExitTwo() {
    HookEndpoint.Answer many =
        call(
            AgentKind.GEMINI,
            "{\"cwd\":\"/code/agent\",\"tool_name\":\"read_many_files\",\"tool_input\":"
                + "{\"include\":[\"/code/agent/ok.txt\",\"/code/agent/.env\"]}}");

    assertThat(many.word()).isEqualTo("deny");
    assertThat(many.body()).startsWith("{\"decision\":\"deny\"").contains("secrets.env-file");
    assertThat(many.note()).as("the reason, for stderr beside exit 2").contains("secrets.env-file");
    assertThat(audit)
        .filteredOn(d -> d.outcome() == Decision.Outcome.DENY)
        .extracting(Decision::agent)
        .containsOnly("gemini");
  }

  /**
   * Issue 45: a tool of the gateway's own MCP server is its front door's to decide, once; the hook
   * leaves it there and records nothing, while another server's tool, reached directly, is the
   * hook's.
   */
  @Test
  void theGatewaysOwnMcpToolsAreTheFrontDoorsAndOtherServersTheHooks() {
    HookEndpoint.Answer own =
        call(
            AgentKind.CLAUDE,
            "{\"cwd\":\"/code/agent\",\"tool_name\":\"mcp__provider-gateway__echo\","
                + "\"tool_input\":{\"text\":\"hi\"}}");
    HookEndpoint.Answer geminiOwn =
        call(
            AgentKind.GEMINI,
            "{\"cwd\":\"/code/agent\",\"tool_name\":\"mcp_provider-gateway_echo\","
                + "\"tool_input\":{\"text\":\"hi\"},\"mcp_context\":"
                + "{\"server_name\":\"provider-gateway\",\"tool_name\":\"echo\"}}");
    // Codex turns the server name's '-' into '_' (issue 62: its calls were recorded twice).
    HookEndpoint.Answer codexOwn =
        call(
            AgentKind.CODEX,
            "{\"cwd\":\"/code/agent\",\"tool_name\":\"mcp__provider_gateway__echo\","
                + "\"tool_input\":{\"text\":\"hi\"}}");
    assertThat(audit).as("nothing recorded for the gateway's own tools").isEmpty();
    HookEndpoint.Answer other =
        call(
            AgentKind.CLAUDE,
            "{\"cwd\":\"/code/agent\",\"tool_name\":\"mcp__fs__read\","
                + "\"tool_input\":{\"text\":\"hi\"}}");

    assertThat(own.word()).isEqualTo("allow");
    assertThat(own.note()).contains("its front door decides it");
    assertThat(geminiOwn.note()).contains("mcp__provider-gateway__echo", "front door");
    assertThat(codexOwn.word()).isEqualTo("allow");
    assertThat(codexOwn.note()).contains("mcp__provider_gateway__echo", "front door");
    assertThat(other.word()).isEqualTo("allow");
    assertThat(audit)
        .singleElement()
        .satisfies(d -> assertThat(d.tool()).isEqualTo("mcp__fs__read"));
  }
}
