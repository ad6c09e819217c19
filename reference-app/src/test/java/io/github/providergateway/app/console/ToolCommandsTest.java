package io.github.providergateway.app.console;

import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.CancelReason;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The console's tool commands against an embedded gateway on a manual clock: {@code interrupt}, a
 * call ended by Ctrl-C, and "did you mean" for a mistyped tool.
 */
class ToolCommandsTest {

  private final GatewayFixture fixture = GatewayFixture.create();
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final ConsoleOut out = new ConsoleOut(printed);
  private final ConsoleSessions sessions =
      new ConsoleSessions(out, fixture.gateway, new RecordingSessionHost());
  private final ToolCommands tools = new ToolCommands(out, fixture.gateway, sessions);
  private String session;
  private RecordingProviderConnection provider;

  @BeforeEach
  void sessionWithAProvider() {
    session = fixture.startSession("work");
    sessions.makeCurrent(session);
    provider = fixture.bound("greeter", session, tool("greet"), tool("slow"));
    fixture.settle();
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  /** What the console printed, once everything queued is written. */
  private String printed() {
    out.finish();
    return printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  void callAndHookShowTheArgumentsGatesRewroteThemTo() {
    RecordingProviderConnection pinner =
        fixture.bound(
            Hello.builder("pinner")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(null, "pin")), null))
                .extensions(ProtocolExtension.GATE_ARGS)
                .build());
    pinner.onSend(
        message -> {
          if (message instanceof GateCheck check) {
            ObjectNode args = ((ObjectNode) check.args().deepCopy()).put("name", "Alice");
            pinner.send(GateResult.rewrite("pin", check.callId(), args));
          }
        });
    provider.onSend(
        message -> {
          if (message instanceof ToolCall call) {
            provider.send(
                ToolResult.success(
                    call.id(),
                    GatewayFixture.json("\"Hello, " + call.args().path("name").asText() + "\"")));
          }
        });

    tools.call("greet {\"name\":\"Bob\"}");
    tools.hook("shell {\"command\":\"ls\"}");

    assertThat(printed())
        .contains("  args rewritten by gates: {\"name\":\"Alice\"}\nok: Hello, Alice")
        .contains("allow\n  args rewritten by gates: {\"command\":\"ls\",\"name\":\"Alice\"}");
  }

  @Test
  void interruptCancelsTheCurrentSessionsCallsInFlight() {
    CompletableFuture<CallResult> call = fixture.call(session, "slow", "{}");
    ToolCall sent = provider.next(ToolCall.class);

    tools.interrupt();

    ToolCancel cancel = provider.next(ToolCancel.class);
    assertThat(cancel.id()).isEqualTo(sent.id());
    assertThat(cancel.reason()).isEqualTo(CancelReason.INTERRUPTED);
    assertThat(GatewayFixture.done(call).outcome())
        .isInstanceOfSatisfying(
            ToolOutcome.Failure.class,
            f -> assertThat(f.code()).isEqualTo(ToolErrorCode.CANCELLED));
    assertThat(printed())
        .contains("Interrupted session " + session + ": its calls in flight end CANCELLED");
  }

  @Test
  void aCallWhoseCommandIsInterruptedIsCancelledOnTheGateway() throws Exception {
    AtomicReference<Throwable> ended = new AtomicReference<>();
    Thread reader =
        new Thread(
            () -> {
              try {
                tools.call("slow {}");
              } catch (Throwable e) {
                ended.set(e);
              }
            });
    reader.start();
    provider.await(1, Duration.ofSeconds(10));
    ToolCall sent = provider.next(ToolCall.class);

    reader.interrupt(); // what Ctrl-C does (RunningCommand)
    reader.join(10_000);

    assertThat(ended.get())
        .isInstanceOf(CommandInterrupted.class)
        .hasMessage(
            "interrupted: the call to slow is cancelled (its provider is sent tool.cancel)");
    ToolCancel cancel = provider.next(ToolCancel.class);
    assertThat(cancel.id()).isEqualTo(sent.id());
    assertThat(cancel.reason()).isEqualTo(CancelReason.INTERRUPTED);
  }

  @Test
  void aMistypedToolInCallOrHookGetsADidYouMean() {
    tools.call("gret {}");
    tools.hook("gret {}");
    tools.hook("shell {}"); // a host tool: no provider tool is near it, so no word about it

    String text = printed();
    assertThat(text).contains("failed (NOT_FOUND): No provider tool 'gret'");
    assertThat(text.split("did you mean 'greet'\\? \\(no tool 'gret' in this session\\)", -1))
        .hasSize(3);
    assertThat(text).doesNotContain("'shell'");
  }

  @Test
  void toolsShowsAProvidersDescriptionAndParametersOnlyAsEscapes() {
    // A clear-screen sequence and a right-to-left override in the description; an isolate in the
    // schema.
    fixture.bound(
        "sly",
        session,
        ToolDefinition.of(
            "fetch",
            "Fetch a page\u001B[2J\u202Eexe.txt",
            GatewayFixture.json(
                "{\"type\":\"object\",\"properties\":{\"url\":{\"description\":\"a\u2066b\u3164\"}}}")));
    fixture.settle();

    tools.tools();

    assertThat(printed())
        .contains("  fetch  [sly]  Fetch a page\\u001B[2J\\u202Eexe.txt\n")
        .contains(
            "parameters: {\"type\":\"object\",\"properties\":{\"url\":{\"description\":\"a\\u2066b\\u3164\"}}}")
        .doesNotContain("\u001B", "\u202E", "\u2066", "\u3164");
  }

  @Test
  void promptShowsTheProvidersContextOnlyAsEscapes() {
    fixture.bound(
        Hello.builder("ctx")
            .session(session)
            .context("Use the \u202Estaging\u202C cluster\nline two")
            .build());
    fixture.settle();

    tools.prompt("");

    assertThat(printed())
        .contains("- Use the \\u202Estaging\\u202C cluster\\nline two")
        .doesNotContain("\u202E", "\u202C");
  }

  @Test
  void sessionsShowsALabelAndCwdAnotherHostGaveOnlyAsEscapes() {
    // An MCP client names its session (clientInfo.name) and gives its cwd (its first root).
    fixture.gateway.startSession(
        SessionSpec.of("claude\u202Eedualc", "/code/\u2066x\u3164"), new RecordingSessionHost());
    fixture.settle();

    sessions.list();

    assertThat(printed())
        .contains("  claude\\u202Eedualc  /code/\\u2066x\\u3164")
        .doesNotContain("\u202E", "\u2066", "\u3164");
  }

  @Test
  void interruptWithoutACurrentSessionSaysSo() {
    sessions.makeCurrent(null);

    assertThatThrownBy(tools::interrupt)
        .isInstanceOf(CommandFailed.class)
        .hasMessageContaining("no current session");
  }
}
