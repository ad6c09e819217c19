package io.github.providergateway.agent.hook;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.host.api.SessionSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
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
    return Guard.create(GuardSettings.defaults(), HookAdapter.defaultEnvironment(home));
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
}
