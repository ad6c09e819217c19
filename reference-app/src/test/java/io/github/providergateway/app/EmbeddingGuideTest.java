package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.app.detached.DetachedGatewayStarter;
import io.github.providergateway.gateway.testing.FreePorts;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.testing.Await;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keeps docs/embedding.md true (issue 49: of its blocks copied verbatim, some lacked imports, used
 * another block's nested class, or threw): every Java block before the Jakarta section (whose
 * blocks {@code EmbeddingDocExampleTest} in transport-jakarta runs on Jetty and Tyrus) is a whole
 * file that compiles on its own, and each is run here against a real gateway, doing what the page
 * says.
 */
@Tag("process")
class EmbeddingGuideTest {

  private static final String PAGE = "docs/embedding.md";
  private static final String JAKARTA = "## Mounting the gateway in your own Jakarta WebSocket";
  private static final Pattern REQUIRES = Pattern.compile("requires ([\\w.]+);");
  private static final Pattern MODULE =
      Pattern.compile("(?m)^(?:open )?module (io\\.github\\.providergateway[a-z.]*) \\{");
  private static final Duration WAIT = Duration.ofSeconds(10);

  /**
   * The block that is compiled, not run: {@code JarStarter} names a placeholder jar path. ({@code
   * SharedHost} runs against a gateway already serving its home, since the one it would start takes
   * the default port 9400, which a test may not take on a shared machine.)
   */
  private static final Set<String> COMPILED_ONLY = Set.of("JarStarter");

  private static GuideBlocks blocks;

  @TempDir Path home;

  @BeforeAll
  static void compileEveryBlockOnItsOwn(@TempDir Path work) throws IOException {
    blocks = GuideBlocks.compile(PAGE, JAKARTA, work);
  }

  @Test
  void everyBlockIsCompiledAndAllButTheNamedOnesAreRunHere() {
    assertThat(blocks.sources.keySet())
        .containsExactlyInAnyOrder(
            "EmbeddedHost",
            "SharedHost",
            "JarStarter",
            "MyAgentSession",
            "StartCallStop",
            "BlockingStartCallStop",
            "GreetTimeoutTest");
    assertThat(blocks.modules).hasSize(1);
  }

  @Test
  void theModuleDeclarationRequiresTheProjectsModules() throws IOException {
    Set<String> declared = new TreeSet<>();
    try (Stream<Path> modules = Files.list(Interop.repoRoot())) {
      for (Path info : modules.map(m -> m.resolve("src/main/java/module-info.java")).toList()) {
        if (Files.isRegularFile(info)) {
          Matcher name = MODULE.matcher(Files.readString(info));
          assertThat(name.find()).as(info.toString()).isTrue();
          declared.add(name.group(1));
        }
      }
    }
    Matcher required = REQUIRES.matcher(blocks.modules.get(0));
    Set<String> requires = new TreeSet<>();
    while (required.find()) {
      requires.add(required.group(1));
    }

    assertThat(requires).isNotEmpty();
    assertThat(declared).containsAll(requires);
  }

  @Test
  void startCallStopCallsTheInProcessGreeterAndStopsCleanly() throws Exception {
    SessionHost agent = (SessionHost) blocks.construct("MyAgentSession");

    Object data = blocks.call("StartCallStop", null, "run", home, agent);

    assertThat(data).isEqualTo(TextNode.valueOf("Hello, Alice!"));
    assertThat(home.resolve(".provider-token")).doesNotExist();
  }

  @Test
  void theBlockingTwinsStartCallAndStopAsTheFuturesDo() throws Exception {
    SessionHost agent = (SessionHost) blocks.construct("MyAgentSession");

    CallResult result = (CallResult) blocks.call("BlockingStartCallStop", null, "run", home, agent);

    assertThat(result.outcome()).isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello, Alice!")));
    assertThat(home.resolve(".provider-token")).doesNotExist();
  }

  @Test
  void theEmbeddedHostServesAProviderInAnotherProcessOnItsPortWithTheHomesToken() throws Exception {
    int port = FreePorts.pick();
    CompletableFuture<CallResult> greeted = new CompletableFuture<>();
    Consumer<HostApi> host =
        api -> {
          try {
            greeted.complete(greetOverWebSocket(api, port));
          } catch (Exception | AssertionError e) {
            greeted.completeExceptionally(e);
          }
        };

    blocks.call("EmbeddedHost", null, "run", home, port, host);

    assertThat(greeted.get(1, TimeUnit.SECONDS).outcome())
        .isEqualTo(ToolOutcome.success(TextNode.valueOf("Hello, Alice!")));
    assertThat(home.resolve(".provider-token")).doesNotExist();
  }

  @Test
  void theSharedHostJoinsTheGatewayServingItsHomeCallsAndLeaves() throws Exception {
    int port = FreePorts.pick();
    // The home's gateway, started as the block's starter would, but on a free port.
    Process gateway =
        DetachedGatewayStarter.fromClassPath(GuideBlocks.classPath())
            .withArgs(List.of("--idle-exit-grace", "5s"))
            .start(home, port);
    try {
      Await.until(
          Duration.ofSeconds(60),
          () -> Files.isRegularFile(home.resolve("gateway.port")) || !gateway.isAlive(),
          () -> "the gateway's port file in " + home);
      assertThat(gateway.isAlive()).as("the gateway started (see %s/logs)", home).isTrue();

      CallResult result =
          (CallResult)
              blocks.call(
                  "SharedHost",
                  null,
                  "greet",
                  home,
                  new RecordingSessionHost(),
                  JavaProviderGuideTest.CODEC.parseJson("{\"name\":\"Alice\"}"));

      // No provider offers greet there: the call is made, and answered NOT_FOUND.
      assertThat(result.outcome())
          .isInstanceOfSatisfying(
              ToolOutcome.Failure.class,
              failure -> assertThat(failure.code()).isEqualTo(ToolErrorCode.NOT_FOUND));
    } finally {
      gateway.destroy();
      gateway.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS);
    }
  }

  @Test
  void theFixtureTestPasses() throws Exception {
    Object test = blocks.construct("GreetTimeoutTest");

    blocks.call("GreetTimeoutTest", test, "aToolThatNeverAnswersTimesOutAfterSixtySeconds");
  }

  @Test
  void theBlocksNotRunHereAreTheNamedOnes() {
    assertThat(blocks.sources.keySet()).containsAll(COMPILED_ONLY);
  }

  /** A session on {@code api}, the guide's greeter over WebSocket with the home's token, a call. */
  private CallResult greetOverWebSocket(HostApi api, int port) throws Exception {
    SessionInfo session =
        api.startSession(SessionSpec.of("demo", "/code/demo"), new RecordingSessionHost())
            .get(WAIT.toSeconds(), TimeUnit.SECONDS);
    String token =
        Files.readString(home.resolve(".provider-token"), StandardCharsets.UTF_8).strip();
    ProviderSession provider =
        WebSocketProviderClient.connect(
            URI.create("ws://127.0.0.1:" + port), token, JavaProviderGuideTest.greeter());
    try {
      provider.bound().toCompletableFuture().get(WAIT.toSeconds(), TimeUnit.SECONDS);
      return api.callTool(
              session.id(),
              "greet",
              JavaProviderGuideTest.CODEC.parseJson("{\"name\":\"Alice\"}"),
              WAIT)
          .get(WAIT.toSeconds(), TimeUnit.SECONDS);
    } finally {
      provider.close();
    }
  }
}
