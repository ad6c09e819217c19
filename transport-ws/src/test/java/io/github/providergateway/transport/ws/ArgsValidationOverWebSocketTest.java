package io.github.providergateway.transport.ws;

import static io.github.providergateway.transport.ws.ServerFixture.await;
import static io.github.providergateway.transport.ws.ServerFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.ArgsValidationTable;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.transport.testing.JdkProvider;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Argument validation (X-ENG-18, X-ENG-19) for a provider on a real WebSocket: the table every kind
 * of provider is held to, over a real server and the JDK's WebSocket client.
 */
class ArgsValidationOverWebSocketTest {

  private static final List<ArgsValidationTable.Row> ROWS = ArgsValidationTable.rows().toList();
  private static ServerFixture f;
  private static JdkProvider provider;

  @BeforeAll
  static void connect() throws Exception {
    f = ServerFixture.start();
    provider = JdkProvider.connect(f.server.url());
    provider.send(Auth.withToken(f.gateway.credentials().providerToken()));
    provider.next(Sessions.class);
    ToolDefinition[] tools = new ToolDefinition[ROWS.size()];
    for (int i = 0; i < tools.length; i++) {
      tools[i] = ToolDefinition.of("row" + i, ROWS.get(i).what(), json(ROWS.get(i).schema()));
    }
    provider.send(Hello.builder("table").session(f.sessionId).tools(tools).build());
    provider.next(HelloAck.class);
    provider.next(SessionLifecycle.class);
  }

  @AfterAll
  static void close() {
    provider.close();
    f.close();
  }

  /** The shared table (JUnit reads a method source of this class by reflection). */
  static java.util.stream.Stream<ArgsValidationTable.Row> rows() {
    return ArgsValidationTable.rows();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void argsAreCheckedBeforeTheyCrossTheSocket(ArgsValidationTable.Row row) throws Exception {
    String tool = "row" + ROWS.indexOf(row);

    CompletableFuture<CallResult> call = f.call(tool, row.args());

    if (row.violation() == null) {
      ToolCall sent = provider.next(ToolCall.class);
      assertThat(sent.tool()).isEqualTo(tool);
      assertThat(sent.args()).isEqualTo(json(row.args()));
      provider.send(ToolResult.success(sent.id(), json("\"done\"")));
      assertThat(await(call).outcome()).isEqualTo(ToolOutcome.success(json("\"done\"")));
    } else {
      ToolOutcome.Failure failure = (ToolOutcome.Failure) await(call).outcome();
      assertThat(failure.code()).isEqualTo(ToolErrorCode.INVALID_ARGS);
      assertThat(failure.error()).contains(row.violation());
      // The provider hears nothing of it: the next thing it gets is the next valid call.
      CompletableFuture<CallResult> probe = f.call("row0", ROWS.get(0).args());
      ToolCall next = provider.next(ToolCall.class);
      assertThat(next.tool()).isEqualTo("row0");
      provider.send(ToolResult.success(next.id(), json("0")));
      await(probe);
    }
  }

  @Test
  void aHelloWithAnInvalidSchemaGetsInvalidJsonAndTheConnectionStaysOpen() throws Exception {
    try (JdkProvider sloppy = JdkProvider.connect(f.server.url())) {
      sloppy.send(Auth.withToken(f.gateway.credentials().providerToken()));
      sloppy.next(Sessions.class);
      sloppy.send(
          Hello.builder("sloppy")
              .session(f.sessionId)
              .tools(ToolDefinition.of("bad", "bad", json("{\"type\":\"text\"}")))
              .build());

      ErrorMessage error = sloppy.next(ErrorMessage.class);
      assertThat(error.code()).isEqualTo(ErrorCode.INVALID_JSON);
      assertThat(error.message())
          .startsWith("Tool 'bad': parameters is not a valid JSON Schema: /type");

      // It may fix the schema and say hello again on the same connection.
      sloppy.send(
          Hello.builder("sloppy")
              .session(f.sessionId)
              .tools(ToolDefinition.of("bad", "fixed", json("{\"type\":\"object\"}")))
              .build());
      sloppy.next(HelloAck.class);
    }
  }
}
