package io.github.providergateway.provider.spi;

import static io.github.providergateway.provider.spi.RuntimeHarness.session;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.ContextUpdate;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.HookMatch;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.SessionLifecycle;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.protocol.SessionsUpdated;
import io.github.providergateway.protocol.TransformRule;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.ProviderSession;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Hook, context and filter updates on the runtime alone: one at a time, each completing on its acks
 * or failing on its error, and the whole declared state declared again on every connection.
 */
class StateUpdatesTest {

  private static final HookRule NO_SQL =
      HookRule.context(new HookMatch("edit", null, null, "*.sql"), "Migrations must be additive.");
  private static final List<FilterRule> QUIET =
      List.of(new FilterRule("behind=0", FilterOutcome.DROP));

  private final RuntimeHarness h = new RuntimeHarness();

  @AfterEach
  void nothingUnexpectedWasSent() {
    h.channel.assertNoMoreMessages();
  }

  @Test
  void updateHooksSendsHooksUpdateAndCompletesOnItsAck() {
    ProviderSession session = h.bind(h.provider());
    Hooks hooks = new Hooks(List.of(NO_SQL), null);

    CompletableFuture<Void> applied = session.updateHooks(hooks).toCompletableFuture();
    assertThat(h.channel.next(HooksUpdate.class)).isEqualTo(new HooksUpdate("req-1", null, hooks));
    assertThat(applied).isNotDone();
    h.deliver(new Ack("req-1", "s-1", 2));

    assertThat(applied).isCompleted();
  }

  @Test
  void updatesOfEveryKindGoOneAtATimeInTheOrderAsked() {
    ProviderSession session = h.bind(h.provider());

    CompletableFuture<Void> context = session.updateContext("CI is red.").toCompletableFuture();
    CompletableFuture<Void> filter = session.setFilter("git", QUIET).toCompletableFuture();
    assertThat(h.channel.next(ContextUpdate.class))
        .isEqualTo(new ContextUpdate("req-1", null, "CI is red."));
    h.channel.assertNoMoreMessages();
    h.deliver(new Ack("req-1", "s-1", 2));

    assertThat(context).isCompleted();
    assertThat(h.channel.next(FilterSet.class))
        .isEqualTo(new FilterSet("req-2", null, "git", QUIET));
    assertThat(filter).isNotDone();
  }

  @Test
  void aRefusedUpdateFailsWithTheGatewaysErrorAndIsNotDeclaredAgain() {
    ProviderSession session = h.bind(h.provider());
    Hooks bad = new Hooks(null, Map.of("safety", Optional.of(TransformRule.replace("none"))));
    CompletableFuture<Void> applied = session.updateHooks(bad).toCompletableFuture();
    h.channel.next(HooksUpdate.class);
    ErrorMessage refusal =
        ErrorMessage.of(ErrorCode.UNAUTHORIZED, "safety may only be appended to")
            .withReplyTo("hooks.update")
            .withRequestId("req-1");

    h.deliver(refusal);
    h.drop(true);
    FakeProviderChannel next = new FakeProviderChannel();
    h.open(next);

    assertThatThrownBy(applied::join)
        .hasCauseInstanceOf(GatewayErrorException.class)
        .hasMessageContaining("UNAUTHORIZED");
    assertThat(h.errors).containsExactly(refusal);
    assertThat(next.next(Hello.class).hooks()).as("the refused transform is gone").isNull();
  }

  @Test
  void anUpdateAskedBeforeTheBindingRidesOnTheHello() {
    ProviderSession session = h.start(h.provider().context("CI is green."));

    CompletableFuture<Void> context = session.updateContext("CI is red.").toCompletableFuture();
    CompletableFuture<Void> hooks =
        session.updateHooks(new Hooks(List.of(NO_SQL), null)).toCompletableFuture();
    h.open(h.channel);
    Hello hello = h.channel.next(Hello.class);
    h.deliver(RuntimeHarness.ack("s-1"));

    assertThat(hello.context()).isEqualTo("CI is red.");
    assertThat(hello.hooksOrNone().onPreToolUse()).containsExactly(NO_SQL);
    assertThat(context).isCompleted();
    assertThat(hooks).isCompleted();
  }

  @Test
  void afterAFreshReconnectTheHelloDeclaresTheLatestStateAndFiltersAreSetAgain() {
    ProviderSession session = h.bind(h.provider());
    session.updateContext("CI is red.");
    h.channel.next(ContextUpdate.class);
    h.deliver(new Ack("req-1", "s-1", 2));
    session.setFilter("git", QUIET);
    h.channel.next(FilterSet.class);
    h.deliver(new Ack("req-2", "s-1", 3));
    h.drop(true);

    CompletableFuture<Void> hooks =
        session.updateHooks(new Hooks(List.of(NO_SQL), null)).toCompletableFuture();
    FakeProviderChannel next = new FakeProviderChannel();
    h.open(next);
    Hello hello = next.next(Hello.class);
    h.deliver(RuntimeHarness.ack("s-1"));

    assertThat(hello.context()).isEqualTo("CI is red.");
    assertThat(hello.hooksOrNone().onPreToolUse()).containsExactly(NO_SQL);
    assertThat(hooks).isCompleted();
    assertThat(next.next(FilterSet.class)).isEqualTo(new FilterSet("req-3", null, "git", QUIET));
    next.assertNoMoreMessages();
  }

