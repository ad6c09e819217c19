package io.github.providergateway.gateway;

import static io.github.providergateway.gateway.testing.GatewayFixture.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.event.Refusal;
import io.github.providergateway.gateway.testing.GatewayFixture;
import io.github.providergateway.gateway.testing.RecordingProviderConnection;
import io.github.providergateway.protocol.Auth;
import io.github.providergateway.protocol.AuthConfirm;
import io.github.providergateway.protocol.AuthPairing;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.GatewayMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HookRule;
import io.github.providergateway.protocol.Hooks;
import io.github.providergateway.protocol.HooksUpdate;
import io.github.providergateway.protocol.ProviderMessageType;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import io.github.providergateway.protocol.TransformRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every {@code error} the gateway sends a provider is told to the host ({@link
 * GatewayListener#refused}) once, naming the connection, the provider, what was refused, the code
 * and the text the provider got (the INFO line it is also logged as is checked where the app writes
 * its log: {@code StderrLoggingTest}). Before, a wrong token or a refused {@code hello} left
 * nothing on the gateway's side.
 */
class RefusalTest {

  private final List<Refusal> refusals = new CopyOnWriteArrayList<>();
  private final GatewayFixture f =
      GatewayFixture.with(
          b ->
              b.listener(
                  new GatewayListener() {
                    @Override
                    public void refused(Refusal refusal) {
                      refusals.add(refusal);
                    }
                  }));

  @AfterEach
  void close() {
    f.close();
  }

  /** The one refusal heard, which must match the one {@code error} {@code provider} was sent. */
  private Refusal theRefusalOf(RecordingProviderConnection provider) {
    List<ErrorMessage> errors = new ArrayList<>();
    for (GatewayMessage message : provider.drain()) {
      if (message instanceof ErrorMessage error) {
        errors.add(error);
      }
    }
    assertThat(errors).hasSize(1);
    assertThat(refusals).hasSize(1);
    Refusal refusal = refusals.remove(0);
    assertThat(refusal.code()).isEqualTo(errors.get(0).code());
    assertThat(refusal.detail()).isEqualTo(errors.get(0).message());
    return refusal;
  }

  @Test
  void aWrongTokenIsARefusedAuthOfTheConnection() {
    RecordingProviderConnection stranger = f.connect();

    stranger.send(Auth.withToken("ptk-not-the-token"));

    assertThat(theRefusalOf(stranger))
        .isEqualTo(
            new Refusal(
                "conn#1 (test#1)",
                null,
                ProviderMessageType.AUTH,
                ErrorCode.AUTH_FAILED,
                "Invalid token"));
    assertThat(refusals).isEmpty();
  }

  @Test
  void aHelloWhoseToolIsTakenIsARefusedHelloOfTheProviderItNamed() {
    String session = f.startSession("alpha");
    f.bound("node-example", session, tool("greet"));
    RecordingProviderConnection python = f.authenticated();

    python.send(Hello.builder("python-example").session(session).tools(tool("greet")).build());

    Refusal refusal = theRefusalOf(python);
    assertThat(refusal.connection()).isEqualTo("conn#2 (test#2)");
    assertThat(refusal.provider()).isEqualTo("python-example");
    assertThat(refusal.refused()).isEqualTo(ProviderMessageType.HELLO);
    assertThat(refusal.code()).isEqualTo(ErrorCode.TOOL_CONFLICT);
    assertThat(refusal.describe())
        .startsWith("refused hello of python-example, conn#2 (test#2): TOOL_CONFLICT ")
        .contains("greet");
  }

  @Test
  void aHelloWithATransformItMayNotRegisterIsARefusedHello() {
    String session = f.startSession("alpha");
    RecordingProviderConnection editor = f.authenticated();

    editor.send(
        Hello.builder("editor")
            .instance("tab-2")
            .session(session)
            .hooks(new Hooks(null, Map.of("identity", Optional.of(TransformRule.callback()))))
            .build());

    Refusal refusal = theRefusalOf(editor);
    assertThat(refusal.provider()).isEqualTo("editor#tab-2");
    assertThat(refusal.refused()).isEqualTo(ProviderMessageType.HELLO);
    assertThat(refusal.code()).isEqualTo(ErrorCode.UNAUTHORIZED);
  }

  @Test
  void pairingRefusalsAreRefusedAuthAndAuthConfirm() {
    RecordingProviderConnection early = f.connect();
    early.send(Auth.pair()); // no session to pair with yet
    assertThat(theRefusalOf(early).refused()).isEqualTo(ProviderMessageType.AUTH);
    assertThat(early.isClosed()).isTrue();

    f.startSession("alpha");
    RecordingProviderConnection guesser = f.connect();
    guesser.send(Auth.pair());
    guesser.next(AuthPairing.class);
    guesser.send(new AuthConfirm("000000"));

    Refusal wrongCode = theRefusalOf(guesser);
    assertThat(wrongCode.refused()).isEqualTo(ProviderMessageType.AUTH_CONFIRM);
    assertThat(wrongCode.code()).isEqualTo(ErrorCode.AUTH_FAILED);
  }

  @Test
  void aRefusedHooksUpdateAndAPushOverBudgetNameTheBoundProvider() {
    String session = f.startSession("alpha");
    RecordingProviderConnection guardian =
        f.bound(Hello.builder("guardian").session(session).build());
    List<HookRule> fiftyOne = new ArrayList<>();
    for (int i = 0; i < 51; i++) {
      fiftyOne.add(HookRule.deny(null, "rule " + i));
    }

    guardian.send(new HooksUpdate("too-many", null, new Hooks(fiftyOne, null)));
    Refusal hooks = theRefusalOf(guardian);
    assertThat(hooks.provider()).isEqualTo("guardian");
    assertThat(hooks.refused()).isEqualTo(ProviderMessageType.HOOKS_UPDATE);
    assertThat(hooks.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);

    for (int i = 0; i <= f.gateway.limits().streams().maxPushesPerSecond(); i++) {
      guardian.send(new Push(null, session, "event " + i, null, PushLevel.KEEP, null, null));
    }
    Refusal push = theRefusalOf(guardian);
    assertThat(push.refused()).isEqualTo(ProviderMessageType.PUSH);
    assertThat(push.code()).isEqualTo(ErrorCode.RATE_LIMITED);
  }

  @Test
  void aDeadlineRefusesNoMessageAndAnUnknownTypeIsNamedSo() {
    RecordingProviderConnection silent = f.connect();
    f.clock.advance(f.gateway.limits().connections().authTimeout());
    Refusal deadline = theRefusalOf(silent);
    assertThat(deadline.refused()).isNull();
    assertThat(deadline.describe()).isEqualTo("conn#1 (test#1): AUTH_FAILED No auth within 10 s");

    RecordingProviderConnection odd = f.authenticated();
    odd.sendText("{\"type\":\"fancy.new\"}");
    assertThat(theRefusalOf(odd).describe())
        .isEqualTo(
            "refused a message of unknown type of conn#2 (test#2): UNKNOWN_TYPE Unknown message type 'fancy.new'");
  }

  @Test
  void aDescriptionCannotCarryControlCharactersToATerminal() {
    Refusal hostile =
        new Refusal(
            "conn#9 (ws 127.0.0.1:1)",
            null,
            ProviderMessageType.UNKNOWN,
            ErrorCode.UNKNOWN_TYPE,
            "Unknown message type '\u001b[2J\u202eevil" + "x".repeat(900) + "'");

    assertThat(hostile.describe())
        .doesNotContain("\u001b", "\u202e")
        .contains("\\u001b[2J\\u202eevil")
        .endsWith("...")
        .hasSizeLessThan(700);
  }

  @Test
  void aListenerThatThrowsCostsTheProviderNothing() {
    f.gateway
        .monitor()
        .addListener(
            new GatewayListener() {
              @Override
              public void refused(Refusal refusal) {
                throw new IllegalStateException("the host's bug");
              }
            });
    RecordingProviderConnection stranger = f.connect();

    stranger.send(Auth.withToken("ptk-not-the-token"));

    assertThat(stranger.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.AUTH_FAILED);
    assertThat(refusals).hasSize(1);
  }
}
