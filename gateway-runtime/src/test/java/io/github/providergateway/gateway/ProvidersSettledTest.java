package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Sessions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Gateway#providersSettled}: a session is settled once every provider the host started for
 * it has bound or gone (or had 30 s) and its tools are registered with the host (issue 34: a
 * one-shot MCP client's {@code tools/list} was answered before the session's config providers could
 * bind). On the manual clock.
 */
class ProvidersSettledTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("agent");

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void aSessionWithNothingStartingIsSettledAtOnce() {
    assertThat(f.gateway.providersSettled(session)).isCompleted();
    assertThat(f.gateway.providersSettled("s-nobody")).as("no such session").isCompleted();
  }

  @Test
  void aSpawnedProvidersSessionSettlesOnceItBoundAndTheHostHasItsTools() {
    String token = done(f.gateway.spawning().issueSpawnToken(session, "greeter"));
    CompletableFuture<Void> settled = f.gateway.providersSettled(session);
    assertThat(settled).isNotDone();

    RecordingProviderConnection greeter = f.connect();
    greeter.send(io.github.providergateway.protocol.Auth.withToken(token));
    greeter.next(Sessions.class);
    greeter.send(Hello.builder("greeter").tools(List.of(GatewayFixture.tool("greet"))).build());
    greeter.next(HelloAck.class);

    // The session's first list: registered without the debounce for the one who waits (issue 46).
    assertThat(settled).isCompleted();
    assertThat(f.host(session).registrations)
        .last()
        .satisfies(r -> assertThat(r.names()).contains("greet"));
  }

  @Test
  void aSpawnedConnectionThatClosesUnboundSettlesItsSession() {
    RecordingProviderConnection stdio = f.connectSpawned(session, "greeter");
    stdio.next(Sessions.class);
    CompletableFuture<Void> settled = f.gateway.providersSettled(session);
    assertThat(settled).isNotDone();

    stdio.drop();

    assertThat(settled).isCompleted();
  }

  @Test
  void aProviderThatNeverComesIsWaitedForThirtySecondsNotOneTickLonger() {
    f.gateway.spawning().issueSpawnToken(session, "crashes-at-start");
    CompletableFuture<Void> settled = f.gateway.providersSettled(session);

    f.clock.advance(Duration.ofSeconds(30).minusMillis(1));
    assertThat(settled).isNotDone();
    f.clock.advance(Duration.ofMillis(1));

    assertThat(settled).isCompleted();
  }

  @Test
  void anEndingSessionSettlesWhoWaits() {
    f.gateway.spawning().issueSpawnToken(session, "greeter");
    CompletableFuture<Void> settled = f.gateway.providersSettled(session);

    f.gateway.endSession(session, Duration.ZERO);
    f.clock.advance(Duration.ZERO);

    assertThat(settled).isCompleted();
  }

  /**
   * An announced provider that never started is no reason to wait once its session has ended: the
   * waiter settles with the end, not 30 s later, and the announcement's timer goes with it.
   */
  @Test
  void anEndingSessionSettlesWhoWaitsForAnAnnouncedProviderAtOnce() {
    f.gateway.spawning().expectProviders(session, List.of("greeter"));
    CompletableFuture<Void> settled = f.gateway.providersSettled(session);
    int timersBefore = f.clock.pendingTasks();

    f.gateway.endSession(session, Duration.ZERO);
    f.clock.advance(Duration.ZERO);

    assertThat(settled).isCompleted();
    assertThat(f.clock.pendingTasks())
        .as("the announcement's 30 s timer is cancelled with its session")
        .isLessThan(timersBefore);
  }

  /**
   * The host announces what it will start as the session starts, so that a client asking before the
   * processes run already waits; the announced provider and its spawn are one, and one that could
   * not start is waited for no longer.
   */
  @Test
  void announcedProvidersAreWaitedForBeforeTheyStartAndNotAfterTheyFailed() {
    f.gateway.spawning().expectProviders(session, List.of("greeter", "broken"));
    CompletableFuture<Void> settled = f.gateway.providersSettled(session);
    assertThat(settled).isNotDone();

    RecordingProviderConnection stdio = f.connectSpawned(session, "greeter");
    stdio.next(Sessions.class);
    stdio.send(Hello.builder("greeter").tools(List.of(GatewayFixture.tool("greet"))).build());
    stdio.next(HelloAck.class);
    f.clock.advance(Duration.ofMillis(200));
    assertThat(settled).as("'broken' is still announced").isNotDone();

    f.gateway.spawning().providerNotStarted(session, "broken");

    assertThat(settled).isCompleted();
  }

  /**
   * An announced provider whose process starts late gets its own 30 s from its start, and its
   * binding ends the wait: the announcement and the start are one provider starting, not two.
   */
  @Test
  void anAnnouncedProviderIsWaitedForThirtySecondsFromItsStartAndItsBindingSettles() {
    f.gateway.spawning().expectProviders(session, List.of("greeter"));
    CompletableFuture<Void> settled = f.gateway.providersSettled(session);
    f.clock.advance(Duration.ofSeconds(20));
    RecordingProviderConnection stdio = f.connectSpawned(session, "greeter");
    stdio.next(Sessions.class);

    f.clock.advance(Duration.ofSeconds(29));
    assertThat(settled).as("49 s after the announcement, 29 s after the start").isNotDone();

    stdio.send(Hello.builder("greeter").tools(List.of(GatewayFixture.tool("greet"))).build());
    stdio.next(HelloAck.class);
    f.clock.advance(Duration.ofMillis(200));
    assertThat(settled).isCompleted();
  }

  /**
   * Whoever waits for a session to settle meets a gateway whose listeners have heard the binding
   * that settled it: an agent's hook call waiting for its session's configured providers is decided
   * as the waiter completes, and the reference app's record of the home's gates learns of a bound
   * provider from {@code providerConnected}. With the settling before the listeners heard it, a
   * loaded machine's first call was denied because that provider's gates were "not known yet".
   */
  @Test
  void aWaiterSettledByABindingMeetsListenersThatHeardTheBinding() {
    List<String> heard = new java.util.ArrayList<>();
    f.gateway
        .monitor()
        .addListener(
            new io.github.providergateway.gateway.event.GatewayListener() {
              @Override
              public void providerConnected(
                  io.github.providergateway.host.api.ProviderInfo provider) {
                heard.add(provider.name());
              }
            });
    RecordingProviderConnection stdio = f.connectSpawned(session, "push-guard");
    stdio.next(Sessions.class);
    List<String> heardWhenSettled = new java.util.ArrayList<>();
    CompletableFuture<Void> settled =
        f.gateway.providersSettled(session).thenRun(() -> heardWhenSettled.addAll(heard));
    assertThat(settled).isNotDone();

    stdio.send(Hello.builder("push-guard").build()); // gates only: nothing to register
    stdio.next(HelloAck.class);

    assertThat(settled).isCompleted();
    assertThat(heardWhenSettled).containsExactly("push-guard");
  }

  // ---- providers started when wanted (issue 46: a health check starts none) ----

  /**
   * A host that starts a session's providers when wanted is asked at the first wait for them, once,
   * and that wait already waits for what it starts; until then nothing is started.
   */
  @Test
  void providersStartedWhenWantedStartAtTheFirstWaitAndThatWaitWaitsForThem() {
    List<String> starts = startGreeterWhenWanted();
    f.clock.advance(Duration.ofSeconds(60));
    assertThat(starts).as("nobody has asked for the session's providers").isEmpty();

    CompletableFuture<Void> settled = f.gateway.providersSettled(session);

    assertThat(starts).containsExactly(session);
    assertThat(settled).as("waits for what the first wait started").isNotDone();
    CompletableFuture<Void> second = f.gateway.providersSettled(session);
    assertThat(starts).as("started once").hasSize(1);
    bindSpawned("greeter", "greet");
    f.clock.advance(Duration.ofMillis(200));
    assertThat(settled).isCompleted();
    assertThat(second).isCompleted();
  }

  /** A session that ends, or is ending, before anyone waits for its providers never starts them. */
  @Test
  void aSessionThatEndsBeforeItsProvidersAreWantedNeverStartsThem() {
    List<String> starts = startGreeterWhenWanted();
    bindSpawned("by-hand", "stay");

    f.gateway.endSession(session, Duration.ofSeconds(5)); // ending: by-hand has 5 s to be ready
    assertThat(f.gateway.providersSettled(session)).as("while it ends").isCompleted();
    f.clock.advance(Duration.ofSeconds(5));
    assertThat(f.gateway.providersSettled(session)).as("once it ended").isCompleted();

    assertThat(starts).isEmpty();
  }

  /**
   * Has the host start the session's providers when wanted, starting {@code greeter}; {@return the
   * sessions it was asked to start, in order}.
   */
  private List<String> startGreeterWhenWanted() {
    List<String> starts = new java.util.ArrayList<>();
    f.gateway
        .spawning()
        .startProvidersWhenWanted(
            session,
            () -> {
              starts.add(session);
              return List.of("greeter");
            });
    return starts;
  }

  /** A provider spawned as {@code name} for the session, bound with the tool {@code tool}. */
  private void bindSpawned(String name, String tool) {
    RecordingProviderConnection spawned = f.connectSpawned(session, name);
    spawned.next(Sessions.class);
    spawned.send(Hello.builder(name).tools(List.of(GatewayFixture.tool(tool))).build());
    spawned.next(HelloAck.class);
  }
}
