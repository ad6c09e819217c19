package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.guard.GuardProvider;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code session.*}, {@code sessions.list}, {@code providers.list} and provider events. */
class RpcSessionCommandsTest {

  @TempDir Path home;
  private RpcApp app;

  @BeforeEach
  void start() {
    app = RpcApp.start(home);
  }

  @AfterEach
  void stop() {
    app.close();
  }

  @Test
  void sessionStartRepliesANewSessionIdThatSessionsListShowsWithLabelAndCwd() {
    JsonNode first =
        app.request("{\"cmd\":\"session.start\",\"label\":\"PR #42\",\"cwd\":\"/code/foo\"}");
    JsonNode second = app.request("{\"cmd\":\"session.start\"}");

    JsonNode list = app.request("{\"cmd\":\"sessions.list\"}");

    assertThat(first.get("sessionId").asText()).isNotEqualTo(second.get("sessionId").asText());
    assertThat(list.get("sessions")).hasSize(2);
    JsonNode listed = list.get("sessions").get(0);
    assertThat(listed.toString())
        .isEqualTo(
            "{\"id\":\""
                + first.get("sessionId").asText()
                + "\",\"label\":\"PR #42\",\"cwd\":\"/code/foo\"}");
  }

  @Test
  void sessionIdleTellsBoundProvidersTheSessionIsIdle() {
    String session = app.startSession();
    try (WsProvider provider = WsProvider.bound(app.url(), app.token(), session, "p", "")) {
      JsonNode reply = app.request("{\"cmd\":\"session.idle\",\"sessionId\":\"" + session + "\"}");

      assertThat(reply.get("ok").asBoolean()).isTrue();
      JsonNode idle = provider.next("session.lifecycle");
      assertThat(idle.get("state").asText()).isEqualTo("idle");
      assertThat(idle.get("sessionId").asText()).isEqualTo(session);
    }
  }

  @Test
  void sessionEndSendsShutdownPendingWithTheDeadlineAndRepliesOnlyAfterTeardown() {
    String session = app.startSession();
    try (WsProvider provider = WsProvider.bound(app.url(), app.token(), session, "p", "")) {
      int endId =
          app.sendWithId(
              "{\"cmd\":\"session.end\",\"sessionId\":\"" + session + "\",\"deadlineMs\":8000}");

      JsonNode pending = provider.next("session.lifecycle");
      assertThat(pending.get("state").asText()).isEqualTo("shutdown.pending");
      assertThat(pending.get("deadline").asLong()).isEqualTo(8000);
      // The provider has not answered: teardown is not complete, so there is no reply yet.
      app.request("{\"cmd\":\"providers.list\"}");
      assertThat(app.lines()).noneMatch(line -> line.path("id").asInt() == endId);

      provider.goodbye();

      JsonNode reply = app.reply(RpcApp.CODEC.parseJson(Integer.toString(endId)));
      assertThat(reply.toString()).isEqualTo("{\"id\":" + endId + ",\"ok\":true}");
      assertThat(app.request("{\"cmd\":\"sessions.list\"}").get("sessions")).isEmpty();
    }
  }

  @Test
  void sessionEndWithoutADeadlineGivesProvidersTenSeconds() {
    String session = app.startSession();
    try (WsProvider provider = WsProvider.bound(app.url(), app.token(), session, "p", "")) {
      int endId = app.sendWithId("{\"cmd\":\"session.end\",\"sessionId\":\"" + session + "\"}");

      assertThat(provider.next("session.lifecycle").get("deadline").asLong()).isEqualTo(10_000);
      provider.goodbye();
      assertThat(app.reply(RpcApp.CODEC.parseJson(Integer.toString(endId))).get("ok").asBoolean())
          .isTrue();
    }
  }

  @Test
  void aProviderBindingAndLeavingAreProviderEventsAndProvidersListShowsIt() throws Exception {
    String session = app.startSession();
    WsProvider provider =
        WsProvider.bound(
            app.url(), app.token(), session, "greeter", WsProvider.tools("greet", "wave"));
    String providerId = provider.ack.get("providerId").asText();

    JsonNode connected = app.awaitEvent("provider.connected");
    assertThat(connected.toString())
        .isEqualTo(
            "{\"event\":\"provider.connected\",\"providerId\":\""
                + providerId
                + "\",\"name\":\"greeter\",\"instance\":null}");

    JsonNode providers = withoutGuard(app.request("{\"cmd\":\"providers.list\"}"));
    assertThat(providers).hasSize(1);
    assertThat(providers.get(0).toString())
        .matches(
            java.util.regex.Pattern.quote(
                    "{\"providerId\":\""
                        + providerId
                        + "\",\"name\":\"greeter\",\"instance\":null,"
                        + "\"trust\":\"project\",\"sessions\":[\""
                        + session
                        + "\"],\"tools\":[\"greet\",\"wave\"],"
                        + "\"connectedSince\":\"")
                + "[0-9T:.Z-]+\",\"callsInFlight\":0}");

    provider.goodbye();
    provider.closed.get(RpcApp.WAIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    JsonNode disconnected = app.awaitEvent("provider.disconnected");
    assertThat(disconnected.get("providerId").asText()).isEqualTo(providerId);
    assertThat(disconnected.get("name").asText()).isEqualTo("greeter");
    assertThat(disconnected.has("instance")).isTrue();
    assertThat(withoutGuard(app.request("{\"cmd\":\"providers.list\"}"))).isEmpty();
  }

  @Test
  void aMultiInstanceProviderIsListedWithItsInstance() {
    String session = app.startSession();
    try (WsProvider tab =
        WsProvider.bound(app.url(), app.token(), session, "browser", "\"instance\":\"tab-1\"")) {
      JsonNode connected = app.awaitEvent("provider.connected");

      assertThat(connected.get("instance").asText()).isEqualTo("tab-1");
      assertThat(
              withoutGuard(app.request("{\"cmd\":\"providers.list\"}")).at("/0/instance").asText())
          .isEqualTo("tab-1");
    }
  }

  /** The providers a reply lists, but the guard every gateway runs. */
  private static JsonNode withoutGuard(JsonNode reply) {
    com.fasterxml.jackson.databind.node.ArrayNode others =
        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
    reply
        .get("providers")
        .forEach(
            p -> {
              if (!p.get("name").asText().equals(GuardProvider.NAME)) {
                others.add(p);
              }
            });
    return others;
  }
}
