package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.Concurrency;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.ShutdownReady;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolDefinition;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import io.github.providergateway.protocol.ToolsUpdate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Thousands of random steps — connects, drops, goodbyes, rebinds, updates, pushes, calls and
 * answers, sessions starting and ending, time passing — with the gateway's invariants checked
 * after every step: no tool of a gone provider is registered anywhere, revisions only grow, and
 * in the end every call has exactly one outcome (architecture: Per-call life). The seed is in the
 * test name; a failure names the step.
 */
class RandomizedInvariantsTest {

  private static final List<String> TOOL_NAMES = List.of("alpha", "beta", "gamma", "delta", "omega");
  private static final int STEPS = 3_000;

  private GatewayFixture f;
  private SplittableRandom random;
  private final List<String> sessions = new ArrayList<>();
  private final List<Provider> providers = new ArrayList<>();
  private final List<CompletableFuture<CallResult>> calls = new ArrayList<>();
  private final List<CompletableFuture<Void>> ends = new ArrayList<>();
  /** The latest revision acked per provider id and session. */
  private final Map<String, Long> revisions = new HashMap<>();
  private int step;
  private int names;

  /** One provider connection the test drives. */
  private static final class Provider {
    final RecordingProviderConnection conn;
    String providerId;
    boolean gone;

    Provider(RecordingProviderConnection conn) {
      this.conn = conn;
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 20260426})
  void invariantsHoldAfterEveryRandomStep(long seed) {
    random = new SplittableRandom(seed);
    f = GatewayFixture.with(b -> b.random(new SplittableRandom(seed)));
    try {
      for (step = 0; step < STEPS; step++) {
        act();
        drainAll();
        checkInvariants();
      }
      // However it went, nothing waits forever once enough time passes.
      f.clock.advance(Duration.ofMinutes(2));
      drainAll();
      assertThat(calls).as("seed %d: every call ended", seed).allMatch(CompletableFuture::isDone);
      assertThat(ends).as("seed %d: every session end completed", seed).allMatch(CompletableFuture::isDone);
      // The walk must have reached the interesting paths, or the invariants prove little.
      Set<String> seen = new HashSet<>();
      for (CompletableFuture<CallResult> call : calls) {
        ToolOutcome outcome = call.join().outcome();
        seen.add(outcome instanceof ToolOutcome.Failure failure ? failure.code().name() : outcome.status().name());
      }
      assertThat(seen).as("seed %d: outcomes reached", seed)
          .contains("SUCCESS", "NOT_FOUND")
          .containsAnyOf("TIMEOUT", "DISCONNECTED", "CANCELLED")
          .hasSizeGreaterThanOrEqualTo(4);
    } finally {
      f.close();
    }
  }

  private void act() {
    int dice = random.nextInt(100);
    if (dice < 5 || sessions.isEmpty()) {
      sessions.add(f.startSession("s" + step));
    } else if (dice < 8 && sessions.size() > 1) {
      String session = sessions.remove(random.nextInt(sessions.size()));
      ends.add(f.gateway.endSession(session, Duration.ofMillis(random.nextInt(1, 3000))));
    } else if (dice < 20) {
      connect();
    } else if (dice < 24) {
      live().ifPresent(p -> {
        p.conn.drop();
        p.gone = true;
      });
    } else if (dice < 26) {
      live().ifPresent(p -> {
        p.conn.send(new Goodbye("bye"));
        p.gone = true;
      });
    } else if (dice < 32) {
      live().ifPresent(p -> p.conn.send(hello("rebound-" + (names++ % 4), randomSession())));
    } else if (dice < 42) {
      live().ifPresent(p -> p.conn.send(new ToolsUpdate(
          random.nextBoolean() ? "r" + step : null, null, randomTools(), random.nextBoolean() ? List.of("alpha") : null)));
    } else if (dice < 50) {
      live().ifPresent(p -> p.conn.send(Push.event(PushLevel.values()[random.nextInt(3)], "event " + step)));
    } else if (dice < 70) {
      String session = randomSession();
      calls.add(f.gateway.callTool(session, TOOL_NAMES.get(random.nextInt(TOOL_NAMES.size())), json("{}"),
          random.nextInt(4) == 0 ? Duration.ofMillis(random.nextInt(1, 5000)) : null));
    } else if (dice < 74) {
      live().ifPresent(p -> p.conn.sendText(random.nextBoolean() ? "{broken" : "{\"type\":\"tool.result\",\"id\":\"nope\"}"));
    } else if (dice < 78) {
      if (!sessions.isEmpty()) {
        f.gateway.interrupt(randomSession());
      }
    } else {
      f.clock.advance(Duration.ofMillis(random.nextInt(0, 3000)));
    }
  }

