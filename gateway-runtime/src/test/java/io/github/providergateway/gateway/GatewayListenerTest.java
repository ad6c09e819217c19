package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.done;
import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.event.SessionHookRule;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingGatewayListener;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Goodbye;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.ShutdownReady;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

  /**
   * A host that keeps the session's hook rules for when the gateway cannot be asked hears the whole
   * list in evaluation order each time it changes, and nothing when a provider without rules comes
   * or goes or an update leaves the rules alone.
   */
  @Test
  void theSessionsHookRulesAreHeardWholeInEvaluationOrderWheneverTheyChange() {
    List<List<SessionHookRule>> rulesHeard = new ArrayList<>();
    f.gateway
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void hookRulesChanged(String sessionId, List<SessionHookRule> rules) {
                assertThat(sessionId).isEqualTo(session);
                rulesHeard.add(rules);
              }
            });
    HookRule frozen = HookRule.deny(HookMatch.tool("deploy"), "Deploys are frozen");
    HookRule changelog = HookRule.context(HookMatch.tool("deploy"), "Remember the changelog.");
    HookRule red = HookRule.deny(HookMatch.tool("deploy"), "CI is red");

    RecordingProviderConnection worker = f.bound("worker", session, tool("deploy"));
    RecordingProviderConnection guardian = bound("guardian", frozen);
    RecordingProviderConnection reminder = bound("reminder", changelog);
    assertThat(rulesHeard)
        .containsExactly(
            List.of(new SessionHookRule("guardian", frozen)),
            List.of(
                new SessionHookRule("guardian", frozen),
                new SessionHookRule("reminder", changelog)));
    rulesHeard.clear();

    guardian.send(new HooksUpdate("r1", null, new Hooks(null, Map.of())));
    guardian.next(Ack.class);
    guardian.send(new HooksUpdate("r2", null, new Hooks(List.of(red), null)));
    guardian.next(Ack.class);
    assertThat(rulesHeard)
        .as("an update of transforms only changes no rule; the rules are replaced in place")
        .containsExactly(
            List.of(
                new SessionHookRule("guardian", red), new SessionHookRule("reminder", changelog)));
    rulesHeard.clear();

    worker.send(new Goodbye(null));
    reminder.send(new Goodbye(null));
    assertThat(rulesHeard).containsExactly(List.of(new SessionHookRule("guardian", red)));
  }

  private RecordingProviderConnection bound(String name, HookRule rule) {
    return f.bound(
        Hello.builder(name).session(session).hooks(new Hooks(List.of(rule), null)).build());
  }
}
