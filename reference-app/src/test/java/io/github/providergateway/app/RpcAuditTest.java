package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code audit.query} and {@code <home>/logs/audit.jsonl} in the reference gateway: why a call was
 * denied, asked after the fact, with filters; the same records on disk; no token in either.
 */
class RpcAuditTest {

  @TempDir Path home;

  @Test
  void whyACallWasDeniedCanBeAskedAfterTheFactAndIsOnDisk() throws Exception {
    String token;
    try (RpcApp app = RpcApp.start(home)) {
      token = app.token();
      String session = app.startSession();
      try (WsProvider guard =
          WsProvider.bound(
              app.url(),
              app.token(),
              session,
              "policy",
              WsProvider.tools("rm")
                  + ",\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"rm\"},\"action\":\"deny\",\"reason\":\"rm is off limits\"}]}")) {
        app.awaitEvent("tools.changed");
        JsonNode denied =
            app.request(
                "{\"cmd\":\"tool.call\",\"sessionId\":\""
                    + session
                    + "\",\"tool\":\"rm\",\"args\":{\"path\":\"/\"}}");
        assertThat(denied.at("/outcome/status").asText()).isEqualTo("denied");

        JsonNode calls =
            app.request("{\"cmd\":\"audit.query\",\"kind\":\"tool_call\",\"tool\":\"rm\"}")
                .get("decisions");
        assertThat(calls).hasSize(1);
        JsonNode call = calls.get(0);
        assertThat(call.get("outcome").asText()).isEqualTo("denied");
        assertThat(call.get("reason").asText()).isEqualTo("rm is off limits");
        assertThat(call.get("provider").asText()).isEqualTo("policy");
        JsonNode why =
            app.request(
                    "{\"cmd\":\"audit.query\",\"callId\":\"" + call.get("callId").asText() + "\"}")
                .get("decisions");
        assertThat(why)
            .extracting(d -> d.get("kind").asText())
            .containsExactly("pre_tool_use", "tool_call");
        assertThat(why.get(0).get("reason").asText()).isEqualTo("rm is off limits");

        JsonNode hellos =
            app.request("{\"cmd\":\"audit.query\",\"kind\":\"hello\",\"provider\":\"policy\"}")
                .get("decisions");
        assertThat(hellos).hasSize(1);
        JsonNode bad = app.request("{\"cmd\":\"audit.query\",\"since\":\"yesterday\"}");
        assertThat(bad.at("/error/code").asText()).isEqualTo("INVALID_ARGUMENT");
      }
      app.endInput();
      app.awaitExit();
    }
    Path file = home.resolve("logs").resolve("audit.jsonl");
    String trail = Files.readString(file);
    assertThat(trail)
        .contains("\"kind\":\"auth\"")
        .contains("\"kind\":\"pre_tool_use\"")
        .contains("\"reason\":\"rm is off limits\"");
    assertThat(trail).as("no token in the trail").doesNotContain(token);
    assertThat(trail).as("arguments only as a hash").doesNotContain("\"path\"");
  }

  @Test
  void withAuditArgsTheTrailKeepsEachCallsArgumentsOnRequestAndOnDisk() throws Exception {
    try (RpcApp app = RpcApp.start(home, "--audit-args")) {
      String session = app.startSession();
      try (WsProvider guard =
          WsProvider.bound(
              app.url(),
              app.token(),
              session,
              "policy",
              WsProvider.tools("rm")
                  + ",\"hooks\":{\"onPreToolUse\":[{\"match\":{\"tool\":\"rm\"},\"action\":\"deny\",\"reason\":\"no\"}]}")) {
        app.awaitEvent("tools.changed");
        app.request(
            "{\"cmd\":\"tool.call\",\"sessionId\":\""
                + session
                + "\",\"tool\":\"rm\",\"args\":{\"path\":\"/etc\"}}");

        JsonNode call =
            app.request("{\"cmd\":\"audit.query\",\"kind\":\"tool_call\"}").get("decisions").get(0);
        assertThat(call.get("args").toString()).isEqualTo("{\"path\":\"/etc\"}");
      }
      app.endInput();
      app.awaitExit();
    }
    assertThat(Files.readString(home.resolve("logs").resolve("audit.jsonl")))
        .contains("\"args\":{\"path\":\"/etc\"}");
  }
}
