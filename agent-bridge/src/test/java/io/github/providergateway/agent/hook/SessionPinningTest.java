package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.host.api.SessionSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Which session is this call?" (decision 75, issue 61): a hook call belongs to the gateway session
 * its agent session was pinned to at its first call ({@code session_id}), so a window the agent
 * starts later for a parent folder ({@code cd .. && gateway mcp &}) neither re-homes it nor widens
 * its project; a call that strays outside the project is read as the guard reads a call with no
 * project. An agent session never pinned is chosen by its folder, as before: the control that shows
 * what the pin prevents. On the gateway's manual clock, in its own process, as both hook paths
 * reach it ({@link HookEndpoint}).
 */
class SessionPinningTest {

  private static final String PARENT = "/code";
  private static final String PROJECT = "/code/agent";

  @TempDir Path temp;
  private final GatewayFixture f = GatewayFixture.create();
  private HookGateRecorder gates;
  private HookEndpoint endpoint;
  private String project;

  @BeforeEach
  void anAgentsSessionAndItsFirstCall() throws Exception {
    Path home =
        Files.createDirectory(
            temp.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    gates = new HookGateRecorder(home, f.clock, Set::of, TestEndpoints.inline());
    gates.start();
    f.gateway.monitor().addListener(gates);
    endpoint = new HookEndpoint(f.gateway, gates, f.clock);
    project = f.startSession(SessionSpec.of("claude-code", PROJECT));
    f.settle();
    HookEndpoint.Answer first = bash("abc", PROJECT, "ls").join();
    assertThat(first.word()).isEqualTo("allow");
    assertThat(first.note()).contains(project);
  }

  @AfterEach
  void close() {
    gates.close();
    f.close();
  }

  @Test
  void aWindowForTheParentFolderDoesNotWidenAPinnedAgentsProject() {
    String parent = f.startSession(SessionSpec.of("claude-code", PARENT));
    f.settle();

    HookEndpoint.Answer pinned = bash("abc", PARENT, "rm -rf /code/other-project").join();
    HookEndpoint.Answer unpinned = bash("xyz", PARENT, "rm -rf /code/other-project").join();

    assertThat(pinned.word()).isEqualTo("deny");
    assertThat(pinned.note())
        .contains("fs.delete-outside-project")
        .contains("outside its session's project " + PROJECT);
    assertThat(unpinned.word())
        .as("an agent session never pinned is chosen by its folder: the parent's window")
        .isEqualTo("allow");
    assertThat(unpinned.note()).contains(parent);
  }

  @Test
  void aPinnedCallInItsProjectIsDecidedInItsSessionWhereverOthersAre() {
    f.startSession(SessionSpec.of("claude-code", PARENT));
    f.settle();

    HookEndpoint.Answer answer = bash("abc", PROJECT + "/src", "rm -rf build").join();

    assertThat(answer.word()).isEqualTo("allow");
    assertThat(answer.note()).contains("gateway session " + project);
  }

  @Test
  void whenThePinnedSessionEndsOnlyASessionOfThatVeryFolderTakesItsPlace() {
    String parent = f.startSession(SessionSpec.of("claude-code", PARENT));
    f.gateway.endSession(project, Duration.ZERO);
    f.settle();

    CompletableFuture<HookEndpoint.Answer> alone = bash("abc", PROJECT, "rm -rf /code/agent/build");
    f.clock.advance(HookDecisions.JOIN_WAIT);
    assertThat(alone.join().word())
        .as("no session of %s: decided with none, not in the parent's %s", PROJECT, parent)
        .isEqualTo("deny");

    String again = f.startSession(SessionSpec.of("claude-code", PROJECT));
    f.settle();
    HookEndpoint.Answer back = bash("abc", PROJECT, "ls").join();
    assertThat(back.note()).contains("gateway session " + again);
  }

  @Test
  void pinsAreBoundedAndAnIdTooLongIsNotPinned() {
    SessionPins pins = new SessionPins();
    var session =
        f.gateway.sessions().join().stream().filter(s -> s.id().equals(project)).findFirst();
    for (int i = 0; i < SessionPins.MAX_PINS + 10; i++) {
      pins.pin(AgentKind.CLAUDE, "s" + i, session.orElseThrow());
    }
    pins.pin(AgentKind.CLAUDE, "x".repeat(SessionPins.MAX_ID_LENGTH + 1), session.orElseThrow());

    assertThat(pins.size()).isEqualTo(SessionPins.MAX_PINS);
  }

  /** Claude Code's hook input: its session {@code agentSession}, its shell in {@code cwd}. */
  private CompletableFuture<HookEndpoint.Answer> bash(
      String agentSession, String cwd, String command) {
    String input =
        "{\"session_id\":\""
            + agentSession
            + "\",\"cwd\":\""
            + cwd
            + "\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\""
            + command
            + "\"}}";
    return endpoint.answer(AgentKind.CLAUDE, input.getBytes(StandardCharsets.UTF_8));
  }
}
