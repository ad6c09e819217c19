package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.StreamQuery;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Several instances of one provider name (spec: Multi-instance providers). */
class MultiInstanceTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");

  @AfterEach
  void close() {
    f.close();
  }

  private RecordingProviderConnection tab(String instance, String title) {
    return f.bound(
        Hello.builder("browser")
            .instance(instance)
            .session(session)
            .metadata(
                json(
                    "{\"url\":\"https://app.example.com/"
                        + instance
                        + "\",\"title\":\""
                        + title
                        + "\"}"))
            .tools(tool("browser_screenshot"), tool("page_title"))
            .build());
  }

  private HostTool hostTool(String name) {
    return done(f.gateway.tools(session)).stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void instancesShareToolsWithoutConflictAndEachSharedToolIsRegisteredOnce() {
    tab("tab-a3f8", "Dashboard");
    tab("tab-b2c1", "Settings");
    f.settle();

    assertThat(f.host(session).registeredNames())
        .containsExactly("browser_screenshot", "page_title", "list_browser_instances");
  }

  @Test
  void aSharedToolGetsATargetParameterNamingEveryInstance() {
    tab("tab-a3f8", "Dashboard");
    tab("tab-b2c1", "Settings");

    HostTool shot = hostTool("browser_screenshot");

    assertThat(shot.parameters().at("/properties/target/type").asText()).isEqualTo("string");
    assertThat(shot.parameters().at("/properties/target/description").asText())
        .contains("tab-a3f8 (Dashboard")
        .contains("tab-b2c1 (Settings");
  }

  @Test
  void aSharedSchemaWithoutTypeBecomesAnObjectAndKeepsItsOwnProperties() {
    for (String instance : List.of("tab-1", "tab-2")) {
      f.bound(
          Hello.builder("browser")
              .instance(instance)
              .session(session)
              .tools(
                  io.github.providergateway.protocol.ToolDefinition.of(
                      "find", "d", json("{\"properties\":{\"text\":{\"type\":\"string\"}}}")))
              .build());
    }

    HostTool find = hostTool("find");

    assertThat(find.parameters().get("type").asText()).isEqualTo("object");
    assertThat(find.parameters().at("/properties/text/type").asText()).isEqualTo("string");
    assertThat(find.parameters().at("/properties/target/type").asText()).isEqualTo("string");
  }

  @Test
  void theMetaToolListsTheInstancesWithTheirMetadataAndIsAnsweredByTheGateway() {
    RecordingProviderConnection a = tab("tab-a3f8", "Dashboard");
    RecordingProviderConnection b = tab("tab-b2c1", "Settings");

    var result = f.call(session, "list_browser_instances", "{}");

    ToolOutcome.Success success = (ToolOutcome.Success) done(result).outcome();
    assertThat(success.data().findValuesAsText("instance")).containsExactly("tab-a3f8", "tab-b2c1");
    assertThat(success.data().get(1).at("/metadata/title").asText()).isEqualTo("Settings");
    a.assertNoMoreMessages();
    b.drain();
  }

  @Test
  void aCallWithTargetGoesToThatInstanceWithoutTheTargetArgument() {
    RecordingProviderConnection a = tab("tab-a3f8", "Dashboard");
    RecordingProviderConnection b = tab("tab-b2c1", "Settings");
    b.drain();

    f.call(session, "page_title", "{\"target\":\"tab-a3f8\",\"x\":1}");

    ToolCall call = a.next(ToolCall.class);
    assertThat(call.args()).isEqualTo(json("{\"x\":1}"));
    b.assertNoMoreMessages();
  }

  @Test
  void aCallWithoutTargetGoesToTheMostRecentlyActiveInstance() {
    RecordingProviderConnection a = tab("tab-a3f8", "Dashboard");
    f.clock.advance(Duration.ofSeconds(1));
    RecordingProviderConnection b = tab("tab-b2c1", "Settings"); // connected last: it would serve
    a.drain();
    b.drain();
    f.clock.advance(Duration.ofSeconds(1));
    a.send(
        io.github.providergateway.protocol.Push.event(
            io.github.providergateway.protocol.PushLevel.KEEP, "I am here"));

    f.call(session, "page_title", "{}");

    a.next(ToolCall.class);
    b.assertNoMoreMessages();
  }

  @Test
  void withoutAnyActivityTheMostRecentlyConnectedInstanceServes() {
    RecordingProviderConnection a = tab("tab-a3f8", "Dashboard");
    f.clock.advance(Duration.ofSeconds(1));
    RecordingProviderConnection b = tab("tab-b2c1", "Settings");
    a.drain();

    f.call(session, "page_title", "{}");

    b.next(ToolCall.class);
    a.assertNoMoreMessages();
  }

  @Test
  void aTargetNamingNoLiveInstanceIsNotFoundAndNothingIsSent() {
    RecordingProviderConnection a = tab("tab-a3f8", "Dashboard");
    RecordingProviderConnection b = tab("tab-b2c1", "Settings");
    a.drain();
    b.drain();

    var result = f.call(session, "page_title", "{\"target\":\"tab-gone\"}");

    assertThat(((ToolOutcome.Failure) done(result).outcome()).code())
        .isEqualTo(ToolErrorCode.NOT_FOUND);
    a.assertNoMoreMessages();
    b.assertNoMoreMessages();
  }

  @Test
  void aRetryableFailureIsRetriedOnceOnAnotherInstance() {
    RecordingProviderConnection a = tab("tab-a3f8", "Dashboard");
    RecordingProviderConnection b = tab("tab-b2c1", "Settings");
    a.drain();
    var result = f.call(session, "page_title", "{\"target\":\"tab-b2c1\"}");
    ToolCall first = b.next(ToolCall.class);

    b.send(ToolResult.failure(first.id(), "tab busy", ToolErrorCode.INTERNAL).withRetryable(true));

    ToolCall second = a.next(ToolCall.class);
    assertThat(second.id()).isNotEqualTo(first.id());
    a.send(
        ToolResult.failure(second.id(), "also busy", ToolErrorCode.INTERNAL).withRetryable(true));
    ToolOutcome.Failure failure = (ToolOutcome.Failure) done(result).outcome();
    assertThat(failure.error()).isEqualTo("also busy");
    b.assertNoMoreMessages();
  }

  @Test
  void whenAnInstanceLeavesTheSharedToolsStayAndItDropsFromTargetAndMetaTool() {
    RecordingProviderConnection a = tab("tab-a3f8", "Dashboard");
    tab("tab-b2c1", "Settings");

    a.drop();

    assertThat(hostTool("page_title").parameters().at("/properties/target").isMissingNode())
        .as("a single instance needs no target")
        .isTrue();
    var listed =
        (ToolOutcome.Success) done(f.call(session, "list_browser_instances", "{}")).outcome();
    assertThat(listed.data().findValuesAsText("instance")).containsExactly("tab-b2c1");
    assertThat(done(f.gateway.tools(session)))
        .extracting(HostTool::name)
        .containsExactly("browser_screenshot", "page_title", "list_browser_instances");
  }

  @Test
  void instancesOfDifferentNamesStillConflict() {
    tab("tab-a3f8", "Dashboard");
    RecordingProviderConnection other = f.authenticated();

    other.send(
        Hello.builder("impostor")
            .instance("tab-x")
            .session(session)
            .tools(tool("page_title"))
            .build());

    assertThat(other.next(io.github.providergateway.protocol.ErrorMessage.class).code())
        .isEqualTo(io.github.providergateway.protocol.ErrorCode.TOOL_CONFLICT);
  }

  // ---- one trust level per name (issue 13) ----

  private RecordingProviderConnection pairedImpostor() {
    RecordingProviderConnection external = f.paired(session, sessions -> {});
    external.send(
        Hello.builder("browser")
            .instance("evil")
            .session(session)
            .tools(tool("browser_screenshot"), tool("page_title"))
            .build());
    return external;
  }

  @Test
  void anExternalConnectionCannotJoinAProjectProvidersNameAndTheCallsStillGoToTheOriginal() {
    RecordingProviderConnection original = tab("tab-a3f8", "Dashboard");

    RecordingProviderConnection impostor = pairedImpostor();
    ErrorMessage refused = impostor.next(ErrorMessage.class);
    assertThat(refused.code()).isEqualTo(ErrorCode.UNAUTHORIZED);
    assertThat(refused.message()).contains("held", "project", "external");

    var call = f.call(session, "page_title", "{\"secret\":\"s3cr3t\"}");
    ToolCall sent = original.next(ToolCall.class);
    original.send(ToolResult.success(sent.id(), json("\"Dashboard\"")));
    assertThat(done(call).outcome()).isInstanceOf(ToolOutcome.Success.class);
    impostor.assertNoMoreMessages();
    assertThat(hostTool("page_title").parameters().toString()).doesNotContain("evil");
  }

  @Test
  void aNameRestorableByReconnectIsHeldForItsTrustLevelUntilTheWindowEnds() {
    tab("tab-a3f8", "Dashboard").drop();

    assertThat(pairedImpostor().next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);

    f.clock.advance(Duration.ofSeconds(31));
    pairedImpostor().next(io.github.providergateway.protocol.HelloAck.class);
  }

  @Test
  void aStreamIsReadAndWrittenOnlyByTheTrustLevelThatWroteItEvenAfterItsWriterLeft() {
    RecordingProviderConnection original = tab("tab-a3f8", "Dashboard");
    original.send(Push.event("pages", PushLevel.KEEP, "secret page"));
    original.drop();
    f.clock.advance(Duration.ofSeconds(31));
    RecordingProviderConnection newcomer = pairedImpostor();
    newcomer.next(io.github.providergateway.protocol.HelloAck.class);
    newcomer.next(io.github.providergateway.protocol.SessionLifecycle.class);

    newcomer.send(new StreamQuery("q", session, List.of("pages"), 10));
    assertThat(newcomer.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);
    newcomer.send(Push.event("pages", PushLevel.KEEP, "planted"));
    assertThat(newcomer.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.UNAUTHORIZED);

    assertThat(
            done(f.gateway.queryStreams(session, List.of("pages@browser"), 10))
                .get("pages@browser"))
        .extracting(StreamEntry::event)
        .containsExactly("secret page");
  }

  @Test
  void registeredToolsAreTheSameListTheHostCanQuery() {
    tab("tab-a3f8", "Dashboard");
    tab("tab-b2c1", "Settings");
    f.settle();

    assertThat(f.host(session).registrations.get(0).tools())
        .isEqualTo(done(f.gateway.tools(session)));
    assertThat(List.of(hostTool("page_title").provider())).containsExactly("browser");
  }
}
