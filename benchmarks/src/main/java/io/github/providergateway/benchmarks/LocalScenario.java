package io.github.providergateway.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.host.api.ToolOutcome;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.provider.JavaProvider;
import io.github.providergateway.provider.ProviderSession;
import io.github.providergateway.transport.local.LocalProviderTransport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The in-process transport: a {@link JavaProvider} echo tool behind {@link LocalProviderTransport},
 * called through the host API.
 */
final class LocalScenario implements AutoCloseable {

  final Gateway gateway;
  final String sessionId;
  private final ProviderSession provider;

  private LocalScenario(Gateway gateway, String sessionId, ProviderSession provider) {
    this.gateway = gateway;
    this.sessionId = sessionId;
    this.provider = provider;
  }

  /**
   * A gateway and an echo provider. With {@code oneThread}, the gateway loop and the provider both
   * run on the calling thread (direct executors), so a call completes inside {@code callTool}: the
   * CPU cost of the whole round trip on one core. Otherwise the production set-up: the gateway's
   * loop thread and the provider's own thread.
   */
  static LocalScenario start(boolean oneThread) throws Exception {
    Gateway.Builder builder = Gateway.builder();
    if (oneThread) {
      builder.backend(OneThreadBackend.onSystemTime());
    }
    Gateway gateway = builder.build();
    String sessionId =
        gateway
            .startSession(SessionSpec.of("local", "/tmp/local"), new BenchHost())
            .get(10, TimeUnit.SECONDS)
            .id();
    JavaProvider echo =
        JavaProvider.builder("echo")
            .session(sessionId)
            .tool(
                ToolDefinition.of("echo", "Echo the arguments back", schema()),
                (args, call) -> CompletableFuture.completedFuture(args))
            .build();
    Executor direct = Runnable::run;
    ProviderSession session =
        oneThread
            ? LocalProviderTransport.connect(gateway, echo, sessionId, direct)
            : LocalProviderTransport.connect(gateway, echo, sessionId);
    session.bound().toCompletableFuture().get(10, TimeUnit.SECONDS);
    return new LocalScenario(gateway, sessionId, session);
  }

  static ObjectNode schema() {
    ObjectNode schema = JsonNodeFactory.instance.objectNode();
    schema.put("type", "object");
    schema.putObject("properties").putObject("text").put("type", "string");
    return schema;
  }

  /** One call, which on {@code start(true)} is complete when this returns. */
  CompletableFuture<CallResult> call(JsonNode args) {
    return gateway.callTool(sessionId, "echo", args, null);
  }

  /**
   * Calls per second on one thread, counted over {@code measure} after {@code warmup}.
   *
   * @throws IllegalStateException if a call did not complete at once or failed
   */
  static double oneThreadCallsPerSecond(Duration warmup, Duration measure) throws Exception {
    try (LocalScenario local = start(true)) {
      JsonNode args = WsScenario.callArgs();
      local.loop(args, warmup);
      return local.loop(args, measure);
    }
  }

  private double loop(JsonNode args, Duration duration) {
    long end = System.nanoTime() + duration.toNanos();
    long calls = 0;
    long start = System.nanoTime();
    long now;
    do {
      for (int i = 0; i < 1_000; i++) {
        CompletableFuture<CallResult> future = call(args);
        CallResult result = future.getNow(null);
        if (result == null || !(result.outcome() instanceof ToolOutcome.Success)) {
          throw new IllegalStateException(
              "a one-thread local call did not succeed at once: " + result);
        }
      }
      calls += 1_000;
      now = System.nanoTime();
    } while (now < end);
    return calls * 1e9 / (now - start);
  }

  /** Calls per second with the production threads and {@code inFlight} calls outstanding. */
  static double threadedCallsPerSecond(int inFlight, Duration warmup, Duration measure)
      throws Exception {
    try (LocalScenario local = start(false)) {
      return HostLoad.inFlight(
              HostLoad.roundRobin(
                  local.gateway,
                  List.of(new HostLoad.Target(local.sessionId, "echo")),
                  WsScenario.callArgs()),
              inFlight,
              warmup,
              measure,
              new Meter())
          .callsPerSecond();
    }
  }

  @Override
  public void close() {
    provider.close();
    gateway.close();
  }
}
