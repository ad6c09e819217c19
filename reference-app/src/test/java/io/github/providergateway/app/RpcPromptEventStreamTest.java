package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code prompt}, {@code event}, {@code stream.query} and the push events. */
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
    assertThat(reply.get("context")).isEmpty();
    assertThat(reply.get("startupContext")).isEmpty();
  }

  @Test
  void aPromptAppliesTransformsAndReturnsAmbientAndStartupContexts() {
    provider(
        "pnpm",
        "\"context\":\"CI is passing.\",\"startup_context\":\"Watching 3 endpoints.\","
            + "\"hooks\":{\"transforms\":{\"custom_instructions\":{\"action\":\"append\","
            + "\"content\":\"This repo uses pnpm.\"}}}");

    JsonNode reply =
        app.request("{\"cmd\":\"prompt\",\"sessionId\":\"" + session + "\",\"text\":\"hi\"}");

    assertThat(reply.at("/sections/custom_instructions").asText())
        .startsWith(DefaultPrompt.sections().get("custom_instructions"))
        .endsWith("This repo uses pnpm.");
    assertThat(reply.at("/sections/identity").asText())
        .isEqualTo(DefaultPrompt.sections().get("identity"));
    assertThat(reply.get("context").toString()).isEqualTo("[\"CI is passing.\"]");
    assertThat(reply.get("startupContext").toString()).isEqualTo("[\"Watching 3 endpoints.\"]");
  }

  @Test
  void aPromptWithSectionsTransformsThoseInstead() {
    JsonNode reply =
        app.request(
            "{\"cmd\":\"prompt\",\"sessionId\":\""
                + session
                + "\",\"text\":\"hi\",\"sections\":{\"identity\":\"I am a test.\"}}");

    assertThat(reply.get("sections").toString()).isEqualTo("{\"identity\":\"I am a test.\"}");
  }

  @Test
  void anEventIsForwardedToSubscribedProvidersAsSessionEvent() {
    WsProvider listener = provider("listener", "\"subscribe\":[\"user.message\"]");

    JsonNode reply =
        app.request(
            "{\"cmd\":\"event\",\"sessionId\":\""
                + session
                + "\",\"event\":\"user.message\",\"data\":{\"content\":\"fix the auth bug\"}}");

    assertThat(reply.toString()).endsWith("\"ok\":true}");
    JsonNode event = listener.next("session.event");
    assertThat(event.get("sessionId").asText()).isEqualTo(session);
    assertThat(event.get("event").asText()).isEqualTo("user.message");
    assertThat(event.get("data").toString()).isEqualTo("{\"content\":\"fix the auth bug\"}");
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

  @Test
  void aHostStreamQueryIsNotCappedAtOneHundredButAtTheRetentionOfTwoHundred() {
    // Pushes are budgeted at 10 a second per connection, so 21 instances of one provider fill
    // its stream with 211 events at once.
    for (int instance = 0; instance < 21; instance++) {
      WsProvider tab = provider("feed", "\"instance\":\"i-" + instance + "\"");
      for (int n = 0; n < 10; n++) {
        tab.send(
            "{\"type\":\"push\",\"level\":\"keep\",\"event\":\"e-"
                + instance
                + "-"
                + n
                + "\",\"stream\":\"items\"}");
      }
      // Sockets have no order between them: the gateway answers this query only once it has
      // handled this connection's pushes, so every one is in before the next instance starts.
      tab.send("{\"type\":\"stream.query\",\"queryId\":\"q\",\"streams\":[\"items\"],\"last\":1}");
      assertThat(tab.next("stream.history").get("queryId").asText()).isEqualTo("q");
    }
    // One more instance, with budget to spare, marks the end: surface pushes reach the timeline.
    provider("feed", "\"instance\":\"i-last\"")
        .send("{\"type\":\"push\",\"level\":\"surface\",\"event\":\"last\",\"stream\":\"items\"}");
    app.awaitEvent("session.log", line -> line.get("message").asText().equals("last"));

    JsonNode some =
        app.request(
            "{\"cmd\":\"stream.query\",\"sessionId\":\""
                + session
                + "\",\"streams\":[\"items@feed\"],\"last\":150}");
    JsonNode all =
        app.request(
            "{\"cmd\":\"stream.query\",\"sessionId\":\""
                + session
                + "\",\"streams\":[\"items@feed\"],\"last\":100000}");

    assertThat(some.at("/streams/items@feed")).hasSize(150);
    assertThat(all.at("/streams/items@feed")).hasSize(200);
    assertThat(all.at("/streams/items@feed/0/event").asText()).isEqualTo("last");
  }
}
