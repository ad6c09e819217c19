package io.github.providergateway.gateway.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.host.api.CallResult;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.loop.testing.ManualBackend;
import io.github.providergateway.loop.testing.ManualClock;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Limits;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.json.ProtocolCodec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * A gateway on a manual clock with a direct executor: everything runs on the test thread, and every
 * timeout fires only when the test advances time (regex work is counted in steps, not time, so a
 * match's outcome never depends on how busy the machine is either). Helpers speak the provider
 * side: each connection is a {@link RecordingProviderConnection}, each session's host a {@link
 * RecordingSessionHost}.
 *
 * <pre>{@code
 * try (var fixture = GatewayFixture.create()) {
 *   String session = fixture.startSession("demo");
 *   var provider = fixture.bound("screenshot", session, GatewayFixture.tool("shot"));
 *   var call = fixture.call(session, "shot", "{}");
 *   provider.next(ToolCall.class);  // what the gateway sent the provider
 * }
 * }</pre>
 *
 * <p>Not thread-safe: one test thread drives it.
 */
public final class GatewayFixture implements AutoCloseable {

  /** The codec the helpers parse JSON with. */
  public static final ProtocolCodec CODEC = ProtocolCodec.create();

  /** The gateway's clock and scheduler: advance it to fire timeouts. */
  public final ManualClock clock = new ManualClock();

  /** The gateway under test, on {@link #clock} and a direct executor. */
  public final Gateway gateway;

  private final Map<String, RecordingSessionHost> hosts = new HashMap<>();

  /** Every connection made here, in order: a test can search what each was sent. */
  private final List<RecordingProviderConnection> connections = new ArrayList<>();

  /** Every spawn token issued here, in order. */
  private final List<String> spawnTokens = new ArrayList<>();

  private GatewayFixture(
      UnaryOperator<ManualBackend> backend, Consumer<Gateway.Builder> customizer) {
    Gateway.Builder builder = Gateway.builder().backend(backend.apply(clock.backend()));
    customizer.accept(builder);
    gateway = builder.build();
  }

  /**
   * A gateway with the spec's limits and no home directory.
   *
   * @return the fixture; close it after the test
   */
  public static GatewayFixture create() {
    return new GatewayFixture(UnaryOperator.identity(), b -> {});
  }

  /**
   * A gateway with its home in {@code home} (token file, persist dirs).
   *
   * @param home the gateway's home directory
   * @return the fixture; close it after the test
   */
  public static GatewayFixture withHome(Path home) {
    return new GatewayFixture(UnaryOperator.identity(), b -> b.home(home));
  }

  /**
   * A gateway configured further by {@code customizer}, after the fixture's own settings.
   *
   * @param customizer changes the builder before the gateway is built
   * @return the fixture; close it after the test
   */
  public static GatewayFixture with(Consumer<Gateway.Builder> customizer) {
    return new GatewayFixture(UnaryOperator.identity(), customizer);
  }

  /**
   * A gateway whose backend is the fixture's ({@link ManualClock#backend()}: {@link #clock}, direct
   * executors, generators seeded with 42) changed by {@code backend}: a held loop, a generator the
   * test pins.
   *
   * @param backend changes the fixture's backend, such as {@code t -> t.withLoopExecutor(held)}
   * @return the fixture; close it after the test
   */
  public static GatewayFixture withBackend(UnaryOperator<ManualBackend> backend) {
    return new GatewayFixture(backend, b -> {});
  }

  /**
   * A gateway with its backend changed by {@code backend} (as {@link #withBackend}) and the rest by
   * {@code customizer}.
   *
   * @param backend changes the fixture's backend
   * @param customizer changes the builder before the gateway is built
   * @return the fixture; close it after the test
   */
  public static GatewayFixture with(
      UnaryOperator<ManualBackend> backend, Consumer<Gateway.Builder> customizer) {
    return new GatewayFixture(backend, customizer);
  }

  /**
   * A gateway with limits changed by {@code change}.
   *
   * @param change changes the spec's default limits
   * @return the fixture; close it after the test
   */
  public static GatewayFixture withLimits(Consumer<Limits.Builder> change) {
    Limits.Builder limits = Limits.defaults().toBuilder();
    change.accept(limits);
    Limits built = limits.build();
    return new GatewayFixture(UnaryOperator.identity(), b -> b.limits(built));
  }

