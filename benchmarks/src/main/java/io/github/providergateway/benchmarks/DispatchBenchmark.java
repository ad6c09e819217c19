package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.CallResult;
import io.github.providergateway.gateway.CloseReason;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.ProviderConnection;
import io.github.providergateway.gateway.ProviderLink;
import io.github.providergateway.gateway.SessionSpec;
import io.github.providergateway.gateway.ToolOutcome;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolResult;
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

  private Gateway gateway;
  private String sessionId;
  private JsonNode args;

  @Setup
  public void setUp() throws Exception {
    gateway = Gateway.builder().executor(Runnable::run).ioExecutor(Runnable::run).build();
    sessionId =
        gateway.startSession(SessionSpec.of("dispatch", "/tmp"), new BenchHost()).get().id();
    EchoConnection connection = new EchoConnection(form.equals("text"));
    connection.link = gateway.acceptLocal(connection, sessionId);
    connection.link.receive(
        Hello.builder("echo")
            .session(sessionId)
            .tools(ToolDefinition.of("echo", "Echo the arguments back", LocalScenario.schema()))
            .build());
    args = WsScenario.callArgs();
    CallResult first = call();
    if (!(first.outcome() instanceof ToolOutcome.Success)) {
      throw new IllegalStateException("the echo call failed: " + first.outcome());
    }
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

  /** Answers every {@code tool.call} at once, on the gateway's thread. */
  private static final class EchoConnection implements ProviderConnection {
    private final boolean text;
    ProviderLink link;

    EchoConnection(boolean text) {
      this.text = text;
    }

    @Override
    public boolean send(GatewayMessage message) {
      if (message instanceof ToolCall call) {
        ToolResult result = ToolResult.success(call.id(), call.args());
        if (text) {
          CODEC.encode(call); // what the WebSocket transport writes to the socket
          link.receive(CODEC.encode(result)); // and what it hands the gateway back
        } else {
          link.receive(result);
        }
      }
      return true;
    }

    @Override
    public void close(CloseReason reason) {
      // nothing to release
    }

    @Override
    public String describe() {
      return "echo";
    }
  }
}
