package io.github.providergateway.provider.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.SessionEvent;
import io.github.providergateway.protocol.TransformRequest;
import io.github.providergateway.protocol.TransformResult;
import io.github.providergateway.protocol.TransformRule;
import io.github.providergateway.provider.ProviderSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Transforms, context, startup context and subscriptions on the runtime alone: what {@code hello}
 * declares and how {@code transform.request} and {@code session.event} are handled.
 */
class TransformsTest {

  private final RuntimeHarness h = new RuntimeHarness();

  @AfterEach
  void nothingUnexpectedWasSent() {
    h.channel.assertNoMoreMessages();
  }

  @Test
  void helloDeclaresTransformsContextStartupContextAndSubscriptions() {
    AtomicReference<ProviderSession> session = new AtomicReference<>();

    Hello hello =
        h.bind(
            h.provider()
                .transform("custom_instructions", TransformRule.append("Use pnpm."))
                .transform("code_change_rules", request -> text("rules"))
                .context("CI is green.")
                .startupContext("Watching CI.")
                .subscribe("user.message", "tool.execution_complete"),
            session);

    assertThat(hello.hooksOrNone().transforms())
        .containsExactly(
            Map.entry("custom_instructions", Optional.of(TransformRule.append("Use pnpm."))),
            Map.entry("code_change_rules", Optional.of(TransformRule.callback())));
    assertThat(hello.context()).isEqualTo("CI is green.");
    assertThat(hello.startupContext()).isEqualTo("Watching CI.");
    assertThat(hello.subscribe()).containsExactly("user.message", "tool.execution_complete");
  }

  @Test
  void aProviderWithoutHooksOrContextDeclaresNone() {
    AtomicReference<ProviderSession> session = new AtomicReference<>();

    Hello hello = h.bind(h.provider(), session);

    assertThat(hello.hooks()).isNull();
    assertThat(hello.context()).isNull();
    assertThat(hello.subscribe()).isNull();
  }

  @Test
  void aTransformRequestIsAnsweredWithTheHandlersText() {
    h.bind(
        h.provider()
            .transform("rules", request -> text(request.current() + "\nCI is red: no merges.")));

    h.deliver(new TransformRequest("tx-1", "s-1", "rules", "Be careful."));

    assertThat(h.channel.next(TransformResult.class))
        .isEqualTo(new TransformResult("tx-1", "Be careful.\nCI is red: no merges."));
  }

  @Test
  void aFailingTransformAnswersTheCurrentTextAtOnce() {
    h.bind(
        h.provider()
            .transform(
                "rules",
                request -> {
                  throw new IllegalStateException("broken");
                }));

    h.deliver(new TransformRequest("tx-1", "s-1", "rules", "Be careful."));

    assertThat(h.channel.next(TransformResult.class))
        .isEqualTo(new TransformResult("tx-1", "Be careful."));
  }

  @Test
  void aCallbackTransformWithoutAHandlerIsRefusedUpFront() {
    assertThatThrownBy(() -> h.provider().transform("rules", TransformRule.callback()).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("section 'rules' has no TransformHandler");
  }

  @Test
  void subscribedEventsReachOnEvent() {
    List<SessionEvent> events = new ArrayList<>();
    h.bind(h.provider().subscribe("user.message").onEvent(events::add));
    SessionEvent event =
        new SessionEvent("s-1", "user.message", RuntimeHarness.json("{\"content\":\"hi\"}"));

    h.deliver(event);

    assertThat(events).containsExactly(event);
  }

  private static CompletableFuture<String> text(String text) {
    return CompletableFuture.completedFuture(text);
  }
}
