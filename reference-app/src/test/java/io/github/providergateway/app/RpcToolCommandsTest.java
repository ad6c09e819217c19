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

/**
 * {@code tools.list}, {@code tools.changed}, {@code tool.call} and {@code hook.preToolUse} on the
 * {@code --rpc} front end: each reply and event line with its field names as host-rpc.md writes
 * them. What the gateway decides (merges, outcomes, context, hooks, rewrites) is proved where it is
 * decided: gateway-host's HostToolCommandsTest and HostCommandsTest.
 */
class RpcToolCommandsTest {

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

  private String call(String tool, String args) {
    return "{\"cmd\":\"tool.call\",\"sessionId\":\""
        + session
        + "\",\"tool\":\""
        + tool
        + "\",\"args\":"
        + args
        + "}";
  }

  @Test
  void aProviderRegisteringToolsIsOneToolsChangedEventWithTheirNames() {
    provider("greeter", WsProvider.tools("greet", "wave"));

    JsonNode changed = app.awaitEvent("tools.changed");

    assertThat(changed.toString())
        .isEqualTo(
            "{\"event\":\"tools.changed\",\"sessionId\":\""
                + session
                + "\",\"tools\":[\"greet\",\"wave\"]}");
  }

  @Test
  void toolsListShowsEachToolAsTheHostRegistersIt() {
    provider("greeter", WsProvider.tools("greet"));
    app.awaitEvent("tools.changed");

    JsonNode tools =
        app.request("{\"cmd\":\"tools.list\",\"sessionId\":\"" + session + "\"}").get("tools");

    assertThat(tools).hasSize(1);
    assertThat(tools.get(0).toString())
        .isEqualTo(
            "{\"name\":\"greet\",\"description\":\"Tool greet\",\"parameters\":{\"type\":\"object\","
                + "\"properties\":{\"name\":{\"type\":\"string\"}}},\"provider\":\"greeter\"}");
  }

  @Test
  void aSuccessfulCallRepliesTheProvidersDataAndAnEmptyContext() {
    WsProvider greeter = provider("greeter", WsProvider.tools("greet"));
    int id = app.sendWithId(call("greet", "{\"name\":\"Alice\"}"));

    JsonNode toolCall = greeter.next("tool.call");
    assertThat(toolCall.get("tool").asText()).isEqualTo("greet");
    assertThat(toolCall.at("/args/name").asText()).isEqualTo("Alice");
    assertThat(toolCall.get("sessionId").asText()).isEqualTo(session);
    greeter.result(toolCall, "{\"greeting\":\"Hello, Alice!\",\"n\":1}");

    JsonNode reply = app.reply(RpcApp.CODEC.parseJson(Integer.toString(id)));
    assertThat(reply.toString())
        .isEqualTo(
            "{\"id\":"
                + id
                + ",\"ok\":true,\"outcome\":{\"status\":\"success\","
                + "\"data\":{\"greeting\":\"Hello, Alice!\",\"n\":1}},\"context\":[]}");
  }

  @Test
  void hookPreToolUseRepliesTheDecisionInItsFields() {
    provider(
        "policy",
        "\"hooks\":{\"onPreToolUse\":["
            + "{\"match\":{\"tool\":\"shell\",\"args\":\"git push\"},\"action\":\"deny\",\"reason\":\"CI is red\"},"
            + "{\"match\":{\"tool\":\"shell\"},\"action\":\"context\",\"content\":\"Use the venv.\"}]}");

    JsonNode allowed =
        app.request(
            "{\"cmd\":\"hook.preToolUse\",\"sessionId\":\""
                + session
                + "\",\"tool\":\"shell\",\"args\":{\"command\":\"ls\"}}");
    JsonNode denied =
        app.request(
            "{\"cmd\":\"hook.preToolUse\",\"sessionId\":\""
                + session
                + "\",\"tool\":\"shell\",\"args\":{\"command\":\"git push origin\"}}");

    assertThat(allowed.get("decision").toString())
        .isEqualTo("{\"permission\":\"allow\",\"context\":[\"Use the venv.\"]}");
    assertThat(denied.at("/decision/permission").asText()).isEqualTo("deny");
    assertThat(denied.at("/decision/reason").asText()).isEqualTo("CI is red");
  }
}
