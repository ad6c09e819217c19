package io.github.providergateway.gateway.internal;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.json;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.ToolCall;
import io.github.providergateway.protocol.ToolCancel;
import io.github.providergateway.protocol.ToolErrorCode;
import io.github.providergateway.protocol.ToolResult;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Churn leaves nothing behind: a gateway that runs for weeks sees connections, providers and
 * sessions come and go by the thousand, and what it keeps must not grow with them. What is gone is
 * invisible through the public API, so these tests count what the engine holds.
 */
class ChurnTest {

  private static final int CYCLES = 1_000;

  private final GatewayFixture f = GatewayFixture.create();

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void aThousandConnectionsThatDropLeaveNoConnectionProviderOrReconnectTokenBehind() {
    String session = f.startSession("alpha");
    for (int i = 0; i < CYCLES; i++) {
      f.connect().drop();
      f.authenticated().drop();
      f.bound("worker", session, tool("t")).drop();
    }
    // A dropped provider's token restores it for the reconnect window, then is forgotten.
    f.clock.advance(f.gateway.limits().connections().reconnectWindow());

    assertThat(retained()).isEqualTo(new Engine.Retained(0, 0, 1, 0, 0));
    assertThat(f.clock.pendingTasks()).as("timers left behind").isZero();
  }

  @Test
  void aThousandProvidersThatSayGoodbyeLeaveNoConnectionProviderOrReconnectTokenBehind() {
    String session = f.startSession("alpha");
    for (int i = 0; i < CYCLES; i++) {
      var provider = f.bound(Hello.builder("worker").session(session).tools(tool("t")).build());
      provider.send(new Goodbye(null));
      provider.drop();
    }
    f.clock.advance(f.gateway.limits().connections().reconnectWindow());

    assertThat(retained()).isEqualTo(new Engine.Retained(0, 0, 1, 0, 0));
  }

  @Test
  void aThousandSessionsStartedAndEndedLeaveNoSessionBehind() {
    for (int i = 0; i < CYCLES; i++) {
      String session = f.startSession("s" + i);
      done(f.gateway.endSession(session, Duration.ofSeconds(5)));
    }

    assertThat(retained()).isEqualTo(new Engine.Retained(0, 0, 0, 0, 0));
    assertThat(f.clock.pendingTasks()).as("timers left behind").isZero();
  }

  @Test
  void aThousandCallsAnsweredRetriedOrCancelledLeaveNothingOnTheirConnections() {
    String session = f.startSession("alpha");
    var a =
        f.bound(Hello.builder("worker").instance("a").session(session).tools(tool("t")).build());
    var b =
        f.bound(Hello.builder("worker").instance("b").session(session).tools(tool("t")).build());
    a.drain();
    var first = f.call(session, "t", "{\"target\":\"b\"}");
    assertThat(retained().callsHeld()).as("a call in flight").isEqualTo(1);
    b.send(ToolResult.success(b.next(ToolCall.class).id(), json("0")));
    assertThat(first).isDone();
    for (int i = 0; i < CYCLES; i++) {
      var answered = f.call(session, "t", "{\"target\":\"a\"}");
      a.send(ToolResult.success(a.next(ToolCall.class).id(), json("1")));
      // A retryable failure moves the call to the other instance (spec: multi-instance retry).
      var retried = f.call(session, "t", "{\"target\":\"b\"}");
      b.send(
          ToolResult.failure(b.next(ToolCall.class).id(), "busy", ToolErrorCode.INTERNAL)
              .withRetryable(true));
      a.send(ToolResult.success(a.next(ToolCall.class).id(), json("2")));
      var cancelled = f.call(session, "t", "{\"target\":\"a\"}");
      String cancelledId = a.next(ToolCall.class).id();
      f.gateway.interrupt(session);
      a.next(ToolCancel.class);
      a.send(ToolResult.cancelled(cancelledId));
      assertThat(answered).isDone();
      assertThat(retried).isDone();
      assertThat(cancelled).isDone();
    }

    assertThat(retained()).isEqualTo(new Engine.Retained(2, 2, 1, 2, 0));
  }

  private Engine.Retained retained() {
    CompletableFuture<Engine.Retained> counted = new CompletableFuture<>();
    Engine engine = engineOf(f.gateway);
    f.gateway.loop().execute(() -> counted.complete(engine.retained()));
    return done(counted);
  }

  /** The gateway's engine: the public front keeps it private, and only these counts need it. */
  private static Engine engineOf(Gateway gateway) {
    try {
      Field field = Gateway.class.getDeclaredField("engine");
      field.setAccessible(true);
      return (Engine) field.get(gateway);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
