package io.github.providergateway.host;

import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.protocol.GateAsk;
import io.github.providergateway.host.protocol.ToolsChanged;
import io.github.providergateway.protocol.FileRef;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tools.list}, {@code tools.changed}, {@code tool.call} and {@code hook.preToolUse} as the
 * host service runs them for a host (spec: host-rpc.md, Commands): what the engine decides and what
 * the reply carries. Proved through {@code --rpc} and real WebSockets before (RpcToolCommandsTest,
 * RpcRewriteRecheckTest); the wire's field names stay proved there and in HostWireTest.
 */
class HostToolCommandsTest {

  @TempDir Path home;
  private HostHarness h;

  @BeforeEach
  void start() {
    h = new HostHarness(GatewayFixture.withHome(home));
  }

  @AfterEach
  void close() {
    h.close();
  }

  private RecordingProviderConnection provider(String name, ToolDefinition... tools) {
    return h.f.bound(name, h.session, tools);
  }

  private RecordingProviderConnection withRules(String name, List<HookRule> rules, String tool) {
    Hello.Builder hello = Hello.builder(name).session(h.session).hooks(new Hooks(rules, null));
    if (tool != null) {
      hello.tools(tool(tool));
    }
    return h.f.bound(hello.build());
  }

  private static List<String> names(JsonNode tools) {
    List<String> names = new ArrayList<>();
    tools.forEach(t -> names.add(t.get("name").asText()));
    return names;
  }

  @Test
  void aProviderRegisteringToolsIsOneToolsChangedEventWithTheirNames() {
    provider("greeter", tool("greet"), tool("wave"));
    h.f.settle(); // the registration debounce: one event for what registered within it

    assertThat(h.host.events(ToolsChanged.class))
        .containsExactly(new ToolsChanged(h.session, List.of("greet", "wave")));
  }

  @Test
  void toolsListShowsEachToolAsTheHostRegistersIt() {
    provider(
        "greeter",
        ToolDefinition.of(
            "greet",
            "Greets",
            json("{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}")));

    JsonNode tools = h.ok("tools.list", "").get("tools");

    assertThat(tools).hasSize(1);
    assertThat(tools.get(0))
        .isEqualTo(
            json(
                "{\"name\":\"greet\",\"description\":\"Greets\",\"parameters\":{\"type\":\"object\","
                    + "\"properties\":{\"name\":{\"type\":\"string\"}}},\"provider\":\"greeter\"}"));
  }

  @Test
  void toolsListMergesMultiInstanceToolsAndAddsTheirListMetaToolInTheOrderRegistered() {
    for (String tab : List.of("tab-1", "tab-2")) {
      h.f.bound(
          Hello.builder("browser")
              .session(h.session)
              .instance(tab)
              .tools(tool("screenshot"))
              .build());
    }

    h.f.settle();
    JsonNode tools = h.ok("tools.list", "").get("tools");

    List<String> names = names(tools);
    assertThat(names).containsExactlyInAnyOrder("screenshot", "list_browser_instances");
    List<ToolsChanged> changed = h.host.events(ToolsChanged.class);
    assertThat(names)
        .as("as registered with the host")
        .isEqualTo(changed.get(changed.size() - 1).tools());
    JsonNode screenshot = tools.get(names.indexOf("screenshot"));
    assertThat(screenshot.at("/parameters/properties/target/type").asText()).isEqualTo("string");
    assertThat(screenshot.get("provider").asText())
        .as("one tool of the name, not of an instance")
        .isEqualTo("browser");
    assertThat(tools.get(names.indexOf("list_browser_instances")).get("provider").asText())
        .isEqualTo("gateway");
  }

  @Test
  void aCallReachesItsProviderWithItsArgumentsAndSessionAndAFailureKeepsItsCode() {
    RecordingProviderConnection greeter = provider("greeter", tool("greet"));
    h.send(1, "tool.call", "\"tool\":\"greet\",\"args\":{\"name\":\"Alice\"}");

    ToolCall call = greeter.next(ToolCall.class);
    assertThat(call.tool()).isEqualTo("greet");
    assertThat(call.args()).isEqualTo(json("{\"name\":\"Alice\"}"));
    assertThat(call.sessionId()).isEqualTo(h.session);
    greeter.send(
        ToolResult.failure(
            call.id(),
            "Nobody to greet",
            io.github.providergateway.protocol.ToolErrorCode.NOT_FOUND));

    assertThat(h.okReplyTo(1).get("outcome"))
        .isEqualTo(
            json(
                "{\"status\":\"failure\",\"error\":\"Nobody to greet\",\"errorCode\":\"NOT_FOUND\"}"));
  }

