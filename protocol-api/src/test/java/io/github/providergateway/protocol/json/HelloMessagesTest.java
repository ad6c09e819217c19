package io.github.providergateway.protocol.json;

import static io.github.providergateway.protocol.json.Codec.assertEncodesTo;
import static io.github.providergateway.protocol.json.Codec.decodeGateway;
import static io.github.providergateway.protocol.json.Codec.decodeProvider;
import static io.github.providergateway.protocol.json.Codec.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.ConcurrencyScope;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.TransformRule;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Spec vectors for {@code hello} and {@code hello.ack}. */
class HelloMessagesTest {

  private static final String GREET_PARAMETERS =
      """
      { "type": "object", "properties": { "name": { "type": "string" } }, "required": ["name"] }""";

  @Test
  void coreHelloDecodesAndReencodes() {
    // Core profile "hello".
    String json =
        """
        {
        "type": "hello", "name": "my-provider", "protocolVersion": 2,
        "session": "abc123",
        "tools": [{
        "name": "greet", "description": "Say hello",
        "parameters": { "type": "object", "properties": { "name": { "type": "string" } }, "required": ["name"] }
        }]
        }""";

    Hello hello = decodeProvider(json, Hello.class);

    assertThat(hello.name()).isEqualTo("my-provider");
    assertThat(hello.protocolVersion()).isEqualTo(2);
    assertThat(hello.session()).isEqualTo(SessionSelector.of("abc123"));
    assertThat(hello.tools())
        .containsExactly(ToolDefinition.of("greet", "Say hello", json(GREET_PARAMETERS)));
    assertThat(hello.instance()).isNull();
    assertThat(hello.reconnectToken()).isNull();
    assertThat(hello.startupContext()).isNull();
    assertThat(hello.metadata()).isNull();
    assertThat(hello.hooks()).isNull();
    assertThat(hello.subscribe()).isNull();
    assertThat(hello.context()).isNull();
    assertThat(hello.concurrency()).isNull();
    assertEncodesTo(hello, json);
  }

  @Test
  void fullHelloDecodesEveryFieldAndReencodes() {
    // v2 "hello — register as a provider".
    String json =
        """
        {
          "type": "hello",
          "name": "my-provider",
          "protocolVersion": 2,
          "session": "abc123",
          "instance": "tab-a3f8",
          "reconnectToken": "tok-xyz789",
          "startup_context": "Provider loaded. Monitoring 3 endpoints.",
          "metadata": {
            "url": "https://app.example.com",
            "title": "Dashboard"
          },
          "tools": [
            {
              "name": "my_tool",
              "description": "Does something useful",
              "timeout": 15000,
              "parameters": {
                "type": "object",
                "properties": {
                  "query": { "type": "string" }
                },
                "required": ["query"]
              }
            }
          ],
          "hooks": {
            "onPreToolUse": [
              {
                "match": { "tool": "shell", "args": "git push" },
                "action": "gate",
                "gateId": "check-before-push"
              }
            ],
            "transforms": {
              "code_change_rules": { "action": "callback" },
              "custom_instructions": {
                "action": "append",
                "content": "This repo uses pnpm, not npm."
              }
            }
          },
          "subscribe": ["user.message", "assistant.message"],
          "context": "CI is currently passing. No active deploys."
        }""";

    Hello hello = decodeProvider(json, Hello.class);

    assertThat(hello.name()).isEqualTo("my-provider");
    assertThat(hello.protocolVersion()).isEqualTo(2);
    assertThat(hello.session()).isEqualTo(SessionSelector.of("abc123"));
    assertThat(hello.instance()).isEqualTo("tab-a3f8");
    assertThat(hello.reconnectToken()).isEqualTo("tok-xyz789");
    assertThat(hello.startupContext()).isEqualTo("Provider loaded. Monitoring 3 endpoints.");
    assertThat(hello.metadata())
        .isEqualTo(json("{\"url\":\"https://app.example.com\",\"title\":\"Dashboard\"}"));
    assertThat(hello.tools())
        .containsExactly(
            new ToolDefinition(
                "my_tool",
                "Does something useful",
                json(
                    """
                    {"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}"""),
                Duration.ofMillis(15000)));
    HookRule gate = hello.hooks().onPreToolUse().get(0);
    assertThat(hello.hooks().onPreToolUse()).hasSize(1);
    assertThat(gate.action()).isEqualTo(HookAction.GATE);
    assertThat(gate.match()).isEqualTo(HookMatch.toolAndArgs("shell", "git push"));
    assertThat(gate.gateId()).isEqualTo("check-before-push");
    assertThat(gate.failOpen()).isNull();
    assertThat(gate.failsOpen()).isFalse();
    assertThat(hello.hooks().transforms())
        .containsExactly(
            Map.entry("code_change_rules", Optional.of(TransformRule.callback())),
            Map.entry(
                "custom_instructions",
                Optional.of(TransformRule.append("This repo uses pnpm, not npm."))));
    assertThat(hello.subscribe()).containsExactly("user.message", "assistant.message");
    assertThat(hello.context()).isEqualTo("CI is currently passing. No active deploys.");
    assertThat(hello.concurrency()).isNull();
    assertEncodesTo(hello, json);
  }

