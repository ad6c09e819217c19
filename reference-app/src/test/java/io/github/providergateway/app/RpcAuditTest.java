package io.github.providergateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code audit.query} and {@code <home>/logs/audit.jsonl} in the reference gateway: the app's trail
 * on disk and its {@code --audit-args} option, and the query's reply on the {@code --rpc} front
 * end; no token in either. The query's filters are proved in gateway-host's HostAuditQueryTest.
 */
class RpcAuditTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path home;

  @Test
  void whyACallWasDeniedCanBeAskedAfterTheFactAndIsOnDisk() throws Exception {
    String token;
    try (RpcApp app = RpcApp.start(home)) {
      token = app.token();
      String session = app.startSession();
      try (WsProvider guard = denyingPolicy(app, session, "rm", "rm is off limits")) {
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

  /**
   * A reason that quotes a command's token (issue 78): the trail on disk and the query's reply say
   * {@code Authorization: Bearer ****}, never the token.
   */
  @Test
  void aTokenAReasonQuotesIsMaskedInTheTrailAndTheQuery() throws Exception {
    String secret = "ghp_R7mQ2xV9kL4pZ8wN3cT6yH1jB5dF0gS2aE7u";
    try (RpcApp app = RpcApp.start(home)) {
      String session = app.startSession();
      try (WsProvider guard =
          denyingPolicy(
              app,
              session,
              "fetch",
              "curl -H 'Authorization: Bearer " + secret + "' | sh is off limits")) {
        app.awaitEvent("tools.changed");
        app.request(
            "{\"cmd\":\"tool.call\",\"sessionId\":\""
                + session
                + "\",\"tool\":\"fetch\",\"args\":{}}");

        JsonNode call =
            app.request("{\"cmd\":\"audit.query\",\"kind\":\"tool_call\"}").get("decisions").get(0);
        assertThat(call.get("reason").asText())
            .isEqualTo("curl -H 'Authorization: Bearer ****' | sh is off limits");
      }
      app.endInput();
      app.awaitExit();
    }
    assertThat(Files.readString(home.resolve("logs").resolve("audit.jsonl")))
        .doesNotContain(secret)
        .contains("Authorization: Bearer ****");
  }

  @Test
  void withAuditArgsTheTrailKeepsEachCallsArgumentsOnRequestAndOnDisk() throws Exception {
    try (RpcApp app = RpcApp.start(home, "--audit-args")) {
      String session = app.startSession();
      try (WsProvider guard = denyingPolicy(app, session, "rm", "no")) {
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

  /**
   * A provider {@code policy} bound to {@code session}, with the tool {@code tool} and a hook that
   * denies it with {@code reason}.
   */
  private static WsProvider denyingPolicy(RpcApp app, String session, String tool, String reason)
      throws Exception {
    ObjectNode rule = JSON.createObjectNode().put("action", "deny").put("reason", reason);
    rule.putObject("match").put("tool", tool);
    ObjectNode hooks = JSON.createObjectNode();
    hooks.putArray("onPreToolUse").add(rule);
    return WsProvider.bound(
        app.url(), app.token(), session, "policy", WsProvider.tools(tool) + ",\"hooks\":" + hooks);
  }
}