  // ---- sessions ----

  /**
   * Starts a session labelled {@code label} in {@code /code/<label>}.
   *
   * @param label the session's label
   * @return the session's id; its host is {@link #host(String)}
   */
  public String startSession(String label) {
    return startSession(SessionSpec.of(label, "/code/" + label));
  }

  /**
   * Starts a session.
   *
   * @param spec the session's label, working directory and more
   * @return the session's id; its host is {@link #host(String)}
   */
  public String startSession(SessionSpec spec) {
    RecordingSessionHost host = new RecordingSessionHost();
    String id = done(gateway.startSession(spec, host)).id();
    hosts.put(id, host);
    return id;
  }

  /**
   * Starts a session labelled {@code label} in {@code /code/<label>} when other threads drive the
   * gateway too (real child processes answering from their own threads): the loop may then be
   * draining on one of them, so the answer can come a moment after the call returns. Waits for it,
   * at most 10 s.
   *
   * @param label the session's label
   * @return the session's id; its host is {@link #host(String)}
   */
  public String startSessionAlongsideOtherThreads(String label) {
    RecordingSessionHost host = new RecordingSessionHost();
    String id = awaited(gateway.startSession(SessionSpec.of(label, "/code/" + label), host)).id();
    hosts.put(id, host);
    return id;
  }

  /**
   * The host of a session this fixture started.
   *
   * @param sessionId the session's id
   * @return its host, which keeps what the gateway told it; null for a session not started here
   */
  public RecordingSessionHost host(String sessionId) {
    return hosts.get(sessionId);
  }