  @Test
  void aCallToAToolNobodyServesIsAFailureNotAnError() {
    JsonNode reply = h.ok("tool.call", "\"tool\":\"nothing_here\",\"args\":{}");

    assertThat(reply.at("/outcome/status").asText()).isEqualTo("failure");
    assertThat(reply.at("/outcome/errorCode").asText()).isEqualTo("NOT_FOUND");
  }

  @Test
  void aCallDeniedByAHookIsDeniedWithTheReasonAndNeverRuns() {
    RecordingProviderConnection policy =
        withRules("policy", List.of(HookRule.deny(HookMatch.tool("rm"), "rm is off limits")), "rm");

    JsonNode reply = h.ok("tool.call", "\"tool\":\"rm\",\"args\":{}");

    assertThat(reply)
        .isEqualTo(
            json(
                "{\"outcome\":{\"status\":\"denied\",\"reason\":\"rm is off limits\"},\"context\":[]}"));
    policy.assertNoMoreMessages();
  }

  @Test
  void aCallCarriesTheContextThatHookRulesAndGatesAddedInThatOrder() {
    RecordingProviderConnection policy =
        withRules(
            "policy",
            List.of(
                HookRule.context(HookMatch.tool("edit"), "Migrations are append-only."),
                HookRule.gate(HookMatch.tool("edit"), "ci")),
            "edit");
    h.send(1, "tool.call", "\"tool\":\"edit\",\"args\":{\"path\":\"db/1.sql\"}");

    GateCheck check = policy.next(GateCheck.class);
    policy.send(GateResult.context("ci", check.callId(), "CI is green."));
    policy.send(ToolResult.success(policy.next(ToolCall.class).id(), json("\"edited\"")));

    assertThat(h.okReplyTo(1))
        .isEqualTo(
            json(
                "{\"outcome\":{\"status\":\"success\",\"data\":\"edited\"},"
                    + "\"context\":[\"Migrations are append-only.\",\"CI is green.\"]}"));
  }

  @Test
  void aDeniedCallStillCarriesTheContextAddedBeforeTheDeny() {
    withRules(
        "policy",
        List.of(
            HookRule.context(HookMatch.tool("edit"), "Migrations are append-only."),
            HookRule.deny(HookMatch.tool("edit"), "Frozen.")),
        "edit");

    JsonNode reply = h.ok("tool.call", "\"tool\":\"edit\",\"args\":{\"path\":\"db/1.sql\"}");

    assertThat(reply)
        .isEqualTo(
            json(
                "{\"outcome\":{\"status\":\"denied\",\"reason\":\"Frozen.\"},"
                    + "\"context\":[\"Migrations are append-only.\"]}"));
  }

  @Test
  void aFileResultFromTheProvidersPersistDirUnderTheHomeIsRepliedWithItsContentInBase64()
      throws Exception {
    RecordingProviderConnection shooter = provider("shooter", tool("screenshot"));
    Path persistDir =
        Path.of(
            shooter.history().stream()
                .filter(HelloAck.class::isInstance)
                .map(HelloAck.class::cast)
                .findFirst()
                .orElseThrow()
                .persistDir());
    assertThat(persistDir).startsWith(home);
    Path file = Files.writeString(persistDir.resolve("shot.txt"), "pretend this is a PNG");
    h.send(1, "tool.call", "\"tool\":\"screenshot\",\"args\":{}");

    shooter.send(
        ToolResult.file(
            shooter.next(ToolCall.class).id(),
            new FileRef(file.toString(), "text/plain", null, Duration.ofSeconds(60))));

    JsonNode reply = h.okReplyTo(1);
    assertThat(reply.at("/outcome/status").asText()).isEqualTo("success");
    JsonNode data = reply.at("/outcome/data/file");
    assertThat(data.get("mimeType").asText()).isEqualTo("text/plain");
    assertThat(data.get("size").asInt()).isEqualTo(21);
    assertThat(
            new String(
                Base64.getDecoder().decode(data.get("base64").asText()), StandardCharsets.UTF_8))
        .isEqualTo("pretend this is a PNG");
  }

  @Test
  void hookPreToolUseRunsTheHooksOnlyAndRepliesTheDecision() {
    RecordingProviderConnection policy =
        withRules(
            "policy",
            List.of(
                HookRule.deny(HookMatch.toolAndArgs("shell", "git push"), "CI is red"),
                HookRule.context(HookMatch.tool("shell"), "Use the venv.")),
            null);

    JsonNode allowed = h.ok("hook.preToolUse", "\"tool\":\"shell\",\"args\":{\"command\":\"ls\"}");
    JsonNode denied =
        h.ok("hook.preToolUse", "\"tool\":\"shell\",\"args\":{\"command\":\"git push origin\"}");
    JsonNode untouched = h.ok("hook.preToolUse", "\"tool\":\"read\",\"args\":{}");

    assertThat(allowed.get("decision"))
        .isEqualTo(json("{\"permission\":\"allow\",\"context\":[\"Use the venv.\"]}"));
    assertThat(denied.at("/decision/permission").asText()).isEqualTo("deny");
    assertThat(denied.at("/decision/reason").asText()).isEqualTo("CI is red");
    assertThat(untouched.get("decision"))
        .isEqualTo(json("{\"permission\":\"allow\",\"context\":[]}"));
    policy.assertNoMoreMessages();
  }

