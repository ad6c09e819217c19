package io.github.providergateway.host.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.json.DecodeResult;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The host protocol's codec: the JSON of spec/host-rpc.md, both ways, never throwing. */
class HostCodecTest {

  private static final HostCodec CODEC = HostCodec.create();

  private static HostCommand command(String json) {
    DecodeResult<HostCommand, HostDecodeError> result = CODEC.decodeCommand(json);
    assertThat(result.errorOrNull()).as(json).isNull();
    return result.messageOrNull();
  }

  private static void encodesBackExactly(List<String> commands) {
    for (String json : commands) {
      assertThat(CODEC.encode(command(json))).isEqualTo(json);
    }
  }

  private static HostDecodeError refusal(String json) {
    DecodeResult<HostCommand, HostDecodeError> result = CODEC.decodeCommand(json);
    assertThat(result.isDecoded()).as(json).isFalse();
    return result.errorOrNull();
  }

  @Test
  void everyCommandOfTheSpecDecodesToItsRecordAndEncodesBackToTheSameJson() {
    List<String> spec =
        List.of(
            "{\"id\":1,\"cmd\":\"session.start\",\"label\":\"PR #42\",\"cwd\":\"/code/foo\"}",
            "{\"id\":2,\"cmd\":\"session.idle\",\"sessionId\":\"s-1\"}",
            "{\"id\":3,\"cmd\":\"session.end\",\"sessionId\":\"s-1\",\"deadlineMs\":500}",
            "{\"id\":4,\"cmd\":\"sessions.list\"}",
            "{\"id\":5,\"cmd\":\"tools.list\",\"sessionId\":\"s-1\"}",
            "{\"id\":\"c\",\"cmd\":\"tool.call\",\"sessionId\":\"s-1\",\"tool\":\"greet\",\"args\":{\"name\":\"Ada\"},\"timeoutMs\":2000}",
            "{\"id\":7,\"cmd\":\"hook.preToolUse\",\"sessionId\":\"s-1\",\"tool\":\"shell\",\"args\":{\"cmd\":\"rm\"}}",
            "{\"id\":8,\"cmd\":\"prompt\",\"sessionId\":\"s-1\",\"text\":\"hi\",\"sections\":{\"identity\":\"I am\"}}",
            "{\"id\":9,\"cmd\":\"event\",\"sessionId\":\"s-1\",\"event\":\"user.message\",\"data\":{\"content\":\"x\"}}",
            "{\"id\":10,\"cmd\":\"stream.query\",\"sessionId\":\"s-1\",\"streams\":[\"builds@ci\"],\"last\":5}",
            "{\"id\":11,\"cmd\":\"providers.list\"}",
            "{\"id\":12,\"cmd\":\"shutdown\",\"deadlineMs\":300}",
            "{\"id\":13,\"cmd\":\"session.interrupt\",\"sessionId\":\"s-1\"}",
            "{\"id\":14,\"cmd\":\"host.auth\",\"token\":\"ptk-x\",\"reclaimToken\":\"hrt-y\",\"observer\":true}",
            "{\"id\":15,\"cmd\":\"tool.cancel\",\"sessionId\":\"s-1\",\"callId\":\"c\"}",
            // Ours (docs/audit.md): the audit trail's query, every filter given.
            "{\"id\":16,\"cmd\":\"audit.query\",\"sessionId\":\"s-1\",\"provider\":\"guard\",\"tool\":\"rm\","
                + "\"kind\":\"tool_call\",\"callId\":\"call-1\",\"since\":\"2026-11-24T16:00:00Z\",\"limit\":5}",
            // Ours (docs/audit.md): a one-time link to the status page.
            "{\"id\":17,\"cmd\":\"status.link\"}",
            // Ours (docs/reference-app.md): re-read the project config and restart its providers.
            "{\"id\":18,\"cmd\":\"providers.reload\",\"name\":\"greeter\"}",
            // Ours (docs/hooks.md, "Gates that ask the person"): the person's answer.
            "{\"id\":19,\"cmd\":\"gate.answer\",\"askId\":\"ask-1\",\"allow\":true,\"via\":\"mcp elicitation\"}",
            // Ours (docs/reference-app.md): the peer proves it holds the token before host.auth.
            "{\"id\":\"auth-1\",\"cmd\":\"host.challenge\",\"nonce\":\"q3JdZl8w0c4uY2bE1Ck7nA5tP9sH6vXiMr0oLgWfTzQ\"}",
            // Ours (docs/reference-app.md, issue 34): the reply waits until the session has
            // settled.
            "{\"id\":20,\"cmd\":\"session.settle\",\"sessionId\":\"s-1\"}",
            // Ours (docs/reference-app.md, issue 43): the gates held while their provider is
            // away, and a person's release of them.
            "{\"id\":21,\"cmd\":\"gates.held\"}",
            "{\"id\":22,\"cmd\":\"gates.release\",\"provider\":\"ci-guard\",\"gateId\":\"ci-green\",\"project\":\"/code/foo\"}",
            // Ours (decision 123): the session's federated MCP servers' resources and prompts.
            "{\"id\":23,\"cmd\":\"mcp.feature\",\"sessionId\":\"s-1\",\"method\":\"resources/read\",\"params\":{\"uri\":\"test://static-text\"}}");
    encodesBackExactly(spec);
    Set<HostCommandType> covered =
        spec.stream().map(json -> command(json).type()).collect(Collectors.toSet());
    assertThat(covered).containsExactlyInAnyOrder(HostCommandType.values());
  }

