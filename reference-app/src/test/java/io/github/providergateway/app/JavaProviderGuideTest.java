package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

// --- docs/java-provider.md: "imports" ---
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.SessionEvents;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.TransformRule;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.GateVerdict;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.ProviderTool;
import io.github.providergateway.provider.PushBuilder;
import io.github.providergateway.provider.SyncProviderSession;
import io.github.providergateway.provider.ToolException;
import io.github.providergateway.provider.ToolHandler;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
// --- end of example ---

// --- docs/java-provider.md: "imports over WebSocket" ---
import io.github.providergateway.provider.PairingCodeSupplier;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
// --- end of example ---

// --- docs/java-provider.md: "imports in process" ---
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.transport.local.LocalProviderTransport;
// --- end of example ---

import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.transport.ws.WebSocketServer;
import java.io.ByteArrayOutputStream;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keeps {@code docs/java-provider.md} true: every Java sample of the guide is a region of this file
 * (between {@code // --- docs/java-provider.md: "name" ---} and {@code // --- end of example ---}),
 * each is run against a real gateway behind a real {@link WebSocketServer}, and {@link
 * #theGuideQuotesEverySampleVerbatim} fails when the guide's copy drifts from the code here.
 */
class JavaProviderGuideTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  /**
   * Real time: generous gate, transform and auth timeouts keep a stalled CI machine from turning a
   * slow answer into a timeout.
   */
  private static final Limits PATIENT_LIMITS =
      Limits.defaults().toBuilder()
          .gateTimeout(Duration.ofSeconds(60))
          .transformTimeout(Duration.ofSeconds(60))
          .authTimeout(Duration.ofSeconds(60))
          // The regex bounds need nothing here: they count steps, not time, so a loaded machine
          // compiling a pattern for the first time decides as an idle one (issue 32).
          .build();
  private static final Pattern REGION =
      Pattern.compile(
          "(?m)^[ \\t]*// --- docs/java-provider\\.md: \"([^\"]+)\" ---\\n"
              + "(.*?)^[ \\t]*// --- end of example ---$",
          Pattern.DOTALL);

  /** What {@link #slowStep()} waits for, and never gets: a step ends only with the pool. */
  private static final Semaphore STEPS = new Semaphore(0);

  @TempDir Path copilotHome;
  private final RecordingSessionHost host = new RecordingSessionHost();
  private final List<ProviderSession> sessions = new ArrayList<>();
  private final ExecutorService pool = Executors.newCachedThreadPool();
  private Gateway gateway;
  private WebSocketServer server;
  private String sessionId;

  @BeforeEach
  void startGateway() throws Exception {
    Path home = copilotHome.resolve("extensions").resolve("tap");
    gateway = Gateway.builder().home(home).limits(PATIENT_LIMITS).build();
    server = WebSocketServer.builder(gateway).port(0).build().start();
    sessionId = await(gateway.startSession(SessionSpec.of("demo", "/code/demo"), host)).id();
  }

  @AfterEach
  void stopGateway() {
    try {
      for (ProviderSession session : sessions) {
        session.close();
      }
      pool.shutdownNow();
      server.close();
    } finally {
      gateway.close();
    }
  }

  // ---- the samples ----

  // --- docs/java-provider.md: "greeter" ---
  static final ProtocolCodec CODEC = ProtocolCodec.create();

  static final ToolDefinition GREET =
      ToolDefinition.of(
          "greet",
          "Say hello to someone",
          CODEC.parseJson(
              """
              {"type": "object",
               "properties": {"name": {"type": "string"}},
               "required": ["name"]}
              """));

  static JavaProvider greeter() {
    return JavaProvider.builder("greeter")
        .tool(
            GREET,
            (args, call) ->
                CompletableFuture.completedFuture(
                    TextNode.valueOf("Hello, " + args.path("name").asText() + "!")))
        .build();
  }

  // --- end of example ---

  // --- docs/java-provider.md: "over WebSocket" ---
  /**
   * Connects the greeter to the gateway its environment names, as every provider finds it: a
   * provider the gateway spawned has TAP_GATEWAY_URL and TAP_PROVIDER_TOKEN; one started by hand
   * reads the default gateway's token file.
   */
  static ProviderSession greeterOverWebSocket() {
    return WebSocketProviderClient.fromEnvironment(greeter());
  }

  /** The same, reading {@code environment} instead of the process's (tests, other gateways). */
  static ProviderSession greeterOverWebSocket(Map<String, String> environment) {
    return WebSocketProviderClient.fromEnvironment(greeter(), environment);
  }

  // --- end of example ---

  // --- docs/java-provider.md: "in-process" ---
  static ProviderSession greeterInProcess(Gateway gateway, String sessionId) {
    return LocalProviderTransport.connect(gateway, greeter(), sessionId);
  }

  // --- end of example ---

  // --- docs/java-provider.md: "refused" ---
  /** Where the provider is bound, or why the gateway refused it: its code and message. */
  static String bindingOf(ProviderSession session) {
    try {
      return "bound in " + session.bound().toCompletableFuture().join().sessionId();
    } catch (CompletionException e) {
      if (e.getCause() instanceof GatewayErrorException refused) {
        return "refused: " + refused.code() + " " + refused.error().message();
      }
      throw e;
    }
  }

  // --- end of example ---

  // --- docs/java-provider.md: "blocking" ---
  /**
   * The greeter over WebSocket with blocking calls: each waits for the gateway's answer, up to
   * 10 s, and throws what its stage would fail with, unchecked.
   */
  static SyncProviderSession greeterBlocking(URI gatewayUrl, String token) {
    SyncProviderSession session =
        SyncProviderSession.of(WebSocketProviderClient.connect(gatewayUrl, token, greeter()))
            .withTimeout(Duration.ofSeconds(10));
    session.awaitBound(); // a refused hello: GatewayErrorException, its code() the gateway's
    session.updateContext("The greeter greets by name."); // returns once the gateway acked it
    return session; // session.awaitClosed() would wait, with no limit, until the session ends
  }

  // --- end of example ---

  // --- docs/java-provider.md: "cancel" ---
  /** Counts to {@code n}, a step a second, on {@code pool}; stops when the call is cancelled. */
  static ToolHandler countSlowly(ExecutorService pool) {
    return (args, call) ->
        CompletableFuture.supplyAsync(
            () -> {
              int n = args.path("n").asInt();
              for (int i = 1; i <= n; i++) {
                if (call.isCancelled()) {
                  throw new ToolException(ToolErrorCode.CANCELLED, "stopped at " + i);
                }
                call.progress("counted " + i + " of " + n);
                slowStep();
              }
              return TextNode.valueOf("counted to " + n);
            },
            pool);
  }

  // --- end of example ---

  // --- docs/java-provider.md: "push" ---
  static void reportCi(ProviderSession session, JsonNode run) {
    session.push(PushLevel.KEEP, "CI started"); // stored in the provider's stream
    session.push("ci-watch", PushLevel.SURFACE, "CI is running"); // and shown in the timeline
    session.push(
        PushBuilder.event(PushLevel.INJECT, "CI failed on test/auth.spec.ts") // and starts a turn
            .stream("ci-watch")
            .metadata(run)
            .build());
  }

  // --- end of example ---

  // --- docs/java-provider.md: "update tools" ---
  static CompletionStage<Void> addWave(ProviderSession session) {
    ToolDefinition wave =
        ToolDefinition.of("wave", "Wave at someone", CODEC.parseJson("{\"type\": \"object\"}"));
    ToolHandler waving = (args, call) -> CompletableFuture.completedFuture(TextNode.valueOf("o/"));
    // The new list replaces the old one: keep the tools you still offer.
    return session.updateTools(List.of(greeter().tools().get(0), new ProviderTool(wave, waving)));
  }

  // --- end of example ---

  // --- docs/java-provider.md: "gate" ---
  /** Blocks `git push` in the host's shell tool while CI is red. */
  static JavaProvider pushGuard(AtomicBoolean ciRed) {
    return JavaProvider.builder("push-guard")
        .gate(
            HookMatch.toolAndArgs("shell", "git push"),
            "ci-before-push",
            check ->
                CompletableFuture.completedFuture(
                    ciRed.get()
                        ? GateVerdict.deny("CI is red. Fix the tests before pushing.")
                        : GateVerdict.allow()))
        .onPreToolUse(
            HookRule.context(
                new HookMatch("edit", null, null, "*.sql"),
                "This is a migration file. Keep it backward compatible."))
        .build();
  }

  // --- end of example ---

  // --- docs/java-provider.md: "rewriting gate" ---
  /** Adds --dry-run to every `git push` in the host's shell: a rewrite instead of a refusal. */
  static JavaProvider dryRunPushes() {
    return JavaProvider.builder("dry-run-pushes")
        .extension(ProtocolExtension.GATE_ARGS) // opt in: without it the gateway ignores args
        .gate(
            HookMatch.toolAndArgs("shell", "git push(?!.*--dry-run)"),
            "dry-run",
            check -> {
              ObjectNode args = check.args().deepCopy(); // the check's own tree is read-only
              args.put("command", args.path("command").asText() + " --dry-run");
              return CompletableFuture.completedFuture(GateVerdict.rewrite(args));
            })
        .build();
  }

  // --- end of example ---

  // --- docs/java-provider.md: "update hooks" ---
  static CompletionStage<Void> stopGuarding(ProviderSession session) {
    // onPreToolUse replaces the whole rule list; transforms (null here) stay as they are.
    return session.updateHooks(new Hooks(List.of(), null));
  }

  // --- end of example ---

  // --- docs/java-provider.md: "transforms" ---
  static JavaProvider promptEditor(AtomicBoolean ciRed) {
    return JavaProvider.builder("prompt-editor")
        .transform("custom_instructions", TransformRule.append("This repo uses pnpm, not npm."))
        .transform(
            "code_change_rules",
            request ->
                CompletableFuture.completedFuture(
                    ciRed.get()
                        ? request.current() + "\nCI is red: do not merge anything."
                        : request.current()))
        .build();
  }

  // --- end of example ---

  // --- docs/java-provider.md: "context" ---
  static JavaProvider ciWatcher() {
    return JavaProvider.builder("ci-watcher")
        .context("CI is passing on main.") // added to every prompt
        .startupContext("ci-watcher is watching main.") // added once, at session start
        .build();
  }

  static CompletionStage<Void> ciWentRed(ProviderSession session) {
    return session.updateContext("CI is failing on main: test/auth.spec.ts.");
  }

  // --- end of example ---

  // --- docs/java-provider.md: "streams" ---
  static CompletionStage<List<String>> gitWatch(ProviderSession session) {
    return session
        .setFilter(
            "git-watch",
            List.of(
                new FilterRule("behind=0", FilterOutcome.DROP),
                new FilterRule("conflicts=[1-9]", FilterOutcome.INJECT),
                new FilterRule(".*", FilterOutcome.KEEP)))
        .thenCompose(
            filtered -> {
              session.push("git-watch", PushLevel.SURFACE, "behind=0"); // dropped
              session.push("git-watch", PushLevel.SURFACE, "behind=2"); // kept, not shown
              return session.queryStreams(List.of("git-watch"), 10);
            })
        .thenApply(
            history ->
                history.streams().get("git-watch").stream().map(StreamEntry::event).toList());
  }

  // --- end of example ---

  // --- docs/java-provider.md: "events" ---
  static JavaProvider listener(Consumer<String> onUserMessage) {
    return JavaProvider.builder("listener")
        .subscribe(SessionEvents.USER_MESSAGE, SessionEvents.TOOL_EXECUTION_COMPLETE)
        .onEvent(
            (SessionEvent event) -> {
              if (event.event().equals(SessionEvents.USER_MESSAGE)) {
                onUserMessage.accept(event.data().path("content").asText());
              }
            })
        .build();
  }

  // --- end of example ---

  // --- docs/java-provider.md: "pairing" ---
  /** Asks the person at a terminal; reads on its own thread, never on the provider's. */
  static PairingCodeSupplier askAtTerminal(BufferedReader in, PrintStream out) {
    return prompt ->
        CompletableFuture.supplyAsync(
            () -> {
              out.println(prompt + ":");
              try {
                return in.readLine();
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
  }

  static ProviderSession pairedGreeter(URI gateway, PairingCodeSupplier codes) {
    return WebSocketProviderClient.pair(gateway, greeter(), codes);
  }

  // --- end of example ---

  // --- docs/java-provider.md: "options" ---
  static ProviderSession patientGreeter(URI gateway, String token) {
    WebSocketProviderClient.Options options =
        WebSocketProviderClient.Options.builder()
            .initialBackoff(Duration.ofMillis(500)) // first retry after a drop
            .maxBackoff(Duration.ofSeconds(10)) // doubling up to this
            .build();
    return WebSocketProviderClient.connect(gateway, token, greeter(), options);
  }

  // --- end of example ---

  // ---- the tests that run them ----

  @Test
  void theGreeterServesCallsOverWebSocketWithTheTokenFile() throws Exception {
    // The gateway's home is <COPILOT_HOME>/extensions/tap, the default one's place under a home.
    Map<String, String> environment =
        Map.of("TAP_GATEWAY_URL", server.url().toString(), "COPILOT_HOME", copilotHome.toString());

    ProviderSession session = keep(greeterOverWebSocket(environment));
    await(session.bound());

    assertThat(await(call("greet", "{\"name\":\"Alice\"}")).outcome())
        .isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello, Alice!")));
  }

  @Test
  void theSameGreeterServesCallsInProcess() throws Exception {
    ProviderSession session = keep(greeterInProcess(gateway, sessionId));
    await(session.bound());

    assertThat(await(call("greet", "{\"name\":\"Bob\"}")).outcome())
        .isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello, Bob!")));
  }

  @Test
  void theBlockingGreeterIsBoundAndHasItsContextWhenItReturns() throws Exception {
    SyncProviderSession session =
        greeterBlocking(server.url(), gateway.credentials().providerToken());
    keep(session.async());

    assertThat(await(gateway.onPrompt(sessionId, Map.of())).context())
        .containsExactly("The greeter greets by name.");
    assertThat(await(call("greet", "{\"name\":\"Cy\"}")).outcome())
        .isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello, Cy!")));
  }

  @Test
  @Timeout(10) // the sample's join() has no timeout of its own
  void aRefusedProviderIsToldWhyAtOnce() {
    String first = bindingOf(keep(greeterInProcess(gateway, sessionId)));

    String second = bindingOf(keep(greeterInProcess(gateway, sessionId)));

    assertThat(first).isEqualTo("bound in " + sessionId);
    assertThat(second).startsWith("refused: DUPLICATE_INSTANCE ").contains("greeter");
  }

  @Test
  void aCountThatIsCancelledStopsAndAnswersCancelled() throws Exception {
    ProviderSession session =
        keep(
            LocalProviderTransport.connect(
                gateway,
                JavaProvider.builder("counter")
                    .tool(
                        ToolDefinition.of("count", "Count", CODEC.parseJson("{}")),
                        countSlowly(pool))
                    .build(),
                sessionId));
    await(session.bound());

    CompletableFuture<CallResult> result = call("count", "{\"n\":30}");
    awaitTrue("the host logged the first count", () -> host.loggedTexts().contains("counted 1 of 30"));
    await(gateway.interrupt(sessionId));

    assertThat(await(result).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Failure.class,
            f -> assertThat(f.code()).isEqualTo(ToolErrorCode.CANCELLED));
  }

  @Test
  void pushesReachTheStreamAndTheTimeline() throws Exception {
    ProviderSession session = keep(greeterInProcess(gateway, sessionId));
    await(session.bound());

    reportCi(session, CODEC.parseJson("{\"runId\": 12345}"));
    var history = await(session.queryStreams(List.of("ci-watch", "greeter"), 10));

    assertThat(history.streams().get("ci-watch"))
        .extracting(StreamEntry::event)
        .containsExactly("CI failed on test/auth.spec.ts", "CI is running");
    assertThat(history.streams().get("greeter"))
        .extracting(StreamEntry::event)
        .containsExactly("CI started");
    assertThat(host.sends)
        .extracting(RecordingSessionHost.Line::text)
        .containsExactly("CI failed on test/auth.spec.ts");
  }

  @Test
  void anUpdatedToolListReachesTheHost() throws Exception {
    ProviderSession session = keep(greeterInProcess(gateway, sessionId));
    await(session.bound());

    await(addWave(session));

    assertThat(await(call("wave", "{}")).outcome())
        .isEqualTo(ToolOutcome.success(TextNode.valueOf("o/")));
  }

  @Test
  void thePushGuardDeniesWhileCiIsRedAndStopsWhenItsRulesAreRemoved() throws Exception {
    AtomicBoolean ciRed = new AtomicBoolean(true);
    ProviderSession session =
        keep(LocalProviderTransport.connect(gateway, pushGuard(ciRed), sessionId));
    await(session.bound());

    HookDecision red = await(preToolUse("shell", "{\"command\":\"git push\"}"));
    HookDecision migration = await(preToolUse("edit", "{\"path\":\"db/001.sql\"}"));
    ciRed.set(false);
    HookDecision green = await(preToolUse("shell", "{\"command\":\"git push\"}"));
    ciRed.set(true);
    await(stopGuarding(session));
    HookDecision unguarded = await(preToolUse("shell", "{\"command\":\"git push\"}"));

    assertThat(red.reason()).isEqualTo("CI is red. Fix the tests before pushing.");
    assertThat(migration.context())
        .containsExactly("This is a migration file. Keep it backward compatible.");
    assertThat(green.allowed()).isTrue();
    assertThat(unguarded.allowed()).isTrue();
  }

  @Test
  void theDryRunGateRewritesPushesAndTheHostIsToldTheFinalArguments() throws Exception {
    await(keep(LocalProviderTransport.connect(gateway, dryRunPushes(), sessionId)).bound());

    HookDecision push = await(preToolUse("shell", "{\"command\":\"git push origin main\"}"));
    HookDecision status = await(preToolUse("shell", "{\"command\":\"git status\"}"));

    assertThat(push.allowed()).isTrue();
    assertThat(push.updatedArgs()).isEqualTo(CODEC.parseJson("{\"command\":\"git push origin main --dry-run\"}"));
    assertThat(status.updatedArgs()).isNull();
  }

  @Test
  void thePromptEditorEditsItsSections() throws Exception {
    AtomicBoolean ciRed = new AtomicBoolean(true);
    await(keep(LocalProviderTransport.connect(gateway, promptEditor(ciRed), sessionId)).bound());

    PromptResult prompt =
        await(
            gateway.onPrompt(sessionId, Map.of("custom_instructions", "Be brief.", "code_change_rules", "Small diffs.")));

    assertThat(prompt.sections())
        .containsEntry("custom_instructions", "Be brief.\nThis repo uses pnpm, not npm.")
        .containsEntry("code_change_rules", "Small diffs.\nCI is red: do not merge anything.");
  }

  @Test
  void theCiWatchersContextFollowsCi() throws Exception {
    ProviderSession session = keep(LocalProviderTransport.connect(gateway, ciWatcher(), sessionId));
    await(session.bound());

    PromptResult before = await(gateway.onPrompt(sessionId, Map.of()));
    await(ciWentRed(session));
    PromptResult after = await(gateway.onPrompt(sessionId, Map.of()));

    assertThat(before.context()).containsExactly("CI is passing on main.");
    assertThat(before.startupContext()).containsExactly("ci-watcher is watching main.");
    assertThat(after.context()).containsExactly("CI is failing on main: test/auth.spec.ts.");
  }

  @Test
  void theGitWatchFilterDropsNoise() throws Exception {
    ProviderSession session = keep(greeterInProcess(gateway, sessionId));
    await(session.bound());

    assertThat(await(gitWatch(session))).containsExactly("behind=2");
    assertThat(host.loggedTexts()).doesNotContain("behind=0", "behind=2");
  }

  @Test
  void theListenerHearsUserMessages() throws Exception {
    CompletableFuture<String> heard = new CompletableFuture<>();
    await(
        keep(LocalProviderTransport.connect(gateway, listener(heard::complete), sessionId))
            .bound());

    await(gateway.emit(sessionId, "user.message", CODEC.parseJson("{\"content\":\"fix it\"}")));

    assertThat(await(heard)).isEqualTo("fix it");
  }

  @Test
  void aGreeterPairedAtATerminalServesCalls() throws Exception {
    PipedWriter keyboard = new PipedWriter();
    BufferedReader in = new BufferedReader(new PipedReader(keyboard));
    ByteArrayOutputStream screen = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(screen, true, StandardCharsets.UTF_8);

    ProviderSession session = keep(pairedGreeter(server.url(), askAtTerminal(in, out)));
    String code = awaitPairingCode();
    awaitTrue("the console shows a pairing code", () -> screen.toString(StandardCharsets.UTF_8).contains("pairing code"));
    keyboard.write(code + "\n");
    keyboard.flush();
    await(session.bound());

    assertThat(await(call("greet", "{\"name\":\"Carol\"}")).outcome())
        .isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello, Carol!")));
  }

  @Test
  void aPatientGreeterConnects() throws Exception {
    ProviderSession session = keep(patientGreeter(server.url(), gateway.credentials().providerToken()));

    assertThat(await(session.bound()).sessionId()).isEqualTo(sessionId);
  }

  @Test
  void theGuideQuotesEverySampleVerbatim() throws IOException {
    String source =
        Files.readString(
            Path.of("src/test/java/io/github/providergateway/app")
                .resolve(getClass().getSimpleName() + ".java"));
    String guide = Files.readString(Path.of("../docs/java-provider.md"));
    Matcher region = REGION.matcher(source);
    List<String> names = new ArrayList<>();
    while (region.find()) {
      names.add(region.group(1));
      assertThat(guide)
          .as("docs/java-provider.md quotes the sample \"%s\" as it is here", region.group(1))
          .contains(dedent(region.group(2)));
    }
    assertThat(names).hasSize(20);
  }

  /**
   * Issue 49: the guide's imports lacked {@code Gateway} and mixed the two setups. Each setup's
   * samples compile as one file with the imports every sample uses and that setup's own, and
   * nothing else: what a reader who copies them for one setup gets. {@code slowStep()} is the one
   * name the guide leaves to the reader ("stands for one step of your slow work").
   */
  @Test
  void eachSetupsSamplesCompileWithTheCommonImportsAndItsOwn(@TempDir Path work) throws Exception {
    Map<String, String> regions = new java.util.LinkedHashMap<>();
    Matcher region =
        REGION.matcher(
            Files.readString(
                Path.of("src/test/java/io/github/providergateway/app")
                    .resolve(getClass().getSimpleName() + ".java")));
    while (region.find()) {
      regions.put(region.group(1), region.group(2));
    }
    List<String> overWebSocket = List.of("over WebSocket", "pairing", "options", "blocking");
    List<String> inProcess = List.of("in-process");

    compileSamples(work, "OverWebSocket", regions, "imports over WebSocket", inProcess);
    compileSamples(work, "InProcess", regions, "imports in process", overWebSocket);
  }

  private static void compileSamples(
      Path work, String name, Map<String, String> regions, String imports, List<String> leftOut)
      throws IOException {
    StringBuilder source =
        new StringBuilder(regions.get("imports")).append(regions.get(imports)).append('\n');
    source.append("final class ").append(name).append(" {\n  static void slowStep() {}\n\n");
    regions.forEach(
        (sample, text) -> {
          if (!sample.startsWith("imports") && !leftOut.contains(sample)) {
            source.append(text).append('\n');
          }
        });
    source.append("}\n");
    Path dir = Files.createDirectories(work.resolve(name));
    GuideBlocks.compile(Files.writeString(dir.resolve(name + ".java"), source), dir);
  }

  // ---- helpers ----

  /**
   * One step of slow work, which lasts until the pool is shut down (its thread interrupted): a
   * count is surely still running when the test cancels it, after its first step's progress.
   */
  private static void slowStep() {
    try {
      STEPS.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private ProviderSession keep(ProviderSession session) {
    sessions.add(session);
    return session;
  }

  private CompletableFuture<CallResult> call(String tool, String args) {
    return gateway.callTool(sessionId, tool, CODEC.parseJson(args), null);
  }

  private CompletableFuture<HookDecision> preToolUse(String tool, String args) {
    return gateway.preToolUse(sessionId, tool, CODEC.parseJson(args));
  }

  private String awaitPairingCode() {
    Pattern code = Pattern.compile("Pairing code: (\\d{6})");
    return Await.value(
        WAIT,
        () -> {
          for (String line : host.loggedTexts()) {
            Matcher matcher = code.matcher(line);
            if (matcher.find()) {
              return matcher.group(1);
            }
          }
          return null;
        },
        () -> "a pairing code in the host's log: " + host.loggedTexts());
  }

  /** The region's lines without the indentation they have in this class. */
  private static String dedent(String region) {
    StringBuilder text = new StringBuilder();
    for (String line : region.split("\n", -1)) {
      text.append(line.startsWith("  ") ? line.substring(2) : line).append('\n');
    }
    return text.toString().stripTrailing();
  }

  private static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Waits, at most {@link #WAIT}, for an effect on a real socket or thread. */
  private static void awaitTrue(String what, Await.Condition condition) {
    Await.until(WAIT, condition, () -> what);
  }
}
