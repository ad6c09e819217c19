package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The engine's tool-call path without a transport: a {@link Gateway} on a direct executor (so the
 * whole round trip runs on the benchmark thread) and an in-memory {@link ProviderConnection} that
 * answers each {@code tool.call} at once. {@code records}: the engine alone, records both ways;
 * {@code text}: plus the codec both ways, what the WebSocket transport adds before the socket.
 *
 * <p>{@code schema} is the tool's JSON Schema, which the gateway checks every call's arguments
 * against (issue 18: at most 5 % of a sequential call): {@code none} ({@code {"type":"object"}},
 * which the gateway does not run), {@code load} (the load driver's: one string property), {@code
 * typical} (five properties: types, two required, an enum, bounds, closed). The difference from
 * {@code none} is the validation's cost per call.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class DispatchBenchmark {

  private static final ProtocolCodec CODEC = ProtocolCodec.create();

  @Param({"records", "text"})
  public String form;

  @Param({"none", "load", "typical"})
  public String schema;

  /** Five properties of the common kinds, as an MCP server or a provider declares them. */
  static final String TYPICAL_SCHEMA =
      "{\"type\":\"object\",\"properties\":{"
          + "\"path\":{\"type\":\"string\",\"description\":\"file to edit\"},"
          + "\"line\":{\"type\":\"integer\",\"minimum\":1},"
          + "\"mode\":{\"enum\":[\"insert\",\"replace\",\"delete\"]},"
          + "\"text\":{\"type\":\"string\",\"maxLength\":10000},"
          + "\"dryRun\":{\"type\":\"boolean\"}},"
          + "\"required\":[\"path\",\"mode\"],\"additionalProperties\":false}";

  static final String TYPICAL_ARGS =
      "{\"path\":\"src/main/App.java\",\"line\":42,\"mode\":\"replace\",\"text\":\"return 1;\",\"dryRun\":false}";

  private Gateway gateway;
  private String sessionId;
  private JsonNode args;

  @Setup
  public void setUp() throws Exception {
    gateway = Gateway.builder().backend(OneThreadBackend.onSystemTime()).build();
    sessionId =
        gateway.startSession(SessionSpec.of("dispatch", "/tmp"), new BenchHost()).get().id();
    EchoConnection connection = new EchoConnection(form.equals("text"));
    connection.link = gateway.transports().acceptLocal(connection, sessionId);
    connection.link.receive(
        Hello.builder("echo")
            .session(sessionId)
            .tools(ToolDefinition.of("echo", "Echo the arguments back", parameters()))
            .build());
    args = schema.equals("typical") ? CODEC.parseJson(TYPICAL_ARGS) : WsScenario.callArgs();
    CallResult first = call();
    if (!(first.outcome() instanceof ToolOutcome.Success)) {
      throw new IllegalStateException("the echo call failed: " + first.outcome());
    }
  }

  private JsonNode parameters() {
    return switch (schema) {
      case "none" -> CODEC.parseJson("{\"type\":\"object\"}");
      case "load" -> LocalScenario.schema();
      case "typical" -> CODEC.parseJson(TYPICAL_SCHEMA);
      default -> throw new IllegalArgumentException("schema: none, load or typical, not " + schema);
    };
  }

  @TearDown
  public void tearDown() {
    gateway.close();
  }

  @Benchmark
  public CallResult call() {
    // On the direct executor the call is complete when callTool returns.
    return gateway.callTool(sessionId, "echo", args, null).getNow(null);
  }
}