  @Test
  void mcpFeatureNamesOneOfTheMcpRequestsBeyondToolsAndItsParamsDefaultToAnEmptyObject() {
    AskMcpFeature ask =
        (AskMcpFeature)
            command(
                "{\"id\":1,\"cmd\":\"mcp.feature\",\"sessionId\":\"s\",\"method\":\"prompts/list\"}");
    assertThat(ask.method()).isEqualTo(io.github.providergateway.host.api.McpFeature.PROMPTS_LIST);
    assertThat(ask.params().isObject()).isTrue();
    HostDecodeError unknown =
        refusal("{\"id\":2,\"cmd\":\"mcp.feature\",\"sessionId\":\"s\",\"method\":\"tools/call\"}");
    assertThat(unknown.code()).isEqualTo(RpcErrorCode.INVALID_ARGUMENT);
    assertThat(unknown.detail()).contains("\"method\" must be resources/list");
  }

  @Test
  void ourOptionalFlagsRoundTripAndAreLeftOutWhenAbsent() {
    List<String> ours =
        List.of(
            "{\"id\":1,\"cmd\":\"session.start\",\"label\":\"l\",\"streamUpdates\":true}",
            "{\"id\":2,\"cmd\":\"tool.call\",\"sessionId\":\"s\",\"tool\":\"t\",\"args\":{},\"progress\":true}",
            "{\"id\":3,\"cmd\":\"tool.call\",\"sessionId\":\"s\",\"tool\":\"t\",\"args\":{},\"progress\":false}",
            "{\"id\":4,\"cmd\":\"tool.cancel\",\"sessionId\":\"s\",\"callId\":{\"n\":[1]}}",
            "{\"id\":5,\"cmd\":\"providers.reload\"}",
            "{\"id\":6,\"cmd\":\"session.start\",\"asks\":true}",
            "{\"id\":7,\"cmd\":\"hook.preToolUse\",\"sessionId\":\"s\",\"tool\":\"t\",\"args\":{},\"hostAsks\":true}",
            "{\"id\":8,\"cmd\":\"gate.answer\",\"askId\":\"a\",\"allow\":false}");
    encodesBackExactly(ours);
    CallTool plain =
        (CallTool)
            command("{\"cmd\":\"tool.call\",\"sessionId\":\"s\",\"tool\":\"t\",\"progress\":null}");
    assertThat(plain.progress()).isNull();
    assertThat(plain.wantsProgress()).isFalse();
    assertThat(CODEC.encode(plain)).doesNotContain("progress");
    StartSession start = (StartSession) command("{\"cmd\":\"session.start\",\"asks\":null}");
    assertThat(start.wantsStreamUpdates()).isFalse();
    assertThat(start.wantsAsks()).isFalse();
    PreToolUse pre =
        (PreToolUse)
            command(
                "{\"cmd\":\"hook.preToolUse\",\"sessionId\":\"s\",\"tool\":\"t\",\"hostAsks\":null}");
    assertThat(pre.asksItself()).isFalse();
    assertThat(CODEC.encode(pre)).doesNotContain("hostAsks");
    AnswerQuestion answer =
        (AnswerQuestion)
            command("{\"cmd\":\"gate.answer\",\"askId\":\"a\",\"allow\":true,\"colour\":1}");
    assertThat(answer.answeredBy()).isEqualTo("host");
    assertThat(CODEC.encode(start)).isEqualTo("{\"cmd\":\"session.start\"}");
  }