  @Test
  void withAReconnectTokenEmptyHooksAndContextAreDeclaredSoNothingStaleIsRestored() {
    ProviderSession session =
        h.start(
            h.provider().context("CI is green.").onPreToolUse(NO_SQL), ProviderAuth.token("ptk"));
    h.open(h.channel);
    h.channel.next(Auth.class);
    h.deliver(Sessions.of(List.of(session("s-1"))));
    h.channel.next(Hello.class);
    h.deliver(new HelloAck(2, "p-1", "s-1", "rtk-1", null));
    session.updateContext("");
    session.updateHooks(new Hooks(List.of(), null));
    h.channel.next(ContextUpdate.class);
    h.drop(true);

    FakeProviderChannel next = new FakeProviderChannel();
    h.open(next);
    next.next(Auth.class);
    h.deliver(Sessions.of(List.of(session("s-1"))));
    Hello hello = next.next(Hello.class);

    assertThat(hello.reconnectToken()).isEqualTo("rtk-1");
    assertThat(hello.context()).isEmpty();
    assertThat(hello.hooks()).isEqualTo(new Hooks(List.of(), Map.of()));
    next.assertNoMoreMessages();
  }

  @Test
  void withAReconnectTokenAProviderThatNeverHadContextStillDeclaresNone() {
    // An external provider may not send context at all, not even an empty one.
    h.start(h.provider(), ProviderAuth.token("ext-1"));
    h.open(h.channel);
    h.channel.next(Auth.class);
    h.deliver(Sessions.of(List.of(session("s-1"))));
    h.channel.next(Hello.class);
    h.deliver(new HelloAck(2, "p-1", "s-1", "rtk-1", null));
    h.drop(true);

    FakeProviderChannel next = new FakeProviderChannel();
    h.open(next);
    next.next(Auth.class);
    h.deliver(Sessions.of(List.of(session("s-1"))));
    Hello hello = next.next(Hello.class);

    assertThat(hello.reconnectToken()).isEqualTo("rtk-1");
    assertThat(hello.context()).isNull();
    next.assertNoMoreMessages();
  }

  @Test
  void anAllBoundProviderWaitsForTheAckOfEverySessionItIsBoundIn() {
    ProviderSession session = h.start(h.provider().allSessions());
    h.open(h.channel);
    h.channel.next(Hello.class);
    h.deliver(new HelloAck(2, "p-1", "all", null, null));
    h.deliver(SessionLifecycle.started("s-1"));
    h.deliver(SessionLifecycle.started("s-2"));

    CompletableFuture<Void> applied = session.updateContext("hi").toCompletableFuture();
    h.channel.next(ContextUpdate.class);
    h.deliver(new Ack("req-1", "s-2", 2));
    assertThat(applied).isNotDone();
    h.deliver(new Ack("req-1", "s-1", 2));

    assertThat(applied).isCompleted();
  }

  @Test
  void aSessionThatEndsNoLongerHoldsUpAnUpdate() {
    ProviderSession session = h.start(h.provider().allSessions());
    h.open(h.channel);
    h.channel.next(Hello.class);
    h.deliver(new HelloAck(2, "p-1", "all", null, null));
    h.deliver(SessionLifecycle.started("s-1"));
    h.deliver(SessionLifecycle.started("s-2"));
    CompletableFuture<Void> applied = session.updateContext("hi").toCompletableFuture();
    h.channel.next(ContextUpdate.class);
    h.deliver(new Ack("req-1", "s-1", 2));

    h.deliver(new SessionsUpdated(List.of(session("s-1"))));

    assertThat(applied).isCompleted();
  }

  @Test
  void pendingUpdatesFailWhenTheSessionCloses() {
    ProviderSession session = h.bind(h.provider());
    CompletableFuture<Void> applied = session.updateContext("hi").toCompletableFuture();
    h.channel.next(ContextUpdate.class);

    session.close();
    h.drop(true);
    h.channel.next(io.github.providergateway.protocol.Goodbye.class);

    assertThatThrownBy(applied::join).hasCauseInstanceOf(IllegalStateException.class);
    assertThat(session.updateContext("late").toCompletableFuture()).isCompletedExceptionally();
  }

  @Test
  void aShutdownDoesNotDisturbUpdates() {
    ProviderSession session = h.bind(h.provider());
    h.deliver(SessionLifecycle.shutdownPending("s-1", Duration.ofSeconds(10)));
    h.channel.next(io.github.providergateway.protocol.ShutdownReady.class);

    session.updateContext("still here");

    assertThat(h.channel.next(ContextUpdate.class).context()).isEqualTo("still here");
  }
}
