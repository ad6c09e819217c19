package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.agent.guard.GuardFactory;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.loop.testing.ManualClock;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Decision 321, the person away: a call the guard asks about ({@code git push origin v1.2.3},
 * {@code release.tag-pushed}, {@code standard=ask} in the rule book) is asked while the person is
 * there and denied, saying they are away and that the call is kept for their return, while they are
 * away; through the command hook with no gateway ({@link HookAdapter}) and through the gateway's
 * own hook ({@link HookEndpoint}: its HTTP hook and hook socket), for each agent. A deny stays that
 * deny and an allow that allow; an away file that cannot be read is away (fail closed).
 */
class PersonAwayHookTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CWD = "/home/dev/project";

  /** Asked in standard: release.tag-pushed. */
  private static final String TAG_PUSH = "git push origin v1.2.3";

  /** Denied in standard: fs.delete-root. */
  private static final String DELETE_ROOT = "rm -rf /";

  private static final String LS = "ls -la";

  private static final ZoneOffset PARIS_SUMMER = ZoneOffset.ofHours(2);

  /** The fixture's and the hook's clocks start at 14:00Z, 16:00 in Paris. */
  private static final Instant START = Instant.parse("2026-04-26T14:00:00Z");

  @TempDir Path temp;
  private Path home;

  @BeforeEach
  void home() throws IOException {
    home =
        Files.createDirectory(
            temp.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
  }

  /** The person away from 13:00 until 17:30, Paris time, as {@code gateway away} writes it. */
  private void away() throws IOException {
    Files.writeString(
        home.resolve(PersonAway.FILE),
        PersonAway.text(
            OffsetDateTime.of(2026, 4, 26, 13, 0, 0, 0, PARIS_SUMMER),
            OffsetDateTime.of(2026, 4, 26, 17, 30, 0, 0, PARIS_SUMMER)));
  }

  /** The agent's hook input for a shell call of {@code command}. */
  private static String input(AgentKind agent, String command) {
    return switch (agent) {
      case CLAUDE, CODEX ->
          "{\"cwd\":\""
              + CWD
              + "\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\","
              + "\"tool_input\":{\"command\":\""
              + command
              + "\"}}";
      case COPILOT ->
          "{\"cwd\":\""
              + CWD
              + "\",\"toolName\":\"bash\",\"toolArgs\":\"{\\\"command\\\":\\\""
              + command
              + "\\\"}\"}";
      case GEMINI ->
          "{\"cwd\":\""
              + CWD
              + "\",\"hook_event_name\":\"BeforeTool\","
              + "\"tool_name\":\"run_shell_command\",\"tool_input\":{\"command\":\""
              + command
              + "\"}}";
      case CURSOR ->
          "{\"hook_event_name\":\"beforeShellExecution\",\"cwd\":\""
              + CWD
              + "\",\"command\":\""
              + command
              + "\"}";
    };
  }

  /** The decision word an answer of {@code agent} carries; for exit-code agents, from the exit. */
  private static String decisionOf(AgentKind agent, String body) throws IOException {
    JsonNode answer = JSON.readTree(body);
    return switch (agent) {
      case CLAUDE, CODEX ->
          answer.path("hookSpecificOutput").path("permissionDecision").asText("allow");
      case COPILOT -> answer.path("permissionDecision").asText("allow");
      case CURSOR -> answer.path("permission").asText("allow");
      case GEMINI -> answer.path("decision").asText("allow");
    };
  }

  /** The reason the agent reads beside a deny or a question. */
  private static String reasonOf(AgentKind agent, String body) throws IOException {
    JsonNode answer = JSON.readTree(body);
    return switch (agent) {
      case CLAUDE -> answer.path("hookSpecificOutput").path("permissionDecisionReason").asText();
      case COPILOT -> answer.path("permissionDecisionReason").asText();
      default -> body;
    };
  }

  // ---- The command hook with no gateway (HookAdapter) ----

  @Nested
  class CommandHookWithNoGateway {

    private final ManualClock clock = new ManualClock(START);
    private final List<OfflineDecision> kept = new CopyOnWriteArrayList<>();

    private record Run(int exit, String out, String err) {}

    private Run hook(AgentKind agent, String command) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int exit =
          HookAdapter.run(
              agent,
              new ByteArrayInputStream(input(agent, command).getBytes(StandardCharsets.UTF_8)),
              new PrintStream(out, true, StandardCharsets.UTF_8),
              new PrintStream(err, true, StandardCharsets.UTF_8),
              HookAdapter.Settings.of(home, 1), // nothing listens on port 1: refused at once
              GuardFactory.defaults(home),
              Set.of(),
              HookBound.of(Duration.ofSeconds(10), clock.instant(), clock, clock),
              kept::add);
      return new Run(
          exit,
          out.toString(StandardCharsets.UTF_8).strip(),
          err.toString(StandardCharsets.UTF_8).strip());
    }

    @ParameterizedTest
    @EnumSource(
        value = AgentKind.class,
        names = {"CLAUDE", "COPILOT"})
    void aQuestionIsAskedWhileThePersonIsThere(AgentKind agent) throws IOException {
      Run run = hook(agent, TAG_PUSH);

      assertThat(run.exit()).isZero();
      assertThat(decisionOf(agent, run.out())).as(run.err()).isEqualTo("ask");
      assertThat(reasonOf(agent, run.out())).contains("release.tag-pushed").doesNotContain("away");
      assertThat(kept).singleElement().satisfies(d -> assertThat(d.heldAway()).isFalse());
    }

    /** Fail closed: were the away deny an ask, the agent would wait for nobody (or run it). */
    @ParameterizedTest
    @EnumSource(
        value = AgentKind.class,
        names = {"CLAUDE", "COPILOT"})
    void whileAwayTheQuestionIsADenyKeptForTheirReturn(AgentKind agent) throws IOException {
      away();

      Run run = hook(agent, TAG_PUSH);

      assertThat(run.exit()).isZero();
      assertThat(decisionOf(agent, run.out())).as(run.err()).isEqualTo("deny");
      assertThat(reasonOf(agent, run.out()))
          .startsWith("the person is away until 17:30 (gateway away): ")
          .contains("the provider gateway would ask them first: ", "release.tag-pushed")
          .contains("kept for their return", "do not try it another way");
      assertThat(run.err()).contains("deny").contains("decision 321");
      assertThat(kept)
          .singleElement()
          .satisfies(
              d -> {
                assertThat(d.heldAway()).isTrue();
                assertThat(d.allowed()).isFalse();
                assertThat(d.tool()).isEqualTo("shell");
                assertThat(d.reason()).startsWith(TAG_PUSH + ": asked: ");
              });
    }

    @ParameterizedTest
    @EnumSource(
        value = AgentKind.class,
        names = {"CODEX", "GEMINI"})
    void agentsThatCannotAskAreToldThePersonIsAway(AgentKind agent) throws IOException {
      Run there = hook(agent, TAG_PUSH);
      away();
      Run gone = hook(agent, TAG_PUSH);

      assertThat(there.exit()).isEqualTo(2);
      assertThat(there.err()).contains("cannot ask for a hook").doesNotContain("is away");
      assertThat(gone.exit()).isEqualTo(2);
      assertThat(gone.err())
          .startsWith("the person is away until 17:30 (gateway away): ")
          .contains("kept for their return")
          .doesNotContain("cannot ask for a hook");
      assertThat(decisionOf(agent, gone.out())).isEqualTo("deny");
    }

    @ParameterizedTest
    @EnumSource(AgentKind.class)
    void whileAwayADenyStaysThatDenyAndAnAllowThatAllow(AgentKind agent) throws IOException {
      away();

      Run deny = hook(agent, DELETE_ROOT);
      Run allow = hook(agent, LS);

      assertThat(decisionOf(agent, deny.out())).isEqualTo("deny");
      assertThat(deny.out() + deny.err()).contains("fs.delete-root").doesNotContain("is away");
      assertThat(decisionOf(agent, allow.out())).as(allow.err()).isEqualTo("allow");
      assertThat(allow.exit()).isZero();
      assertThat(kept).noneMatch(OfflineDecision::heldAway);
    }

    @Test
    void anAwayFileThatCannotBeReadIsAwayFailClosed() throws IOException {
      Files.writeString(home.resolve(PersonAway.FILE), "{\"since\":");

      Run run = hook(AgentKind.CLAUDE, TAG_PUSH);

      assertThat(decisionOf(AgentKind.CLAUDE, run.out())).isEqualTo("deny");
      assertThat(reasonOf(AgentKind.CLAUDE, run.out()))
          .startsWith("the person is away (the gateway's away file cannot be read: ")
          .contains("until gateway back");
    }

    @Test
    void onceUntilHasPassedTheQuestionIsAskedAgain() throws IOException {
      away();
      clock.advance(Duration.ofMinutes(90)); // 17:30 in Paris

      assertThat(decisionOf(AgentKind.CLAUDE, hook(AgentKind.CLAUDE, TAG_PUSH).out()))
          .isEqualTo("ask");
    }
  }

  // ---- The gateway's own hook (HookEndpoint: the HTTP hook and the hook socket) ----

  @Nested
  class GatewaysHook {

    private final GatewayFixture f = GatewayFixture.create();
    private final List<Decision> audit = new CopyOnWriteArrayList<>();
    private HookGateRecorder gates;
    private HookEndpoint endpoint;

    @BeforeEach
    void gateway() {
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

    private HookEndpoint.Answer answer(AgentKind agent, String command) {
      CompletableFuture<HookEndpoint.Answer> answer =
          endpoint.answer(agent, input(agent, command).getBytes(StandardCharsets.UTF_8));
      f.clock.advance(HookDecisions.JOIN_WAIT.plus(HookDecisions.POLL)); // no session joins
      return answer.join();
    }

    @ParameterizedTest
    @EnumSource(
        value = AgentKind.class,
        names = {"CLAUDE", "COPILOT"})
    void aQuestionIsAskedWhileThePersonIsThere(AgentKind agent) throws IOException {
      HookEndpoint.Answer answer = answer(agent, TAG_PUSH);

      assertThat(answer.word()).isEqualTo("ask");
      assertThat(decisionOf(agent, answer.body())).isEqualTo("ask");
      assertThat(audit).noneMatch(d -> PersonAway.CODE.equals(d.code()));
    }

    @ParameterizedTest
    @EnumSource(
        value = AgentKind.class,
        names = {"CLAUDE", "COPILOT"})
    void whileAwayTheQuestionIsADenyKeptForTheirReturnAndRecorded(AgentKind agent)
        throws IOException {
      away();

      HookEndpoint.Answer answer = answer(agent, TAG_PUSH);

      assertThat(answer.word()).as(answer.note()).isEqualTo("deny");
      assertThat(decisionOf(agent, answer.body())).isEqualTo("deny");
      assertThat(reasonOf(agent, answer.body()))
          .startsWith("the person is away until 17:30 (gateway away): ")
          .contains("release.tag-pushed", "kept for their return");
      assertThat(audit)
          .as("the guard's own question, then the deny the agent was given")
          .extracting(Decision::outcome)
          .containsExactly(Decision.Outcome.ASK, Decision.Outcome.DENY);
      assertThat(audit.get(1))
          .satisfies(
              d -> {
                assertThat(d.code()).isEqualTo(PersonAway.CODE);
                assertThat(d.agent()).isEqualTo(agent.word());
                assertThat(d.tool()).isEqualTo("shell");
                assertThat(d.reason()).startsWith(TAG_PUSH + ": asked: ");
                assertThat(d.time()).isBetween(START, f.clock.instant());
              });
    }

    @ParameterizedTest
    @EnumSource(
        value = AgentKind.class,
        names = {"CODEX", "GEMINI"})
    void agentsThatCannotAskAreToldThePersonIsAway(AgentKind agent) throws IOException {
      away();

      HookEndpoint.Answer answer = answer(agent, TAG_PUSH);

      assertThat(answer.word()).isEqualTo("deny");
      assertThat(answer.note())
          .as("the reason the agent reads on stderr")
          .startsWith("the person is away until 17:30 (gateway away): ")
          .doesNotContain("cannot ask for a hook");
    }

    @ParameterizedTest
    @EnumSource(AgentKind.class)
    void whileAwayADenyStaysThatDenyAndAnAllowThatAllow(AgentKind agent) throws IOException {
      away();

      HookEndpoint.Answer deny = answer(agent, DELETE_ROOT);
      HookEndpoint.Answer allow = answer(agent, LS);

      assertThat(deny.word()).isEqualTo("deny");
      assertThat(deny.body() + deny.note()).contains("fs.delete-root").doesNotContain("is away");
      assertThat(allow.word()).as(allow.note()).isEqualTo("allow");
      assertThat(audit).noneMatch(d -> PersonAway.CODE.equals(d.code()));
    }

    @Test
    void anAwayFileThatCannotBeReadIsAwayFailClosed() throws IOException {
      Files.writeString(home.resolve(PersonAway.FILE), "not json");

      HookEndpoint.Answer answer = answer(AgentKind.CLAUDE, TAG_PUSH);

      assertThat(answer.word()).isEqualTo("deny");
      assertThat(reasonOf(AgentKind.CLAUDE, answer.body()))
          .startsWith("the person is away (the gateway's away file cannot be read: ");
    }
  }
}
