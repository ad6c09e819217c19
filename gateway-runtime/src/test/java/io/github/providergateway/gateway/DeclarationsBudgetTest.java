package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookAction;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.ProviderMessage;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.protocol.TransformRule;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every text a provider declares is held while it is bound, so each counts toward the declarations
 * budget (X-ENG-09), and every update past it is refused and changes nothing. Here a provider may
 * hold 2,000 bytes: a declaration of one short tool takes a few hundred, and 1,000 characters count
 * 2,040.
 */
class DeclarationsBudgetTest {

  private static final int BUDGET_BYTES = 2_000;
  private static final String LARGE = "x".repeat(1_000);

  private final GatewayFixture f =
      GatewayFixture.withLimits(l -> l.maxDeclaredBytesPerProvider(BUDGET_BYTES));
  private final String session = f.startSession("alpha");

  @AfterEach
  void close() {
    f.close();
  }

  /** Each place a provider's {@code hello} puts text, as a function of that text. */
  static Stream<Arguments> declaredTexts() {
    return Stream.of(
        declared(
            "a tool's description",
            text -> Hello.builder("p").tools(ToolDefinition.of("t", text, json("{}")))),
        declared(
            "a tool's schema",
            text ->
                Hello.builder("p")
                    .tools(
                        ToolDefinition.of(
                            "t", "d", json("{\"description\":\"" + text + text + "\"}")))),
        declared("a deny rule's reason", text -> rules(HookRule.deny(null, text))),
        declared("a context rule's content", text -> rules(HookRule.context(null, text))),
        declared("a gate's id", text -> rules(HookRule.gate(null, text))),
        declared(
            "a match's args regex",
            text -> rules(HookRule.deny(new HookMatch(null, text, null, null), "r"))),
        declared(
            "a match's file glob",
            text -> rules(HookRule.deny(new HookMatch(null, null, null, text), "r"))),
        declared(
            "a match's tool",
            text -> rules(HookRule.deny(new HookMatch(text, null, null, null), "r"))),
        declared(
            "a match's provider",
            text -> rules(HookRule.deny(new HookMatch(null, null, text, null), "r"))),
        declared(
            "a transform's content",
            text ->
                Hello.builder("p")
                    .hooks(
                        new Hooks(null, Map.of("style", Optional.of(TransformRule.append(text)))))),
        declared("the ambient context", text -> Hello.builder("p").context(text)));
  }

  private static Arguments declared(String what, Function<String, Hello.Builder> hello) {
    return Arguments.of(what, hello);
  }