  @Test
  void sessionStartsOpenedByRoundTripsIsLeftOutWhenNullAndAnUnknownNeighbourIsIgnored() {
    encodesBackExactly(
        List.of(
            "{\"id\":1,\"cmd\":\"session.start\",\"label\":\"claude\",\"openedBy\":\"mcp-http:decoy\"}"));
    StartSession absent = (StartSession) command("{\"cmd\":\"session.start\",\"label\":\"l\"}");
    StartSession nulled = (StartSession) command("{\"cmd\":\"session.start\",\"openedBy\":null}");
    StartSession neighbour =
        (StartSession)
            command("{\"cmd\":\"session.start\",\"colour\":[1],\"openedBy\":\"mcp-http:a\"}");

    assertThat(absent.openedBy()).isNull();
    assertThat(nulled.openedBy()).isNull();
    assertThat(CODEC.encode(nulled)).isEqualTo("{\"cmd\":\"session.start\"}");
    assertThat(neighbour.openedBy()).isEqualTo("mcp-http:a");
    assertThat(refusal("{\"cmd\":\"session.start\",\"openedBy\":\"\"}").detail())
        .contains("openedBy");
  }

  @Test
  void
      gatesReleaseNeedsAProviderAndItsGateAndProjectAreOptionalLeftOutWhenNullBesideUnknownFields() {
    encodesBackExactly(
        List.of(
            "{\"id\":1,\"cmd\":\"gates.release\",\"provider\":\"ci-guard\"}",
            "{\"id\":2,\"cmd\":\"gates.release\",\"provider\":\"ci-guard\",\"gateId\":\"g\"}",
            "{\"id\":3,\"cmd\":\"gates.release\",\"provider\":\"ci-guard\",\"project\":\"/p\"}"));
    ReleaseHeldGates absent =
        (ReleaseHeldGates) command("{\"cmd\":\"gates.release\",\"provider\":\"ci-guard\"}");
    ReleaseHeldGates nulled =
        (ReleaseHeldGates)
            command(
                "{\"cmd\":\"gates.release\",\"provider\":\"ci-guard\",\"gateId\":null,\"project\":null}");
    ReleaseHeldGates neighbour =
        (ReleaseHeldGates)
            command(
                "{\"cmd\":\"gates.release\",\"colour\":[1],\"provider\":\"ci-guard\",\"gateId\":\"g\",\"force\":true}");

    assertThat(absent).isEqualTo(new ReleaseHeldGates(null, "ci-guard", null, null));
    assertThat(nulled).isEqualTo(absent);
    assertThat(CODEC.encode(nulled))
        .isEqualTo("{\"cmd\":\"gates.release\",\"provider\":\"ci-guard\"}");
    assertThat(neighbour).isEqualTo(new ReleaseHeldGates(null, "ci-guard", "g", null));
    assertThat(command("{\"cmd\":\"gates.held\",\"provider\":\"x\"}"))
        .as("gates.held takes no fields and ignores any")
        .isEqualTo(new ListHeldGates(null));
    for (String refused :
        List.of(
            "{\"cmd\":\"gates.release\"}",
            "{\"cmd\":\"gates.release\",\"provider\":null}",
            "{\"cmd\":\"gates.release\",\"provider\":\"\"}",
            "{\"cmd\":\"gates.release\",\"provider\":7}")) {
      assertThat(refusal(refused).code()).as(refused).isEqualTo(RpcErrorCode.INVALID_ARGUMENT);
      assertThat(refusal(refused).detail()).as(refused).contains("provider");
    }
    assertThat(refusal("{\"cmd\":\"gates.release\",\"provider\":\"p\",\"gateId\":\"\"}").detail())
        .contains("gateId");
    assertThat(refusal("{\"cmd\":\"gates.release\",\"provider\":\"p\",\"project\":\"\"}").detail())
        .contains("project");
  }

