package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A new session's first tool list, when someone waits for it ({@link Gateway#providersSettled}: an
 * agent window's first {@code tools/list}), is registered without the 200 ms debounce (issue 46);
 * later changes, and a first list nobody waits for, are debounced as ever (R-TOOL-03). On the
 * manual clock: "no tick" means the clock never moved.
 */
class FirstToolListTest {

  private final GatewayFixture f = GatewayFixture.create();
  private final String session = f.startSession("agent");

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void theFirstListSomeoneWaitsForIsRegisteredWithoutATick() {
    f.bound("greeter", session, tool("greet"));
    assertThat(f.host(session).registrations).as("the debounce is under way").isEmpty();

    CompletableFuture<Void> settled = f.gateway.providersSettled(session);

    assertThat(settled).isCompleted();
    assertThat(f.host(session).registrations)
        .singleElement()
        .satisfies(r -> assertThat(r.names()).containsExactly("greet"));
  }

  @Test
  void aLaterChangeStillWaitsOutTheDebounce() {
    f.bound("greeter", session, tool("greet"));
    assertThat(f.gateway.providersSettled(session)).isCompleted();

    f.bound("waver", session, tool("wave"));
    CompletableFuture<Void> settled = f.gateway.providersSettled(session);

    assertThat(settled).isNotDone();
    f.clock.advance(Duration.ofMillis(199));
    assertThat(settled).isNotDone();
    assertThat(f.host(session).registrations).hasSize(1);
    f.clock.advance(Duration.ofMillis(1));
    assertThat(settled).isCompleted();
    assertThat(f.host(session).registrations)
        .last()
        .satisfies(r -> assertThat(r.names()).containsExactlyInAnyOrder("greet", "wave"));
  }

  @Test
  void aFirstListNobodyWaitsForIsDebounced() {
    f.bound("greeter", session, tool("greet"));

    f.clock.advance(Duration.ofMillis(199));
    assertThat(f.host(session).registrations).isEmpty();
    f.clock.advance(Duration.ofMillis(1));
    assertThat(f.host(session).registrations).hasSize(1);
  }
}
