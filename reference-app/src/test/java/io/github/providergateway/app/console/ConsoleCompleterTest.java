package io.github.providergateway.app.console;

import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Tab completion's candidates, from what an embedded gateway (on a manual clock, direct executor)
 * knows at the moment TAB is pressed.
 */
class ConsoleCompleterTest {

  private final GatewayFixture fixture = GatewayFixture.create();
  private final ConsoleOut out = new ConsoleOut(OutputStream.nullOutputStream());
  private final KnownStreams known = new KnownStreams();
  private final StreamWatches watches = new StreamWatches(out, known);
  private final ConsoleSessions sessions =
      new ConsoleSessions(out, fixture.gateway, known.recording(new RecordingSessionHost()));
  private final ConsoleCompleter completer =
      new ConsoleCompleter(
          fixture.gateway, sessions, known, watches, () -> List.of("greeter", "fs"));
  private String session;

  @AfterEach
  void close() {
    watches.closeTimer();
    fixture.close();
  }

  private void currentSessionWithProvider() {
    session =
        GatewayFixture.done(
                fixture.gateway.startSession(
                    SessionSpec.of("work", "/code/work"),
                    known.recording(new RecordingSessionHost())))
            .id();
    sessions.makeCurrent(session);
    watches.start(fixture.gateway, sessions);
    fixture.bound("greeter", session, tool("greet"), tool("wait"));
    fixture.settle();
  }

  @Test
  void theFirstWordCompletesToEveryCommand() {
    assertThat(completer.candidates(List.of(""), 0))
        .containsExactlyElementsOf(ConsoleCommand.words());
    assertThat(completer.candidates(List.of("ca"), 0)).contains("call", "sessions", "quit");
  }

  @Test
  void callAndHookCompleteTheCurrentSessionsToolNames() {
    currentSessionWithProvider();

    assertThat(completer.candidates(List.of("call", "gr"), 1)).containsExactly("greet", "wait");
    assertThat(completer.candidates(List.of("call", "greet", ""), 2)).isEmpty();
  }

  /**
   * {@code hook [agent] <tool>}: the session's tools and the agents, then the agent's own tools.
   */
  @Test
  void hookCompletesToolsAndAgentsThenTheAgentsOwnToolNames() {
    currentSessionWithProvider();

    assertThat(completer.candidates(List.of("HOOK", ""), 1))
        .containsExactly("greet", "wait", "claude", "copilot", "gemini", "codex", "cursor");
    assertThat(completer.candidates(List.of("hook", "claude", ""), 2))
        .containsExactly(
            "Bash",
            "Edit",
            "Glob",
            "Grep",
            "LS",
            "MultiEdit",
            "NotebookEdit",
            "NotebookRead",
            "Read",
            "Write");
    assertThat(completer.candidates(List.of("hook", "Gemini", ""), 2))
        .contains("run_shell_command", "write_file");
    assertThat(completer.candidates(List.of("hook", "greet", ""), 2)).isEmpty();
  }

  @Test
  void useAndEndCompleteSessionIds() {
    currentSessionWithProvider();
    String other = fixture.startSession("other");

    assertThat(completer.candidates(List.of("use", ""), 1))
        .containsExactlyInAnyOrder(session, other);
    assertThat(completer.candidates(List.of("end", "s-"), 1))
        .containsExactlyInAnyOrder(session, other);
  }

  @Test
  void streamAndWatchCompleteTheStreamsProvidersPushedTo() {
    currentSessionWithProvider();
    var provider = fixture.bound("ci", session);
    provider.send(Push.event("builds", PushLevel.KEEP, "build 7 passed"));
    provider.send(Push.event("deploys", PushLevel.SURFACE, "deployed"));

    assertThat(completer.candidates(List.of("stream", ""), 1))
        .containsExactly("builds@ci", "deploys@ci");
    assertThat(completer.candidates(List.of("watch", "b"), 1))
        .containsExactly("builds@ci", "deploys@ci");
    assertThat(completer.candidates(List.of("unwatch", ""), 1)).isEmpty();

    watches.watch("builds@ci");
    assertThat(completer.candidates(List.of("unwatch", ""), 1)).containsExactly("builds@ci");
  }

  @Test
  void aStreamWhoseNameCouldHideOrReorderTextIsNotOffered() {
    currentSessionWithProvider();
    var provider = fixture.bound("ci", session);
    provider.send(Push.event("builds", PushLevel.KEEP, "build 7 passed"));
    provider.send(Push.event("deploys\u202Esgol", PushLevel.KEEP, "shown as logs"));
    provider.send(Push.event("\u001B[2Jclear", PushLevel.KEEP, "clears the screen"));

    assertThat(completer.candidates(List.of("stream", ""), 1)).containsExactly("builds@ci");
  }

