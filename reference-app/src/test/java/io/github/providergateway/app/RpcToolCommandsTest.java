package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tools.list}, {@code tools.changed}, {@code tool.call} and {@code hook.preToolUse}. */
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
  void toolsListMergesMultiInstanceToolsAndAddsTheirListMetaTool() {
    provider("browser", "\"instance\":\"tab-1\"," + WsProvider.tools("screenshot"));
    provider("browser", "\"instance\":\"tab-2\"," + WsProvider.tools("screenshot"));
    JsonNode registered =
        app.awaitEvent(
            "tools.changed",
            event -> event.get("tools").toString().contains("list_browser_instances"));

    JsonNode tools =
        app.request("{\"cmd\":\"tools.list\",\"sessionId\":\"" + session + "\"}").get("tools");

    List<String> names = new ArrayList<>();
    tools.forEach(tool -> names.add(tool.get("name").asText()));
    assertThat(names).containsExactlyInAnyOrder("screenshot", "list_browser_instances");
    List<String> registeredNames = new ArrayList<>();
    registered.get("tools").forEach(name -> registeredNames.add(name.asText()));
    assertThat(names).as("as registered with the host").isEqualTo(registeredNames);
    JsonNode screenshot = tools.get(names.indexOf("screenshot"));
    assertThat(screenshot.at("/parameters/properties/target/type").asText()).isEqualTo("string");
    assertThat(screenshot.get("provider").asText())
        .as("one tool of the name, not of an instance")
        .isEqualTo("browser");
    assertThat(tools.get(names.indexOf("list_browser_instances")).get("provider").asText())
        .isEqualTo("gateway");
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
  void aFailedCallRepliesTheErrorAndItsCode() {
    WsProvider greeter = provider("greeter", WsProvider.tools("greet"));
    int id = app.sendWithId(call("greet", "{}"));

    JsonNode toolCall = greeter.next("tool.call");
    greeter.send(
        "{\"type\":\"tool.result\",\"id\":\""
            + toolCall.get("id").asText()
            + "\",\"error\":\"Nobody to greet\",\"errorCode\":\"NOT_FOUND\"}");

    JsonNode outcome = app.reply(RpcApp.CODEC.parseJson(Integer.toString(id))).get("outcome");
    assertThat(outcome.toString())
        .isEqualTo(
            "{\"status\":\"failure\",\"error\":\"Nobody to greet\",\"errorCode\":\"NOT_FOUND\"}");
  }

  @Test
  void aCallToAToolNobodyServesIsAFailureNotAnError() {
    JsonNode reply = app.request(call("nothing_here", "{}"));

    assertThat(reply.get("ok").asBoolean()).isTrue();
    assertThat(reply.at("/outcome/status").asText()).isEqualTo("failure");
    assertThat(reply.at("/outcome/errorCode").asText()).isEqualTo("NOT_FOUND");
  }

  @Test
  void aCallDeniedByAHookIsDeniedWithTheReasonAndNeverRuns() {
    WsProvider guard =
        provider(
            "policy",
            WsProvider.tools("rm")
                + ",\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"rm\"},\"action\":\"deny\","
                + "\"reason\":\"rm is off limits\"}]}");

    JsonNode reply = app.request(call("rm", "{}"));

    assertThat(reply.get("outcome").toString())
        .isEqualTo("{\"status\":\"denied\",\"reason\":\"rm is off limits\"}");
    assertThat(reply.get("context")).isEmpty();
    assertThat(guard.receivedNoneBeforeAnAnswer("tool.call")).isTrue();
  }

  @Test
  void aCallCarriesTheContextThatHookRulesAndGatesAdded() {
    WsProvider guard =
        provider(
            "policy",
            WsProvider.tools("edit")
                + ",\"hooks\":{\"onPreToolUse\":["
                + "{\"match\":{\"tool\":\"edit\"},\"action\":\"context\",\"content\":\"Migrations are append-only.\"},"
                + "{\"match\":{\"tool\":\"edit\"},\"action\":\"gate\",\"gateId\":\"ci\"}]}");
    int id = app.sendWithId(call("edit", "{\"path\":\"db/1.sql\"}"));

    JsonNode check = guard.next("gate.check");
    guard.send(
        "{\"type\":\"gate.result\",\"gateId\":\"ci\",\"callId\":\""
            + check.get("callId").asText()
            + "\",\"decision\":\"context\",\"reason\":\"CI is green.\"}");
    guard.result(guard.next("tool.call"), "\"edited\"");

    JsonNode reply = app.reply(RpcApp.CODEC.parseJson(Integer.toString(id)));
    assertThat(reply.at("/outcome/data").asText()).isEqualTo("edited");
    assertThat(reply.get("context").toString())
        .isEqualTo("[\"Migrations are append-only.\",\"CI is green.\"]");
  }

  @Test
  void aDeniedCallStillCarriesTheContextAddedBeforeTheDeny() {
    provider(
        "policy",
        WsProvider.tools("edit")
            + ",\"hooks\":{\"onPreToolUse\":["
            + "{\"match\":{\"tool\":\"edit\"},\"action\":\"context\",\"content\":\"Migrations are append-only.\"},"
            + "{\"match\":{\"tool\":\"edit\"},\"action\":\"deny\",\"reason\":\"Frozen.\"}]}");

    int id = app.sendWithId(call("edit", "{\"path\":\"db/1.sql\"}"));

    JsonNode reply = app.reply(RpcApp.CODEC.parseJson(Integer.toString(id)));
    assertThat(reply.get("outcome").toString())
        .isEqualTo("{\"status\":\"denied\",\"reason\":\"Frozen.\"}");
    assertThat(reply.get("context").toString()).isEqualTo("[\"Migrations are append-only.\"]");
  }

  @Test
  void aFileResultIsReturnedWithItsContentInBase64() throws Exception {
    WsProvider shooter = provider("shooter", WsProvider.tools("screenshot"));
    Path persistDir = Path.of(shooter.ack.get("persistDir").asText());
    Path file = persistDir.resolve("shot.txt");
    Files.writeString(file, "pretend this is a PNG", StandardCharsets.UTF_8);
    int id = app.sendWithId(call("screenshot", "{}"));

    JsonNode toolCall = shooter.next("tool.call");
    shooter.send(
        "{\"type\":\"tool.result\",\"id\":\""
            + toolCall.get("id").asText()
            + "\",\"file\":{\"path\":\""
            + file
            + "\",\"mimeType\":\"text/plain\",\"ttl\":60}}");

    JsonNode reply = app.reply(RpcApp.CODEC.parseJson(Integer.toString(id)));
    assertThat(reply.at("/outcome/status").asText()).isEqualTo("success");
    JsonNode data = reply.at("/outcome/data/file");
    assertThat(data.get("mimeType").asText()).isEqualTo("text/plain");
    assertThat(data.get("size").asInt()).isEqualTo(21);
    assertThat(
            new String(
                Base64.getDecoder().decode(data.get("base64").asText()), StandardCharsets.UTF_8))
        .isEqualTo("pretend this is a PNG");
    assertThat(persistDir).startsWith(home);
  }

  @Test
  void hookPreToolUseRunsTheHooksOnlyAndRepliesTheDecision() {
    WsProvider guard =
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
    JsonNode untouched =
        app.request(
            "{\"cmd\":\"hook.preToolUse\",\"sessionId\":\""
                + session
                + "\",\"tool\":\"read\",\"args\":{}}");

    assertThat(allowed.get("decision").toString())
        .isEqualTo("{\"permission\":\"allow\",\"context\":[\"Use the venv.\"]}");
    assertThat(denied.at("/decision/permission").asText()).isEqualTo("deny");
    assertThat(denied.at("/decision/reason").asText()).isEqualTo("CI is red");
    assertThat(untouched.get("decision").toString())
        .isEqualTo("{\"permission\":\"allow\",\"context\":[]}");
    assertThat(guard.receivedNoneBeforeAnAnswer("tool.call")).isTrue();
  }
}
