package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingGatewayListener;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.ShutdownReady;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a host showing gateway-wide events hears ({@link GatewayListener}): each provider's connect
 * and disconnect once, however it leaves, and each session's start, ending and end.
 */
class GatewayListenerTest {

  private final RecordingGatewayListener heard = new RecordingGatewayListener();
  private final GatewayFixture f = GatewayFixture.with(b -> b.listener(heard));
  private final String session = f.startSession("alpha");

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void aSessionIsHeardStartingEndingWithItsDeadlineAndEnded() {
    assertThat(heard.drain()).containsExactly("started " + session);

    done(f.gateway.endSession(session, Duration.ofSeconds(5)));

    assertThat(heard.drain()).containsExactly("ending " + session + " 5 s", "ended " + session);
  }

  @Test
  void aProviderIsConnectedOnceItsHelloIsAcknowledgedAndDisconnectedWhenItDrops() {
    heard.drain();
    RecordingProviderConnection worker = f.bound("worker", session, tool("t"));
    assertThat(heard.drain()).containsExactly("connected worker");

    worker.drop();

    assertThat(heard.drain()).containsExactly("disconnected worker");
  }

  @Test
  void goodbyeIsHeardAsOneDisconnect() {
    RecordingProviderConnection worker = f.bound("worker", session, tool("t"));
    heard.drain();

    worker.send(new Goodbye(null));

    assertThat(heard.drain()).containsExactly("disconnected worker");
    assertThat(worker.isClosed()).isTrue();
  }

  @Test
  void aRebindIsHeardAsADisconnectThenAConnect() {
    RecordingProviderConnection worker = f.bound("worker", session, tool("t"));
    heard.drain();

    worker.send(Hello.builder("worker").session(session).tools(tool("u")).build());

    worker.next(HelloAck.class);
    assertThat(heard.drain()).containsExactly("disconnected worker", "connected worker");
  }

  @Test
  void aProviderLeftBoundNowhereIsNotHeardAgainWhenItLeaves() {
    RecordingProviderConnection worker = f.bound("worker", session, tool("t"));
    worker.send(Hello.builder("worker").session("no-such-session").build()); // a failed rebind
    worker.next(ErrorMessage.class);
    assertThat(heard.drain()).endsWith("disconnected worker");

    worker.send(new Goodbye(null));

    assertThat(heard.drain()).isEmpty();
  }

  @Test
  void aProviderWhoseOnlySessionEndsIsDisconnectedBeforeTheSessionIsEndedAndNotAgainWhenItDrops() {
    RecordingProviderConnection worker = f.bound("worker", session, tool("t"));
    heard.drain();
    var ended = f.gateway.endSession(session, Duration.ofSeconds(5));
    worker.next(SessionLifecycle.class); // shutdown.pending

    worker.send(new ShutdownReady(session));

    assertThat(ended).isDone();
    assertThat(heard.drain())
        .containsExactly("ending " + session + " 5 s", "disconnected worker", "ended " + session);
    worker.drop();
    assertThat(heard.drain()).isEmpty();
  }

  @Test
  void anAllBoundProviderIsNotDisconnectedWhenTheSessionsItIsBoundToEnd() {
    RecordingProviderConnection everywhere = f.connectLocal(null);
    everywhere.send(Hello.builder("everywhere").allSessions().build());
    everywhere.next(HelloAck.class);
    heard.drain();

    var ended = f.gateway.endSession(session, Duration.ofSeconds(5));
    f.clock.advance(Duration.ofSeconds(5));

    assertThat(ended).isDone();
    assertThat(heard.drain()).containsExactly("ending " + session + " 5 s", "ended " + session);
  }

  @Test
  void aListenerThatThrowsIsSkippedAndTheOthersStillHear() {
    RecordingGatewayListener later = new RecordingGatewayListener();
    f.gateway
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void providerConnected(ProviderInfo provider) {
                throw new IllegalStateException("a broken host listener");
              }
            });
    f.gateway.monitor().addListener(later);
    heard.drain();

    RecordingProviderConnection worker = f.bound("worker", session, tool("t"));

    assertThat(heard.drain()).containsExactly("connected worker");
    assertThat(later.drain()).containsExactly("connected worker");
    assertThat(worker.isClosed()).isFalse();
  }
}
