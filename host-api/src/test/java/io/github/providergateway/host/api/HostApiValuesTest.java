package io.github.providergateway.host.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.protocol.ToolErrorCode;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/**
 * What the host's view promises beyond its records' fields: the defaults a {@link HostApi} that
 * implements only the required methods gets, and the small derived values hosts show a person.
 */
class HostApiValuesTest {

  private static final CompletableFuture<CallResult> CALLED = new CompletableFuture<>();
  private static final CompletableFuture<HookDecision> DECIDED = new CompletableFuture<>();

  /**
   * A host API with only its required methods, which answer {@link #CALLED} and {@link #DECIDED}:
   * each default method runs as written.
   */
  private static HostApi requiredOnly() {
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.isDefault()) {
            return InvocationHandler.invokeDefault(proxy, method, args);
          }
          return switch (method.getName()) {
            case "callTool" -> CALLED;
            case "preToolUse" -> DECIDED;
            default -> throw new UnsupportedOperationException(method.getName());
          };
        };
    return (HostApi)
        Proxy.newProxyInstance(
            HostApi.class.getClassLoader(), new Class<?>[] {HostApi.class}, handler);
  }

  @Test
  void aHostApiWithoutProgressOrHostAsksRunsTheCallAndTheHooksAsItsRequiredMethodsDo() {
    HostApi api = requiredOnly();
    var args = JsonNodeFactory.instance.objectNode();

    assertThat(api.callTool("s", "t", args, Duration.ofSeconds(1), progress -> {}))
        .isSameAs(CALLED);
    assertThat(api.preToolUse("s", "t", args, true)).isSameAs(DECIDED);
  }

  @Test
  void aHostApiThatCannotAnswerQuestionsSaysSoAndIsAlwaysSettled() {
    HostApi api = requiredOnly();

    assertThat(api.providersSettled("any")).isCompletedWithValue(null);
    assertThatThrownBy(() -> api.answerQuestion("ask-1", true, "console").get())
        .isInstanceOf(ExecutionException.class)
        .cause()
        .isInstanceOf(HostException.class)
        .hasMessage("This host API cannot answer questions")
        .extracting(e -> ((HostException) e).code())
        .isEqualTo(HostErrorCode.INVALID_ARGUMENT);
  }

  @Test
  void aSessionSpecIsChangedOnlyByCopies() {
    SessionSpec plain = SessionSpec.of("claude", "/work");
    SessionSpec owning = plain.withHostTools(Set.of("bash"));
    SessionSpec opened = owning.openedFor("mcp-http:ide");

    assertThat(plain).isEqualTo(new SessionSpec("claude", "/work", null, Set.of(), null));
    assertThat(owning.hostToolNames()).containsExactly("bash");
    assertThat(opened)
        .isEqualTo(new SessionSpec("claude", "/work", null, Set.of("bash"), "mcp-http:ide"));
    assertThatThrownBy(() -> plain.openedFor(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void aQuestionNamesItsGateAsProviderSlashGateIdOrTheProviderAlone() {
    assertThat(question("ci-guard", "confirm-push").gate()).isEqualTo("ci-guard/confirm-push");
    assertThat(question("ci-guard", null).gate()).isEqualTo("ci-guard");
  }

  private static PersonQuestion question(String provider, String gateId) {
    return new PersonQuestion(
        "ask-1",
        "s",
        "bash",
        JsonNodeFactory.instance.objectNode(),
        "call-1",
        provider,
        gateId,
        "Push while CI is red?",
        Instant.EPOCH);
  }

  @Test
  void aFailureCarriesItsCodeAndTheCodesWireName() {
    assertThat(ToolOutcome.failure(ToolErrorCode.NOT_FOUND, "No such file"))
        .isEqualTo(new ToolOutcome.Failure("No such file", ToolErrorCode.NOT_FOUND, "NOT_FOUND"));
  }

  @Test
  void anAskChannelReachesEverySessionUnlessItSaysOtherwise() {
    AskChannel console =
        new AskChannel() {
          @Override
          public String name() {
            return "console";
          }

          @Override
          public void ask(PersonQuestion question) {}
        };

    assertThat(console.reaches("any session")).isTrue();
  }
}