  @Test
  void quickstartHelloDecodesAndReencodes() {
    // v2 "Minimal Node.js provider": the object JSON.stringify sends, session picked from the list.
    String json =
        """
        {"type":"hello","name":"my-provider","protocolVersion":2,"session":"abc123",
         "tools":[{"name":"greet","description":"Say hello",
           "parameters":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}]}""";

    Hello hello = decodeProvider(json, Hello.class);

    assertThat(hello.session()).isEqualTo(SessionSelector.of("abc123"));
    assertThat(hello.toolsOrEmpty()).extracting(ToolDefinition::name).containsExactly("greet");
    assertEncodesTo(hello, json);
  }

  @Test
  void helloBindingToAllDecodesToTheAllSelector() {
    // The quickstart falls back to "all" when no session is active.
    String json =
        """
        {"type":"hello","name":"hello-provider","protocolVersion":2,"session":"all",
         "tools":[{"name":"say_hello","description":"Says hello to someone",
           "parameters":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}]}""";

    Hello hello = decodeProvider(json, Hello.class);

    assertThat(hello.session()).isSameAs(SessionSelector.All.INSTANCE);
    assertThat(hello.session().wireValue()).isEqualTo("all");
    assertEncodesTo(hello, json);
  }

  @Test
  void browserHelloOnFirstConnectTreatsTheNullReconnectTokenAsAbsent() {
    // v2 browser example, register(): on the first connect reconnectToken is null, and
    // JSON.stringify writes it as null.
    String json =
        """
        {"type":"hello","name":"browser","protocolVersion":2,"instance":"tab-k3x9",
         "reconnectToken":null,"session":"abc123",
         "metadata":{"url":"https://app.example.com/settings","title":"Settings"},
         "tools":[
           {"name":"page_title","description":"Get page title","parameters":{}},
           {"name":"screenshot","description":"Screenshot viewport (downscaled to <5MB)","timeout":15000,"parameters":{}}
         ]}""";

    Hello hello = decodeProvider(json, Hello.class);

    assertThat(hello.name()).isEqualTo("browser");
    assertThat(hello.instance()).isEqualTo("tab-k3x9");
    assertThat(hello.reconnectToken()).isNull();
    assertThat(hello.metadata().get("title").textValue()).isEqualTo("Settings");
    assertThat(hello.tools())
        .containsExactly(
            ToolDefinition.of("page_title", "Get page title", json("{}")),
            new ToolDefinition(
                "screenshot",
                "Screenshot viewport (downscaled to <5MB)",
                json("{}"),
                Duration.ofSeconds(15)));
    assertEncodesTo(hello, json.replace("\"reconnectToken\":null,", ""));
  }

  @Test
  void browserHelloOnReconnectCarriesTheReconnectToken() {
    String json =
        """
        {"type":"hello","name":"browser","protocolVersion":2,"instance":"tab-k3x9",
         "reconnectToken":"tok-xyz789","session":"abc123",
         "metadata":{"url":"https://app.example.com/settings","title":"Settings"},
         "tools":[{"name":"page_title","description":"Get page title","parameters":{}}]}""";

    Hello hello = decodeProvider(json, Hello.class);

    assertThat(hello.reconnectToken()).isEqualTo("tok-xyz789");
    assertEncodesTo(hello, json);
  }

  @Test
  void helloWithConcurrencyDecodesAndReencodes() {
    // v2 "Tool concurrency" ("..." replaced by protocolVersion and session).
    String json =
        """
        {
        "type": "hello",
        "name": "browser",
        "concurrency": { "max": 1, "scope": "instance" },
        "protocolVersion": 2,
        "session": "abc123"
        }""";

    Hello hello = decodeProvider(json, Hello.class);

    assertThat(hello.concurrency()).isEqualTo(new Concurrency(1, ConcurrencyScope.INSTANCE));
    assertEncodesTo(hello, json);
  }

