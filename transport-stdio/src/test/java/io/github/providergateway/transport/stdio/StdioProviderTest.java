package io.github.providergateway.transport.stdio;

import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.TrustLevel;
import io.github.providergateway.transport.testing.Processes;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real provider processes over stdio (a Python script of the test's, standard library only) against
 * a gateway on the manual clock: the protocol both ways, bad lines answered and nothing lost, the
 * line bound, a provider that does not read, one that dies, and the stop sequence (X-STDIO-05..10).
 * Processes are real, so waits on them are bounded polls.
 */
@Tag("process")
class StdioProviderTest {

  private static final Duration WAIT = Duration.ofSeconds(10);

  @TempDir Path tmp;

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");
  private final List<StdioProvider> started = new ArrayList<>();

  @AfterEach
  void stopEverything() {
    Processes.killAll(tmp.resolve("pids")); // what a failed test left behind
    started.forEach(StdioProvider::kill);
    started.forEach(provider -> await(provider.process().onExit()));
    // The last note ("exited with code") is written after the exit: wait for it, so that the
    // temporary folder is not deleted while it is written.
    long logged = started.stream().filter(p -> p.toString().contains("tested")).count();
    eventually(
        "every exit noted",
        () -> read(tmp.resolve("tested.log")).split("exited with code", -1).length - 1 >= logged);
    f.close();
  }

  private StdioProvider spawn(String mode, Map<String, String> env) throws IOException {
    ChildProcess.Spec spec =
        ChildProcess.Spec.of("tested", List.of("python3", script().toString(), mode))
            .withEnv(env)
            .withLog(tmp.resolve("tested.log"));
    StdioProvider provider = StdioProvider.spawn(f.gateway, session, spec);
    started.add(provider);
    return provider;
  }

  private static Path script() {
    try {
      return Path.of(StdioProviderTest.class.getResource("/test-provider.py").toURI());
    } catch (URISyntaxException e) {
      throw new AssertionError(e);
    }
  }

  private static void eventually(String what, Await.Condition condition) {
    Await.until(WAIT, condition, () -> what);
  }

  private static <T> T await(CompletableFuture<T> future) {
    try {
      return future.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  /** Waits until the provider's tool is in the session, and lets the registration debounce pass. */
  private void awaitBound() {
    eventually("the provider is bound", () -> !await(f.gateway.providers()).isEmpty());
    f.settle();
    eventually("its tool is registered", () -> f.host(session).registeredNames().contains("echo"));
  }

  private String log() throws IOException {
    return Files.readString(tmp.resolve("tested.log"));
  }

  @Test
  void aSpawnedProcessSpeaksTheProtocolOnItsStdinAndStdoutWithProjectTrust() throws IOException {
    spawn("answer", Map.of());
    awaitBound();

    CallResult result = await(f.call(session, "echo", "{\"name\":\"Ada\"}"));

    assertThat(result.outcome()).isEqualTo(ToolOutcome.success(json("{\"name\":\"Ada\"}")));
    assertThat(await(f.gateway.providers()))
        .singleElement()
        .satisfies(p -> assertThat(p.trust()).isEqualTo(TrustLevel.PROJECT));
    assertThat(log())
        .contains("[provider-gateway")
        .contains("for session " + session + ", over stdio");
  }

  @Test
  void badLinesGetTypedErrorsAndNothingIsLost() throws IOException {
    Path errors = tmp.resolve("errors.jsonl");
    spawn(
        "answer",
        Map.of(
            "ERRORS", errors.toString(),
            "BEFORE_HELLO",
                "[\"Starting up...\", " + quoted("{\"type\":\"auth\",\"token\":\"x\"}") + "]",
            "AFTER_HELLO", "[\"@push:" + (2 << 20) + "\", \"{not json\"]"));
    awaitBound();
    eventually("four errors", () -> lines(errors).size() == 4);

    // With no call pending, unreadable lines fail nothing (a pending call would be failed by the
    // core profile's rule 4, as over WebSocket).
    CallResult result = await(f.call(session, "echo", "{\"after\":\"all that\"}"));

    assertThat(lines(errors))
        .extracting(
            line -> json(line).get("code").asText() + " " + json(line).path("replyTo").asText())
        .containsExactly(
            "INVALID_JSON ", "UNAUTHORIZED auth", "PAYLOAD_TOO_LARGE push", "INVALID_JSON ");
    assertThat(result.outcome()).isEqualTo(ToolOutcome.success(json("{\"after\":\"all that\"}")));
  }

  @Test
  void aLineOverTheTransportLimitGetsPayloadTooLargeAndStopsTheProcess() throws Exception {
    Path received = tmp.resolve("received");
    int limit = f.gateway.limits().messages().maxAnyMessageBytes() + (1 << 20);
    ChildProcess.Spec spec =
        ChildProcess.Spec.of(
            "flood",
            List.of(
                "sh",
                "-c",
                "head -c " + (limit + 1) + " /dev/zero | tr '\\0' x; echo; cat > " + received));
    StdioProvider provider = StdioProvider.spawn(f.gateway, session, spec);
    started.add(provider);

    assertThat(provider.process().waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS))
        .as("stopped")
        .isTrue();
    eventually(
        "the error reached its stdin",
        () -> Files.exists(received) && read(received).contains("PAYLOAD_TOO_LARGE"));
    assertThat(read(received)).contains("A line over " + limit + " bytes");
    eventually(
        "the timeline says why",
        () ->
            f.host(session).loggedTexts().stream()
                .anyMatch(
                    line ->
                        line.contains("'flood' wrote a line of more than " + limit + " bytes")));
  }

  @Test
  void aProviderThatDoesNotReadItsStdinIsClosedAndItsCallsEndDisconnected() throws Exception {
    StdioProvider provider = spawn("deaf", Map.of());
    awaitBound();
    String big = "{\"blob\":\"" + "y".repeat(1 << 20) + "\"}";

    List<CompletableFuture<CallResult>> calls = new ArrayList<>();
    while (calls.size() < 20 && !await(f.gateway.tools(session)).isEmpty()) {
      calls.add(f.call(session, "echo", big));
    }

    for (CompletableFuture<CallResult> call : calls) {
      assertThat(((ToolOutcome.Failure) await(call).outcome()).code())
          .isEqualTo(ToolErrorCode.DISCONNECTED);
    }
    assertThat(await(f.gateway.tools(session))).isEmpty();
    assertThat(provider.process().waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS))
        .as("stopped")
        .isTrue();
    assertThat(log()).contains("does not read its stdin").contains("closed as too slow");
  }

  @Test
  void aProviderThatDiesEndsItsCallsDisconnectedAndLeavesTheSession() throws IOException {
    spawn("exit", Map.of());
    awaitBound();

    CallResult result = await(f.call(session, "echo", "{}"));

    assertThat(((ToolOutcome.Failure) result.outcome()).code())
        .isEqualTo(ToolErrorCode.DISCONNECTED);
    assertThat(await(f.gateway.tools(session))).isEmpty();
    eventually(
        "the timeline says it exited",
        () -> f.host(session).loggedTexts().contains("Provider 'tested' exited with code 3"));
  }

  @Test
  void theSessionEndingSendsShutdownPendingAndAProviderThatSaysGoodbyeIsStopped() throws Exception {
    StdioProvider provider = spawn("answer", Map.of());
    awaitBound();

    CompletableFuture<Void> ended = f.gateway.endSession(session, Duration.ofSeconds(10));

    assertThat(provider.process().waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    assertThat(provider.process().exitValue()).as("it left by itself").isZero();
    await(ended);
  }

  @Test
  void stopClosesStdinThenTerminatesThenKillsAProviderThatIgnoresBoth() throws Exception {
    StdioProvider provider = spawn("stubborn", Map.of());
    awaitBound();

    Process exited = await(provider.stop(Duration.ofMillis(400)));

    assertThat(exited.exitValue()).as("SIGKILL").isEqualTo(137);
    eventually("its calls' connection is gone", () -> await(f.gateway.providers()).isEmpty());
  }

  @Test
  void stopTerminatesAProviderThatIgnoresItsStdinsEndAndItExitsBySigtermWithCode143()
      throws Exception {
    StdioProvider provider = spawn("terminable", Map.of());
    awaitBound();

    Process exited = await(provider.stop(Duration.ofSeconds(4)));

    // 143 is 128 + SIGTERM: it got its SIGTERM at half the grace and ended by it (137 is SIGKILL).
    assertThat(exited.exitValue()).as("ended by SIGTERM").isEqualTo(143);
    eventually(
        "the timeline records it",
        () -> f.host(session).loggedTexts().contains("Provider 'tested' exited with code 143"));
  }

  @Test
  void theSessionsEndKillsWhatTheProviderStartedEvenAGrandchildInitAdopted() throws Exception {
    Path pids = tmp.resolve("pids");
    StdioProvider provider = spawn("daemon", Map.of("PIDS", pids.toString()));
    awaitBound();
    long grandchild = Processes.recorded(pids, 1).get(0);
    assertThat(ProcessHandle.of(grandchild).flatMap(ProcessHandle::parent).map(ProcessHandle::pid))
        .as("re-parented: no descendant of the provider's any more")
        .isNotEqualTo(java.util.Optional.of(provider.process().pid()));

    await(f.gateway.endSession(session, Duration.ofSeconds(10)));

    assertThat(provider.process().waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS))
        .as("it left")
        .isTrue();
    Processes.awaitGone(grandchild, WAIT);
  }

  @Test
  void
      aProviderThatExitsWhileItsChildHoldsItsStdoutEndsItsCallsDisconnectedAtOnceAndTheChildIsKilled()
          throws Exception {
    Path pids = tmp.resolve("pids");
    spawn("leave", Map.of("PIDS", pids.toString()));
    awaitBound();

    // The tool's timeout never passes (the manual clock stands still): only the exit can end it.
    CallResult result = await(f.call(session, "echo", "{}"));

    assertThat(((ToolOutcome.Failure) result.outcome()).code())
        .isEqualTo(ToolErrorCode.DISCONNECTED);
    assertThat(await(f.gateway.tools(session))).isEmpty();
    Processes.awaitGone(Processes.recorded(pids, 1).get(0), WAIT);
  }

  @Test
  void whileReadingIsSuspendedTheChildIsHeldBackByItsPipe() throws Exception {
    ChildProcess child =
        ChildProcess.start(
            ChildProcess.Spec.of(
                "chatty", List.of("sh", "-c", "yes '{\"type\":\"push\"}' | head -n 100000")),
            ChildProcess.Bounds.of(1 << 20));
    java.util.concurrent.atomic.AtomicInteger lines =
        new java.util.concurrent.atomic.AtomicInteger();
    CompletableFuture<ChildProcess.Ending> end = new CompletableFuture<>();
    child.suspendReading();
    child.read(
        new ChildProcess.LineHandler() {
          @Override
          public void line(String line) {
            lines.incrementAndGet();
          }

          @Override
          public void ended(ChildProcess.Ending ending) {
            end.complete(ending);
          }
        });

    assertThat(child.process().waitFor(300, TimeUnit.MILLISECONDS))
        .as("blocked on its full pipe")
        .isFalse();
    assertThat(lines).hasValue(0);
    child.resumeReading();

    assertThat(await(end)).isEqualTo(ChildProcess.Ending.STDOUT_ENDED);
    assertThat(lines).hasValue(100_000);
  }

  @Test
  void aProgramThatDoesNotExistCannotBeStarted() {
    assertThatThrownBy(
            () ->
                ChildProcess.start(
                    ChildProcess.Spec.of("ghost", List.of("/nonexistent/provider")),
                    ChildProcess.Bounds.of(1024)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("/nonexistent/provider");
  }

  private static String quoted(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return "";
    }
  }

  private static List<String> lines(Path file) {
    return read(file).lines().toList();
  }
}
