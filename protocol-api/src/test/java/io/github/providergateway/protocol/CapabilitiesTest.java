package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link Capabilities#requiredFor}: which capabilities a message needs (R-TRUST-02 .. -14). */
class CapabilitiesTest {

  private static final String ME = "ci-watcher";

  private static Hello.Builder hello() {
    return Hello.builder(ME).session("abc123");
  }

  private static Hooks rules(HookRule... rules) {
    return new Hooks(List.of(rules), null);
  }

  private static Hooks transform(String section, TransformRule rule) {
    Map<String, Optional<TransformRule>> transforms = new LinkedHashMap<>();
    transforms.put(section, Optional.ofNullable(rule));
    return new Hooks(null, transforms);
  }

  private static StreamQuery query(String... streams) {
    return new StreamQuery("q-1", null, List.of(streams), null);
  }

  private static ToolDefinition tool() {
    return ToolDefinition.of("t", "d", JsonNodeFactory.instance.objectNode());
  }

  /** A message and exactly the capabilities it needs. */
  static Stream<Arguments> requirements() {
    return Stream.of(
        row("bare hello", hello().build()),
        row("hello with tools", hello().tools(tool()).build(), Capability.REGISTER_TOOLS),
        row("hello with an empty tool list", hello().tools(List.of()).build()),
        row(
            "hello with a gate rule",
            hello()
                .hooks(rules(HookRule.gate(HookMatch.toolAndArgs("shell", "git push"), "g")))
                .build(),
            Capability.REGISTER_HOOK_RULES),
        row(
            "hello with a deny rule",
            hello().hooks(rules(HookRule.deny(HookMatch.tool("rm"), "no"))).build(),
            Capability.REGISTER_HOOK_RULES),
        row(
            "hello with a context rule",
            hello().hooks(rules(HookRule.context(null, "c"))).build(),
            Capability.REGISTER_HOOK_RULES),
        row(
            "hello with a callback transform",
            hello().hooks(transform("code_change_rules", TransformRule.callback())).build(),
            Capability.REGISTER_TRANSFORM_CALLBACKS),
        row(
            "hello with an append transform",
            hello().hooks(transform("custom_instructions", TransformRule.append("x"))).build(),
            Capability.REGISTER_STATIC_APPEND),
        row(
            "hello with a prepend transform",
            hello().hooks(transform("custom_instructions", TransformRule.prepend("x"))).build(),
            Capability.REGISTER_STATIC_REWRITE),
        row(
            "hello with a replace transform",
            hello().hooks(transform("custom_instructions", TransformRule.replace("x"))).build(),
            Capability.REGISTER_STATIC_REWRITE),
        row("hello with empty hooks", hello().hooks(Hooks.none()).build()),
        row("hello with context", hello().context("CI is passing").build(), Capability.SET_CONTEXT),
        row(
            "hello with startup_context",
            hello().startupContext("loaded").build(),
            Capability.SET_CONTEXT),
        row(
            "hello subscribing to tool.execution_complete",
            hello().subscribe(List.of(SessionEvents.TOOL_EXECUTION_COMPLETE)).build(),
            Capability.SUBSCRIBE_TOOL_EVENTS),
        row(
            "hello subscribing to user.message",
            hello().subscribe(List.of(SessionEvents.USER_MESSAGE)).build(),
            Capability.SUBSCRIBE_SESSION_EVENTS),
        row(
            "hello subscribing to both",
            hello()
                .subscribe(
                    List.of(SessionEvents.USER_MESSAGE, SessionEvents.TOOL_EXECUTION_COMPLETE))
                .build(),
            Capability.SUBSCRIBE_SESSION_EVENTS,
            Capability.SUBSCRIBE_TOOL_EVENTS),
        row(
            "hello subscribing to an event type the spec does not name",
            hello().subscribe(List.of("custom.event")).build(),
            Capability.SUBSCRIBE_SESSION_EVENTS),
        row(
            "hello binding to all",
            Hello.builder(ME).allSessions().build(),
            Capability.BIND_ANY_SESSION),
        row("hello without session", Hello.builder(ME).build()),
        row(
            "hello with everything",
            Hello.builder(ME)
                .allSessions()
                .tools(tool())
                .context("c")
                .hooks(
                    new Hooks(
                        List.of(HookRule.gate(null, "g")),
                        Map.of("a", Optional.of(TransformRule.callback()))))
                .subscribe(List.of(SessionEvents.ASSISTANT_MESSAGE))
                .build(),
            Capability.BIND_ANY_SESSION,
            Capability.REGISTER_TOOLS,
            Capability.SET_CONTEXT,
            Capability.REGISTER_HOOK_RULES,
            Capability.REGISTER_TRANSFORM_CALLBACKS,
            Capability.SUBSCRIBE_SESSION_EVENTS),
        row("tools.update", ToolsUpdate.replaceAll(List.of(tool())), Capability.REGISTER_TOOLS),
        row(
            "tools.update removing only",
            new ToolsUpdate(null, null, null, List.of("old")),
            Capability.REGISTER_TOOLS),
        row(
            "hooks.update with a gate rule",
            new HooksUpdate(null, null, rules(HookRule.gate(null, "g"))),
            Capability.REGISTER_HOOK_RULES),
        row(
            "hooks.update clearing its rules",
            new HooksUpdate(null, null, new Hooks(List.of(), null))),
        row(
            "hooks.update removing a transform (null)",
            new HooksUpdate(null, null, transform("custom_instructions", null))),
        row(
            "hooks.update with a callback transform",
            new HooksUpdate(null, null, transform("x", TransformRule.callback())),
            Capability.REGISTER_TRANSFORM_CALLBACKS),
        row(
            "hooks.update with an append transform",
            new HooksUpdate(null, null, transform("safety", TransformRule.append("x"))),
            Capability.REGISTER_STATIC_APPEND),
        row("context.update", new ContextUpdate(null, null, "c"), Capability.SET_CONTEXT),
        row("push", Push.event(PushLevel.INJECT, "e"), Capability.PUSH_EVENTS),
        row("stream.query of an own bare stream", query("ci-watch"), Capability.QUERY_OWN_STREAMS),
        row(
            "stream.query of an own qualified stream",
            query("ci-watch@" + ME),
            Capability.QUERY_OWN_STREAMS),
        row(
            "stream.query of another provider's stream",
            query("git-watch@guardian"),
            Capability.QUERY_OWN_STREAMS,
            Capability.QUERY_CROSS_PROVIDER_STREAMS),
        row(
            "stream.query of own and other streams",
            query("ci-watch", "git-watch@guardian"),
            Capability.QUERY_OWN_STREAMS,
            Capability.QUERY_CROSS_PROVIDER_STREAMS),
        row("stream.query of a stream named @", query("@"), Capability.QUERY_OWN_STREAMS),
        row("stream.query with no streams", query(), Capability.QUERY_OWN_STREAMS),
        row("filter.set", new FilterSet(null, null, "git-watch", List.of())),
        row("tool.result", ToolResult.success("c", TextNode.valueOf("x"))),
        row("tool.progress", new ToolProgress("c", "m")),
        row("gate.result", GateResult.allow("g", "c")),
        row("transform.result", new TransformResult("c", "x")),
        row("auth", Auth.pair()),
        row("auth.confirm", new AuthConfirm("123456")),
        row("goodbye", new Goodbye(null)),
        row("session.ready", new SessionReady("s")),
        row("shutdown.ready", new ShutdownReady("s")),
        row(
            "unknown type",
            new UnknownProviderMessage("x", JsonNodeFactory.instance.objectNode())));
  }