  private static Hello.Builder rules(HookRule rule) {
    return Hello.builder("p").hooks(new Hooks(List.of(rule), null));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("declaredTexts")
  void everyTextAHelloDeclaresCountsTowardTheBudget(
      String what, Function<String, Hello.Builder> hello) {
    RecordingProviderConnection large = f.authenticated();
    large.send(hello.apply(LARGE).session(session).build());
    RecordingProviderConnection small = f.authenticated();
    small.send(hello.apply("x").session(session).build());

    assertThat(large.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    small.next(HelloAck.class);
  }

  private RecordingProviderConnection boundWithATool() {
    RecordingProviderConnection p = f.bound("p", session, tool("t"));
    f.settle();
    return p;
  }

  private void assertRefusedAndUnchanged(RecordingProviderConnection p) {
    assertThat(p.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    p.assertNoMoreMessages(); // no ack
    assertThat(done(f.gateway.tools(session))).extracting(HostTool::name).containsExactly("t");
    assertThat(done(f.gateway.preToolUse(session, "t", json("{}"))))
        .isEqualTo(HookDecision.allow(List.of()));
    assertThat(done(f.gateway.onPrompt(session, Map.of())).context()).isEmpty();
  }

  @Test
  void aToolsUpdatePastTheBudgetIsRefusedAndTheToolsStay() {
    RecordingProviderConnection p = boundWithATool();

    p.send(new ToolsUpdate("r", null, List.of(ToolDefinition.of("u", LARGE, json("{}"))), null));

    assertRefusedAndUnchanged(p);
  }

  @Test
  void aHooksUpdatePastTheBudgetIsRefusedAndNoRuleApplies() {
    RecordingProviderConnection p = boundWithATool();

    p.send(new HooksUpdate("r", null, new Hooks(List.of(HookRule.deny(null, LARGE)), null)));

    assertRefusedAndUnchanged(p);
  }

  @Test
  void aContextUpdatePastTheBudgetIsRefusedAndNoContextIsAdded() {
    RecordingProviderConnection p = boundWithATool();

    p.send(new ContextUpdate("r", null, LARGE));

    assertRefusedAndUnchanged(p);
  }

  @Test
  void aFilterPastTheBudgetIsRefusedAndThePushesItWouldDropStillShow() {
    RecordingProviderConnection p = boundWithATool();

    p.send(
        new FilterSet(
            "r", null, null, List.of(new FilterRule(LARGE + "|noise", FilterOutcome.DROP))));

    assertRefusedAndUnchanged(p);
    p.send(
        io.github.providergateway.protocol.Push.event(
            io.github.providergateway.protocol.PushLevel.SURFACE, "noise"));
    assertThat(f.host(session).loggedTexts()).containsExactly("noise");
  }

  @Test
  void updatesWithinTheBudgetAreAcknowledged() {
    RecordingProviderConnection p = boundWithATool();

    p.send(new ToolsUpdate("r1", null, List.of(ToolDefinition.of("u", "short", json("{}"))), null));
    p.send(
        new HooksUpdate(
            "r2",
            null,
            new Hooks(List.of(new HookRule(null, HookAction.DENY, "r", null, null, null)), null)));
    p.send(new ContextUpdate("r3", null, "short"));
    p.send(new FilterSet("r4", null, null, List.of(new FilterRule("noise", FilterOutcome.DROP))));
    f.settle();

    assertThat(p.drain())
        .extracting(m -> ((Ack) m).requestId())
        .containsExactly("r2", "r3", "r4", "r1");
  }

  /** An update of {@code type} that adds {@code text} to what a bound provider declares. */
  private static ProviderMessage adding(String type, String text) {
    return switch (type) {
      case "tools.update" ->
          new ToolsUpdate("r", null, List.of(ToolDefinition.of("u", text, json("{}"))), null);
      case "hooks.update" ->
          new HooksUpdate("r", null, new Hooks(List.of(HookRule.deny(null, text)), null));
      case "context.update" -> new ContextUpdate("r", null, text);
      case "filter.set" ->
          new FilterSet(
              "r", null, null, List.of(new FilterRule(text + "|noise", FilterOutcome.DROP)));
      default -> throw new IllegalArgumentException(type);
    };
  }

  /**
   * The gateway-wide bound counts what each provider holds after its updates, not what its {@code
   * hello} declared: here 600 characters (1,200 bytes) more make room for no second provider of as
   * much, until the first leaves.
   */
  @ParameterizedTest
  @ValueSource(strings = {"tools.update", "hooks.update", "context.update", "filter.set"})
  void theGatewaysBoundCountsWhatAnUpdateAddedToABoundProvider(String type) {
    String grown = "g".repeat(600);
    try (GatewayFixture small =
        GatewayFixture.withLimits(
            l -> l.maxDeclaredBytesPerProvider(BUDGET_BYTES).maxDeclaredBytes(2_400))) {
      String s = small.startSession("small");
      RecordingProviderConnection first = small.bound("first", s, tool("t"));
      small.settle();
      first.send(adding(type, grown));
      small.settle();
      first.drain();
      Hello second = Hello.builder("second").session(s).context(grown).build();

      RecordingProviderConnection refused = small.authenticated();
      refused.send(second);
      assertThat(refused.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);

      first.send(new io.github.providergateway.protocol.Goodbye(null));
      RecordingProviderConnection later = small.authenticated();
      later.send(second);
      later.next(HelloAck.class);
    }
  }

  @Test
  void inProcessProvidersAreTheHostsOwnCodeAndNotBounded() {
    RecordingProviderConnection local = f.connectLocal(session);

    local.send(
        Hello.builder("local")
            .tools(ToolDefinition.of("t", LARGE + LARGE, json("{}")))
            .context(LARGE)
            .build());

    local.next(HelloAck.class);
  }
}
