package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.agent.guard.GuardFactory;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.host.api.SessionSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 48: an exception inside a decision ({@link HookDecisions}) is answered by {@link
 * HookEndpoint} with a deny that says the call could not be checked, never an allow and never no
 * answer at all (a hook that times out lets an older Claude Code run the call). The failures come
 * from the endpoint's seams: the home's rules and the guard, as each call reads them.
 */
class DecisionFailuresTest {

  private static final String PROJECT = "/code/agent";

  @TempDir Path temp;
  private final GatewayFixture f = GatewayFixture.create();

  @AfterEach
  void close() {
    f.close();
  }

  private Guard guard() throws Exception {
    Path home =
        Files.createDirectory(
            temp.resolve("home"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    return GuardFactory.defaults(home);
  }

  private static CompletableFuture<HookEndpoint.Answer> bash(
      HookEndpoint endpoint, String command) {
    String input =
        "{\"cwd\":\""
            + PROJECT
            + "\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\""
            + command
            + "\"}}";
    return endpoint.answer(AgentKind.CLAUDE, input.getBytes(StandardCharsets.UTF_8));
  }

  private static void assertCouldNotCheck(
      CompletableFuture<HookEndpoint.Answer> answer, String why) {
    assertThat(answer).as("answered, not left to the hook's timeout").isDone();
    assertThat(answer.join().word()).isEqualTo("deny");
    assertThat(answer.join().body())
        .contains("\"permissionDecision\":\"deny\"")
        .contains("provider gateway could not check the call (")
        .contains(why);
  }

  /**
   * The gateway closes while a call is decided, after its lists were read: the stopped engine lists
   * no session and the home's record was not told (no {@link HookGateRecorder#stopping}), so the
   * decision is an allow; the endpoint answers the close, not that allow. The home's rules, read
   * once the call is found to have no session, are the seam that closes the gateway.
   */
  @Test
  void aGatewayThatClosesWhileTheCallIsDecidedIsADenyNotTheAllowOfItsEmptyLists() throws Exception {
    Guard guard = guard();
    Supplier<HomeGates.View> closingMeanwhile =
        () -> {
          f.gateway.close();
          return HomeGates.View.of(HookGateRecord.Contents.NONE);
        };
    HookEndpoint endpoint = new HookEndpoint(f.gateway, closingMeanwhile, f.clock, () -> guard);

    CompletableFuture<HookEndpoint.Answer> answer = bash(endpoint, "ls");

    assertThat(answer).as("answered, not left to the hook's timeout").isDone();
    assertThat(answer.join().word()).isEqualTo("deny");
    assertThat(answer.join().body())
        .contains("\"permissionDecision\":\"deny\"")
        .contains("the provider gateway has stopped");
  }

  @Test
  void homeRulesThatFailAfterTheSessionSettledAreADenyNotAHookThatNeverAnswers() throws Exception {
    f.startSession(SessionSpec.of("claude", PROJECT));
    Guard guard = guard();
    Supplier<HomeGates.View> broken =
        () -> {
          throw new IllegalStateException("the home's rules cannot be read");
        };
    HookEndpoint endpoint = new HookEndpoint(f.gateway, broken, f.clock, () -> guard);

    CompletableFuture<HookEndpoint.Answer> answer = bash(endpoint, "ls");
    f.settle();

    assertCouldNotCheck(answer, "the home's rules cannot be read");
  }

  @Test
  void aGuardThatCannotBeHadIsADenyForACallWithNoSession() throws Exception {
    Supplier<HomeGates.View> none = () -> HomeGates.View.of(HookGateRecord.Contents.NONE);
    HookEndpoint endpoint =
        new HookEndpoint(
            f.gateway,
            none,
            f.clock,
            () -> {
              throw new IllegalStateException("the guard's settings are broken");
            });

    CompletableFuture<HookEndpoint.Answer> answer = bash(endpoint, "ls");
    f.settle();

    assertCouldNotCheck(answer, "the guard's settings are broken");
  }

  @Test
  void inputThatMakesReadingItFailIsADeny() throws Exception {
    Guard guard = guard();
    HookEndpoint endpoint =
        new HookEndpoint(
            f.gateway, () -> HomeGates.View.of(HookGateRecord.Contents.NONE), f.clock, () -> guard);

    HookEndpoint.Answer answer = endpoint.answer(AgentKind.CLAUDE, null).join();

    assertThat(answer.word()).isEqualTo("deny");
    assertThat(answer.body()).contains("\"permissionDecision\":\"deny\"");
  }

  /**
   * {@code f}'s gateway, but for {@code preToolUse}, which answers {@code decided}: a stand-in for
   * a gateway that fails (or answers oddly) after the call's session was found.
   */
  private io.github.providergateway.host.api.HostApi preToolUseAnswers(
      java.util.function.Supplier<
              CompletableFuture<io.github.providergateway.host.api.HookDecision>>
          decided) {
    return (io.github.providergateway.host.api.HostApi)
        java.lang.reflect.Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {io.github.providergateway.host.api.HostApi.class},
            (proxy, method, args) -> {
              if (method.getName().equals("preToolUse")) {
                return decided.get();
              }
              try {
                return method.invoke(f.gateway, args);
              } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  private HookDecisions.Context context() throws Exception {
    Guard guard = guard();
    return new HookDecisions.Context(
        () -> HomeGates.View.of(HookGateRecord.Contents.NONE),
        f.clock,
        f.clock,
        io.github.providergateway.agent.internal.UserHome.get(),
        decision -> {},
        () -> guard);
  }

  private static HookRequest request(AgentKind agent, String input) {
    return HookRequests.read(agent, input.getBytes(StandardCharsets.UTF_8)).request();
  }

  @Test
  void aGatewayWhoseEvaluationFailsAfterTheSessionWasFoundFailsTheVerdictNeverAllows()
      throws Exception {
    f.startSession(SessionSpec.of("claude", PROJECT));
    HookRequest ls =
        request(
            AgentKind.CLAUDE,
            "{\"cwd\":\""
                + PROJECT
                + "\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}");

    CompletableFuture<HookVerdict> verdict =
        HookDecisions.decide(
            preToolUseAnswers(
                () -> CompletableFuture.failedFuture(new IllegalStateException("gateway closed"))),
            ls,
            AgentKind.CLAUDE,
            context());
    f.settle();

    assertThat(verdict).as("failed, for HookEndpoint to deny").isCompletedExceptionally();
  }

  @Test
  void twoFilesOfOneCallRewrittenByGatesAreDenied() throws Exception {
    f.startSession(SessionSpec.of("gemini", PROJECT));
    HookRequest many = twoFiles();
    java.util.concurrent.atomic.AtomicInteger asked =
        new java.util.concurrent.atomic.AtomicInteger();

    CompletableFuture<HookVerdict> verdict =
        HookDecisions.decide(
            preToolUseAnswers(
                () ->
                    CompletableFuture.completedFuture(
                        io.github.providergateway.host.api.HookDecision.allow(
                            List.of(),
                            com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
                                .objectNode()
                                .put("path", "/code/agent/safe-" + asked.incrementAndGet())))),
            many,
            AgentKind.GEMINI,
            context());
    f.settle();

    assertThat(verdict.join().allowed()).as(verdict.join().note()).isFalse();
    assertThat(verdict.join().note()).contains("one call can take only one rewrite");
  }

  /** Gemini's read_many_files of two files of the project: decided once per file. */
  private static HookRequest twoFiles() {
    return request(
        AgentKind.GEMINI,
        "{\"cwd\":\""
            + PROJECT
            + "\",\"tool_name\":\"read_many_files\",\"tool_input\":"
            + "{\"include\":[\"/code/agent/a.txt\",\"/code/agent/b.txt\"]}}");
  }

  /** PIT's survivor (issue 48): the second loop of {@code together} negated let an ask through. */
  @Test
  void aGateThatAsksAboutTheSecondFileOfACallMakesTheCallAnAskNotAnAllow() throws Exception {
    f.startSession(SessionSpec.of("gemini", PROJECT));
    java.util.concurrent.atomic.AtomicInteger asked =
        new java.util.concurrent.atomic.AtomicInteger();

    CompletableFuture<HookVerdict> verdict =
        HookDecisions.decide(
            preToolUseAnswers(
                () ->
                    CompletableFuture.completedFuture(
                        asked.incrementAndGet() == 1
                            ? io.github.providergateway.host.api.HookDecision.allow(List.of())
                            : io.github.providergateway.host.api.HookDecision.ask(
                                "read b.txt?", List.of(), null))),
            twoFiles(),
            AgentKind.GEMINI,
            context());
    f.settle();

    assertThat(asked).hasValue(2);
    assertThat(verdict.join().ask()).as(verdict.join().note()).isTrue();
    assertThat(verdict.join().allowed()).isFalse();
  }

  /** PIT's survivor (issue 48): a gate's rewrite of a one-file call dropped, or denied. */
  @Test
  void aGatesRewriteOfOneFileIsCarriedToTheAgent() throws Exception {
    f.startSession(SessionSpec.of("claude", PROJECT));
    HookRequest read =
        request(
            AgentKind.CLAUDE,
            "{\"cwd\":\""
                + PROJECT
                + "\",\"tool_name\":\"Read\",\"tool_input\":{\"file_path\":\"/code/agent/a.txt\"}}");

    CompletableFuture<HookVerdict> verdict =
        HookDecisions.decide(
            preToolUseAnswers(
                () ->
                    CompletableFuture.completedFuture(
                        io.github.providergateway.host.api.HookDecision.allow(
                            List.of(),
                            com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
                                .objectNode()
                                .put("path", "/code/agent/safe.txt")))),
            read,
            AgentKind.CLAUDE,
            context());
    f.settle();

    assertThat(verdict.join().allowed()).as(verdict.join().note()).isTrue();
    assertThat(verdict.join().updatedInput()).as("the rewrite, in Claude's shape").isNotNull();
    assertThat(verdict.join().updatedInput().toString()).contains("/code/agent/safe.txt");
  }
}
