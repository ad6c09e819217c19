package io.github.providergateway.agent.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.gateway.testing.GatewayFixture;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The front door's limits at their edges, as a person configuring it meets them: each setter takes
 * its smallest allowed value and refuses the one below it with a message that names the setting, so
 * that no limit can be set to zero (a door that admits nothing, or a timer that fires at once) or
 * below the body a request needs. What each limit does once set is {@link McpHttpFrontDoorTest}'s
 * (a real socket pushed one past it).
 */
class McpHttpFrontDoorBuilderTest {

  @TempDir Path home;

  private McpHttpFrontDoor.Builder builder;

  @BeforeEach
  void newBuilder() {
    GatewayFixture f = GatewayFixture.create();
    builder =
        McpHttpFrontDoor.builder(f.gateway, ClientTokens.mcpHttp(home, new SplittableRandom(7)))
            .backend(f.clock.backend(11));
  }

  /** A setter, its smallest allowed value, the one below it, and the name its refusal says. */
  record Edge(
      String name,
      Consumer<McpHttpFrontDoor.Builder> least,
      Consumer<McpHttpFrontDoor.Builder> below) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Arguments> edges() {
    Duration nanosecond = Duration.ofNanos(1);
    return Stream.of(
            new Edge("maxSessions", b -> b.maxSessions(1), b -> b.maxSessions(0)),
            new Edge(
                "maxSessionsPerClient",
                b -> b.maxSessionsPerClient(1),
                b -> b.maxSessionsPerClient(0)),
            new Edge(
                "maxPendingRequests", b -> b.maxPendingRequests(1), b -> b.maxPendingRequests(0)),
            new Edge("maxBodyBytes", b -> b.maxBodyBytes(1024), b -> b.maxBodyBytes(1023)),
            new Edge("events", b -> b.replay(1, 1), b -> b.replay(0, 1)),
            new Edge("bytes", b -> b.replay(1, 1), b -> b.replay(1, 0)),
            new Edge(
                "idleTimeout", b -> b.idleTimeout(nanosecond), b -> b.idleTimeout(Duration.ZERO)),
            new Edge(
                "handshakeOnlyTimeout",
                b -> b.handshakeOnlyTimeout(nanosecond),
                b -> b.handshakeOnlyTimeout(Duration.ZERO)),
            new Edge("jsonWait", b -> b.jsonWait(nanosecond), b -> b.jsonWait(Duration.ZERO)))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("edges")
  void eachLimitTakesItsLeastValueAndRefusesTheOneBelowByName(Edge edge) {
    edge.least().accept(builder);
    assertThat(builder.build()).isNotNull();

    assertThatThrownBy(() -> edge.below().accept(builder))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(edge.name());
  }

  @Test
  void negativeDurationsAreRefusedToo() {
    assertThatThrownBy(() -> builder.idleTimeout(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("idleTimeout");
  }

  @Test
  void theBodyLimitTheDoorReportsIsTheOneSetForTheServersRoute() {
    assertThat(builder.build().maxBodyBytes()).isEqualTo(4L * 1024 * 1024);
    assertThat(builder.maxBodyBytes(1024).build().maxBodyBytes()).isEqualTo(1024);
  }

  @Test
  void aDoorNeedsABackend() {
    GatewayFixture f = GatewayFixture.create();
    McpHttpFrontDoor.Builder none =
        McpHttpFrontDoor.builder(f.gateway, ClientTokens.mcpHttp(home, new SplittableRandom(7)));
    assertThatThrownBy(none::build)
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("backend");
  }
}
