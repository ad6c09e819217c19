package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every closed set of wire strings is spelled as in the spec, and reads back to its constant. */
class WireNamesTest {

  static Stream<Arguments> spellings() {
    return Stream.of(
        Arguments.of(PushLevel.class, "keep surface inject"),
        Arguments.of(GateDecision.class, "allow deny context ask"),
        Arguments.of(HookAction.class, "deny context gate"),
        Arguments.of(TransformAction.class, "append prepend replace callback"),
        Arguments.of(FilterOutcome.class, "drop keep surface inject"),
        Arguments.of(LifecycleState.class, "started idle shutdown.pending"),
        Arguments.of(ConcurrencyScope.class, "instance provider tool"),
        Arguments.of(AuthMode.class, "pair"),
        // This gateway's opt-in extensions (architecture, decisions 33 and 35); "ask" is
        // gate.ask's.
        Arguments.of(ProtocolExtension.class, "gate.args gate.ask"),
        Arguments.of(TrustLevel.class, "internal project external"),
        // The spec shows only "timeout"; the other reasons are this library's.
        Arguments.of(CancelReason.class, "timeout interrupted rebind session_ended"),
        Arguments.of(
            ErrorCode.class,
            "INVALID_JSON UNKNOWN_TYPE INVALID_SESSION AUTH_FAILED DUPLICATE_INSTANCE TOOL_CONFLICT "
                + "RATE_LIMITED PAYLOAD_TOO_LARGE UNSUPPORTED_VERSION UNAUTHORIZED UNKNOWN"),
        // INVALID_ARGS is this gateway's (X-ENG-18): a call whose arguments its schema refuses.
        Arguments.of(
            ToolErrorCode.class,
            "NOT_FOUND TIMEOUT CANCELLED DISCONNECTED UNAUTHORIZED INTERNAL RATE_LIMITED INVALID_ARGS UNKNOWN"),
        Arguments.of(
            ProviderMessageType.class,
            "auth auth.confirm hello goodbye session.ready tool.result tool.progress gate.result "
                + "transform.result push tools.update hooks.update context.update filter.set "
                + "stream.query shutdown.ready null"),
        Arguments.of(
            GatewayMessageType.class,
            "auth.pairing sessions sessions.updated hello.ack ack error tool.call tool.cancel "
                + "gate.check transform.request session.event session.lifecycle stream.history null"));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("spellings")
  void constantsAreSpelledAsTheSpecSpellsThem(Class<? extends WireEnum> type, String spellings) {
    assertThat(Arrays.stream(type.getEnumConstants()).map(c -> String.valueOf(c.wireName())))
        .containsExactly(spellings.split(" "));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("spellings")
  <E extends Enum<E> & WireEnum> void everyWireNameReadsBackToItsConstant(
      Class<E> type, String spellings) {
    for (E constant : type.getEnumConstants()) {
      if (constant.wireName() != null) {
        assertThat(WireEnum.fromWire(type, constant.wireName())).isEqualTo(constant);
      }
    }
    assertThat(WireEnum.fromWire(type, "no-such-value")).isNull();
    assertThat(WireEnum.fromWire(type, null)).isNull();
  }

  @Test
  void closedSetsWithoutAnUnknownConstantReadTheirExactSpellingAndNothingElse() {
    assertThat(PushLevel.fromWire("inject")).isEqualTo(PushLevel.INJECT);
    assertThat(GateDecision.fromWire("context")).isEqualTo(GateDecision.CONTEXT);
    assertThat(HookAction.fromWire("gate")).isEqualTo(HookAction.GATE);
    assertThat(TransformAction.fromWire("callback")).isEqualTo(TransformAction.CALLBACK);
    assertThat(FilterOutcome.fromWire("surface")).isEqualTo(FilterOutcome.SURFACE);
    assertThat(LifecycleState.fromWire("shutdown.pending"))
        .isEqualTo(LifecycleState.SHUTDOWN_PENDING);
    assertThat(ConcurrencyScope.fromWire("tool")).isEqualTo(ConcurrencyScope.TOOL);
    assertThat(AuthMode.fromWire("pair")).isEqualTo(AuthMode.PAIR);
    assertThat(PushLevel.fromWire("INJECT")).as("case counts").isNull();
    assertThat(GateDecision.fromWire("maybe")).isNull();
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(ErrorCode.class)
  void onlyAuthFailedAndUnsupportedVersionAreFatal(ErrorCode code) {
    // Spec: Error recovery guide; R-CODEC-07.
    boolean fatal = code == ErrorCode.AUTH_FAILED || code == ErrorCode.UNSUPPORTED_VERSION;

    assertThat(code.isFatal()).isEqualTo(fatal);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(value = ErrorCode.class, names = "UNKNOWN", mode = EnumSource.Mode.EXCLUDE)
  void knownErrorCodesReadBackFromTheirNames(ErrorCode code) {
    assertThat(ErrorCode.fromWire(code.name())).isEqualTo(code);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(value = ToolErrorCode.class, names = "UNKNOWN", mode = EnumSource.Mode.EXCLUDE)
  void knownToolErrorCodesReadBackFromTheirNames(ToolErrorCode code) {
    assertThat(ToolErrorCode.fromWire(code.name())).isEqualTo(code);
  }

  @Test
  void unknownCodesAndTypesReadAsUnknown() {
    assertThat(ErrorCode.fromWire("QUOTA")).isEqualTo(ErrorCode.UNKNOWN);
    assertThat(ErrorCode.fromWire(null)).isEqualTo(ErrorCode.UNKNOWN);
    assertThat(ToolErrorCode.fromWire("QUOTA")).isEqualTo(ToolErrorCode.UNKNOWN);
    assertThat(ProviderMessageType.fromWire("tool.call")).isEqualTo(ProviderMessageType.UNKNOWN);
    assertThat(GatewayMessageType.fromWire("hello")).isEqualTo(GatewayMessageType.UNKNOWN);
  }
}