  @Test
  void helloWithProviderAndToolConcurrencyScopesDecodes() {
    Hello provider =
        decodeProvider(
            """
        {"type":"hello","name":"b","protocolVersion":2,"concurrency":{"max":3,"scope":"provider"}}""",
            Hello.class);
    Hello tool =
        decodeProvider(
            """
        {"type":"hello","name":"b","protocolVersion":2,"concurrency":{"max":2,"scope":"tool"}}""",
            Hello.class);

    assertThat(provider.concurrency()).isEqualTo(new Concurrency(3, ConcurrencyScope.PROVIDER));
    assertThat(tool.concurrency()).isEqualTo(new Concurrency(2, ConcurrencyScope.TOOL));
  }

  @Test
  void helloWithoutConcurrencyScopeDefaultsToInstance() {
    Hello hello =
        decodeProvider(
            """
        {"type":"hello","name":"b","protocolVersion":2,"concurrency":{"max":2}}""",
            Hello.class);

    assertThat(hello.concurrency().scope()).isNull();
    assertThat(hello.concurrency().effectiveScope()).isEqualTo(ConcurrencyScope.INSTANCE);
  }

  @Test
  void helloSubscribingToEveryEventTypeDecodesAndReencodes() {
    // v2 "session.event": { "subscribe": [...] } inside a hello.
    String json =
        """
        {"type":"hello","name":"watcher","protocolVersion":2,"session":"abc123",
         "subscribe": ["user.message", "assistant.message", "tool.execution_complete"] }""";

    Hello hello = decodeProvider(json, Hello.class);

    assertThat(hello.subscribe())
        .containsExactly("user.message", "assistant.message", "tool.execution_complete");
    assertEncodesTo(hello, json);
  }

  @Test
  void versionNegotiationHelloDecodes() {
    // v2 "Version negotiation" ("..." made concrete).
    String json =
        """
        { "type": "hello", "name": "my-provider", "protocolVersion": 2 }""";

    Hello hello = decodeProvider(json, Hello.class);

    assertThat(hello).isEqualTo(Hello.builder("my-provider").build());
    assertThat(hello.session()).isNull();
    assertEncodesTo(hello, json);
  }

  @Test
  void helloBuilderMakesTheSameRecordAsTheFullExample() {
    Hello built =
        Hello.builder("p")
            .session("abc123")
            .instance("i")
            .reconnectToken("t")
            .startupContext("s")
            .metadata(json("{\"a\":1}"))
            .tools(ToolDefinition.of("x", "y", json("{}")))
            .hooks(new Hooks(List.of(HookRule.deny(HookMatch.tool("rm"), "no")), null))
            .subscribe(List.of("user.message"))
            .context("c")
            .concurrency(new Concurrency(1, null))
            .build();

    assertThat(built.toBuilder().build()).isEqualTo(built);
    assertThat(decodeProvider(Codec.CODEC.encode(built), Hello.class)).isEqualTo(built);
  }

  @Test
  void coreHelloAckDecodesAndReencodes() {
    // Core profile "hello.ack".
    String json =
        """
        { "type": "hello.ack", "protocolVersion": 2, "providerId": "p-8f3a", "sessionId": "abc123" }""";

    HelloAck ack = decodeGateway(json, HelloAck.class);

    assertThat(ack.protocolVersion()).isEqualTo(2);
    assertThat(ack.providerId()).isEqualTo("p-8f3a");
    assertThat(ack.sessionId()).isEqualTo("abc123");
    assertThat(ack.reconnectToken()).isNull();
    assertThat(ack.persistDir()).isNull();
    assertEncodesTo(ack, json);
  }

  @Test
  void fullHelloAckDecodesAndReencodes() {
    // v2 "hello.ack — registration acknowledged".
    String json =
        """
        {
        "type": "hello.ack",
        "protocolVersion": 2,
        "providerId": "p-8f3a",
        "reconnectToken": "tok-xyz789",
        "persistDir": "/home/user/.copilot/providers/my-provider/"
        }""";

    HelloAck ack = decodeGateway(json, HelloAck.class);

    assertThat(ack)
        .isEqualTo(
            new HelloAck(
                2, "p-8f3a", null, "tok-xyz789", "/home/user/.copilot/providers/my-provider/"));
    assertEncodesTo(ack, json);
  }

