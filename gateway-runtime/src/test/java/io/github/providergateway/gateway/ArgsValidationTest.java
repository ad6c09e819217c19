package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.ArgsValidationTable;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A call's arguments are checked against its tool's JSON Schema before any hook, gate or provider
 * sees the call (X-ENG-18); a schema that is not a JSON Schema is refused at registration
 * (X-ENG-19). The same table runs over a real WebSocket provider in transport-ws's {@code
 * ArgsValidationOverWebSocketTest}.
 */
class ArgsValidationTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("alpha");

  @AfterEach
  void close() {
    f.close();
  }

  private RecordingProviderConnection providerWith(String schema) {
    return f.bound("worker", session, ToolDefinition.of("act", "acts", json(schema)));
  }

  private static ToolOutcome outcome(CompletableFuture<CallResult> call) {
    return done(call).outcome();
  }

  /** The shared table (JUnit reads a method source of this class by reflection). */
  static java.util.stream.Stream<ArgsValidationTable.Row> rows() {
    return ArgsValidationTable.rows();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void argsAreCheckedAgainstTheToolsSchemaBeforeTheCallIsSent(ArgsValidationTable.Row row) {
    RecordingProviderConnection worker = providerWith(row.schema());

    CompletableFuture<CallResult> call = f.call(session, "act", row.args());

    if (row.violation() == null) {
      ToolCall sent = worker.next(ToolCall.class);
      assertThat(sent.args()).isEqualTo(json(row.args()));
      worker.send(ToolResult.success(sent.id(), json("\"ok\"")));
      assertThat(outcome(call)).isEqualTo(ToolOutcome.success(json("\"ok\"")));
    } else {
      ToolOutcome.Failure failure = (ToolOutcome.Failure) outcome(call);
      assertThat(failure.code()).isEqualTo(ToolErrorCode.INVALID_ARGS);
      assertThat(failure.error())
          .startsWith("Arguments of tool 'act' do not match its schema: ")
          .contains(row.violation());
      worker.assertNoMoreMessages();
    }
  }

  @Test
  void aCallWithBadArgsReachesNoGateAndNoHook() {
    RecordingProviderConnection worker = providerWith(ArgsValidationTable.PERSON);
    RecordingProviderConnection guard =
        f.bound(
            Hello.builder("guard")
                .session(session)
                .hooks(new Hooks(List.of(HookRule.gate(null, "g")), null))
                .build());

    ToolOutcome bad = outcome(f.call(session, "act", "{\"name\":5}"));

    assertThat(bad).isInstanceOf(ToolOutcome.Failure.class);
    guard.assertNoMoreMessages();
    worker.assertNoMoreMessages();

    // A valid call still goes through the gate, then to the provider.
    CompletableFuture<CallResult> good = f.call(session, "act", "{\"name\":\"Ada\"}");
    GateCheck check = guard.next(GateCheck.class);
    guard.send(GateResult.allow("g", check.callId()));
    worker.send(ToolResult.success(worker.next(ToolCall.class).id(), json("1")));
    assertThat(outcome(good)).isEqualTo(ToolOutcome.success(json("1")));
  }

  @Test
  void violationsAreNamedFiveAtMostWithTheCountOfTheRest() {
    StringBuilder schema = new StringBuilder("{\"properties\":{");
    StringBuilder args = new StringBuilder("{");
    for (int i = 0; i < 8; i++) {
      schema.append(i == 0 ? "" : ",").append("\"p").append(i).append("\":{\"type\":\"string\"}");
      args.append(i == 0 ? "" : ",").append("\"p").append(i).append("\":").append(i);
    }
    providerWith(schema.append("}}").toString());

    ToolOutcome.Failure failure =
        (ToolOutcome.Failure) outcome(f.call(session, "act", args.append("}").toString()));

    assertThat(failure.error()).endsWith("; and 3 more");
    assertThat(failure.error().split("; /")).hasSize(5);
  }

  @Test
  void aPatternThatRunsOutOfRegexStepsFailsTheCallClosed() {
    // patternProperties: a pattern that could not run must not let its property through unchecked.
    RecordingProviderConnection worker =
        providerWith("{\"patternProperties\":{\"(x+x+)+y\":{\"type\":\"integer\"}}}");

    // (x+x+)+y backtracks exponentially on a key of x's: the default budget cuts it off.
    ToolOutcome.Failure failure =
        (ToolOutcome.Failure)
            outcome(f.call(session, "act", "{\"" + "x".repeat(5_000) + "\":\"x\"}"));

    assertThat(failure.code()).isEqualTo(ToolErrorCode.INVALID_ARGS);
    assertThat(failure.error())
        .contains("a \"pattern\" of the schema ran out of regex steps ((x+x+)+y)");
    worker.assertNoMoreMessages();
  }

  @Test
  void aSchemaPatternThatRepeatsAPartThatCanMatchNothingIsRefusedAtHello() {
    RecordingProviderConnection p = f.connectLocal(null);

    p.send(
        Hello.builder("spinner")
            .session(session)
            .tools(
                ToolDefinition.of(
                    "act", "acts", json("{\"type\":\"string\",\"pattern\":\"(?:a?){50}\"}")))
            .build());

    ErrorMessage error = p.next(ErrorMessage.class);
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(error.message())
        .startsWith("Tool 'act': parameters is not a valid JSON Schema: ")
        .contains("repeats, at least 50 times, a part that can match nothing");
  }

  @Test
  void aSchemaThatIsNotAJsonSchemaIsRefusedAtHelloWithInvalidJson() {
    for (String schema :
        List.of(
            "{\"type\":12}",
            "{\"required\":\"name\"}",
            "{\"properties\":{\"x\":\"string\"}}",
            "{\"type\":\"string\",\"pattern\":\"(\"}",
            "{\"$schema\":\"https://example.com/my-own-dialect\",\"type\":\"object\",\"required\":[]}")) {
      RecordingProviderConnection p = f.connectLocal(null);
      p.send(
          Hello.builder("sloppy")
              .session(session)
              .tools(ToolDefinition.of("act", "acts", json(schema)))
              .build());

      ErrorMessage error = p.next(ErrorMessage.class);
      assertThat(error.code()).as(schema).isEqualTo(ErrorCode.INVALID_JSON);
      assertThat(error.message())
          .as(schema)
          .startsWith("Tool 'act': parameters is not a valid JSON Schema: ");
      assertThat(done(f.gateway.tools(session))).as(schema).isEmpty();
    }
  }

  @Test
  void aToolsUpdateWithAnInvalidSchemaIsRefusedAndThePreviousToolsStay() {
    RecordingProviderConnection worker = providerWith(ArgsValidationTable.PERSON);
    f.settle();

    worker.send(
        ToolsUpdate.replaceAll(
            List.of(ToolDefinition.of("act", "acts", json("{\"minLength\":\"1\"}")))));

    assertThat(worker.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.INVALID_JSON);
    assertThat(((ToolOutcome.Failure) outcome(f.call(session, "act", "{}"))).code())
        .as("the previous schema still applies")
        .isEqualTo(ToolErrorCode.INVALID_ARGS);
  }

  @Test
  void aToolsUpdateReplacesTheSchemaCallsAreCheckedAgainst() {
    RecordingProviderConnection worker = providerWith(ArgsValidationTable.PERSON);
    assertThat(outcome(f.call(session, "act", "{\"free\":1}")))
        .isInstanceOf(ToolOutcome.Failure.class);

    worker.send(ToolsUpdate.replaceAll(List.of(ToolDefinition.of("act", "acts", json("{}")))));
    f.settle();
    f.call(session, "act", "{\"free\":1}");

    assertThat(worker.next(ToolCall.class).args()).isEqualTo(json("{\"free\":1}"));
  }

  @Test
  void aReferenceOutsideTheSchemaIsRefusedWithoutAnyConnectionOrFileRead() throws IOException {
    try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      listener.setSoTimeout(200);
      String url = "http://127.0.0.1:" + listener.getLocalPort() + "/schema.json";
      for (String ref :
          List.of(
              url,
              "file:///etc/hostname",
              "https://json-schema.org/draft/2020-12/meta/core-extra")) {
        RecordingProviderConnection p = f.connectLocal(null);
        p.send(
            Hello.builder("fetcher")
                .session(session)
                .tools(
                    ToolDefinition.of(
                        "act", "acts", json("{\"properties\":{\"x\":{\"$ref\":\"" + ref + "\"}}}")))
                .build());

        ErrorMessage error = p.next(ErrorMessage.class);
        assertThat(error.code()).as(ref).isEqualTo(ErrorCode.INVALID_JSON);
      }
      try {
        listener.accept().close();
        throw new AssertionError("the gateway connected to the schema's $ref URL");
      } catch (SocketTimeoutException expected) {
        // nobody came: nothing was fetched
      }
    }
  }

  @Test
  void aMultiInstanceToolIsCheckedWithoutTheTargetTheGatewayAdded() {
    String strict = "{\"properties\":{\"q\":{\"type\":\"string\"}},\"additionalProperties\":false}";
    RecordingProviderConnection one =
        f.bound(
            Hello.builder("db")
                .instance("one")
                .session(session)
                .tools(ToolDefinition.of("query", "q", json(strict)))
                .build());
    f.bound(
        Hello.builder("db")
            .instance("two")
            .session(session)
            .tools(ToolDefinition.of("query", "q", json(strict)))
            .build());

    f.call(session, "query", "{\"q\":\"select 1\",\"target\":\"one\"}");

    assertThat(one.next(ToolCall.class).args()).isEqualTo(json("{\"q\":\"select 1\"}"));
    assertThat(
            ((ToolOutcome.Failure)
                    outcome(f.call(session, "query", "{\"q\":1,\"target\":\"one\"}")))
                .code())
        .isEqualTo(ToolErrorCode.INVALID_ARGS);
  }

  /**
   * Only a tool several instances share has a gateway-injected {@code target}: for a tool of one
   * provider it is an argument like any other, checked and sent as given.
   */
  @Test
  void aSingleOwnersToolChecksTargetAsOneOfItsOwnArguments() {
    RecordingProviderConnection worker =
        providerWith(
            "{\"properties\":{\"q\":{\"type\":\"string\"}},\"additionalProperties\":false}");

    ToolOutcome refused = outcome(f.call(session, "act", "{\"q\":\"x\",\"target\":\"one\"}"));

    assertThat(((ToolOutcome.Failure) refused).code()).isEqualTo(ToolErrorCode.INVALID_ARGS);
    worker.assertNoMoreMessages();
  }
}