  /**
   * Runs {@code action} for each session the gateway starts from now on, on the gateway's loop.
   *
   * @param action what to do with the started session
   */
  public void onSessionStarted(Consumer<SessionInfo> action) {
    gateway
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void sessionStarted(SessionInfo info) {
                action.accept(info);
              }
            });
  }

  /**
   * Runs {@code action} for each decision the gateway records from now on (the audit trail's).
   *
   * @param action what to do with the decision
   */
  public void onDecided(Consumer<Decision> action) {
    gateway
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void decided(Decision decision) {
                action.accept(decision);
              }
            });
  }

  /** Lets the registration debounce window pass. */
  public void settle() {
    clock.advance(gateway.limits().registration().registrationDebounce());
  }

  // ---- providers ----

  /**
   * A new WebSocket-style connection in {@code AWAIT_AUTH}.
   *
   * @return the connection, attached to the gateway
   */
  public RecordingProviderConnection connect() {
    RecordingProviderConnection conn = made("test#");
    return conn.attach(gateway.transports().acceptWebSocket(conn));
  }

  /**
   * A new connection of a provider spawned for {@code sessionId} and reached over a channel of its
   * own, as the stdio transport's ({@code Gateway.transports().acceptSpawned}): authenticated by
   * being spawned, in {@code AWAIT_HELLO}, its {@code sessions} not yet taken.
   *
   * @param sessionId the session that spawned it
   * @return the connection, attached to the gateway
   */
  public RecordingProviderConnection connectSpawned(String sessionId) {
    RecordingProviderConnection conn = made("stdio#");
    return conn.attach(gateway.transports().acceptSpawned(conn, sessionId));
  }

  /**
   * {@link #connectSpawned(String)} for a provider the host spawned as {@code spawnName} ({@code
   * Gateway.transports().acceptSpawned(connection, sessionId, spawnName)}), which a restart names.
   *
   * @param sessionId the session that spawned it
   * @param spawnName what the host spawned it as
   * @return the connection, attached to the gateway
   */
  public RecordingProviderConnection connectSpawned(String sessionId, String spawnName) {
    RecordingProviderConnection conn = made("stdio#");
    return conn.attach(gateway.transports().acceptSpawned(conn, sessionId, spawnName));
  }

  /**
   * A new in-process connection (internal trust) in {@code AWAIT_HELLO}.
   *
   * @param homeSessionId the session it binds to when its {@code hello} names none
   * @return the connection, attached to the gateway
   */
  public RecordingProviderConnection connectLocal(String homeSessionId) {
    RecordingProviderConnection conn = made("local#");
    return conn.attach(gateway.transports().acceptLocal(conn, homeSessionId));
  }

  /**
   * A connection authenticated with the gateway token; its {@code sessions} already taken.
   *
   * @return the connection, in {@code AWAIT_HELLO}
   */
  public RecordingProviderConnection authenticated() {
    RecordingProviderConnection conn = connect();
    conn.send(Auth.withToken(gateway.credentials().providerToken()));
    conn.next(Sessions.class);
    return conn;
  }

  /**
   * A connection paired to {@code sessionId} (external trust): it asked to pair, and the code shown
   * in that session's timeline was typed back. Its {@code sessions} (with the external token) is
   * given to {@code sessionsOut}.
   *
   * @param sessionId the session whose timeline shows the code
   * @param sessionsOut takes the {@code sessions} message the pairing ended with
   * @return the connection, in {@code AWAIT_HELLO}
   */
  public RecordingProviderConnection paired(
      String sessionId, java.util.function.Consumer<Sessions> sessionsOut) {
    RecordingProviderConnection conn = connect();
    conn.send(io.github.providergateway.protocol.Auth.pair());
    conn.next(io.github.providergateway.protocol.AuthPairing.class);
    conn.send(new io.github.providergateway.protocol.AuthConfirm(pairingCode(sessionId)));
    Sessions sessions = conn.next(Sessions.class);
    sessionsOut.accept(sessions);
    return conn;
  }

  /**
   * The latest pairing code shown in a session's timeline.
   *
   * @param sessionId a session this fixture started
   * @return the six digits
   * @throws AssertionError when the timeline shows none
   */
  public String pairingCode(String sessionId) {
    var logs = host(sessionId).logs;
    for (int i = logs.size() - 1; i >= 0; i--) {
      var matcher =
          java.util.regex.Pattern.compile("Pairing code: (\\d{6})").matcher(logs.get(i).text());
      if (matcher.find()) {
        return matcher.group(1);
      }
    }
    throw new AssertionError("no pairing code in the timeline of " + sessionId);
  }

  /**
   * A connection authenticated with a spawn token issued for {@code sessionId}; its {@code
   * sessions} already taken.
   *
   * @param sessionId the session the token is for
   * @return the connection, in {@code AWAIT_HELLO}
   */
  public RecordingProviderConnection spawned(String sessionId) {
    RecordingProviderConnection conn = connect();
    conn.send(Auth.withToken(spawnToken(gateway.spawning().issueSpawnToken(sessionId))));
    conn.next(Sessions.class);
    return conn;
  }

  /**
   * A connection authenticated with a spawn token issued for {@code sessionId} and a provider the
   * host spawns as {@code spawnName}; its {@code sessions} already taken.
   *
   * @param sessionId the session the token is for
   * @param spawnName what the host spawns it as
   * @return the connection, in {@code AWAIT_HELLO}
   */
  public RecordingProviderConnection spawned(String sessionId, String spawnName) {
    RecordingProviderConnection conn = connect();
    conn.send(Auth.withToken(spawnToken(gateway.spawning().issueSpawnToken(sessionId, spawnName))));
    conn.next(Sessions.class);
    return conn;
  }

  /**
   * A provider bound with {@code hello} over a gateway-token connection; its {@code hello.ack} and
   * {@code session.lifecycle started} already taken.
   *
   * @param hello what the provider declares
   * @return the connection, bound
   */
  public RecordingProviderConnection bound(Hello hello) {
    RecordingProviderConnection conn = authenticated();
    conn.send(hello);
    conn.next(HelloAck.class);
    conn.next(SessionLifecycle.class);
    return conn;
  }

  /**
   * A provider bound as {@link #bound(Hello)} does, waiting up to {@code wait} for each answer: for
   * a test where another thread (an MCP front door's reader, a transport) also drives the gateway
   * and may be running its loop when the provider speaks, so the answer comes on that thread a
   * moment later.
   *
   * @param hello what the provider declares
   * @param wait how long each answer may take
   * @return the connection, bound
   */
  public RecordingProviderConnection boundAcrossThreads(Hello hello, Duration wait) {
    RecordingProviderConnection conn = connect();
    conn.send(Auth.withToken(gateway.credentials().providerToken()));
    awaitNext(conn, Sessions.class, wait);
    conn.send(hello);
    awaitNext(conn, HelloAck.class, wait);
    awaitNext(conn, SessionLifecycle.class, wait);
    return conn;
  }

  private static <T extends GatewayMessage> void awaitNext(
      RecordingProviderConnection conn, Class<T> type, Duration wait) {
    conn.await(1, wait);
    conn.next(type);
  }

  /**
   * A provider bound with a minimal {@code hello} ({@link #bound(Hello)}).
   *
   * @param name the provider's name
   * @param sessionId the session it binds to
   * @param tools the tools it declares
   * @return the connection, bound
   */
  public RecordingProviderConnection bound(String name, String sessionId, ToolDefinition... tools) {
    return bound(Hello.builder(name).session(sessionId).tools(tools).build());
  }

  private RecordingProviderConnection made(String prefix) {
    RecordingProviderConnection conn =
        new RecordingProviderConnection(prefix + (connections.size() + 1));
    connections.add(conn);
    return conn;
  }

  private String spawnToken(CompletableFuture<String> issued) {
    String token = done(issued);
    spawnTokens.add(token);
    return token;
  }

  /**
   * Every connection this fixture made ({@link #connect}, {@link #connectSpawned}, {@link
   * #connectLocal} and the helpers built on them), for a test that searches what they were sent.
   *
   * @return the connections, oldest first
   */
  public List<RecordingProviderConnection> connections() {
    return List.copyOf(connections);
  }

  /**
   * Every spawn token this fixture issued ({@link #spawned(String)}, {@link #spawned(String,
   * String)}); not those a test asks the gateway for itself.
   *
   * @return the tokens, oldest first
   */
  public List<String> spawnTokensIssued() {
    return List.copyOf(spawnTokens);
  }

  // ---- values ----

  /**
   * A tool with an object schema.
   *
   * @param name the tool's name
   * @return its definition
   */
  public static ToolDefinition tool(String name) {
    return ToolDefinition.of(name, "Tool " + name, json("{\"type\":\"object\"}"));
  }

  /**
   * Parses JSON text.
   *
   * @param text JSON
   * @return the tree
   */
  public static JsonNode json(String text) {
    return CODEC.parseJson(text);
  }

  /**
   * Calls a tool with no host timeout.
   *
   * @param sessionId the session
   * @param tool the tool's name
   * @param args the arguments, as JSON text
   * @return the call's result, complete once the provider answered
   */
  public CompletableFuture<CallResult> call(String sessionId, String tool, String args) {
    return gateway.callTool(sessionId, tool, json(args), null);
  }

  /**
   * Calls a tool with a host timeout.
   *
   * @param sessionId the session
   * @param tool the tool's name
   * @param args the arguments, as JSON text
   * @param timeout the host's timeout, or null for the tool's own
   * @return the call's result, complete once the provider answered or the timeout passed
   */
  public CompletableFuture<CallResult> call(
      String sessionId, String tool, String args, Duration timeout) {
    return gateway.callTool(sessionId, tool, json(args), timeout);
  }

  /**
   * The value of a future that must already be complete (the executor is direct).
   *
   * @param <T> the value's type
   * @param future a complete future
   * @return its value
   * @throws AssertionError when it is not complete
   */
  public static <T> T done(CompletableFuture<T> future) {
    assertThat(future).isDone();
    return future.join();
  }

  /**
   * The value of a future another thread may still be completing: for tests where other threads
   * drive the gateway too, so the serial loop may be draining on one of them. Waits at most 10 s.
   *
   * @param <T> the value's type
   * @param future the future
   * @return its value
   * @throws AssertionError when it is not complete within 10 s, or completed exceptionally
   */
  public static <T> T awaited(CompletableFuture<T> future) {
    try {
      return future.get(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted waiting for the gateway's answer", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new AssertionError("the gateway's answer did not come within 10 s: " + e, e);
    }
  }

  /** Closes the gateway. */
  @Override
  public void close() {
    gateway.close();
  }
}
