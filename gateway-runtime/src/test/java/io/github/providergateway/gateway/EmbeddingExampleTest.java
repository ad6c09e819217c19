package io.github.providergateway.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.SyncHostApi;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example of docs/embedding.md, run as written (with the real loop thread and scheduler), so
 * the guide cannot drift from the API.
 */
class EmbeddingExampleTest {

  @TempDir Path home;

  // --- docs/embedding.md: "A host in twenty lines" ---
  /** The agent side of one session: what the gateway tells the host. */
  static final class MyAgentSession implements SessionHost {
    @Override
    public void registerTools(String sessionId, List<HostTool> tools) {
      System.out.println("tools now: " + tools.stream().map(HostTool::name).toList());
    }

    @Override
    public void log(String sessionId, String source, String message) {
      System.out.println("[" + source + "] " + message);
    }

    @Override
    public void send(String sessionId, String source, String prompt) {
      System.out.println("turn requested by " + source + ": " + prompt);
    }
  }

  // --- end of example ---

  @Test
  void theEmbeddingGuidesExampleRuns() throws Exception {
    // --- docs/embedding.md: "Start, call, stop" ---
    Gateway gateway = Gateway.builder().home(home).build(); // writes <home>/.provider-token
    SessionInfo session =
        gateway.startSession(SessionSpec.of("demo", "/code/demo"), new MyAgentSession()).get();
    // ... a provider connects and registers "greet" ...
    // --- (the test plays the provider here) ---
    RecordingProviderConnection provider = new RecordingProviderConnection("doc");
    provider.attach(gateway.transports().acceptWebSocket(provider));
    provider.send(Auth.withToken(gateway.credentials().providerToken()));
    provider.await(1, Duration.ofSeconds(10));
    assertThat(provider.next()).isInstanceOf(Sessions.class);
    ProtocolCodec codec = ProtocolCodec.create();
    provider.send(
        Hello.builder("greeter")
            .session(session.id())
            .tools(
                ToolDefinition.of("greet", "Say hello", codec.parseJson("{\"type\":\"object\"}")))
            .build());
    provider.await(2, Duration.ofSeconds(10));
    provider.drain();
    // --- continued ---
    JsonNode args = ProtocolCodec.create().parseJson("{\"name\":\"Alice\"}");
    var pending = gateway.callTool(session.id(), "greet", args, Duration.ofSeconds(10));
    // --- (the provider answers) ---
    provider.await(1, Duration.ofSeconds(10));
    ToolCall call = provider.next(ToolCall.class);
    provider.send(ToolResult.success(call.id(), codec.parseJson("\"Hello, Alice!\"")));
    // --- continued ---
    CallResult result = pending.get(10, TimeUnit.SECONDS);
    if (result.outcome() instanceof ToolOutcome.Success success) {
      System.out.println(success.data()); // "Hello, Alice!"
    }
    // --- (the provider leaves, so ending the session need not wait for its deadline) ---
    provider.drop();
    // --- continued ---
    gateway.endSession(session.id(), Duration.ofSeconds(5)).get();
    gateway.close(); // deletes the token file
    // --- end of example ---

    assertThat(result.outcome())
        .isEqualTo(ToolOutcome.success(codec.parseJson("\"Hello, Alice!\"")));
    assertThat(home.resolve(".provider-token")).doesNotExist();
  }

  @Test
  void theBlockingTwinRunsAsWritten() throws Exception {
    Gateway gateway = Gateway.builder().home(home).build();
    ProtocolCodec codec = ProtocolCodec.create();
    JsonNode args = codec.parseJson("{\"name\":\"Alice\"}");
    // --- docs/embedding.md: "Blocking, if you prefer" ---
    SyncHostApi host = SyncHostApi.of(gateway).withTimeout(Duration.ofSeconds(30));
    SessionInfo session =
        host.startSession(SessionSpec.of("demo", "/code/demo"), new MyAgentSession());
    // ... a provider connects and registers "greet" ...
    // --- (the test plays the provider here, answering on a thread of its own) ---
    RecordingProviderConnection provider = new RecordingProviderConnection("doc");
    provider.attach(gateway.transports().acceptWebSocket(provider));
    provider.send(Auth.withToken(gateway.credentials().providerToken()));
    provider.await(1, Duration.ofSeconds(10));
    provider.send(
        Hello.builder("greeter")
            .session(session.id())
            .tools(
                ToolDefinition.of("greet", "Say hello", codec.parseJson("{\"type\":\"object\"}")))
            .build());
    provider.await(3, Duration.ofSeconds(10));
    provider.drain();
    CompletableFuture<Void> answered =
        CompletableFuture.runAsync(
            () -> {
              provider.await(1, Duration.ofSeconds(10));
              ToolCall call = provider.next(ToolCall.class);
              provider.send(ToolResult.success(call.id(), codec.parseJson("\"Hello, Alice!\"")));
            });
    // --- continued ---
    CallResult result = host.callTool(session.id(), "greet", args, Duration.ofSeconds(10));
    // Waits for the answer: a refusal throws HostException (its code() the gateway's), no answer
    // within 30 s SyncTimeoutException; a tool's failure is an outcome, as with the futures.
    // --- (the provider leaves, so ending the session need not wait for its deadline) ---
    answered.get(10, TimeUnit.SECONDS);
    provider.drop();
    // --- continued ---
    host.endSession(session.id(), Duration.ofSeconds(5));
    // --- end of example ---
    gateway.close();

    assertThat(result.outcome())
        .isEqualTo(ToolOutcome.success(codec.parseJson("\"Hello, Alice!\"")));
  }
}