  // ---- issue 32, findings 1 and 2: a later gate's rewrite is checked again (decision 37) ----

  private static final String STATUS = "{\"command\":\"git status\"}";
  private static final String FORCED_PUSH = "{\"command\":\"git push --force origin main\"}";

  /** A project provider whose gate on every shell call rewrites it to a forced push. */
  private RecordingProviderConnection rewriter(String session) {
    return h.f.bound(
        Hello.builder("project")
            .session(session)
            .extensions(ProtocolExtension.GATE_ARGS)
            .hooks(new Hooks(List.of(HookRule.gate(HookMatch.tool("shell"), "tidy")), null))
            .build());
  }

  private static void rewriteToForcedPush(RecordingProviderConnection project) {
    project.send(
        GateResult.rewrite("tidy", project.next(GateCheck.class).callId(), json(FORCED_PUSH)));
  }

  @Test
  void aLaterGatesRewriteToAForcedPushIsDeniedByTheGuardrailBoundBeforeIt() {
    withRules(
        "guardrail",
        List.of(
            HookRule.deny(
                HookMatch.toolAndArgs("shell", "git .*push"), "No pushes while CI is red."),
            HookRule.gate(HookMatch.toolAndArgs("shell", "git .*push"), "ci-green")),
        null);
    RecordingProviderConnection project = rewriter(h.session);
    h.send(1, "hook.preToolUse", "\"tool\":\"shell\",\"args\":" + STATUS);

    rewriteToForcedPush(project);

    assertThat(h.okReplyTo(1).get("decision"))
        .isEqualTo(
            json(
                "{\"permission\":\"deny\",\"reason\":\"No pushes while CI is red.\",\"context\":[]}"));
  }

  @Test
  void theHostIsAskedAgainAboutTheRewrittenCallAndItsNoDeniesIt() {
    String session =
        h.host
            .ok("{\"cmd\":\"session.start\",\"label\":\"agent\",\"asks\":true}")
            .get("sessionId")
            .asText();
    RecordingProviderConnection confirm =
        h.f.bound(
            Hello.builder("confirm")
                .session(session)
                .extensions(ProtocolExtension.GATE_ASK)
                .hooks(
                    new Hooks(
                        List.of(HookRule.gate(HookMatch.tool("shell"), "confirm-shell")), null))
                .build());
    RecordingProviderConnection project = rewriter(session);
    h.host.send(
        "{\"id\":1,\"cmd\":\"hook.preToolUse\",\"sessionId\":\""
            + session
            + "\",\"tool\":\"shell\",\"args\":"
            + STATUS
            + "}");

    GateCheck first = confirm.next(GateCheck.class);
    confirm.send(GateResult.ask("confirm-shell", first.callId(), "Run this command?", null));
    GateAsk asked = h.host.events(GateAsk.class).get(0);
    assertThat(asked.question().args()).isEqualTo(json(STATUS));
    h.host.ok(
        "{\"cmd\":\"gate.answer\",\"askId\":\"" + asked.question().askId() + "\",\"allow\":true}");
    rewriteToForcedPush(project);
    GateCheck again = confirm.next(GateCheck.class);
    assertThat(again.args())
        .as("the gate is asked about what would run")
        .isEqualTo(json(FORCED_PUSH));
    confirm.send(GateResult.ask("confirm-shell", again.callId(), "Run this command?", null));
    List<GateAsk> asks = h.host.events(GateAsk.class);
    assertThat(asks).hasSize(2);
    GateAsk second = asks.get(1);
    assertThat(second.question().askId()).isNotEqualTo(asked.question().askId());
    assertThat(second.question().args()).as("so is the person").isEqualTo(json(FORCED_PUSH));
    h.host.ok(
        "{\"cmd\":\"gate.answer\",\"askId\":\""
            + second.question().askId()
            + "\",\"allow\":false}");

    JsonNode decision = h.okReplyTo(1).get("decision");
    assertThat(decision.get("permission").asText()).isEqualTo("deny");
    assertThat(decision.get("reason").asText()).startsWith("The person said no");
  }
}