  @Test
  void reloadCompletesTheConfigsEntryNames() {
    assertThat(completer.candidates(List.of("reload", ""), 1)).containsExactly("greeter", "fs");
    assertThat(completer.candidates(List.of("reload", "greeter", ""), 2)).isEmpty();
  }

  @Test
  void eventCompletesTheSpecsEventNames() {
    assertThat(completer.candidates(List.of("event", "u"), 1))
        .contains("user.message", "assistant.message");
  }

  @Test
  void commandsWithoutArgumentsOrUnknownOnesCompleteNothing() {
    currentSessionWithProvider();

    assertThat(completer.candidates(List.of("sessions", ""), 1)).isEmpty();
    assertThat(completer.candidates(List.of("frobnicate", ""), 1)).isEmpty();
  }

  @Test
  void withoutACurrentSessionToolsCompleteToNothing() {
    assertThat(completer.candidates(List.of("call", ""), 1)).isEmpty();
    assertThat(completer.candidates(List.of("stream", ""), 1)).isEmpty();
  }

  @Test
  void gatesCompletesReleaseThenTheProvidersWhoseGatesAreHeld() {
    ConsoleCompleter withHeld =
        new ConsoleCompleter(
            fixture.gateway,
            sessions,
            known,
            watches,
            List::of,
            () -> CompletableFuture.completedFuture(List.of("ci-guard", "fs-guard")));

    assertThat(withHeld.candidates(List.of("gates", ""), 1)).containsExactly("release");
    assertThat(withHeld.candidates(List.of("gates", "release", ""), 2))
        .containsExactly("ci-guard", "fs-guard");
    assertThat(withHeld.candidates(List.of("gates", "list", ""), 2)).isEmpty();
    assertThat(withHeld.candidates(List.of("reload", "release", ""), 2)).isEmpty();
    assertThat(withHeld.candidates(List.of("gates", "release", "ci-guard", ""), 3)).isEmpty();
    assertThat(completer.candidates(List.of("gates", "release", ""), 2))
        .as("a gateway that keeps no record of gates")
        .isEmpty();
  }

  @Test
  void aGatewayThatDoesNotAnswerCostsABoundedWaitAndNoCandidates() {
    ConsoleSessions silentSessions =
        new ConsoleSessions(out, new SilentHostApi(), new RecordingSessionHost());
    silentSessions.makeCurrent("s-1");
    ConsoleCompleter silent =
        new ConsoleCompleter(new SilentHostApi(), silentSessions, known, watches, List::of);

    long started = System.nanoTime();
    List<String> tools = silent.candidates(List.of("call", ""), 1);
    Duration took = Duration.ofNanos(System.nanoTime() - started);

    assertThat(tools).isEmpty();
    assertThat(took)
        .isGreaterThanOrEqualTo(ConsoleCompleter.ASK_LIMIT)
        .isLessThan(ConsoleCompleter.ASK_LIMIT.multipliedBy(4));
  }

  /** A gateway that never answers: every future stays pending. */
  private static final class SilentHostApi implements HostApi {
    @Override
    public CompletableFuture<SessionInfo> startSession(SessionSpec spec, SessionHost host) {
      return new CompletableFuture<>();
    }

    @Override
    public CompletableFuture<Void> idle(String sessionId) {
      return new CompletableFuture<>();
    }

    @Override
    public CompletableFuture<Void> endSession(String sessionId, Duration deadline) {
      return new CompletableFuture<>();
    }

    @Override
    public CompletableFuture<Void> interrupt(String sessionId) {
      return new CompletableFuture<>();
    }

    @Override
    public CompletableFuture<CallResult> callTool(
        String sessionId, String tool, JsonNode args, Duration timeout) {
      return new CompletableFuture<>();
    }

    @Override
    public CompletableFuture<HookDecision> preToolUse(
        String sessionId, String tool, JsonNode args) {
      return new CompletableFuture<>();
    }

    @Override
    public CompletableFuture<PromptResult> onPrompt(
        String sessionId, Map<String, String> sections) {
      return new CompletableFuture<>();
    }

    @Override
    public CompletableFuture<Void> emit(String sessionId, String event, JsonNode data) {
      return new CompletableFuture<>();
    }

    @Override
    public CompletableFuture<List<SessionInfo>> sessions() {
      return new CompletableFuture<>();
    }

    @Override
    public CompletableFuture<List<HostTool>> tools(String sessionId) {
      return new CompletableFuture<>();
    }

    @Override
    public CompletableFuture<List<ProviderInfo>> providers() {
      return new CompletableFuture<>();
    }

    @Override
    public CompletableFuture<Map<String, List<StreamEntry>>> queryStreams(
        String sessionId, List<String> streams, int last) {
      return new CompletableFuture<>();
    }
  }
}
