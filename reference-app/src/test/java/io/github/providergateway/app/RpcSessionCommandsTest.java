package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.guard.GuardPolicy;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code session.start}, {@code sessions.list}, {@code providers.list} and the provider events on
 * the {@code --rpc} front end: each line with its field names as host-rpc.md writes them. What the
 * commands do (idle, end and its deadline, instances) is proved in gateway-host's
 * HostSessionCommandsTest, HostTimeoutsTest and HostCommandsTest.
 */
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

  /**
   * The providers a reply lists: the guard every gateway runs is the engine's policy, not a
   * provider (decision 77), so it is not among them.
   */
  private static JsonNode withoutGuard(JsonNode reply) {
    JsonNode providers = reply.get("providers");
    providers.forEach(p -> assertThat(p.get("name").asText()).isNotEqualTo(GuardPolicy.NAME));
    return providers;
  }
}
