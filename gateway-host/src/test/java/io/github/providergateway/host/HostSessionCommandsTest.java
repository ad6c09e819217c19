package io.github.providergateway.host;

import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.host.protocol.ProviderPresence;
import io.github.providergateway.host.protocol.RpcErrorCode;
import io.github.providergateway.host.protocol.SessionLog;
import io.github.providergateway.host.protocol.SessionSend;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.LifecycleState;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionLifecycle;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code session.*}, {@code sessions.list}, {@code providers.list}, the provider events, pushes and
 * {@code stream.query} as the host service runs them for a host (spec: host-rpc.md, Commands and
 * Events). Proved through {@code --rpc} and real WebSockets before (RpcSessionCommandsTest,
 * RpcPromptEventStreamTest); the wire's field names stay proved there and in HostWireTest.
 */
class HostSessionCommandsTest {

  private final HostHarness h =
      new HostHarness(GatewayFixture.withLimits(l -> l.maxPushesPerSecond(1_000)));

  @AfterEach
  void close() {
    h.close();
  }

  @Test
  void sessionStartRepliesANewSessionIdAndSessionsListShowsEachWithItsLabelAndCwd() {
    JsonNode second = h.host.ok("{\"cmd\":\"session.start\"}");

    JsonNode sessions = h.host.ok("{\"cmd\":\"sessions.list\"}").get("sessions");

    assertThat(second.get("sessionId").asText()).isNotEqualTo(h.session);
    assertThat(sessions).hasSize(2);
    assertThat(sessions.get(0))
        .isEqualTo(
            json("{\"id\":\"" + h.session + "\",\"label\":\"test\",\"cwd\":\"/code/test\"}"));
  }

  @Test
  void sessionIdleTellsBoundProvidersWhichSessionIsIdle() {
    RecordingProviderConnection provider = h.f.bound("p", h.session);

    assertThat(h.ok("session.idle", "")).isEmpty();

    SessionLifecycle idle = provider.next(SessionLifecycle.class);
    assertThat(idle.state()).isEqualTo(LifecycleState.IDLE);
    assertThat(idle.sessionId()).isEqualTo(h.session);
  }

  @Test
  void sessionEndSendsShutdownPendingWithTheDeadlineAndRepliesOnlyAfterTeardown() {
    RecordingProviderConnection provider = h.f.bound("p", h.session);
    h.send(1, "session.end", "\"deadlineMs\":8000");

    SessionLifecycle pending = provider.next(SessionLifecycle.class);
    assertThat(pending.state()).isEqualTo(LifecycleState.SHUTDOWN_PENDING);
    assertThat(pending.deadline()).isEqualTo(Duration.ofSeconds(8));
    assertThat(h.replyTo(1)).as("the provider has not answered").isNull();

    provider.send(new Goodbye("session ending"));

    assertThat(h.okReplyTo(1)).isEmpty();
    assertThat(h.host.ok("{\"cmd\":\"sessions.list\"}").get("sessions")).isEmpty();
  }

  @Test
  void aProviderBindingAndLeavingAreProviderEventsAndProvidersListShowsItWhileBound() {
    h.f.clock.advance(Duration.ofSeconds(3));
    RecordingProviderConnection greeter =
        h.f.bound("greeter", h.session, tool("greet"), tool("wave"));

    ProviderPresence connected = h.host.events(ProviderPresence.class).get(0);
    assertThat(connected.connected()).isTrue();
    assertThat(connected.name()).isEqualTo("greeter");
    assertThat(connected.instance()).isNull();
    JsonNode providers = h.host.ok("{\"cmd\":\"providers.list\"}").get("providers");
    assertThat(providers)
        .containsExactly(
            json(
                "{\"providerId\":\""
                    + connected.providerId()
                    + "\",\"name\":\"greeter\",\"instance\":null,\"trust\":\"project\","
                    + "\"sessions\":[\""
                    + h.session
                    + "\"],\"tools\":[\"greet\",\"wave\"],\"connectedSince\":\""
                    + h.f.clock.instant()
                    + "\",\"callsInFlight\":0}"));

    greeter.send(new Goodbye("session ending"));
    greeter.drop();

    ProviderPresence disconnected =
        h.host.events(ProviderPresence.class, presence -> !presence.connected()).get(0);
    assertThat(disconnected.providerId()).isEqualTo(connected.providerId());
    assertThat(disconnected.name()).isEqualTo("greeter");
    assertThat(h.host.ok("{\"cmd\":\"providers.list\"}").get("providers")).isEmpty();
  }

