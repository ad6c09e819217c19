package io.github.providergateway.app.guard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.policy.PolicyCall;
import io.github.providergateway.gateway.policy.PolicyVerdict;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.ToolAnnotations;
import io.github.providergateway.protocol.TrustLevel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 48: the guard's own fail-closed paths as the engine's policy (docs/conformance.md, FC-34
 * and FC-35; decision 77), on a gateway whose clock never moves, so the 5 s gate timeout cannot
 * stand in for the guard's answer.
 */
class GuardPolicyFailuresTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  @TempDir Path temp;

  private final ManualClock clock = new ManualClock();
  private Gateway gateway;

  /** Where the policy decides: its own, counted. */
  private final ThreadPoolExecutor decisions = (ThreadPoolExecutor) Executors.newFixedThreadPool(1);

  @AfterEach
  void close() {
    if (gateway != null) {
      gateway.close();
    }
    decisions.shutdownNow();
  }

  private HomeGuard guard(Consumer<String> problems) throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    return new HomeGuard(GuardSettings.defaults(), HomeGuard.environment(home, Map.of()), problems);
  }

  private void start(Consumer<String> problems) throws Exception {
    gateway =
        Gateway.builder()
            .backend(clock.backend().threaded())
            .policy(GuardPolicy.NAME, new GuardPolicy(guard(problems)), decisions)
            .build();
  }

  private String session(Path project) throws Exception {
    return done(gateway.startSession(
            SessionSpec.of("claude-code", project.toString()), new RecordingSessionHost()))
        .id();
  }

  private static <T> T done(CompletableFuture<T> future) throws Exception {
    return future.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  private static JsonNode shell(String command) {
    return JsonNodeFactory.instance.objectNode().put("command", command);
  }

  /**
   * FC-34: the home's guard throws while deciding, outside the guard module's own catch (FC-33
   * covers only {@code Guard.explain}; the project's file and its reporter are {@code
   * HomeGuard}'s). The reporter is the seam: one that throws on a broken project file.
   */
  @Test
  void aHomeGuardThatThrowsWhileDecidingIsADenyAtOnceNotAGateTimeout() throws Exception {
    start(
        problem -> {
          throw new IllegalStateException("the guard's reporter broke");
        });
    Path project = Files.createDirectories(temp.resolve("project")).toRealPath();
    Files.createDirectories(project.resolve(HomeGuard.PROJECT_FILE).getParent());
    Files.writeString(project.resolve(HomeGuard.PROJECT_FILE), "not JSON");
    String session = session(project);

    // The clock never moves: only the guard's own answer can decide the call.
    HookDecision decision = done(gateway.preToolUse(session, "shell", shell("ls"), true));

    assertThat(decision.allowed()).isFalse();
    assertThat(decision.ask()).isFalse();
    assertThat(decision.reason())
        .startsWith("guard: " + HomeGuard.UNREADABLE + ": the guard could not decide this call (")
        .contains("the guard's reporter broke");
  }

  /**
   * FC-35: what a provider's tool declared of itself reaches the guard with the call (the engine
   * reads it in the session, on its loop: there is no look-up that can fail), and the guard decides
   * by it: a destructive tool of a project-trust provider is not let through as a tool that
   * declared nothing would be.
   */
  @Test
  void aProviderToolIsDecidedWithWhatItDeclaredNotAsIfItDeclaredNothing() throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    GuardPolicy policy =
        new GuardPolicy(
            new HomeGuard(
                GuardSettings.personal(
                    JsonNodeFactory.instance.objectNode().put("preset", "strict")),
                HomeGuard.environment(home, Map.of()),
                problem -> {}));
    SessionInfo session = new SessionInfo("s1", null, temp.toRealPath().toString(), null, null);
    JsonNode args = JsonNodeFactory.instance.objectNode();

    PolicyVerdict declaredNothing =
        policy.verdict(PolicyCall.builder(session, "wipe", args).build());
    PolicyVerdict destructive =
        policy.verdict(
            PolicyCall.builder(session, "wipe", args)
                .annotations(new ToolAnnotations(true, false, null, null))
                .toolProvider("wiper", TrustLevel.PROJECT)
                .build());

    assertThat(declaredNothing.kind()).isEqualTo(PolicyVerdict.Kind.ALLOW);
    assertThat(destructive.kind()).isEqualTo(PolicyVerdict.Kind.ASK);
    assertThat(destructive.reason()).startsWith("guard: tools.destructive");
  }

  /**
   * Decisions run on the executor the policy is registered with (the app's I/O executor), never on
   * the gateway's loop nor the JDK's common pool: on two cores that starts a thread per decision.
   */
  @Test
  void decisionsRunOnTheExecutorThePolicyIsRegisteredWith() throws Exception {
    start(problem -> {});
    String session = session(Files.createDirectories(temp.resolve("project")).toRealPath());

    HookDecision decision = done(gateway.preToolUse(session, "shell", shell("ls"), true));

    assertThat(decision.allowed()).isTrue();
    assertThat(decisions.getTaskCount()).isPositive();
  }
}
