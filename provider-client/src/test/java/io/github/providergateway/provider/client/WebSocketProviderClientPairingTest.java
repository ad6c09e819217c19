package io.github.providergateway.provider.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.TextNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.RecordingSessionHost;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.AuthConfirm;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.TrustLevel;
import io.github.providergateway.protocol.json.ProtocolCodec;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.PairingCodeSupplier;
import io.github.providergateway.provider.ProviderSession;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Pairing end to end over real sockets: the code the gateway shows in the session's timeline is
 * read back from the host, as a person would, and typed into the provider's supplier.
 */
class WebSocketProviderClientPairingTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final Pattern CODE = Pattern.compile("Pairing code: (\\d{6})");
  private static final ToolDefinition TITLE =
      ToolDefinition.of(
          "page_title",
          "The page title",
          ProtocolCodec.create().parseJson("{\"type\":\"object\"}"));

  private final RecordingSessionHost host = new RecordingSessionHost();
  private final List<String> prompts = new CopyOnWriteArrayList<>();
  private Gateway gateway;
  private WebSocketProviderClientTestServer server;
  private String sessionId;
  private ProviderSession session;

  @BeforeEach
  void start() throws Exception {
    ManualClock clock = new ManualClock();
    gateway = Gateway.builder().backend(clock.backend().threaded()).build();
    server = WebSocketProviderClientTestServer.start(gateway);
    sessionId = await(gateway.startSession(SessionSpec.of("demo", "/code/demo"), host)).id();
  }

  @AfterEach
  void stop() {
    try {
      if (session != null) {
        session.close();
      }
      server.close();
    } finally {
      gateway.close();
    }
  }

  @Test
  void aPairedProviderIsBoundToThePairedSessionWithExternalTrust() throws Exception {
    session = pair(this::codeFromTimeline);

    HelloAck ack = await(session.bound());

    assertThat(prompts).hasSize(1);
    assertThat(ack.sessionId()).isEqualTo(sessionId);
    ProviderInfo info = await(gateway.providers()).get(0);
    assertThat(info.trust()).isEqualTo(TrustLevel.EXTERNAL);
    assertThat(await(gateway.callTool(sessionId, "page_title", null, null)).outcome())
        .isEqualTo(ToolOutcome.success(TextNode.valueOf("Dashboard")));
  }

  @Test
  void afterADropItReconnectsWithTheIssuedTokenWithoutAskingAgain() throws Exception {
    session = pair(this::codeFromTimeline);
    String providerId = await(session.bound()).providerId();

    server.last().drop();
    Hello again =
        server.fromProviders().await(Hello.class, hello -> hello.reconnectToken() != null, WAIT);
    List<Auth> auths =
        server.fromProviders().all().stream()
            .filter(Auth.class::isInstance)
            .map(Auth.class::cast)
            .toList();

    assertThat(auths).hasSize(2);
    assertThat(auths.get(0)).isEqualTo(Auth.pair());
    assertThat(auths.get(1).token()).as("the external token the pairing issued").isNotNull();
    assertThat(server.fromProviders().all()).filteredOn(AuthConfirm.class::isInstance).hasSize(1);
    assertThat(prompts).as("the person is asked once").hasSize(1);
    assertThat(again.session()).isNotNull();
    assertThat(await(gateway.callTool(sessionId, "page_title", null, null)).outcome())
        .isEqualTo(ToolOutcome.success(TextNode.valueOf("Dashboard")));
    assertThat(await(gateway.providers()))
        .extracting(ProviderInfo::providerId)
        .containsExactly(providerId);
  }

  @Test
  void aWrongCodeEndsTheProviderWithAuthFailed() {
    session = pair(prompt -> CompletableFuture.completedFuture("not-the-code"));

    assertThatThrownBy(() -> await(session.closed()))
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOfSatisfying(
            GatewayErrorException.class,
            e -> assertThat(e.error().code()).isEqualTo(ErrorCode.AUTH_FAILED));
  }

  /** What a person does: read the code in the session's timeline and type it. */
  private CompletionStage<String> codeFromTimeline(String prompt) {
    prompts.add(prompt);
    for (int i = host.logs.size() - 1; i >= 0; i--) {
      Matcher matcher = CODE.matcher(host.logs.get(i).text());
      if (matcher.find()) {
        return CompletableFuture.completedFuture(matcher.group(1));
      }
    }
    return CompletableFuture.failedFuture(new AssertionError("no pairing code in the timeline"));
  }

  private ProviderSession pair(PairingCodeSupplier codes) {
    return WebSocketProviderClient.pair(
        server.uri(),
        JavaProvider.builder("browser")
            .instance("tab-1")
            .tool(
                TITLE,
                (args, call) -> CompletableFuture.completedFuture(TextNode.valueOf("Dashboard")))
            .build(),
        codes,
        WebSocketProviderClient.Options.builder()
            .initialBackoff(Duration.ofMillis(10))
            .maxBackoff(Duration.ofMillis(100))
            .build());
  }

  private static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }
}
