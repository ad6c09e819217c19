package io.github.providergateway.transport.ws;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.provider.client.WebSocketProviderClient;
import java.io.File;
import java.io.StringWriter;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compiles {@code examples/java/CiGuardrailProvider.java} (the example quoted in docs/hooks.md) as
 * a user would, against the libraries' classes, and runs it against a real gateway behind a real
 * {@link WebSocketServer}: its gate denies {@code git push} in the host's {@code shell} only while
 * its own {@code ci_status} tool says CI is red.
 */
class CiGuardrailExampleTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final ProtocolCodec CODEC = ProtocolCodec.create();
  private static final Path EXAMPLE = Path.of("../examples/java/CiGuardrailProvider.java");

  @TempDir Path classes;
  private Gateway gateway;
  private WebSocketServer server;
  private String sessionId;
  private ProviderSession guardrail;

  @BeforeEach
  void startGateway() throws Exception {
    // Real time and a real socket: generous gate timeouts keep a stalled CI machine from turning a
    // slow answer into a timeout deny. The regex bounds are the defaults: they count steps, not
    // time, so a machine under a load of 10 decides as an idle one (on a wall-clock deadline, the
    // matches before "git status" were once charged a descheduled thread's time, its rule failed
    // safe as a match, and the gate denied since CI was red: issue 32, finding 9).
    gateway = Gateway.builder().limits(ServerFixture.PATIENT_LIMITS).build();
    server = WebSocketServer.builder(gateway).port(0).build().start();
    sessionId =
        await(
                gateway.startSession(
                    SessionSpec.of("demo", "/code/demo"), new RecordingSessionHost()))
            .id();
  }

  @AfterEach
  void stop() {
    try {
      if (guardrail != null) {
        guardrail.close();
      }
      server.close();
    } finally {
      gateway.close();
    }
  }

  /**
   * docs/hooks.md quotes the example's members ("The heart of it"): each paragraph of its block is
   * in the file as written there, so the page shows code that is compiled and run here (issue 49:
   * it showed a main that was not the file's).
   */
  @Test
  void theHooksGuideQuotesTheExampleVerbatim() throws Exception {
    String page = Files.readString(Path.of("../docs/hooks.md"));
    int heart = page.indexOf("The heart of it");
    assertThat(heart).isNotNegative();
    int start = page.indexOf("```java\n", heart) + "```java\n".length();
    String quoted = page.substring(start, page.indexOf("```", start));
    StringBuilder members = new StringBuilder();
    for (String line : Files.readString(EXAMPLE).split("\n", -1)) {
      members.append(line.startsWith("  ") ? line.substring(2) : line).append('\n');
    }

    for (String paragraph : quoted.strip().split("\n\n")) {
      assertThat(members.toString()).contains(paragraph);
    }
  }

  @Test
  void theGuardrailDeniesGitPushOnlyWhileCiIsRed() throws Exception {
    guardrail = startExample(server.url(), gateway.credentials().providerToken());
    await(guardrail.bound());

    HookDecision green = shell("git push origin main");
    assertThat(ciStatus(true)).isEqualTo(TextNode.valueOf("CI is red: pushes blocked"));
    HookDecision red = shell("git push origin main");
    HookDecision status = shell("git status");
    ciStatus(false);
    HookDecision greenAgain = shell("git push --force-with-lease");

    assertThat(green.allowed()).isTrue();
    assertThat(red)
        .isEqualTo(HookDecision.deny("CI is red on this branch. Fix the tests first.", List.of()));
    assertThat(status.allowed()).as("only pushes are gated").isTrue();
    assertThat(greenAgain.allowed()).isTrue();
  }

  private HookDecision shell(String command) throws Exception {
    return await(
        gateway.preToolUse(
            sessionId, "shell", CODEC.parseJson("{\"command\":\"" + command + "\"}")));
  }

  private JsonNode ciStatus(boolean red) throws Exception {
    ToolOutcome outcome =
        await(
                gateway.callTool(
                    sessionId, "ci_status", CODEC.parseJson("{\"red\":" + red + "}"), null))
            .outcome();
    assertThat(outcome).isInstanceOf(ToolOutcome.Success.class);
    return ((ToolOutcome.Success) outcome).data();
  }

  /** Compiles the example with javac and calls its {@code start(URI, String)}. */
  private ProviderSession startExample(URI uri, String token) throws Exception {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    boolean compiled =
        javac
            .getTask(
                diagnostics,
                null,
                null,
                List.of("--release", "17", "-classpath", classpath(), "-d", classes.toString()),
                null,
                javac.getStandardFileManager(null, null, null).getJavaFileObjects(EXAMPLE.toFile()))
            .call();
    assertThat(compiled).as("javac: %s", diagnostics).isTrue();
    URLClassLoader loader =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader());
    Class<?> example = loader.loadClass("CiGuardrailProvider");
    return (ProviderSession)
        example.getMethod("start", URI.class, String.class).invoke(null, uri, token);
  }

  /**
   * What a user puts on the classpath: the provider client's libraries (provider-client,
   * provider-api, loop, protocol-api) and Jackson, found where this test loaded them from
   * (Surefire's own classpath is a manifest-only jar). Not the engine: a provider needs none of it.
   */
  private static String classpath() throws Exception {
    Set<String> entries = new LinkedHashSet<>();
    for (Class<?> type :
        List.of(
            WebSocketProviderClient.class,
            JavaProvider.class,
            Scheduler.class,
            Hello.class,
            JsonNode.class,
            JsonParser.class,
            JsonProperty.class)) {
      entries.add(
          Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
    }
    return String.join(File.pathSeparator, entries);
  }

  private static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }
}
