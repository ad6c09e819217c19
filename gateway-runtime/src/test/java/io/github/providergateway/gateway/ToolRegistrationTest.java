package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolsUpdate;
import io.github.providergateway.protocol.TransformRule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Registering tools with the host, updating them, and acknowledging updates. */
class ToolRegistrationTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void toolsAreRegisteredWithTheirNameDescriptionAndSchemaForTheBoundSessionOnly() {
    String other = f.startSession("beta");
    ToolDefinition greet =
        ToolDefinition.of(
            "greet",
            "Say hello",
            GatewayFixture.json(
                "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}"));

    f.bound("greeter", session, greet);
    f.settle();

    assertThat(f.host(session).registrations)
        .singleElement()
        .satisfies(
            r ->
                assertThat(r.tools())
                    .containsExactly(
                        new HostTool("greet", "Say hello", greet.parameters(), "greeter")));
    assertThat(f.host(other).registrations).isEmpty();
  }

  @Test
  void fiveProvidersConnectingWithinTheWindowCauseOneRegistration() {
    for (int i = 0; i < 5; i++) {
      f.bound("p" + i, session, tool("tool" + i));
      f.clock.advance(Duration.ofMillis(30));
    }
    assertThat(f.host(session).registrations).isEmpty();

    // The last change came at 120 ms: the batch is registered 200 ms after it.
    f.clock.advance(Duration.ofMillis(169));
    assertThat(f.host(session).registrations).isEmpty();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(f.host(session).registrations)
        .singleElement()
        .satisfies(
            r ->
                assertThat(r.names()).containsExactly("tool0", "tool1", "tool2", "tool3", "tool4"));
  }

  @Test
  void aStreamOfChangesIsRegisteredAtLatestAfterFiveWindows() {
    RecordingProviderConnection p = f.bound("busy", session, tool("t0"));
    for (int i = 1; i <= 20; i++) {
      f.clock.advance(Duration.ofMillis(100));
      p.send(ToolsUpdate.replaceAll(List.of(tool("t" + i))));
    }
    assertThat(f.host(session).registrations).hasSizeGreaterThanOrEqualTo(2);
  }

  @Test
  void aProviderThatComesAndGoesWithinTheWindowCausesNoRegistration() {
    RecordingProviderConnection p = f.bound("flicker", session, tool("t"));
    p.drop();
    f.settle();

    assertThat(f.host(session).registrations).isEmpty();
  }

  @Test
  void disconnectRemovesTheProvidersTools() {
    RecordingProviderConnection p = f.bound("leaver", session, tool("t"));
    f.settle();
    p.drop();
    f.settle();

    assertThat(f.host(session).registeredNames()).isEmpty();
    assertThat(done(f.gateway.tools(session))).isEmpty();
  }

  @Test
  void toolsUpdateWithOnlyToolsReplacesTheWholeListSilently() {
    RecordingProviderConnection p = f.bound("updater", session, tool("a"), tool("b"));

    p.send(ToolsUpdate.replaceAll(List.of(tool("c"))));
    f.settle();

    assertThat(f.host(session).registeredNames()).containsExactly("c");
    p.assertNoMoreMessages();
  }

  @Test
  void toolsUpdateWithRemoveIsADelta() {
    RecordingProviderConnection p = f.bound("updater", session, tool("a"), tool("b"));

    p.send(
        new ToolsUpdate(
            null,
            null,
            List.of(tool("c"), tool("a").withTimeout(Duration.ofSeconds(1))),
            List.of("b")));
    f.settle();

    assertThat(f.host(session).registeredNames()).containsExactly("a", "c");
  }

  @Test
  void afterAnUpdateCallsReachTheNewToolsAndTheRemovedOnesAreNotFound() {
    RecordingProviderConnection p = f.bound("updater", session, tool("a"), tool("b"));

    p.send(new ToolsUpdate(null, null, List.of(tool("c")), List.of("a")));

    assertThat(((ToolOutcome.Failure) done(f.call(session, "a", "{}")).outcome()).code())
        .isEqualTo(io.github.providergateway.protocol.ToolErrorCode.NOT_FOUND);
    p.assertNoMoreMessages();
    f.call(session, "b", "{}");
    f.call(session, "c", "{}");
    assertThat(p.drain())
        .extracting(m -> ((io.github.providergateway.protocol.ToolCall) m).tool())
        .containsExactly("b", "c");
  }

  @Test
  void anUpdateDeclaringANameTwiceOrOutsideTheGrammarIsRefusedAndChangesNothing() {
    RecordingProviderConnection p = f.bound("updater", session, tool("a"));

    p.send(ToolsUpdate.replaceAll(List.of(tool("b"), tool("b"))));
    p.send(ToolsUpdate.replaceAll(List.of(tool("bad name"))));

    assertThat(p.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.TOOL_CONFLICT);
    assertThat(p.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(done(f.gateway.tools(session))).extracting(HostTool::name).containsExactly("a");
  }

  @Test
  void aFailedUpdateGetsAnErrorAndThePreviousListStaysActive() {
    f.bound("holder", session, tool("taken"));
    RecordingProviderConnection p = f.bound("updater", session, tool("mine"));
    f.settle();

    p.send(ToolsUpdate.replaceAll(List.of(tool("mine"), tool("taken"))));

    ErrorMessage error = p.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.TOOL_CONFLICT);
    assertThat(error.replyTo()).isEqualTo("tools.update");
    assertThat(error.providerId()).startsWith("p-");
    f.settle();
    assertThat(f.host(session).registeredNames()).containsExactly("taken", "mine");
  }

  /** All or nothing: an update refused in one of the provider's sessions changes none of them. */
  @Test
  void anUpdateRefusedInOneSessionLeavesThePreviousListActiveInEverySession() {
    String beta = f.startSession("beta");
    RecordingProviderConnection tap = f.connectLocal(null);
    tap.send(
        io.github.providergateway.protocol.Hello.builder("tap")
            .allSessions()
            .tools(tool("mine"))
            .build());
    tap.next(io.github.providergateway.protocol.HelloAck.class);
    f.bound("holder", beta, tool("taken"));
    f.settle();
    tap.drain();

    tap.send(ToolsUpdate.replaceAll(List.of(tool("mine"), tool("taken"))));

    assertThat(tap.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.TOOL_CONFLICT);
    f.settle();
    assertThat(f.host(session).registeredNames())
        .as("alpha, where it did not conflict")
        .containsExactly("mine");
    assertThat(f.host(beta).registeredNames()).containsExactly("mine", "taken");
    f.call(session, "mine", "{}");
    assertThat(tap.next(ToolCall.class).tool()).isEqualTo("mine");
  }

  @Test
  void aToolsUpdateListingMoreThanOneHundredToolsIsTooLargeAndThePreviousListStaysActive() {
    RecordingProviderConnection p = f.bound("big", session, tool("before"));
    f.settle();
    List<ToolDefinition> tools = new ArrayList<>();
    for (int i = 0; i < 101; i++) {
      tools.add(tool("t" + i));
    }

    p.send(ToolsUpdate.replaceAll(tools));
    assertThat(p.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
    f.settle();
    assertThat(f.host(session).registeredNames()).containsExactly("before");
    assertThat(done(f.gateway.tools(session))).extracting(HostTool::name).containsExactly("before");

    p.send(ToolsUpdate.replaceAll(tools.subList(0, 100)));
    p.assertNoMoreMessages();
    f.settle();
    assertThat(f.host(session).registeredNames()).hasSize(100);
  }

  @Test
  void anUpdateLeavingMoreThanOneHundredToolsIsRefusedEvenWhenItListsFewer() {
    List<ToolDefinition> ninety = new ArrayList<>();
    for (int i = 0; i < 90; i++) {
      ninety.add(tool("t" + i));
    }
    RecordingProviderConnection p = f.bound("big", session, ninety.toArray(ToolDefinition[]::new));
    List<ToolDefinition> eleven = new ArrayList<>();
    for (int i = 0; i < 11; i++) {
      eleven.add(tool("n" + i));
    }

    p.send(new ToolsUpdate(null, null, eleven, List.of()));
    assertThat(p.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);

    p.send(new ToolsUpdate(null, null, eleven.subList(0, 10), List.of()));
    p.assertNoMoreMessages();
    f.settle();
    assertThat(f.host(session).registeredNames()).hasSize(100);
  }

  /** The refusal is not about the session, yet names it: the message did (R-CODEC-06). */
  @Test
  void anErrorAboutAMessageNamingItsSessionCarriesThatSessionAndTheProviderId() {
    RecordingProviderConnection conn = f.authenticated();
    conn.send(io.github.providergateway.protocol.Hello.builder("updater").session(session).build());
    String providerId = conn.next(io.github.providergateway.protocol.HelloAck.class).providerId();
    conn.drain();

    conn.send(
        new HooksUpdate(
            "r1",
            session,
            new Hooks(
                List.of(HookRule.deny(HookMatch.toolAndArgs("a", "(unclosed"), "no")), null)));
    conn.send(new Push("s".repeat(129), session, "e", null, PushLevel.KEEP, null, null));

    for (ErrorMessage error :
        List.of(conn.next(ErrorMessage.class), conn.next(ErrorMessage.class))) {
      assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
      assertThat(error.sessionId()).isEqualTo(session);
      assertThat(error.providerId()).isEqualTo(providerId);
    }
  }

  @Test
  void anUpdateNamingAnotherSessionIsInvalidSession() {
    String other = f.startSession("beta");
    RecordingProviderConnection p = f.bound("updater", session, tool("a"));
    p.drain();

    p.send(new ToolsUpdate(null, other, List.of(tool("b")), null));

    ErrorMessage error = p.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_SESSION);
    assertThat(error.sessionId()).isEqualTo(other);
  }

  // ---- acknowledgments ----

  @Test
  void anUpdateWithRequestIdIsAckedOnceTheHostHasTheTools() {
    RecordingProviderConnection p = f.bound("updater", session, tool("a"));

    p.send(ToolsUpdate.replaceAll(List.of(tool("b"))).withRequestId("req-42"));
    p.assertNoMoreMessages();
    f.settle();

    Ack ack = p.next(Ack.class);
    assertThat(ack.requestId()).isEqualTo("req-42");
    assertThat(ack.sessionId()).isEqualTo(session);
    assertThat(ack.revision()).isEqualTo(1);
    assertThat(f.host(session).registeredNames()).containsExactly("b");
  }

  /**
   * All four kinds of update, interleaved in one session: revisions count them together in the
   * order they arrive, and every dispatch after an ack uses that revision's state or newer — the
   * rules, context, filter and transforms at once, and already the tools of the earlier
   * tools.update, whose own ack waits until the host has them (R-ORDER-04, R-ACK-04).
   */
  @Test
  void interleavedUpdatesCountOneRevisionAndEveryDispatchAfterAnAckUsesItsState() {
    RecordingProviderConnection p = f.bound("updater", session, tool("a"));

    p.send(ToolsUpdate.replaceAll(List.of(tool("a"), tool("b"))).withRequestId("tools"));
    p.send(
        new HooksUpdate(
            "rules",
            session,
            new Hooks(List.of(HookRule.deny(HookMatch.tool("a"), "a is frozen")), null)));
    assertThat(p.next(Ack.class)).isEqualTo(new Ack("rules", session, 2));
    assertThat(done(f.call(session, "a", "{}")).outcome())
        .isEqualTo(new ToolOutcome.Denied("a is frozen"));
    f.call(session, "b", "{}");
    assertThat(p.next(ToolCall.class).tool())
        .as("revision 1's tools, before their ack")
        .isEqualTo("b");

    p.send(new ContextUpdate("context", session, "Deploy freeze"));
    assertThat(p.next(Ack.class)).isEqualTo(new Ack("context", session, 3));
    assertThat(done(f.gateway.onPrompt(session, Map.of())).context())
        .containsExactly("Deploy freeze");

    p.send(
        new FilterSet(
            "filter", session, "ci", List.of(new FilterRule("noise", FilterOutcome.DROP))));
    assertThat(p.next(Ack.class)).isEqualTo(new Ack("filter", session, 4));
    p.send(Push.event("ci", PushLevel.SURFACE, "noise from CI"));
    assertThat(f.host(session).loggedTexts()).doesNotContain("noise from CI");

    p.send(
        new HooksUpdate(
            "transforms",
            session,
            new Hooks(
                null,
                Map.of("custom_instructions", Optional.of(TransformRule.append("Use pnpm."))))));
    assertThat(p.next(Ack.class)).isEqualTo(new Ack("transforms", session, 5));
    assertThat(
            done(f.gateway.onPrompt(session, Map.of("custom_instructions", "Be brief.")))
                .sections())
        .containsEntry("custom_instructions", "Be brief.\nUse pnpm.");
    assertThat(done(f.call(session, "a", "{}")).outcome())
        .as("transforms alone keep the rules")
        .isInstanceOf(ToolOutcome.Denied.class);

    p.assertNoMoreMessages();
    f.settle();
    assertThat(p.next(Ack.class)).isEqualTo(new Ack("tools", session, 1));
    assertThat(f.host(session).registeredNames()).containsExactly("a", "b");
  }

  @Test
  void aSecondUpdateOfTheSameTypeBeforeTheAckIsRateLimited() {
    RecordingProviderConnection p = f.bound("updater", session, tool("a"));
    p.send(ToolsUpdate.replaceAll(List.of(tool("b"))).withRequestId("r1"));

    p.send(ToolsUpdate.replaceAll(List.of(tool("c"))).withRequestId("r2"));

    ErrorMessage error = p.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.RATE_LIMITED);
    assertThat(error.requestId()).isEqualTo("r2");
    f.settle();
    assertThat(p.next(Ack.class).requestId()).isEqualTo("r1");
    assertThat(f.host(session).registeredNames()).containsExactly("b");
  }

  @Test
  void updatesOfDifferentTypesMayAwaitTheirAcksTogetherAndRevisionsGrowAcrossTypes() {
    RecordingProviderConnection p = f.bound("updater", session, tool("a"));
    p.send(ToolsUpdate.replaceAll(List.of(tool("b"))).withRequestId("tools"));

    p.send(new ContextUpdate("ctx", null, "CI is green"));
    p.send(new HooksUpdate("hooks", null, new Hooks(List.of(), null)));

    Ack context = p.next(Ack.class);
    Ack hooks = p.next(Ack.class);
    f.settle();
    Ack tools = p.next(Ack.class);
    assertThat(List.of(tools.requestId(), context.requestId(), hooks.requestId()))
        .containsExactly("tools", "ctx", "hooks");
    assertThat(tools.revision()).isEqualTo(1);
    assertThat(context.revision()).isEqualTo(2);
    assertThat(hooks.revision()).isEqualTo(3);
  }

  @Test
  void aFailedUpdateWithRequestIdGetsAnErrorEchoingItAndNoAck() {
    f.bound("holder", session, tool("taken"));
    RecordingProviderConnection p = f.bound("updater", session, tool("a"));

    p.send(ToolsUpdate.replaceAll(List.of(tool("taken"))).withRequestId("req-7"));
    f.settle();

    ErrorMessage error = p.next(ErrorMessage.class);
    assertThat(error.requestId()).isEqualTo("req-7");
    p.assertNoMoreMessages();
  }

  @Test
  void anUpdateWithoutRequestIdIsNotAckedButFailuresAreStillReported() {
    RecordingProviderConnection p = f.bound("updater", session, tool("a"));

    p.send(new ContextUpdate(null, null, "quiet"));
    p.sendText("{\"type\":\"tools.update\"}");

    ErrorMessage error = p.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.requestId()).isNull();
    p.assertNoMoreMessages();
  }
}
