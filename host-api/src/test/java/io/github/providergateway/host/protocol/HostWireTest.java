package io.github.providergateway.host.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.HookDecision;
import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.PromptResult;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.StreamEntry;
import io.github.providergateway.protocol.ToolAnnotations;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.TrustLevel;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The JSON shapes of the runtime's values in host replies (spec/host-rpc.md, Commands), both ways:
 * what the gateway writes is what a remote host reads back, field names exactly as the spec has
 * them, and a reply of the wrong shape is refused naming the field.
 */
class HostWireTest {

  private static final ProtocolCodec JSON = ProtocolCodec.create();

  private static JsonNode json(String text) {
    return JSON.parseJson(text);
  }

  @Test
  void aSessionIsIdLabelAndCwdWithAbsentOnesNull() {
    ObjectNode written = HostWire.session(new SessionInfo("s-1", "demo", null, null));

    assertThat(written).isEqualTo(json("{\"id\":\"s-1\",\"label\":\"demo\",\"cwd\":null}"));
    assertThat(HostWire.readSession(written)).isEqualTo(new SessionInfo("s-1", "demo", null, null));
  }

  @Test
  void aSessionOpenedForAFrontDoorClientSaysSoInOpenedByAndReadsItBack() {
    SessionInfo decoy = new SessionInfo("s-2", "claude", "/work/repo", null, "mcp-http:decoy");
    ObjectNode written = HostWire.session(decoy);

    assertThat(written)
        .isEqualTo(
            json(
                "{\"id\":\"s-2\",\"label\":\"claude\",\"cwd\":\"/work/repo\",\"openedBy\":\"mcp-http:decoy\"}"));
    assertThat(HostWire.readSession(written)).isEqualTo(decoy);
    assertThat(HostWire.readSession(written).openedByTokenHolder()).isFalse();
  }

  @Test
  void openedByIsLeftOutWhenNullAndReadsAsAbsentWhenMissingOrNullBesideUnknownFields() {
    assertThat(HostWire.session(new SessionInfo("s-1", "l", "/c", null, null)).has("openedBy"))
        .isFalse();
    SessionInfo absent =
        HostWire.readSession(json("{\"id\":\"s-1\",\"label\":\"l\",\"cwd\":\"/c\"}"));
    SessionInfo nulled =
        HostWire.readSession(
            json("{\"id\":\"s-1\",\"label\":\"l\",\"cwd\":\"/c\",\"openedBy\":null}"));
    SessionInfo neighbour =
        HostWire.readSession(
            json(
                "{\"id\":\"s-1\",\"label\":\"l\",\"cwd\":\"/c\",\"colour\":{\"x\":1},\"openedBy\":\"mcp-http:a\"}"));

    assertThat(absent.openedBy()).isNull();
    assertThat(absent.openedByTokenHolder()).isTrue();
    assertThat(nulled.openedBy()).isNull();
    assertThat(neighbour.openedBy()).isEqualTo("mcp-http:a");
  }

  @Test
  void aReloadReportIsFourListsOfEntryNamesAndAbsentListsReadEmpty() {
    ReloadReport report =
        new ReloadReport(List.of("greeter"), List.of("fs"), List.of("old"), List.of("x: problem"));

    ObjectNode written = HostWire.reloadReport(report);

    assertThat(written)
        .isEqualTo(
            json(
                "{\"restarted\":[\"greeter\"],\"started\":[\"fs\"],\"stopped\":[\"old\"],\"problems\":[\"x: problem\"]}"));
    assertThat(HostWire.readReloadReport(written)).isEqualTo(report);
    assertThat(HostWire.readReloadReport(json("{}")))
        .isEqualTo(new ReloadReport(List.of(), List.of(), List.of(), List.of()));
  }