  private static Arguments row(String name, ProviderMessage message, Capability... required) {
    return Arguments.of(name, message, List.of(required));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("requirements")
  void messageNeedsExactlyItsCapabilities(
      String name, ProviderMessage message, List<Capability> required) {
    assertThat(Capabilities.requiredFor(message, ME)).containsExactlyInAnyOrderElementsOf(required);
  }

  @Test
  void streamQueryBeforeTheProviderHasANameCountsEveryStreamAsCrossProvider() {
    assertThat(Capabilities.requiredFor(query("ci-watch"), null))
        .containsExactlyInAnyOrder(
            Capability.QUERY_OWN_STREAMS, Capability.QUERY_CROSS_PROVIDER_STREAMS);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(TransformAction.class)
  void everyTransformActionMapsToItsCapability(TransformAction action) {
    Capability expected =
        switch (action) {
          case APPEND -> Capability.REGISTER_STATIC_APPEND;
          case PREPEND, REPLACE -> Capability.REGISTER_STATIC_REWRITE;
          case CALLBACK -> Capability.REGISTER_TRANSFORM_CALLBACKS;
        };

    assertThat(Capabilities.capabilityFor(action)).isEqualTo(expected);
  }

  // ---- allowed: the two tables together ----

  static Stream<Arguments> decisions() {
    ProviderMessage gate = hello().hooks(rules(HookRule.gate(null, "g"))).build();
    ProviderMessage append =
        hello().hooks(transform("custom_instructions", TransformRule.append("x"))).build();
    ProviderMessage prepend =
        new HooksUpdate(null, null, transform("x", TransformRule.prepend("p")));
    ProviderMessage callback =
        new HooksUpdate(null, null, transform("x", TransformRule.callback()));
    ProviderMessage all = Hello.builder(ME).allSessions().build();
    ProviderMessage context = new ContextUpdate(null, null, "c");
    ProviderMessage startup = hello().startupContext("s").build();
    ProviderMessage crossQuery = query("git-watch@guardian");
    ProviderMessage ownQuery = query("ci-watch");
    ProviderMessage toolEvents =
        hello().subscribe(List.of(SessionEvents.TOOL_EXECUTION_COMPLETE)).build();
    ProviderMessage userEvents = hello().subscribe(List.of(SessionEvents.USER_MESSAGE)).build();
    ProviderMessage tools = hello().tools(tool()).build();
    ProviderMessage push = Push.event(PushLevel.SURFACE, "e");
    return Stream.of(
        Arguments.of("gate rule", gate, true, true, false),
        Arguments.of("append", append, true, true, true),
        Arguments.of("prepend", prepend, true, true, false),
        Arguments.of("callback", callback, true, true, false),
        Arguments.of("session all", all, true, false, false),
        Arguments.of("context.update", context, true, true, false),
        Arguments.of("startup_context", startup, true, true, false),
        Arguments.of("cross-provider query", crossQuery, true, false, false),
        Arguments.of("own query", ownQuery, true, true, true),
        Arguments.of("subscribe tool events", toolEvents, true, true, true),
        Arguments.of("subscribe user.message", userEvents, true, true, false),
        Arguments.of("tools", tools, true, true, true),
        Arguments.of("push", push, true, true, true));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("decisions")
  void allowedCombinesTheMessagesNeedsWithTheTrustLevel(
      String name, ProviderMessage message, boolean internal, boolean project, boolean external) {
    assertThat(Capabilities.allowed(TrustLevel.INTERNAL, message, ME)).isEqualTo(internal);
    assertThat(Capabilities.allowed(TrustLevel.PROJECT, message, ME)).isEqualTo(project);
    assertThat(Capabilities.allowed(TrustLevel.EXTERNAL, message, ME)).isEqualTo(external);
  }

  @Test
  void toolEventsAreTheOnlyEventsForExternalProviders() {
    assertThat(SessionEvents.TOOL_EVENTS).containsExactly("tool.execution_complete");
  }

  @Test
  void toolTimeoutDoesNotChangeWhatAToolNeeds() {
    ProviderMessage message = hello().tools(tool().withTimeout(Duration.ofSeconds(15))).build();

    assertThat(Capabilities.requiredFor(message, ME)).containsExactly(Capability.REGISTER_TOOLS);
  }

  /** An extension of gates is of no use to a provider that may not register one. */
  @ParameterizedTest
  @EnumSource(ProtocolExtension.class)
  void everyExtensionNeedsTheCapabilityToRegisterGatesAndIsFoundByItsWireName(
      ProtocolExtension extension) {
    assertThat(extension.needs()).isEqualTo(Capability.REGISTER_HOOK_RULES);
    assertThat(ProtocolExtension.fromWire(extension.wireName())).isSameAs(extension);
  }

  @Test
  void anExtensionThisLibraryDoesNotKnowIsNone() {
    assertThat(ProtocolExtension.fromWire("gate.someday")).isNull();
    assertThat(ProtocolExtension.fromWire(null)).isNull();
  }
}