  @Test
  void aChallengesNonceHas22To256CharactersAndNoneIsInvalidArgument() {
    assertThat(refusal("{\"cmd\":\"host.challenge\"}").detail())
        .startsWith("host.challenge: \"nonce\"");
    assertThat(refusal("{\"cmd\":\"host.challenge\",\"nonce\":\"" + "n".repeat(21) + "\"}").code())
        .isEqualTo(RpcErrorCode.INVALID_ARGUMENT);
    assertThat(
            refusal("{\"cmd\":\"host.challenge\",\"nonce\":\"" + "n".repeat(257) + "\"}").detail())
        .contains("nonce");
    assertThat(command("{\"cmd\":\"host.challenge\",\"nonce\":\"" + "n".repeat(22) + "\"}"))
        .isInstanceOf(HostChallenge.class);
    assertThat(command("{\"cmd\":\"host.challenge\",\"nonce\":\"" + "n".repeat(256) + "\"}"))
        .isInstanceOf(HostChallenge.class);
  }

  private static InetSocketAddress at(String ip, int port) throws UnknownHostException {
    return new InetSocketAddress(InetAddress.getByName(ip), port);
  }

  @Test
  void theProofIsTheDocumentedHmacOfTheContextEndpointAndNonceAndOnlyTheTokensProofTherePasses()
      throws Exception {
    HostChallenge challenge =
        new HostChallenge(null, "q3JdZl8w0c4uY2bE1Ck7nA5tP9sH6vXiMr0oLgWfTzQ");
    InetSocketAddress gateway = at("127.0.0.1", 9400);
    // Computed here from docs/reference-app.md's words, not with the record's own code.
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec("ptk-secret".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    String documented =
        HexFormat.of()
            .formatHex(
                mac.doFinal(
                    ("provider-gateway host.challenge v2\n127.0.0.1:9400\n" + challenge.nonce())
                        .getBytes(StandardCharsets.UTF_8)));

    assertThat(challenge.proof("ptk-secret", gateway))
        .isEqualTo(documented)
        .matches("[0-9a-f]{64}");
    assertThat(challenge.isProvedBy("ptk-secret", gateway, documented)).isTrue();
    assertThat(challenge.isProvedBy("ptk-other", gateway, documented)).isFalse();
    assertThat(challenge.isProvedBy("ptk-secret", at("127.0.0.1", 9401), documented))
        .as("another port")
        .isFalse();
    assertThat(challenge.isProvedBy("ptk-secret", at("::1", 9400), documented))
        .as("the other loopback")
        .isFalse();
    assertThat(challenge.isProvedBy("ptk-secret", gateway, documented.toUpperCase(Locale.ROOT)))
        .isFalse();
    assertThat(challenge.isProvedBy("ptk-secret", gateway, null)).isFalse();
    assertThat(challenge.isProvedBy("ptk-secret", gateway, "")).isFalse();
    assertThat(new HostChallenge(null, "x".repeat(22)).proof("ptk-secret", gateway))
        .as("another nonce, another proof")
        .isNotEqualTo(documented);
  }

  @Test
  void theEndpointIsTheDottedQuadOrTheBracketedIpv6LoopbackAndThePort() throws Exception {
    assertThat(HostChallenge.endpoint(at("127.0.0.1", 9400))).isEqualTo("127.0.0.1:9400");
    assertThat(HostChallenge.endpoint(at("::1", 53211))).isEqualTo("[::1]:53211");
    assertThat(HostChallenge.endpoint(at("0:0:0:0:0:0:0:1", 1))).isEqualTo("[::1]:1");
    assertThatThrownBy(
            () -> HostChallenge.endpoint(InetSocketAddress.createUnresolved("localhost", 9400)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theProofIsHmacSha256AsJavaxCryptoComputesItForKeysShorterAndLongerThanTheBlock()
      throws Exception {
    HostChallenge challenge = new HostChallenge(null, "n".repeat(40));
    for (String token :
        List.of("k", "ptk-" + "x".repeat(60), "ptk-" + "y".repeat(200), "ptk-ünïcödé")) {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(token.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      String expected =
          HexFormat.of()
              .formatHex(
                  mac.doFinal(
                      (HostChallenge.PROOF_CONTEXT + "[::1]:7\n" + challenge.nonce())
                          .getBytes(StandardCharsets.UTF_8)));
      assertThat(challenge.proof(token, at("::1", 7)))
          .as("token of %s characters", token.length())
          .isEqualTo(expected);
    }
  }

  @Test
  void freshChallengesCarry256RandomBitsInBase64url() {
    SplittableRandom random = new SplittableRandom(3);
    HostChallenge one = HostChallenge.fresh(null, random);
    HostChallenge two = HostChallenge.fresh(null, random);

    assertThat(one.nonce()).matches("[A-Za-z0-9_-]{43}");
    assertThat(two.nonce()).isNotEqualTo(one.nonce());
  }

  @Test
  void theCommandTableNamesEveryPermittedRecordOnce() {
    Set<Class<?>> permitted = Set.of(HostCommand.class.getPermittedSubclasses());
    assertThat(Set.copyOf(HostCodec.commandRecordTypes().values())).isEqualTo(permitted);
    assertThat(HostCodec.commandRecordTypes()).hasSize(HostCommandType.values().length);
  }

  @Test
  void defaultsFillWhatACommandLeavesOut() {
    CallTool call =
        (CallTool) command("{\"cmd\":\"tool.call\",\"sessionId\":\"s\",\"tool\":\"t\"}");
    assertThat(call.id()).isNull();
    assertThat(call.args().isEmpty()).isTrue();
    assertThat(call.timeout()).isNull();
    RunPrompt prompt = (RunPrompt) command("{\"cmd\":\"prompt\",\"sessionId\":\"s\"}");
    assertThat(prompt.text()).isEmpty();
    assertThat(prompt.sections()).isNull();
    EndSession end =
        (EndSession) command("{\"cmd\":\"session.end\",\"sessionId\":\"s\",\"deadlineMs\":null}");
    assertThat(end.deadline()).isNull();
  }

  @Test
  void stringAndNumberIdsAreKeptExactly() {
    assertThat(command("{\"id\":\"req-1\",\"cmd\":\"sessions.list\"}").id().isTextual()).isTrue();
    JsonNode big = command("{\"id\":123456789012,\"cmd\":\"sessions.list\"}").id();
    assertThat(big.isIntegralNumber()).isTrue();
    assertThat(big.asLong()).isEqualTo(123456789012L);
    assertThat(CODEC.encode(HostReply.ok(big))).isEqualTo("{\"id\":123456789012,\"ok\":true}");
  }

  @Test
  void unknownFieldsAreIgnored() {
    StartSession start =
        (StartSession)
            command(
                "{\"cmd\":\"session.start\",\"label\":\"l\",\"colour\":\"blue\",\"nested\":{\"x\":[1]}}");
    assertThat(start.label()).isEqualTo("l");
  }

  @Test
  void anUnknownCmdIsUnknownCommandWithItsId() {
    HostDecodeError error = refusal("{\"id\":7,\"cmd\":\"session.explode\"}");
    assertThat(error.code()).isEqualTo(RpcErrorCode.UNKNOWN_COMMAND);
    assertThat(error.detail()).contains("session.explode");
    assertThat(CODEC.encode(error.reply()))
        .startsWith("{\"id\":7,\"ok\":false,\"error\":{\"code\":\"UNKNOWN_COMMAND\"");
  }

  @Test
  void aMissingCmdIsInvalidArgumentAndNotJsonIsInvalidJsonWithoutId() {
    assertThat(refusal("{\"id\":1}").code()).isEqualTo(RpcErrorCode.INVALID_ARGUMENT);
    assertThat(refusal("{\"id\":1,\"cmd\":3}").code()).isEqualTo(RpcErrorCode.INVALID_ARGUMENT);
    HostDecodeError notJson = refusal("this is not json");
    assertThat(notJson.code()).isEqualTo(RpcErrorCode.INVALID_JSON);
    assertThat(notJson.id()).isNull();
    assertThat(refusal("[1,2,3]").code()).isEqualTo(RpcErrorCode.INVALID_JSON);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"cmd\":\"tools.list\"}                                                    | tools.list: \"sessionId\"",
        "{\"cmd\":\"tools.list\",\"sessionId\":\"\"}                                  | tools.list: \"sessionId\"",
        "{\"cmd\":\"tool.call\",\"sessionId\":\"s\",\"tool\":\"t\",\"args\":[1]}         | tool.call: \"args\"",
        "{\"cmd\":\"tool.call\",\"sessionId\":\"s\",\"tool\":\"t\",\"timeoutMs\":-5}     | tool.call: \"timeoutMs\"",
        "{\"cmd\":\"tool.call\",\"sessionId\":\"s\",\"tool\":\"t\",\"timeoutMs\":1.5}    | tool.call: \"timeoutMs\"",
        "{\"cmd\":\"prompt\",\"sessionId\":\"s\",\"sections\":{\"a\":1}}                | prompt: \"sections.a\"",
        "{\"cmd\":\"stream.query\",\"sessionId\":\"s\",\"streams\":[]}                  | stream.query: \"streams\"",
        "{\"cmd\":\"stream.query\",\"sessionId\":\"s\",\"streams\":[\"a@b\"],\"last\":-1} | stream.query: \"last\"",
        "{\"cmd\":\"session.start\",\"hostTools\":[1]}                               | session.start: \"hostTools[0]\"",
        "{\"cmd\":\"host.auth\"}                                                     | host.auth: \"token\"",
        "{\"cmd\":\"host.auth\",\"token\":\"t\",\"observer\":\"yes\"}                   | host.auth: \"observer\"",
        "{\"cmd\":\"tool.call\",\"sessionId\":\"s\",\"tool\":\"t\",\"progress\":1}       | tool.call: \"progress\"",
        "{\"cmd\":\"session.start\",\"streamUpdates\":\"on\"}                        | session.start: \"streamUpdates\"",
        "{\"cmd\":\"tool.cancel\",\"sessionId\":\"s\"}                                | tool.cancel: \"callId\"",
        "{\"cmd\":\"tool.cancel\",\"sessionId\":\"s\",\"callId\":null}                | tool.cancel: \"callId\"",
        "{\"cmd\":\"tool.cancel\",\"callId\":1}                                     | tool.cancel: \"sessionId\"",
        "{\"cmd\":\"gate.answer\",\"allow\":true}                                   | gate.answer: \"askId\"",
        "{\"cmd\":\"gate.answer\",\"askId\":\"a\"}                                  | gate.answer: \"allow\"",
        "{\"cmd\":\"gate.answer\",\"askId\":\"a\",\"allow\":\"yes\"}                | gate.answer: \"allow\"",
        "{\"cmd\":\"session.start\",\"asks\":1}                                     | session.start: \"asks\"",
        "{\"cmd\":\"hook.preToolUse\",\"sessionId\":\"s\",\"tool\":\"t\",\"hostAsks\":\"y\"} | hook.preToolUse: \"hostAsks\""
      })
  void aMissingOrMistypedFieldIsInvalidArgumentNamingTheCommandAndTheField(
      String json, String named) {
    HostDecodeError error = refusal(json);
    assertThat(error.code()).isEqualTo(RpcErrorCode.INVALID_ARGUMENT);
    assertThat(error.detail()).startsWith(named + " ");
  }

  @Test
  void repliesAndEventsRoundTrip() {
    List<String> outputs =
        List.of(
            "{\"id\":1,\"ok\":true,\"sessionId\":\"s-1\"}",
            "{\"ok\":true,\"providers\":[]}",
            "{\"id\":\"x\",\"ok\":false,\"error\":{\"code\":\"INVALID_SESSION\",\"message\":\"No active session nope\"}}",
            "{\"event\":\"gateway.started\",\"port\":9400,\"url\":\"ws://127.0.0.1:9400\",\"tokenFile\":\"/t/.provider-token\",\"protocolVersion\":2}",
            "{\"event\":\"session.log\",\"sessionId\":\"s\",\"message\":\"m\",\"source\":\"gateway\"}",
            "{\"event\":\"session.send\",\"sessionId\":\"s\",\"prompt\":\"p\",\"source\":\"ci\"}",
            "{\"event\":\"tools.changed\",\"sessionId\":\"s\",\"tools\":[\"greet\"]}",
            "{\"event\":\"provider.connected\",\"providerId\":\"p-1\",\"name\":\"ci\",\"instance\":null}",
            "{\"event\":\"provider.disconnected\",\"providerId\":\"p-1\",\"name\":\"tab\",\"instance\":\"t1\"}",
            "{\"event\":\"session.ended\",\"sessionId\":\"s\"}",
            "{\"event\":\"gateway.stopped\"}",
            "{\"event\":\"tool.progress\",\"sessionId\":\"s\",\"callId\":7,\"message\":\"60%\"}",
            "{\"event\":\"tool.progress\",\"sessionId\":\"s\",\"callId\":\"c-1\",\"message\":\"\"}",
            "{\"event\":\"stream.updated\",\"sessionId\":\"s\",\"stream\":\"builds@ci\"}",
            "{\"event\":\"offers.changed\",\"sessionId\":\"s\",\"list\":\"resources/list\"}",
            "{\"event\":\"offers.changed\",\"sessionId\":\"s\",\"list\":\"prompts/list\"}",
            "{\"id\":2,\"ok\":false,\"error\":{\"code\":\"UNKNOWN_CALL\",\"message\":\"m\"}}",
            // Replies whose gates rewrote the arguments (extension gate.args): updatedArgs kept as
            // sent.
            "{\"id\":3,\"ok\":true,\"outcome\":{\"status\":\"success\",\"data\":1},\"context\":[],\"updatedArgs\":{\"command\":\"ls -a\"}}",
            "{\"id\":4,\"ok\":true,\"decision\":{\"permission\":\"allow\",\"context\":[],\"updatedArgs\":{\"command\":\"ls -a\"}}}",
            // Gates that ask the person (extension gate.ask): the question, its end, an answer's
            // reply.
            "{\"event\":\"gate.ask\",\"sessionId\":\"s\",\"askId\":\"ask-1\",\"tool\":\"shell\",\"args\":{\"command\":\"git push\"},"
                + "\"callId\":\"call-1\",\"provider\":\"ci-guard\",\"gateId\":\"confirm-push\",\"question\":\"Push to main?\","
                + "\"deadline\":\"2026-11-24T16:01:00Z\"}",
            "{\"event\":\"gate.ask\",\"sessionId\":\"s\",\"askId\":\"ask-2\",\"tool\":\"shell\",\"args\":{},"
                + "\"provider\":\"ci-guard\",\"question\":\"Push?\",\"deadline\":\"2026-11-24T16:01:00.250Z\"}",
            "{\"event\":\"gate.ask.ended\",\"sessionId\":\"s\",\"askId\":\"ask-1\",\"outcome\":\"allowed\",\"answeredBy\":\"console\"}",
            "{\"event\":\"gate.ask.ended\",\"sessionId\":\"s\",\"askId\":\"ask-1\",\"outcome\":\"timeout\"}",
            "{\"id\":5,\"ok\":true,\"decision\":{\"permission\":\"ask\",\"reason\":\"Push to main?\",\"context\":[]}}",
            "{\"id\":6,\"ok\":true,\"decided\":false}",
            "{\"event\":\"from.the.future\",\"x\":1}");
    for (String json : outputs) {
      DecodeResult<HostOutput, HostDecodeError> decoded = CODEC.decodeOutput(json);
      assertThat(decoded.errorOrNull()).as(json).isNull();
      assertThat(CODEC.encode(decoded.messageOrNull())).isEqualTo(json);
    }
    assertThat(CODEC.decodeOutput("{\"event\":\"from.the.future\"}").messageOrNull())
        .isInstanceOf(UnknownHostEvent.class);
  }

  @Test
  void ourEventsMissingAFieldAreInvalidArgument() {
    for (String json :
        List.of(
            "{\"event\":\"tool.progress\",\"sessionId\":\"s\",\"message\":\"m\"}",
            "{\"event\":\"tool.progress\",\"sessionId\":\"s\",\"callId\":1}",
            "{\"event\":\"stream.updated\",\"sessionId\":\"s\"}",
            "{\"event\":\"stream.updated\",\"stream\":7,\"sessionId\":\"s\"}",
            "{\"event\":\"offers.changed\",\"sessionId\":\"s\"}",
            "{\"event\":\"offers.changed\",\"sessionId\":\"s\",\"list\":\"resources/read\"}",
            "{\"event\":\"offers.changed\",\"sessionId\":\"s\",\"list\":\"tools/list\"}",
            "{\"event\":\"gate.ask\",\"sessionId\":\"s\",\"askId\":\"a\",\"tool\":\"t\",\"args\":{},\"provider\":\"p\",\"question\":\"q\"}",
            "{\"event\":\"gate.ask\",\"sessionId\":\"s\",\"askId\":\"a\",\"tool\":\"t\",\"args\":[],\"provider\":\"p\",\"question\":\"q\",\"deadline\":\"2026-11-24T16:01:00Z\"}",
            "{\"event\":\"gate.ask\",\"sessionId\":\"s\",\"askId\":\"a\",\"tool\":\"t\",\"args\":{},\"provider\":\"p\",\"question\":\"q\",\"deadline\":\"soon\"}",
            "{\"event\":\"gate.ask.ended\",\"sessionId\":\"s\",\"askId\":\"a\",\"outcome\":\"maybe\"}",
            "{\"event\":\"gate.ask.ended\",\"sessionId\":\"s\",\"outcome\":\"allowed\"}")) {
      assertThat(CODEC.decodeOutput(json).errorOrNull())
          .as(json)
          .isNotNull()
          .extracting(HostDecodeError::code)
          .isEqualTo(RpcErrorCode.INVALID_ARGUMENT);
    }
  }

  @Test
  void anUnknownErrorCodeKeepsItsText() {
    HostReply.Failed failed =
        (HostReply.Failed)
            CODEC
                .decodeOutput("{\"ok\":false,\"error\":{\"code\":\"NEW_THING\",\"message\":\"m\"}}")
                .messageOrNull();
    assertThat(failed.code()).isEqualTo(RpcErrorCode.UNKNOWN);
    assertThat(failed.codeText()).isEqualTo("NEW_THING");
  }

  @Test
  void theAuthCommandKeepsItsTokenOutOfToString() {
    HostAuth auth = new HostAuth(null, "ptk-secret", "hrt-secret", null);
    assertThat(auth.toString()).doesNotContain("secret");
    assertThat(auth.isObserver()).isFalse();
    assertThat(new EndSession(null, "s", Duration.ofMillis(5)).type())
        .isEqualTo(HostCommandType.SESSION_END);
    assertThat(Arrays.stream(RpcErrorCode.values()).map(RpcErrorCode::name))
        .contains(
            "UNKNOWN_COMMAND",
            "INVALID_JSON",
            "INVALID_ARGUMENT",
            "INVALID_SESSION",
            "GATEWAY_CLOSED",
            "INTERNAL");
    assertThat(Map.of()).isEmpty();
  }
}