  @Test
  void aMultiInstanceProviderIsAnnouncedAndListedWithItsInstance() {
    h.f.bound(Hello.builder("browser").session(h.session).instance("tab-1").build());

    assertThat(h.host.events(ProviderPresence.class).get(0).instance()).isEqualTo("tab-1");
    assertThat(h.host.ok("{\"cmd\":\"providers.list\"}").at("/providers/0/instance").asText())
        .isEqualTo("tab-1");
  }

  @Test
  void aSurfacePushIsASessionLogAndAnInjectPushASessionSendEachNamingItsProvider() {
    RecordingProviderConnection ci = h.f.bound("ci", h.session);

    ci.send(Push.event("builds", PushLevel.SURFACE, "Build 12 passed"));
    ci.send(Push.event("builds", PushLevel.INJECT, "Build 13 failed"));

    assertThat(h.host.events(SessionLog.class, log -> log.message().equals("Build 12 passed")))
        .containsExactly(new SessionLog(h.session, "Build 12 passed", "ci"));
    assertThat(h.host.events(SessionSend.class))
        .containsExactly(new SessionSend(h.session, "Build 13 failed", "ci"));
  }

  @Test
  void streamQueryReturnsAStreamNewestFirstWithLevelMetadataAndTimeAndAnEmptyOneForNoEvents() {
    RecordingProviderConnection ci = h.f.bound("ci", h.session);
    ci.send(Push.event("builds", PushLevel.KEEP, "first"));
    h.f.clock.advance(Duration.ofSeconds(1));
    ci.send(new Push("builds", null, "second", null, PushLevel.SURFACE, json("{\"run\":2}"), null));

    JsonNode reply = h.ok("stream.query", "\"streams\":[\"builds@ci\",\"other@ci\"],\"last\":10");

    JsonNode builds = reply.at("/streams/builds@ci");
    assertThat(builds).hasSize(2);
    assertThat(builds.get(0).get("event").asText()).isEqualTo("second");
    assertThat(builds.get(0).get("level").asText()).isEqualTo("surface");
    assertThat(builds.get(0).get("metadata")).isEqualTo(json("{\"run\":2}"));
    assertThat(builds.get(0).get("ts").asText()).isEqualTo(h.f.clock.instant().toString());
    assertThat(builds.get(1).get("event").asText()).isEqualTo("first");
    assertThat(reply.at("/streams/other@ci")).isEmpty();
  }

  @Test
  void everyCommandForASessionThatDoesNotExistIsInvalidSessionWithAMessage() {
    for (String command :
        List.of(
            "{\"cmd\":\"session.idle\",\"sessionId\":\"s-none\"}",
            "{\"cmd\":\"session.end\",\"sessionId\":\"s-none\"}",
            "{\"cmd\":\"tools.list\",\"sessionId\":\"s-none\"}",
            "{\"cmd\":\"tool.call\",\"sessionId\":\"s-none\",\"tool\":\"greet\",\"args\":{}}",
            "{\"cmd\":\"hook.preToolUse\",\"sessionId\":\"s-none\",\"tool\":\"shell\",\"args\":{}}",
            "{\"cmd\":\"prompt\",\"sessionId\":\"s-none\",\"text\":\"hi\"}",
            "{\"cmd\":\"event\",\"sessionId\":\"s-none\",\"event\":\"user.message\",\"data\":{}}",
            "{\"cmd\":\"stream.query\",\"sessionId\":\"s-none\",\"streams\":[\"a@b\"],\"last\":5}")) {
      HostReply reply = h.host.request(command);

      assertThat(reply).as(command).isInstanceOf(HostReply.Failed.class);
      assertThat(((HostReply.Failed) reply).code())
          .as(command)
          .isEqualTo(RpcErrorCode.INVALID_SESSION);
      assertThat(((HostReply.Failed) reply).message()).as(command).isNotEmpty();
    }
  }

  @Test
  void aHostStreamQueryIsNotCappedAtOneHundredButAtTheRetentionOfTwoHundred() {
    RecordingProviderConnection feed = h.f.bound("feed", h.session);
    for (int n = 0; n < 211; n++) {
      feed.send(Push.event("items", PushLevel.KEEP, "e-" + n));
    }

    JsonNode some = h.ok("stream.query", "\"streams\":[\"items@feed\"],\"last\":150");
    JsonNode all = h.ok("stream.query", "\"streams\":[\"items@feed\"],\"last\":100000");

    assertThat(some.at("/streams/items@feed")).hasSize(150);
    assertThat(all.at("/streams/items@feed")).hasSize(200);
    assertThat(all.at("/streams/items@feed/0/event").asText()).isEqualTo("e-210");
  }
}
