package io.github.providergateway.gateway.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.CallResult;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.SessionSpec;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A gateway on a manual clock with a direct executor: everything runs on the test thread, and
 * every timeout fires only when the test advances time; regex time stands still unless a test
 * passes a {@code regexTimer} of its own. Helpers speak the provider side.
 */
public final class GatewayFixture implements AutoCloseable {

  public static final ProtocolCodec CODEC = ProtocolCodec.create();

  public final ManualClock clock = new ManualClock();
  public final Gateway gateway;
  private final Map<String, RecordingSessionHost> hosts = new HashMap<>();
  private int connections;

  private GatewayFixture(Consumer<Gateway.Builder> customizer) {
    Gateway.Builder builder =
        Gateway.builder()
            .clock(clock)
            .scheduler(clock)
            .executor(Runnable::run)
            .ioExecutor(Runnable::run)
            .random(new SplittableRandom(42))
            // Regex time is injected like every other time: a frozen timer never cuts a match
            // off nor spends a budget, so an outcome never depends on how busy the machine is.
            // Tests of the deadlines and budgets pass a timer of their own.
            .regexTimer(() -> 0L);
    customizer.accept(builder);
    gateway = builder.build();
  }

  /** A gateway with the spec's limits and no home directory. */
  public static GatewayFixture create() {
    return new GatewayFixture(b -> {});
  }

  /** A gateway with its home in {@code home} (token file, persist dirs). */
  public static GatewayFixture withHome(Path home) {
    return new GatewayFixture(b -> b.home(home));
  }

  /** A gateway configured further by {@code customizer}. */
  public static GatewayFixture with(Consumer<Gateway.Builder> customizer) {
    return new GatewayFixture(customizer);
  }

  /** A gateway with limits changed by {@code change}. */
  public static GatewayFixture withLimits(Consumer<Limits.Builder> change) {
    Limits.Builder limits = Limits.defaults().toBuilder();
    change.accept(limits);
    Limits built = limits.build();
    return new GatewayFixture(b -> b.limits(built));
  }

  // ---- sessions ----

  /** Starts a session and returns its id; its host is {@link #host(String)}. */
  public String startSession(String label) {
    return startSession(SessionSpec.of(label, "/code/" + label));
  }

  public String startSession(SessionSpec spec) {
    RecordingSessionHost host = new RecordingSessionHost();
    String id = done(gateway.startSession(spec, host)).id();
    hosts.put(id, host);
    return id;
  }

  public RecordingSessionHost host(String sessionId) {
    return hosts.get(sessionId);
  }

  /** Lets the registration debounce window pass. */
  public void settle() {
    clock.advance(gateway.limits().registrationDebounce());
  }

  // ---- providers ----

  /** A new WebSocket-style connection in AwaitAuth. */
  public RecordingProviderConnection connect() {
    RecordingProviderConnection conn = new RecordingProviderConnection("test#" + (++connections));
    return conn.attach(gateway.acceptWebSocket(conn));
  }

  /** A new in-process connection (internal trust) in AwaitHello. */
  public RecordingProviderConnection connectLocal(String homeSessionId) {
    RecordingProviderConnection conn = new RecordingProviderConnection("local#" + (++connections));
    return conn.attach(gateway.acceptLocal(conn, homeSessionId));
  }

  /** A connection authenticated with the gateway token; its {@code sessions} already taken. */
  public RecordingProviderConnection authenticated() {
    RecordingProviderConnection conn = connect();
    conn.send(Auth.withToken(gateway.providerToken()));
    conn.next(Sessions.class);
    return conn;
  }

  /**
   * A connection paired to {@code sessionId} (external trust): it asked to pair, and the code
   * shown in that session's timeline was typed back. Its {@code sessions} (with the external
   * token) is returned through {@code sessionsOut} when given.
   */
  public RecordingProviderConnection paired(String sessionId, java.util.function.Consumer<Sessions> sessionsOut) {
    RecordingProviderConnection conn = connect();
    conn.send(io.github.providergateway.protocol.Auth.pair());
    conn.next(io.github.providergateway.protocol.AuthPairing.class);
    conn.send(new io.github.providergateway.protocol.AuthConfirm(pairingCode(sessionId)));
    Sessions sessions = conn.next(Sessions.class);
    sessionsOut.accept(sessions);
    return conn;
  }

  /** The latest pairing code shown in {@code sessionId}'s timeline. */
  public String pairingCode(String sessionId) {
    var logs = host(sessionId).logs;
    for (int i = logs.size() - 1; i >= 0; i--) {
      var matcher = java.util.regex.Pattern.compile("Pairing code: (\\d{6})").matcher(logs.get(i).text());
      if (matcher.find()) {
        return matcher.group(1);
      }
    }
    throw new AssertionError("no pairing code in the timeline of " + sessionId);
  }

  /** A connection authenticated with a token issued for a provider spawned in {@code sessionId}. */
  public RecordingProviderConnection spawned(String sessionId) {
    RecordingProviderConnection conn = connect();
    conn.send(Auth.withToken(done(gateway.issueSpawnToken(sessionId))));
    conn.next(Sessions.class);
    return conn;
  }

  /**
   * A provider bound with {@code hello} over a gateway-token connection; its {@code hello.ack} and
   * {@code session.lifecycle started} already taken.
   */
  public RecordingProviderConnection bound(Hello hello) {
    RecordingProviderConnection conn = authenticated();
    conn.send(hello);
    conn.next(HelloAck.class);
    conn.next(SessionLifecycle.class);
    return conn;
  }

  /** A provider named {@code name} bound to {@code sessionId} with {@code tools}. */
  public RecordingProviderConnection bound(String name, String sessionId, ToolDefinition... tools) {
    return bound(Hello.builder(name).session(sessionId).tools(tools).build());
  }

  // ---- values ----

  /** A tool with an object schema. */
  public static ToolDefinition tool(String name) {
    return ToolDefinition.of(name, "Tool " + name, json("{\"type\":\"object\"}"));
  }

  public static JsonNode json(String text) {
    return CODEC.parseJson(text);
  }

  /** Calls a tool with {@code args} and no host timeout. */
  public CompletableFuture<CallResult> call(String sessionId, String tool, String args) {
    return gateway.callTool(sessionId, tool, json(args), null);
  }

  public CompletableFuture<CallResult> call(
      String sessionId, String tool, String args, Duration timeout) {
    return gateway.callTool(sessionId, tool, json(args), timeout);
  }

  /** The value of a future that must already be complete (the executor is direct). */
  public static <T> T done(CompletableFuture<T> future) {
    assertThat(future).isDone();
    return future.join();
  }

  @Override
  public void close() {
    gateway.close();
  }
}