  private void connect() {
    RecordingProviderConnection conn = f.connect();
    conn.send(Auth.withToken(f.gateway.providerToken()));
    Provider provider = new Provider(conn);
    providers.add(provider);
    conn.send(hello("p" + (names++ % 6), randomSession()));
  }

  private Hello hello(String name, String session) {
    Hello.Builder hello = Hello.builder(name).session(session).tools(randomTools());
    if (random.nextInt(3) == 0) {
      hello.instance("i" + random.nextInt(3));
    }
    if (random.nextInt(4) == 0) {
      hello.concurrency(new Concurrency(random.nextInt(1, 3), null));
    }
    return hello.build();
  }

  private List<ToolDefinition> randomTools() {
    List<ToolDefinition> tools = new ArrayList<>();
    for (String name : TOOL_NAMES) {
      if (random.nextInt(3) == 0) {
        tools.add(tool(name).withTimeout(Duration.ofMillis(random.nextInt(100, 20_000))));
      }
    }
    return tools;
  }

  private String randomSession() {
    return sessions.isEmpty() ? "none" : sessions.get(random.nextInt(sessions.size()));
  }

  private java.util.Optional<Provider> live() {
    List<Provider> live = providers.stream().filter(p -> !p.gone && !p.conn.isClosed()).toList();
    return live.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(live.get(random.nextInt(live.size())));
  }

  /** Every provider reads what it got and answers like a real, somewhat unreliable provider would. */
  private void drainAll() {
    boolean more = true;
    while (more) {
      more = false;
      for (Provider p : new ArrayList<>(providers)) {
        for (GatewayMessage message : p.conn.drain()) {
          more = true;
          react(p, message);
        }
      }
    }
  }

  private void react(Provider p, GatewayMessage message) {
    if (message instanceof HelloAck ack) {
      p.providerId = ack.providerId();
    } else if (message instanceof Ack ack) {
      String key = p.providerId + "/" + ack.sessionId();
      Long before = revisions.put(key, ack.revision());
      assertThat(before == null || ack.revision() > before)
          .as("step %d: revision of %s went from %s to %s", step, key, before, ack.revision())
          .isTrue();
    } else if (message instanceof ToolCall call && !p.conn.isClosed()) {
      int dice = random.nextInt(10);
      if (dice < 5) {
        p.conn.send(ToolResult.success(call.id(), json("\"ok\"")));
      } else if (dice < 7) {
        p.conn.send(ToolResult.failure(call.id(), "no", ToolErrorCode.NOT_FOUND).withRetryable(random.nextBoolean()));
      } else if (dice == 7) {
        p.conn.send(ToolResult.success(call.id(), json("1")));
        p.conn.send(ToolResult.success(call.id(), json("2"))); // a duplicate
      }
      // else: never answers
    } else if (message instanceof ToolCancel cancel && !p.conn.isClosed() && random.nextBoolean()) {
      p.conn.send(ToolResult.cancelled(cancel.id()));
    } else if (message instanceof SessionLifecycle lifecycle
        && lifecycle.deadline() != null
        && !p.conn.isClosed()
        && random.nextBoolean()) {
      p.conn.send(new ShutdownReady(lifecycle.sessionId()));
    }
  }

  private void checkInvariants() {
    List<ProviderInfo> bound = done(f.gateway.providers());
    Set<String> goneIds = new HashSet<>();
    for (Provider p : providers) {
      if (p.conn.isClosed() || p.gone) {
        if (p.providerId != null) {
          goneIds.add(p.providerId);
        }
      }
    }
    Map<String, Set<String>> namesBySession = new HashMap<>();
    for (ProviderInfo info : bound) {
      assertThat(goneIds).as("step %d: %s is gone but still bound", step, info).doesNotContain(info.providerId());
      for (String session : info.sessions()) {
        namesBySession.computeIfAbsent(session, s -> new HashSet<>()).add(info.name());
      }
    }
    for (SessionInfo session : done(f.gateway.sessions())) {
      for (HostTool tool : done(f.gateway.tools(session.id()))) {
        if (!tool.provider().equals("gateway")) {
          assertThat(namesBySession.getOrDefault(session.id(), Set.of()))
              .as("step %d: tool %s in %s belongs to a bound provider", step, tool.name(), session.id())
              .contains(tool.provider());
        }
      }
    }
  }
}
