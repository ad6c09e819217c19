package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shape of replies and errors, whatever the command (R-RPC-01, 03, 04, 05). */
class RpcRepliesTest {

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
  void anUnknownCommandGetsUnknownCommandAndEchoesTheId() {
    app.send("{\"id\":7,\"cmd\":\"session.explode\"}");

    JsonNode reply = app.reply(RpcApp.CODEC.parseJson("7"));

    assertThat(reply.get("ok").asBoolean()).isFalse();
    assertThat(reply.at("/error/code").asText()).isEqualTo("UNKNOWN_COMMAND");
    assertThat(reply.at("/error/message").asText()).contains("session.explode");
  }

  @Test
  void aStringIdIsEchoedAsTheSameString() {
    app.send("{\"id\":\"req-1\",\"cmd\":\"sessions.list\"}");

    JsonNode reply = app.reply(RpcApp.CODEC.parseJson("\"req-1\""));

    assertThat(reply.get("id").isTextual()).isTrue();
    assertThat(reply.toString()).isEqualTo("{\"id\":\"req-1\",\"ok\":true,\"sessions\":[]}");
  }

  @Test
  void aNumberIdIsEchoedAsTheSameNumber() {
    app.send("{\"id\":123456789012,\"cmd\":\"sessions.list\"}");

    JsonNode reply = app.reply(RpcApp.CODEC.parseJson("123456789012"));

    assertThat(reply.get("id").isIntegralNumber()).isTrue();
    assertThat(reply.get("id").asLong()).isEqualTo(123456789012L);
  }

  @Test
  void aCommandWithoutIdGetsAReplyWithoutId() {
    app.send("{\"cmd\":\"providers.list\"}");

    JsonNode reply = app.awaitLine("the reply", line -> line.has("ok"));

    assertThat(reply.has("id")).isFalse();
    assertThat(reply.get("ok").asBoolean()).isTrue();
    // The guard is the engine's policy, not a provider (decision 77): none is connected.
    assertThat(reply.get("providers")).isEmpty();
  }

  @Test
  void unknownFieldsInACommandAreIgnored() {
    JsonNode reply =
        app.request(
            "{\"cmd\":\"session.start\",\"label\":\"l\",\"colour\":\"blue\",\"nested\":{\"x\":[1,2]}}");

    assertThat(reply.get("ok").asBoolean()).isTrue();
    assertThat(reply.get("sessionId").asText()).isNotEmpty();
  }

  @Test
  void aLineThatIsNotJsonGetsInvalidJson() {
    app.send("this is not json");

    JsonNode reply = app.awaitLine("the reply", line -> line.has("ok"));

    assertThat(reply.has("id")).isFalse();
    assertThat(reply.at("/error/code").asText()).isEqualTo("INVALID_JSON");
  }

  @Test
  void aJsonValueThatIsNotAnObjectGetsInvalidJson() {
    app.send("[1,2,3]");

    JsonNode reply = app.awaitLine("the reply", line -> line.has("ok"));

    assertThat(reply.at("/error/code").asText()).isEqualTo("INVALID_JSON");
  }

  @Test
  void aMissingCmdIsInvalidArgument() {
    app.send("{\"id\":1}");

    JsonNode reply = app.reply(RpcApp.CODEC.parseJson("1"));

    assertThat(reply.at("/error/code").asText()).isEqualTo("INVALID_ARGUMENT");
  }

  @Test
  void aMissingSessionIdIsInvalidArgumentNamingTheField() {
    JsonNode reply = app.request("{\"cmd\":\"tools.list\"}");

    assertThat(reply.get("ok").asBoolean()).isFalse();
    assertThat(reply.at("/error/code").asText()).isEqualTo("INVALID_ARGUMENT");
    assertThat(reply.at("/error/message").asText()).contains("\"sessionId\"");
  }

  @Test
  void mistypedFieldsAreInvalidArgument() {
    String session = app.startSession();
    for (String command :
        new String[] {
          "{\"cmd\":\"tool.call\",\"sessionId\":\"" + session + "\",\"tool\":\"t\",\"args\":[1]}",
          "{\"cmd\":\"tool.call\",\"sessionId\":\""
              + session
              + "\",\"tool\":\"t\",\"timeoutMs\":-5}",
          "{\"cmd\":\"tool.call\",\"sessionId\":\"" + session + "\",\"args\":{}}",
          "{\"cmd\":\"session.end\",\"sessionId\":\"" + session + "\",\"deadlineMs\":\"soon\"}",
          "{\"cmd\":\"prompt\",\"sessionId\":\"" + session + "\",\"sections\":{\"identity\":1}}",
          "{\"cmd\":\"event\",\"sessionId\":\"" + session + "\",\"data\":{}}",
          "{\"cmd\":\"stream.query\",\"sessionId\":\"" + session + "\",\"streams\":\"a@b\"}",
          "{\"cmd\":\"stream.query\",\"sessionId\":\""
              + session
              + "\",\"streams\":[\"no-provider\"]}",
          "{\"cmd\":\"session.start\",\"label\":42}"
        }) {
      JsonNode reply = app.request(command);

      assertThat(reply.at("/error/code").asText()).as(command).isEqualTo("INVALID_ARGUMENT");
    }
  }

  @Test
  void aSlowToolCallDoesNotHoldUpLaterCommands() {
    String session = app.startSession();
    try (WsProvider provider =
        WsProvider.bound(app.url(), app.token(), session, "slow", WsProvider.tools("wait"))) {
      int callId =
          app.sendWithId(
              "{\"cmd\":\"tool.call\",\"sessionId\":\""
                  + session
                  + "\",\"tool\":\"wait\",\"args\":{}}");
      JsonNode call = provider.next("tool.call");

      JsonNode list = app.request("{\"cmd\":\"sessions.list\"}");
      assertThat(list.get("ok").asBoolean()).isTrue();
      assertThat(app.lines()).noneMatch(line -> line.path("id").asInt() == callId);

      provider.result(call, "\"done\"");
      JsonNode reply = app.reply(RpcApp.CODEC.parseJson(Integer.toString(callId)));
      assertThat(reply.at("/outcome/data").asText()).isEqualTo("done");
    }
  }

  @Test
  void everyLineOnStdoutIsAReplyOrAnEvent() {
    String session = app.startSession();
    app.request("{\"cmd\":\"sessions.list\"}");
    app.request("{\"cmd\":\"session.end\",\"sessionId\":\"" + session + "\"}");

    assertThat(app.lines()).allMatch(line -> line.has("ok") ^ line.has("event"));
    assertThat(app.lines()).filteredOn(line -> line.has("event")).noneMatch(line -> line.has("id"));
  }
}