  @Test
  void aHeldGateIsProviderGateProjectSinceAndWhyAndReadsBackTheSame() {
    HeldGate gate =
        new HeldGate(
            "ci-guard",
            "ci-green",
            "/code/foo",
            Instant.parse("2026-11-26T07:30:16.250Z"),
            "the gateway crashed");

    ObjectNode written = HostWire.heldGate(gate);

    assertThat(written)
        .isEqualTo(
            json(
                "{\"provider\":\"ci-guard\",\"gateId\":\"ci-green\",\"project\":\"/code/foo\","
                    + "\"since\":\"2026-11-26T07:30:16.250Z\",\"why\":\"the gateway crashed\"}"));
    assertThat(HostWire.readHeldGate(written)).isEqualTo(gate);
  }

  @Test
  void aHeldStaticDenyHasNoGateIdWhichReadsAsAbsentWhenMissingOrNullBesideUnknownFields() {
    HeldGate deny =
        new HeldGate("ci-guard", null, "/code/foo", Instant.EPOCH, "the gateway was stopped");
    String rest =
        "\"project\":\"/code/foo\",\"since\":\"1970-01-01T00:00:00Z\",\"why\":\"the gateway was stopped\"";

    assertThat(HostWire.heldGate(deny).has("gateId")).as("left out when null").isFalse();
    assertThat(HostWire.readHeldGate(json("{\"provider\":\"ci-guard\"," + rest + "}")))
        .isEqualTo(deny);
    assertThat(
            HostWire.readHeldGate(json("{\"provider\":\"ci-guard\",\"gateId\":null," + rest + "}")))
        .isEqualTo(deny);
    assertThat(
            HostWire.readHeldGate(
                json(
                    "{\"colour\":[1],\"provider\":\"ci-guard\",\"gateId\":\"g\","
                        + rest
                        + ",\"rules\":{}}")))
        .isEqualTo(
            new HeldGate("ci-guard", "g", "/code/foo", Instant.EPOCH, "the gateway was stopped"));
  }

