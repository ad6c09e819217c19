package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.app.run.DefaultPrompt;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code prompt}, {@code stream.query} and the push events on the {@code --rpc} front end: the
 * app's own default sections (DefaultPrompt) and each line with its field names as host-rpc.md
 * writes them. Transforms, events, pushes and stream retention are proved in gateway-host's
 * HostSessionCommandsTest and HostCommandsTest.
 */
class RpcPromptEventStreamTest {

  @TempDir Path home;
  private RpcApp app;
  private String session;
  private final List<WsProvider> providers = new ArrayList<>();

  @BeforeEach
  void start() {
    app = RpcApp.start(home);
    session = app.startSession();
  }

  @AfterEach
  void stop() {
    providers.forEach(WsProvider::close);
    app.close();
  }

  private WsProvider provider(String name, String helloFields) {
    WsProvider provider = WsProvider.bound(app.url(), app.token(), session, name, helloFields);
    providers.add(provider);
    return provider;
  }

  @Test
  void aPromptWithoutSectionsStartsFromTheFourDefaultSections() {
    JsonNode reply =
        app.request("{\"cmd\":\"prompt\",\"sessionId\":\"" + session + "\",\"text\":\"hi\"}");

    List<String> names = new ArrayList<>();
    reply.get("sections").fieldNames().forEachRemaining(names::add);
    assertThat(names)
        .containsExactlyInAnyOrder(
            "identity", "safety", "custom_instructions", "code_change_rules");
    reply.get("sections").forEach(text -> assertThat(text.asText()).isNotBlank());
    DefaultPrompt.sections()
        .forEach(
            (name, text) ->
                assertThat(reply.at("/sections/" + name).asText()).as(name).isEqualTo(text));
    assertThat(reply.get("context")).isEmpty();
    assertThat(reply.get("startupContext")).isEmpty();
  }

  @Test
  void aSurfacePushIsASessionLogAndAnInjectPushIsAlsoASessionSend() {
    WsProvider ci = provider("ci", "");

    ci.send(
        "{\"type\":\"push\",\"level\":\"surface\",\"event\":\"Build 12 passed\",\"stream\":\"builds\"}");
    ci.send(
        "{\"type\":\"push\",\"level\":\"inject\",\"event\":\"Build 13 failed\",\"stream\":\"builds\"}");

    JsonNode log =
        app.awaitEvent(
            "session.log", line -> line.get("message").asText().equals("Build 12 passed"));
    assertThat(log.toString())
        .isEqualTo(
            "{\"event\":\"session.log\",\"sessionId\":\""
                + session
                + "\",\"message\":\"Build 12 passed\",\"source\":\"ci\"}");
    JsonNode send = app.awaitEvent("session.send");
    assertThat(send.toString())
        .isEqualTo(
            "{\"event\":\"session.send\",\"sessionId\":\""
                + session
                + "\",\"prompt\":\"Build 13 failed\",\"source\":\"ci\"}");
  }

  @Test
  void streamQueryReturnsAStreamNewestFirstShapedAsStreamHistory() {
    WsProvider ci = provider("ci", "");
    ci.send("{\"type\":\"push\",\"level\":\"keep\",\"event\":\"first\",\"stream\":\"builds\"}");
    ci.send(
        "{\"type\":\"push\",\"level\":\"surface\",\"event\":\"second\",\"stream\":\"builds\","
            + "\"metadata\":{\"run\":2}}");
    app.awaitEvent("session.log", line -> line.get("message").asText().equals("second"));

    JsonNode reply =
        app.request(
            "{\"cmd\":\"stream.query\",\"sessionId\":\""
                + session
                + "\",\"streams\":[\"builds@ci\",\"other@ci\"],\"last\":10}");

    JsonNode builds = reply.at("/streams/builds@ci");
    assertThat(builds).hasSize(2);
    assertThat(builds.get(0).get("event").asText()).isEqualTo("second");
    assertThat(builds.get(0).get("level").asText()).isEqualTo("surface");
    assertThat(builds.get(0).get("metadata").toString()).isEqualTo("{\"run\":2}");
    assertThat(builds.get(0).get("ts").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
    assertThat(builds.get(1).get("event").asText()).isEqualTo("first");
    assertThat(reply.at("/streams/other@ci")).isEmpty();
  }
}
