package io.github.providergateway.app.guard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateDecision;
import io.github.providergateway.provider.GateVerdict;
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
 * Issue 48: the guard provider's own fail-closed paths (docs/conformance.md, FC-34 and FC-35), on a
 * gateway whose clock never moves, so a gate's 5 s timeout cannot stand in for the guard's answer.
 */
class GuardProviderFailuresTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  @TempDir Path temp;

  private final ManualClock clock = new ManualClock();
  private final Gateway gateway = Gateway.builder().backend(clock.backend().threaded()).build();
  private GuardProvider provider;

  /** Where the provider decides: its own, counted, and shut down by its close. */
  private final ThreadPoolExecutor decisions = (ThreadPoolExecutor) Executors.newFixedThreadPool(1);

  @AfterEach
  void close() {
    if (provider != null) {
      provider.close();
    }
    gateway.close();
    decisions.shutdownNow();
  }

  private GuardProvider start(Consumer<String> problems) throws Exception {
    Path home = Files.createDirectories(temp.resolve("home"));
    HomeGuard guard =
        new HomeGuard(GuardSettings.defaults(), HomeGuard.environment(home, Map.of()), problems);
    provider = GuardProvider.start(gateway, guard, decisions);
    return provider;
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
   * FC-35: what a tool declared of itself cannot be had (its session is gone), so the guard does
   * not decide as if it declared nothing: a destructive tool of a low-trust provider would lose the
   * question the guard asks about it.
   */
  @Test
  void aToolWhoseHintsCannotBeHadIsDeniedNotDecidedWithoutThem() throws Exception {
    start(problem -> {});
    String live = session(Files.createDirectories(temp.resolve("live")).toRealPath());
    String ended = session(Files.createDirectories(temp.resolve("ended")).toRealPath());
    done(gateway.endSession(ended, Duration.ZERO));

    // A tool the live session does not list declares nothing, and the guard lets it run.
    GateVerdict undeclared =
        done(
            provider
                .check(new GateCheck("guard", "call-1", live, "wipe", shell("x")))
                .toCompletableFuture());
    GateVerdict unknown =
        done(
            provider
                .check(new GateCheck("guard", "call-2", ended, "wipe", shell("x")))
                .toCompletableFuture());

    assertThat(undeclared.decision()).isEqualTo(GateDecision.ALLOW);
    assertThat(unknown.decision()).isEqualTo(GateDecision.DENY);
    assertThat(unknown.reason())
        .startsWith(
            "guard: "
                + HomeGuard.UNREADABLE
                + ": the guard could not learn what tool 'wipe' declares of itself (");
  }

  /**
   * Decisions run on the executor the provider is given (the app's I/O executor), never on the
   * JDK's default for {@code thenApplyAsync}: on two cores that starts a thread per decision. The
   * provider's close releases it.
   */
  @Test
  void decisionsRunOnTheExecutorTheProviderIsGivenWhichItsCloseReleases() throws Exception {
    start(problem -> {});
    String session = session(Files.createDirectories(temp.resolve("project")).toRealPath());

    HookDecision decision = done(gateway.preToolUse(session, "shell", shell("ls"), true));

    assertThat(decision.allowed()).isTrue();
    assertThat(decisions.getTaskCount()).isPositive();
    provider.close();
    provider = null;
    assertThat(decisions.isShutdown()).isTrue();
  }
}