  @Test
  void aHeldGateOfTheWrongShapeIsRefusedNamingTheField() {
    String whole =
        "{\"provider\":\"p\",\"gateId\":\"g\",\"project\":\"/p\",\"since\":\"1970-01-01T00:00:00Z\",\"why\":\"w\"}";
    for (String field : List.of("provider", "project", "since", "why")) {
      ObjectNode without = (ObjectNode) json(whole);
      without.remove(field);
      assertThatThrownBy(() -> HostWire.readHeldGate(without))
          .as(field)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("\"" + field + "\"");
    }
    ObjectNode mistyped = (ObjectNode) json(whole);
    mistyped.put("gateId", 7);
    assertThatThrownBy(() -> HostWire.readHeldGate(mistyped))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\"gateId\"");
    ObjectNode lateish = (ObjectNode) json(whole);
    lateish.put("since", "yesterday");
    assertThatThrownBy(() -> HostWire.readHeldGate(lateish))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\"since\" must be an ISO-8601 instant");
  }

  @Test
  void aToolIsNameDescriptionParametersAndProvider() {
    HostTool tool =
        new HostTool("greet", "Says hello", json("{\"type\":\"object\"}"), "node-example");

    ObjectNode written = HostWire.tool(tool);

    assertThat(written)
        .isEqualTo(
            json(
                "{\"name\":\"greet\",\"description\":\"Says hello\","
                    + "\"parameters\":{\"type\":\"object\"},\"provider\":\"node-example\"}"));
    assertThat(HostWire.readTool(written)).isEqualTo(tool);
  }

  @Test
  void aToolsDeclaredHintsTravelAsAnnotationsAndAnUnknownOrMistypedHintIsLeftOut() {
    HostTool tool =
        new HostTool(
            "drop",
            "Drops a table",
            json("{}"),
            "db",
            new ToolAnnotations(true, false, null, null));

    ObjectNode written = HostWire.tool(tool);

    assertThat(written.get("annotations"))
        .isEqualTo(json("{\"destructiveHint\":true,\"readOnlyHint\":false}"));
    assertThat(HostWire.readTool(written)).isEqualTo(tool);
    ((ObjectNode) written.get("annotations")).put("readOnlyHint", "no").put("title", "Drop");
    assertThat(HostWire.readTool(written).annotations())
        .isEqualTo(new ToolAnnotations(true, null, null, null));
    written.remove("annotations");
    assertThat(HostWire.readTool(written).annotations()).isNull();
  }

  @Test
  void aProviderCarriesItsTrustByWireNameItsSessionsToolsConnectionTimeAndLoad() {
    ProviderInfo provider =
        new ProviderInfo(
            "p-1",
            "browser",
            "tab-1",
            TrustLevel.PROJECT,
            List.of("s-1"),
            List.of("click", "read"),
            java.time.Instant.parse("2026-11-24T16:00:00Z"),
            2);

    ObjectNode written = HostWire.provider(provider);

    assertThat(written)
        .isEqualTo(
            json(
                "{\"providerId\":\"p-1\",\"name\":\"browser\",\"instance\":\"tab-1\","
                    + "\"trust\":\"project\",\"sessions\":[\"s-1\"],\"tools\":[\"click\",\"read\"],"
                    + "\"connectedSince\":\"2026-11-24T16:00:00Z\",\"callsInFlight\":2}"));
    assertThat(HostWire.readProvider(written)).isEqualTo(provider);
  }

  @Test
  void aProviderFromAnOlderGatewayWithoutConnectionTimeOrLoadReadsAsUnknownAndIdle() {
    ProviderInfo read =
        HostWire.readProvider(
            json(
                "{\"providerId\":\"p-1\",\"name\":\"browser\",\"instance\":null,"
                    + "\"trust\":\"project\",\"sessions\":[],\"tools\":[],\"connectedSince\":\"yesterday\"}"));

    assertThat(read.connectedSince()).isNull();
    assertThat(read.callsInFlight()).isZero();
    assertThat(HostWire.provider(read).has("connectedSince")).isFalse();
  }

  @Test
  void eachOutcomeHasItsStatusShapeAndReadsBackTheSame() {
    ToolOutcome success = new ToolOutcome.Success(json("{\"greeting\":\"hi\"}"), null);
    ToolOutcome failure =
        new ToolOutcome.Failure("no such file", ToolErrorCode.INTERNAL, "INTERNAL");
    ToolOutcome denied = new ToolOutcome.Denied("CI is red");

    assertThat(HostWire.outcome(success))
        .isEqualTo(json("{\"status\":\"success\",\"data\":{\"greeting\":\"hi\"}}"));
    assertThat(HostWire.outcome(failure))
        .isEqualTo(
            json("{\"status\":\"failure\",\"error\":\"no such file\",\"errorCode\":\"INTERNAL\"}"));
    assertThat(HostWire.outcome(denied))
        .isEqualTo(json("{\"status\":\"denied\",\"reason\":\"CI is red\"}"));
    for (ToolOutcome outcome : List.of(success, failure, denied)) {
      assertThat(HostWire.readOutcome(HostWire.outcome(outcome))).isEqualTo(outcome);
    }
  }

  @Test
  void aFailureCodeThisLibraryDoesNotKnowKeepsItsTextBothWays() {
    ToolOutcome newer = new ToolOutcome.Failure("later", ToolErrorCode.UNKNOWN, "QUOTA_EXCEEDED");

    ObjectNode written = HostWire.outcome(newer);

    assertThat(written.get("errorCode").asText()).isEqualTo("QUOTA_EXCEEDED");
    assertThat(HostWire.readOutcome(written)).isEqualTo(newer);
  }

  @Test
  void aFileResultTravelsAsBase64BesideTheDataAndComesBackAsTheFile() {
    byte[] png = "not really a png".getBytes(StandardCharsets.UTF_8);
    ToolOutcome outcome =
        new ToolOutcome.Success(
            json("{\"file\":{\"path\":\"/tmp/x.png\"}}"),
            new ToolOutcome.FileContent("image/png", png));

    ObjectNode written = HostWire.outcome(outcome);

    JsonNode file = written.get("data").get("file");
    assertThat(file.get("path").asText())
        .as("what the provider said is kept")
        .isEqualTo("/tmp/x.png");
    assertThat(file.get("mimeType").asText()).isEqualTo("image/png");
    assertThat(file.get("size").asInt()).isEqualTo(png.length);
    ToolOutcome.Success read = (ToolOutcome.Success) HostWire.readOutcome(written);
    assertThat(read.file().mimeType()).isEqualTo("image/png");
    assertThat(read.file().bytes()).isEqualTo(png);
  }

  @Test
  void aCallResultIsItsOutcomeAndTheContextHooksAdded() {
    CallResult result = new CallResult(new ToolOutcome.Denied("no"), List.of("ci is red"));

    ObjectNode written = HostWire.callResult(result);

    assertThat(written)
        .isEqualTo(
            json(
                "{\"outcome\":{\"status\":\"denied\",\"reason\":\"no\"},\"context\":[\"ci is red\"]}"));
    assertThat(HostWire.readCallResult(written)).isEqualTo(result);
  }

  @Test
  void aDecisionIsAPermissionWithAReasonOnlyWhenDenied() {
    HookDecision allow = HookDecision.allow(List.of("note"));
    HookDecision deny = HookDecision.deny("push blocked", List.of());

    assertThat(HostWire.decision(allow))
        .isEqualTo(json("{\"permission\":\"allow\",\"context\":[\"note\"]}"));
    assertThat(HostWire.decision(deny))
        .isEqualTo(json("{\"permission\":\"deny\",\"reason\":\"push blocked\",\"context\":[]}"));
    assertThat(HostWire.readDecision(HostWire.decision(allow))).isEqualTo(allow);
    assertThat(HostWire.readDecision(HostWire.decision(deny))).isEqualTo(deny);
  }

  @Test
  void rewrittenArgumentsAreTheReplysUpdatedArgsAndAbsentWhenUnchanged() {
    JsonNode args = json("{\"command\":\"git push --dry-run\"}");
    CallResult rewritten = new CallResult(ToolOutcome.success(json("1")), List.of(), args);
    HookDecision allowed = HookDecision.allow(List.of(), args);

    assertThat(HostWire.callResult(rewritten))
        .isEqualTo(
            json(
                "{\"outcome\":{\"status\":\"success\",\"data\":1},\"context\":[],"
                    + "\"updatedArgs\":{\"command\":\"git push --dry-run\"}}"));
    assertThat(HostWire.decision(allowed))
        .isEqualTo(
            json(
                "{\"permission\":\"allow\",\"context\":[],\"updatedArgs\":{\"command\":\"git push --dry-run\"}}"));
    assertThat(HostWire.readCallResult(HostWire.callResult(rewritten))).isEqualTo(rewritten);
    assertThat(HostWire.readDecision(HostWire.decision(allowed))).isEqualTo(allowed);
    assertThat(
            HostWire.callResult(CallResult.of(ToolOutcome.success(json("1")))).has("updatedArgs"))
        .as("absent when unchanged: the reply old hosts know")
        .isFalse();
  }

  @Test
  void updatedArgsReadAsAbsentWhenNullAndAreIgnoredBesideADenialAndUnknownNeighbours() {
    assertThat(
            HostWire.readDecision(
                json("{\"permission\":\"allow\",\"context\":[],\"updatedArgs\":null}")))
        .isEqualTo(HookDecision.allow(List.of()));
    assertThat(
            HostWire.readDecision(
                json(
                    "{\"permission\":\"deny\",\"reason\":\"r\",\"context\":[],\"updatedArgs\":{\"a\":1}}")))
        .isEqualTo(HookDecision.deny("r", List.of()));
    assertThat(
            HostWire.readCallResult(
                json(
                    "{\"outcome\":{\"status\":\"success\",\"data\":1},\"context\":[],\"updatedArgs\":{\"a\":1},\"fromTheFuture\":[1]}")))
        .isEqualTo(new CallResult(ToolOutcome.success(json("1")), List.of(), json("{\"a\":1}")));
    assertThatThrownBy(
            () -> HostWire.readDecision(json("{\"permission\":\"allow\",\"updatedArgs\":[1]}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("updatedArgs");
  }

  @Test
  void anAskIsWrittenAsPermissionAskAndReadBackWithItsQuestionAndArguments() {
    HookDecision ask =
        HookDecision.ask("Push to main?", List.of("c"), json("{\"branch\":\"main\"}"));

    ObjectNode written = HostWire.decision(ask);

    assertThat(written)
        .isEqualTo(
            json(
                "{\"permission\":\"ask\",\"reason\":\"Push to main?\",\"context\":[\"c\"],\"updatedArgs\":{\"branch\":\"main\"}}"));
    assertThat(HostWire.readDecision(written)).isEqualTo(ask);
    assertThat(HostWire.readDecision(json("{\"permission\":\"ask\",\"context\":[]}")).ask())
        .isTrue();
    assertThat(HostWire.readDecision(json("{\"permission\":\"maybe\",\"context\":[]}")).allowed())
        .as("a permission from the future denies")
        .isFalse();
  }

  @Test
  void aPromptKeepsItsSectionsInOrderWithBothContexts() {
    Map<String, String> sections = new LinkedHashMap<>();
    sections.put("safety", "Be careful.");
    sections.put("identity", "An agent.");
    PromptResult result = new PromptResult(sections, List.of("ambient"), List.of("started"));

    ObjectNode written = HostWire.prompt(result);

    assertThat(written.get("sections").fieldNames())
        .toIterable()
        .containsExactly("safety", "identity");
    assertThat(written.get("context")).isEqualTo(json("[\"ambient\"]"));
    assertThat(written.get("startupContext")).isEqualTo(json("[\"started\"]"));
    assertThat(HostWire.readPrompt(written)).isEqualTo(result);
  }

  @Test
  void streamsAreShapedAsStreamHistoryDoesNewestFirstAndReadBack() {
    Map<String, List<StreamEntry>> streams =
        Map.of(
            "ci@build",
            List.of(
                new StreamEntry(
                    Instant.parse("2026-11-23T10:00:02Z"),
                    "red",
                    PushLevel.SURFACE,
                    json("{\"job\":7}")),
                new StreamEntry(Instant.parse("2026-11-23T10:00:01Z"), "green", null, null)));

    ObjectNode written = HostWire.streams(streams);

    assertThat(written.get("ci@build").get(0).get("event").asText()).isEqualTo("red");
    assertThat(written.get("ci@build").get(0).get("metadata")).isEqualTo(json("{\"job\":7}"));
    assertThat(HostWire.readStreams(written)).isEqualTo(streams);
  }

  @Test
  void repliesOfTheWrongShapeAreRefusedNamingTheField() {
    assertThatThrownBy(() -> HostWire.readSession(json("{\"label\":\"x\"}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\"id\"");
    assertThatThrownBy(
            () ->
                HostWire.readTool(
                    json("{\"name\":\"t\",\"description\":\"d\",\"provider\":\"p\"}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("parameters");
    assertThatThrownBy(
            () ->
                HostWire.readProvider(
                    json(
                        "{\"providerId\":\"p\",\"name\":\"n\",\"trust\":\"godlike\",\"sessions\":[],\"tools\":[]}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("trust");
    assertThatThrownBy(() -> HostWire.readOutcome(json("{\"status\":\"maybe\"}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maybe");
    assertThatThrownBy(() -> HostWire.readCallResult(json("{\"context\":[]}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("outcome");
    assertThatThrownBy(() -> HostWire.readPrompt(json("{\"sections\":[]}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("sections");
    assertThatThrownBy(() -> HostWire.readStrings(json("{\"context\":[1]}"), "context"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("context");
    assertThatThrownBy(() -> HostWire.readStreams(json("{\"s@x\":[{\"event\":\"e\"}]}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ts");
    assertThatThrownBy(() -> HostWire.readStreams(json("[]")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("streams");
  }

  @Test
  void absentListsReadAsEmpty() {
    assertThat(HostWire.readStrings(json("{}"), "context")).isEmpty();
    assertThat(HostWire.readStrings(json("{\"context\":null}"), "context")).isEmpty();
  }
}
