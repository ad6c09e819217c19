package io.github.providergateway.provider.spi;

import static io.github.providergateway.provider.spi.RuntimeHarness.session;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.AuthConfirm;
import io.github.providergateway.protocol.AuthPairing;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.Sessions;
import io.github.providergateway.provider.GatewayErrorException;
import io.github.providergateway.provider.ProviderSession;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pairing on the runtime alone: the code comes from the person, the token from the gateway. */
class PairingTest {

  private final RuntimeHarness h = new RuntimeHarness();
  private final List<String> prompts = new ArrayList<>();
  private CompletableFuture<String> code = new CompletableFuture<>();

  @AfterEach
  void nothingUnexpectedWasSent() {
    h.channel.assertNoMoreMessages();
  }

  @Test
  void pairingAsksForTheCodeAndConfirmsIt() {
    start();
    h.open(h.channel);
    assertThat(h.channel.next(Auth.class)).isEqualTo(Auth.pair());

    h.deliver(new AuthPairing("Enter the code"));
    h.channel.assertNoMoreMessages();
    code.complete(" 847293 ");
    assertThat(h.channel.next(AuthConfirm.class)).isEqualTo(new AuthConfirm("847293"));
    h.deliver(new Sessions("ext-1", List.of(session("s-1"))));

    assertThat(prompts).containsExactly("Enter the code");
    assertThat(h.channel.next(Hello.class).session())
        .as("the only session listed: the paired one")
        .isEqualTo(io.github.providergateway.protocol.SessionSelector.of("s-1"));
  }

  @Test
  void laterConnectionsPresentTheIssuedTokenInsteadOfPairing() {
    pairAndBind();
    h.drop(true);

    FakeProviderChannel next = new FakeProviderChannel();
    h.open(next);

    assertThat(next.next(Auth.class)).isEqualTo(Auth.withToken("ext-1"));
    next.assertNoMoreMessages();
  }

  @Test
  void aRefusedIssuedTokenIsForgottenAndTheNextConnectionPairsAgain() {
    ProviderSession session = pairAndBind();
    h.drop(true);
    FakeProviderChannel refused = new FakeProviderChannel();
    h.open(refused);
    refused.next(Auth.class);

    h.deliver(ErrorMessage.of(ErrorCode.AUTH_FAILED, "Invalid token").withReplyTo("auth"));
    ProviderRuntime.AfterClose end = h.drop(true);
    FakeProviderChannel next = new FakeProviderChannel();
    h.open(next);

    assertThat(refused.isClosed()).isTrue();
    assertThat(end.reconnect()).isTrue();
    assertThat(session.closed().toCompletableFuture()).isNotDone();
    assertThat(next.next(Auth.class)).isEqualTo(Auth.pair());
  }

  @Test
  void aWrongCodeEndsTheProvider() {
    ProviderSession session = start();
    h.open(h.channel);
    h.channel.next(Auth.class);
    h.deliver(new AuthPairing("Enter the code"));
    code.complete("000000");
    h.channel.next(AuthConfirm.class);

    h.deliver(
        ErrorMessage.of(ErrorCode.AUTH_FAILED, "Wrong or expired pairing code")
            .withReplyTo("auth.confirm"));
    ProviderRuntime.AfterClose end = h.drop(true);

    assertThat(end.reconnect()).isFalse();
    assertThatThrownBy(() -> session.closed().toCompletableFuture().join())
        .hasCauseInstanceOf(GatewayErrorException.class);
  }

  @Test
  void noCodeEndsTheProviderWithTheSuppliersFailure() {
    ProviderSession session = start();
    h.open(h.channel);
    h.channel.next(Auth.class);
    h.deliver(new AuthPairing("Enter the code"));

    code.completeExceptionally(new IllegalStateException("the person closed the dialog"));
    h.drop(true);

    assertThat(h.channel.isClosed()).isTrue();
    assertThatThrownBy(() -> session.closed().toCompletableFuture().join())
        .hasRootCauseMessage("the person closed the dialog");
    assertThat(h.terminations).isEqualTo(1);
  }

  @Test
  void aCodeTypedAfterItsConnectionDroppedIsNotSent() {
    start();
    h.open(h.channel);
    h.channel.next(Auth.class);
    h.deliver(new AuthPairing("Enter the code"));

    h.drop(true);
    code.complete("847293");

    h.channel.assertNoMoreMessages();
  }

  @Test
  void anAuthRefusalThatKeepsTheConnectionOpenClosesItToTryAgainLater() {
    ProviderSession session = start();
    h.open(h.channel);
    h.channel.next(Auth.class);

    h.deliver(
        ErrorMessage.of(ErrorCode.RATE_LIMITED, "Too many pairing attempts").withReplyTo("auth"));
    ProviderRuntime.AfterClose end = h.drop(true);

    assertThat(h.channel.isClosed()).isTrue();
    assertThat(end.reconnect()).isTrue();
    assertThat(session.closed().toCompletableFuture()).isNotDone();
  }

  private ProviderSession start() {
    return h.start(
        h.provider(),
        ProviderAuth.pairing(
            prompt -> {
              prompts.add(prompt);
              return code;
            }));
  }

  private ProviderSession pairAndBind() {
    ProviderSession session = start();
    h.open(h.channel);
    h.channel.next(Auth.class);
    h.deliver(new AuthPairing("Enter the code"));
    code.complete("847293");
    h.channel.next(AuthConfirm.class);
    h.deliver(new Sessions("ext-1", List.of(session("s-1"))));
    h.channel.next(Hello.class);
    h.deliver(new HelloAck(2, "p-1", "s-1", "rtk-1", null));
    return session;
  }
}
