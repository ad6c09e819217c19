package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.gateway.testing.RecordingSessionHost.Line;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.StreamEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pushed events: levels, streams and their validation (spec: push). */
class PushTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");
  private final RecordingProviderConnection provider = f.bound("ci-watcher", session);

  @AfterEach
  void close() {
    f.close();
  }

  private List<StreamEntry> stream(String name, int last) {
    Map<String, List<StreamEntry>> streams =
        done(f.gateway.queryStreams(session, List.of(name), last));
    return streams.get(name);
  }

  @Test
  void keepStoresTheEventAndDoesNothingElse() {
    provider.send(Push.event("ci-watch", PushLevel.KEEP, "running"));

    assertThat(stream("ci-watch@ci-watcher", 10))
        .extracting(StreamEntry::event)
        .containsExactly("running");
    assertThat(f.host(session).logs).isEmpty();
    assertThat(f.host(session).sends).isEmpty();
  }

  @Test
  void surfaceStoresAndLogsToTheTimeline() {
    provider.send(Push.event("ci-watch", PushLevel.SURFACE, "tests started"));

    assertThat(stream("ci-watch@ci-watcher", 10)).hasSize(1);
    assertThat(f.host(session).logs)
        .containsExactly(new Line(session, "ci-watcher", "tests started"));
    assertThat(f.host(session).sends).isEmpty();
  }

  @Test
  void injectStoresLogsAndStartsATurn() {
    provider.send(Push.event("ci-watch", PushLevel.INJECT, "CI failed on test/auth.spec.ts"));

    assertThat(stream("ci-watch@ci-watcher", 10)).hasSize(1);
    assertThat(f.host(session).logs)
        .containsExactly(new Line(session, "ci-watcher", "CI failed on test/auth.spec.ts"));
    assertThat(f.host(session).sends)
        .containsExactly(new Line(session, "ci-watcher", "CI failed on test/auth.spec.ts"));
  }

  @Test
  void aPromptStartsATurnWithThePromptAndMayComeWithoutEvent() {
    provider.sendText(
        "{\"type\":\"push\",\"level\":\"inject\",\"prompt\":\"Summarize the failing test\"}");

    assertThat(f.host(session).sends)
        .containsExactly(new Line(session, "ci-watcher", "Summarize the failing test"));
    provider.assertNoMoreMessages();
  }

  @Test
  void aPromptHeldWhileTheProvidersTurnIsPendingIsStillShownInTheTimeline() {
    provider.sendText("{\"type\":\"push\",\"level\":\"inject\",\"prompt\":\"first\"}");

    provider.sendText("{\"type\":\"push\",\"level\":\"inject\",\"prompt\":\"second\"}");

    assertThat(f.host(session).sends).containsExactly(new Line(session, "ci-watcher", "first"));
    assertThat(f.host(session).logs).containsExactly(new Line(session, "ci-watcher", "second"));
  }

  @Test
  void anInProcessProvidersMetadataMayNestToTheDepthLimitAndNoDeeper() {
    RecordingProviderConnection local = f.connectLocal(session);
    local.send(io.github.providergateway.protocol.Hello.builder("local").build());
    local.drain();
    // A push's own object is level 1 of what stream.history writes back: metadata gets the rest.
    int deepest = f.gateway.limits().messages().maxJsonDepth() - 1;

    local.send(new Push(null, null, "fits", null, PushLevel.KEEP, nested(deepest), null));
    local.send(new Push(null, null, "too deep", null, PushLevel.KEEP, nested(deepest + 1), null));

    assertThat(stream("local@local", 10)).extracting(StreamEntry::event).containsExactly("fits");
    assertThat(local.next(io.github.providergateway.protocol.ErrorMessage.class).code())
        .isEqualTo(io.github.providergateway.protocol.ErrorCode.INVALID_JSON);
  }

  /** An object nested {@code depth} levels deep: {@code {"a":{"a":...{}}}}. */
  private static com.fasterxml.jackson.databind.JsonNode nested(int depth) {
    return GatewayFixture.json("{\"a\":".repeat(depth - 1) + "{}" + "}".repeat(depth - 1));
  }

  @Test
  void aPushWithoutStreamGoesToTheStreamNamedAfterTheProvider() {
    provider.send(Push.event(PushLevel.KEEP, "hello"));

    assertThat(stream("ci-watcher@ci-watcher", 10))
        .extracting(StreamEntry::event)
        .containsExactly("hello");
  }

  @Test
  void metadataAndLevelAreStoredWithTheEntry() {
    provider.send(
        new Push(
            "ci-watch",
            null,
            "CI failed",
            null,
            PushLevel.KEEP,
            json("{\"kind\":\"ci-failure\",\"runId\":12345}"),
            null));

    StreamEntry entry = stream("ci-watch@ci-watcher", 1).get(0);
    assertThat(entry.metadata()).isEqualTo(json("{\"kind\":\"ci-failure\",\"runId\":12345}"));
    assertThat(entry.level()).isEqualTo(PushLevel.KEEP);
    assertThat(entry.ts()).isEqualTo(f.clock.instant());
  }

  @Test
  void aPushWithoutLevelOrWithAnUnknownLevelIsInvalidJson() {
    provider.sendText("{\"type\":\"push\",\"event\":\"x\"}");
    provider.sendText("{\"type\":\"push\",\"event\":\"x\",\"level\":\"loud\"}");

    assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(f.host(session).logs).isEmpty();
  }

  @Test
  void aPushWithAnEmptyEventIsInvalidJson() {
    provider.sendText("{\"type\":\"push\",\"event\":\"\",\"level\":\"inject\"}");

    ErrorMessage error = provider.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.replyTo()).isEqualTo("push");
    assertThat(f.host(session).sends).isEmpty();

    // A prompt beside it does not excuse an empty event (event may be absent, not empty).
    provider.sendText(
        "{\"type\":\"push\",\"event\":\"\",\"prompt\":\"Summarise the run\",\"level\":\"inject\"}");
    assertThat(provider.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(f.host(session).sends).isEmpty();
  }

  @Test
  void aSingleSessionProvidersPushGoesToItsSessionOnly() {
    String other = f.startSession("beta");

    provider.send(Push.event(PushLevel.INJECT, "only alpha"));

    assertThat(f.host(session).sends).hasSize(1);
    assertThat(f.host(other).sends).isEmpty();
  }

  @Test
  void aPushNamingAnotherSessionIsInvalidSession() {
    String other = f.startSession("beta");
    provider.drain();

    provider.send(new Push(null, other, "sneaky", null, PushLevel.INJECT, null, null));

    ErrorMessage error = provider.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_SESSION);
    assertThat(error.sessionId()).isEqualTo(other);
    assertThat(f.host(other).sends).isEmpty();
  }

  @Test
  void theHostReadsNewestFirstAndUpToTheRetention() {
    for (int i = 1; i <= 201; i++) {
      provider.send(Push.event("s", PushLevel.KEEP, "e" + i));
      f.clock.advance(java.time.Duration.ofMillis(100)); // within the push budget
    }
    provider.assertNoMoreMessages();

    List<StreamEntry> all = stream("s@ci-watcher", 1000);
    assertThat(all).hasSize(200);
    assertThat(all.get(0).event()).isEqualTo("e201");
    assertThat(all.get(199).event()).isEqualTo("e2");
  }

  @Test
  void aHostThatThrowsDoesNotCostTheProviderItsConnection() {
    // A session whose host throws on every call.
    String broken =
        done(f.gateway.startSession(
                SessionSpec.of("broken", "/y"),
                new io.github.providergateway.host.api.SessionHost() {
                  @Override
                  public void registerTools(
                      String sessionId, List<io.github.providergateway.host.api.HostTool> tools) {
                    throw new IllegalStateException("host bug");
                  }

                  @Override
                  public void log(String sessionId, String source, String message) {
                    throw new IllegalStateException("host bug");
                  }

                  @Override
                  public void send(String sessionId, String source, String prompt) {
                    throw new IllegalStateException("host bug");
                  }

                  @Override
                  public void streamUpdated(String sessionId, String stream) {
                    throw new IllegalStateException("host bug");
                  }
                }))
            .id();
    RecordingProviderConnection p = f.bound("pusher", broken, GatewayFixture.tool("t"));

    p.send(Push.event(PushLevel.INJECT, "still fine"));
    f.settle();

    assertThat(p.isClosed()).isFalse();
    p.assertNoMoreMessages();
    assertThat(
            done(f.gateway.queryStreams(broken, List.of("pusher@pusher"), 10)).get("pusher@pusher"))
        .hasSize(1);
  }
}
