package io.github.providergateway.host;

import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.host.protocol.HostReply;
import io.github.providergateway.host.protocol.RpcErrorCode;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code audit.query} as the host service answers it from the gateway's {@link DecisionLog}: why a
 * call was denied, asked after the fact, with filters; arguments only when the gateway keeps them
 * (docs/audit.md). Proved through {@code --rpc} before (RpcAuditTest, which keeps the app's file).
 */
class HostAuditQueryTest {

  private HostHarness h;

  @AfterEach
  void close() {
    h.close();
  }

  /** A gateway that keeps arguments or not, its decisions logged, and a denying policy bound. */
  private void start(boolean keepArguments) {
    GatewayFixture fixture = GatewayFixture.with(b -> b.auditArguments(keepArguments));
    DecisionLog log = new DecisionLog(DecisionLog.DEFAULT_CAPACITY);
    fixture.gateway.monitor().addListener(log);
    h = new HostHarness(fixture, hosts -> hosts.decisionLog(log));
    h.f.bound(
        Hello.builder("policy")
            .session(h.session)
            .tools(tool("rm"))
            .hooks(
                new Hooks(List.of(HookRule.deny(HookMatch.tool("rm"), "rm is off limits")), null))
            .build());
  }

  @Test
  void whyACallWasDeniedCanBeAskedAfterTheFactByKindToolCallIdAndProvider() {
    start(false);
    JsonNode denied = h.ok("tool.call", "\"tool\":\"rm\",\"args\":{\"path\":\"/\"}");
    assertThat(denied.at("/outcome/status").asText()).isEqualTo("denied");

    JsonNode calls =
        h.host
            .ok("{\"cmd\":\"audit.query\",\"kind\":\"tool_call\",\"tool\":\"rm\"}")
            .get("decisions");
    assertThat(calls).hasSize(1);
    JsonNode call = calls.get(0);
    assertThat(call.get("outcome").asText()).isEqualTo("denied");
    assertThat(call.get("reason").asText()).isEqualTo("rm is off limits");
    assertThat(call.get("provider").asText()).isEqualTo("policy");
    assertThat(call.has("args")).as("arguments only as a hash").isFalse();
    JsonNode why =
        h.host
            .ok("{\"cmd\":\"audit.query\",\"callId\":\"" + call.get("callId").asText() + "\"}")
            .get("decisions");
    assertThat(why)
        .extracting(d -> d.get("kind").asText())
        .containsExactly("pre_tool_use", "tool_call");
    assertThat(why.get(0).get("reason").asText()).isEqualTo("rm is off limits");
    assertThat(
            h.host
                .ok("{\"cmd\":\"audit.query\",\"kind\":\"hello\",\"provider\":\"policy\"}")
                .get("decisions"))
        .hasSize(1);
    HostReply bad = h.host.request("{\"cmd\":\"audit.query\",\"since\":\"yesterday\"}");
    assertThat(((HostReply.Failed) bad).code()).isEqualTo(RpcErrorCode.INVALID_ARGUMENT);
  }

  @Test
  void aGatewayThatKeepsArgumentsRepliesEachCallsArguments() {
    start(true);
    h.ok("tool.call", "\"tool\":\"rm\",\"args\":{\"path\":\"/etc\"}");

    JsonNode call =
        h.host.ok("{\"cmd\":\"audit.query\",\"kind\":\"tool_call\"}").get("decisions").get(0);

    assertThat(call.get("args")).isEqualTo(json("{\"path\":\"/etc\"}"));
  }
}