  @Test
  void versionNegotiationHelloAckDecodes() {
    String json =
        """
        { "type": "hello.ack", "protocolVersion": 2, "providerId": "p-8f3a" }""";

    HelloAck ack = decodeGateway(json, HelloAck.class);

    assertThat(ack).isEqualTo(new HelloAck(2, "p-8f3a", null, null, null));
    assertEncodesTo(ack, json);
  }

  @Test
  void helloListingExtensionsDecodesAndReencodesKeepingNamesItDoesNotKnow() {
    String json =
        """
        {"type":"hello","name":"guard","protocolVersion":2,"extensions":["gate.args","gate.ask","gate.someday"]}""";

    Hello hello = decodeProvider(json, Hello.class);

    assertThat(hello.extensions()).containsExactly("gate.args", "gate.ask", "gate.someday");
    assertThat(hello.speaks(ProtocolExtension.GATE_ARGS)).isTrue();
    assertThat(hello.speaks(ProtocolExtension.GATE_ASK)).isTrue();
    assertEncodesTo(hello, json);
  }

  @Test
  void helloAckNamingTheAcceptedExtensionsDecodesAndReencodes() {
    String json =
        """
        {"type":"hello.ack","protocolVersion":2,"providerId":"p-8f3a","sessionId":"abc123","extensions":["gate.args"]}""";

    HelloAck ack = decodeGateway(json, HelloAck.class);

    assertThat(ack)
        .isEqualTo(new HelloAck(2, "p-8f3a", "abc123", null, null, List.of("gate.args")));
    assertThat(ack.accepted(ProtocolExtension.GATE_ARGS)).isTrue();
    assertEncodesTo(ack, json);
  }

  @Test
  void anEmptyListOfAcceptedExtensionsIsKeptApartFromNone() {
    String json =
        """
        {"type":"hello.ack","protocolVersion":2,"providerId":"p-8f3a","extensions":[]}""";

    HelloAck ack = decodeGateway(json, HelloAck.class);

    assertThat(ack.extensions()).isEmpty();
    assertThat(ack.accepted(ProtocolExtension.GATE_ARGS)).isFalse();
    assertEncodesTo(ack, json);
  }

  @Test
  void aHelloBuiltWithExtensionsSpeaksThoseAndNoOther() {
    Hello hello =
        Hello.builder("guard")
            .session("abc")
            .extensions(ProtocolExtension.GATE_ARGS)
            .instance("one")
            .build();
    Hello listed =
        Hello.builder("guard")
            .session(SessionSelector.of("abc"))
            .extensions(List.of("gate.ask", "gate.someday"))
            .session((String) null)
            .build();

    assertThat(hello.speaks(ProtocolExtension.GATE_ARGS)).isTrue();
    assertThat(hello.speaks(ProtocolExtension.GATE_ASK)).isFalse();
    assertThat(listed.speaks(ProtocolExtension.GATE_ASK)).isTrue();
    assertThat(listed.speaks(ProtocolExtension.GATE_ARGS)).isFalse();
    assertThat(Hello.builder("plain").build().speaks(ProtocolExtension.GATE_ARGS)).isFalse();
    assertEncodesTo(
        hello,
        """
        {"type":"hello","name":"guard","protocolVersion":2,"session":"abc","instance":"one","extensions":["gate.args"]}""");
    assertEncodesTo(
        listed,
        """
        {"type":"hello","name":"guard","protocolVersion":2,"extensions":["gate.ask","gate.someday"]}""");
  }

  @Test
  void aHelloAckShowsItsAcceptedExtensionsOnlyWhenItHasThem() {
    assertThat(new HelloAck(2, "p-8f3a", "abc123", null, null, List.of("gate.args")))
        .hasToString(
            "HelloAck[protocolVersion=2, providerId=p-8f3a, sessionId=abc123, persistDir=null,"
                + " extensions=[gate.args]]");
    assertThat(new HelloAck(2, "p-8f3a", "abc123", null, null))
        .hasToString(
            "HelloAck[protocolVersion=2, providerId=p-8f3a, sessionId=abc123, persistDir=null]");
  }

  @Test
  void encodedMessagesStartWithTheirType() {
    String encoded = Codec.CODEC.encode(Hello.builder("p").session("abc").build());

    assertThat(encoded).startsWith("{\"type\":\"hello\",");
  }
}
