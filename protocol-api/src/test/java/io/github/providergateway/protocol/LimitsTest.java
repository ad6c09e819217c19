package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Limits}: the spec's numbers by default, overridable one at a time (R-LIMIT-09). */
class LimitsTest {

  private static final Limits DEFAULTS = Limits.defaults();

  @Test
  void sizeDefaultsAreFiveAndTwoMebibytes() {
    assertThat(DEFAULTS.maxToolResultBytes()).isEqualTo(5 * 1024 * 1024).isEqualTo(5_242_880);
    assertThat(DEFAULTS.maxMessageBytes()).isEqualTo(2 * 1024 * 1024).isEqualTo(2_097_152);
  }

  @Test
  void countDefaultsAreTheSpecs() {
    assertThat(DEFAULTS.maxToolsPerProvider()).isEqualTo(100);
    assertThat(DEFAULTS.maxHookRulesPerProvider()).isEqualTo(50);
    assertThat(DEFAULTS.maxStreamsPerProvider()).isEqualTo(20);
    assertThat(DEFAULTS.streamRetention()).isEqualTo(200);
    assertThat(DEFAULTS.maxQueryLast()).isEqualTo(100);
    assertThat(DEFAULTS.maxConnections()).isEqualTo(50);
    assertThat(DEFAULTS.maxPairingAttemptsPerMinute()).isEqualTo(5);
    assertThat(DEFAULTS.maxRebindsPerMinute()).isEqualTo(10);
    assertThat(DEFAULTS.maxPushesPerSecond()).isEqualTo(10);
    assertThat(DEFAULTS.maxQueuedCalls()).isEqualTo(10);
  }

  @Test
  void timeDefaultsAreTheSpecs() {
    assertThat(DEFAULTS.gateTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(DEFAULTS.transformTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(DEFAULTS.reconnectWindow()).isEqualTo(Duration.ofSeconds(30));
    assertThat(DEFAULTS.registrationDebounce()).isEqualTo(Duration.ofMillis(200));
    assertThat(DEFAULTS.defaultToolTimeout()).isEqualTo(Duration.ofSeconds(60));
  }

  @Test
  void architectureDefaultsAreTheDecisionsValues() {
    assertThat(DEFAULTS.cancelGrace()).isEqualTo(Duration.ofSeconds(5)); // arch 23
    assertThat(DEFAULTS.pairingCodeLifetime()).isEqualTo(Duration.ofSeconds(120)); // arch 4
    // arch 8: the 1 ms deadline as the steps a warm JIT reads in about 1 ms (docs/performance.md)
    assertThat(DEFAULTS.regexStepsPerMatch()).isEqualTo(262_144);
    assertThat(DEFAULTS.maxMatchedChars()).isEqualTo(64 * 1024); // arch 8
    assertThat(DEFAULTS.injectCyclesBeforePause()).isEqualTo(3); // arch 6
    assertThat(DEFAULTS.defaultShutdownDeadline()).isEqualTo(Duration.ofSeconds(10));
    assertThat(DEFAULTS.authTimeout()).isEqualTo(Duration.ofSeconds(10)); // arch 15
  }

  @Test
  void hostilePeerBoundsHaveTheirDocumentedDefaults() {
    // docs/security.md adds these up; a change here must change the arithmetic there.
    int mib = 1024 * 1024;
    assertThat(DEFAULTS.maxUnauthenticatedMessageBytes()).isEqualTo(64 * 1024);
    assertThat(DEFAULTS.bindTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(DEFAULTS.regexStepsPerMessage()).isEqualTo(5 * 262_144);
    assertThat(DEFAULTS.regexStepsPerProviderSecond()).isEqualTo(10 * 262_144);
    assertThat(DEFAULTS.maxFilterRules()).isEqualTo(50);
    assertThat(DEFAULTS.progressInterval()).isEqualTo(Duration.ofMillis(250));
    assertThat(DEFAULTS.maxStreamBytes()).isEqualTo(mib);
    assertThat(DEFAULTS.maxRetainedStreamBytes()).isEqualTo(32 * mib);
    assertThat(DEFAULTS.maxSnapshotBytes()).isEqualTo(16 * mib);
    assertThat(DEFAULTS.maxDeclaredBytesPerProvider()).isEqualTo(4 * mib);
    assertThat(DEFAULTS.maxDeclaredBytes()).isEqualTo(64 * mib);
    assertThat(DEFAULTS.maxMessageTreeBytes()).isEqualTo(48 * mib);
    assertThat(DEFAULTS.maxJsonDepth()).isEqualTo(128);
    assertThat(DEFAULTS.maxQueuedInboundBytes()).isEqualTo(16 * mib);
    assertThat(DEFAULTS.maxQueuedInboundBytesPerConnection()).isEqualTo(4 * mib);
    // Gates that ask the person (decision 35): docs/security.md, "Questions to the person".
    assertThat(DEFAULTS.askTimeout()).isEqualTo(Duration.ofSeconds(60));
    assertThat(DEFAULTS.maxAskTimeout()).isEqualTo(Duration.ofMinutes(5));
    assertThat(DEFAULTS.maxPendingAsksPerSession()).isEqualTo(8);
    assertThat(DEFAULTS.maxPendingAsks()).isEqualTo(64);
    assertThat(DEFAULTS.maxAskQuestionChars()).isEqualTo(1000);
  }

  @org.junit.jupiter.api.Test
  void maxJsonDepthIsAtMostWhatCanBeWrittenBack() {
    assertThat(DEFAULTS.toBuilder().maxJsonDepth(Limits.MAX_JSON_DEPTH).build().maxJsonDepth())
        .isEqualTo(Limits.MAX_JSON_DEPTH);
    assertThatThrownBy(() -> DEFAULTS.toBuilder().maxJsonDepth(Limits.MAX_JSON_DEPTH + 1).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxJsonDepth must be at most 984");
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(ProviderMessageType.class)
  void onlyToolResultGetsTheLargerLimit(ProviderMessageType type) {
    int expected = type == ProviderMessageType.TOOL_RESULT ? 5 * 1024 * 1024 : 2 * 1024 * 1024;

    assertThat(DEFAULTS.maxBytesFor(type)).isEqualTo(expected);
  }

  @Test
  void largestMessageIsTheLargerOfTheTwoLimits() {
    assertThat(DEFAULTS.maxAnyMessageBytes()).isEqualTo(5 * 1024 * 1024);
    assertThat(
            DEFAULTS.toBuilder()
                .maxToolResultBytes(10)
                .maxMessageBytes(20)
                .build()
                .maxAnyMessageBytes())
        .isEqualTo(20);
  }

  @Test
  void unchangedBuilderBuildsEqualLimits() {
    assertThat(DEFAULTS.toBuilder().build()).isEqualTo(DEFAULTS).hasSameHashCodeAs(DEFAULTS);
  }

  /** One limit: its accessor on {@link Limits} and its setter on the builder share its name. */
  record Component(String getName, Class<?> getType) {
    Method getAccessor() throws NoSuchMethodException {
      return Limits.class.getMethod(getName);
    }

    @Override
    public String toString() {
      return getName;
    }
  }

  /**
   * Every limit: each one-argument builder setter (what an embedder can set), by name. Sorted,
   * since reflection promises no order, and a parameterized test's invocations must test the same
   * limit in every run (a mutation tester reruns invocation [n] against a changed class).
   */
  static Stream<Component> components() {
    return Arrays.stream(Limits.Builder.class.getDeclaredMethods())
        .filter(m -> Modifier.isPublic(m.getModifiers()) && m.getParameterCount() == 1)
        .map(m -> new Component(m.getName(), m.getParameterTypes()[0]))
        .sorted(Comparator.comparing(Component::getName));
  }

  @Test
  void everyLimitHasAnAccessorOfItsOwnType() throws Exception {
    assertThat(components()).hasSize(45);
    for (Component component : components().toList()) {
      assertThat(component.getAccessor().getReturnType())
          .as(component.getName())
          .isEqualTo(component.getType());
    }
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("components")
  void builderOverridesOneLimitAndKeepsTheRest(Component component) throws Exception {
    Object changed =
        component.getType() == int.class
            ? (Object) ((int) component.getAccessor().invoke(DEFAULTS) + 7)
            : ((Duration) component.getAccessor().invoke(DEFAULTS)).plusMillis(7);
    Limits.Builder builder = DEFAULTS.toBuilder();
    assertThat(builderMethod(component).invoke(builder, changed))
        .as("the builder, for chaining")
        .isSameAs(builder);

    Limits limits = builder.build();

    assertThat(limits).as("limits differing in one limit").isNotEqualTo(DEFAULTS);
    assertThat(limits.toString()).contains(component.getName() + "=" + changed);
    for (Component other : components().toList()) {
      Object value = other.getAccessor().invoke(limits);
      if (other.getName().equals(component.getName())) {
        assertThat(value).isEqualTo(changed);
      } else {
        assertThat(value).as(other.getName()).isEqualTo(other.getAccessor().invoke(DEFAULTS));
      }
    }
  }

  private static Method builderMethod(Component component) throws NoSuchMethodException {
    return Limits.Builder.class.getMethod(component.getName(), component.getType());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("components")
  void everyLimitRefusesANegativeValue(Component component) throws Exception {
    Object negative = component.getType() == int.class ? (Object) (-1) : Duration.ofMillis(-1);
    Limits.Builder builder = DEFAULTS.toBuilder();
    builderMethod(component).invoke(builder, negative);

    assertThatThrownBy(builder::build)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(component.getName());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("components")
  void everyDurationLimitRefusesNull(Component component) throws Exception {
    if (component.getType() != Duration.class) {
      return;
    }
    Limits.Builder builder = DEFAULTS.toBuilder();
    builderMethod(component).invoke(builder, (Object) null);

    assertThatThrownBy(builder::build).isInstanceOf(NullPointerException.class);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {
        "maxToolResultBytes",
        "maxMessageBytes",
        "maxToolsPerProvider",
        "maxHookRulesPerProvider",
        "maxStreamsPerProvider",
        "streamRetention",
        "maxQueryLast",
        "maxConnections",
        "maxPairingAttemptsPerMinute",
        "maxRebindsPerMinute",
        "maxPushesPerSecond",
        "gateTimeout",
        "transformTimeout",
        "reconnectWindow",
        "defaultToolTimeout",
        "pairingCodeLifetime",
        "regexStepsPerMatch",
        "maxMatchedChars",
        "injectCyclesBeforePause",
        "maxStreamBytes",
        "maxStreamsPerSession",
        "authTimeout",
        "maxUnauthenticatedMessageBytes",
        "bindTimeout",
        "regexStepsPerMessage",
        "regexStepsPerProviderSecond",
        "maxFilterRules",
        "maxRetainedStreamBytes",
        "maxSnapshotBytes",
        "maxDeclaredBytesPerProvider",
        "maxDeclaredBytes",
        "maxMessageTreeBytes",
        "maxJsonDepth",
        "maxQueuedInboundBytes",
        "maxQueuedInboundBytesPerConnection",
        "askTimeout",
        "maxAskTimeout",
        "maxPendingAsksPerSession",
        "maxPendingAsks",
        "maxAskQuestionChars"
      })
  void limitsThatMustBePositiveRefuseZero(String name) throws Exception {
    Component component = component(name);
    Object zero = component.getType() == int.class ? (Object) 0 : Duration.ZERO;
    Limits.Builder builder = DEFAULTS.toBuilder();
    builderMethod(component).invoke(builder, zero);

    assertThatThrownBy(builder::build)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(name);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(
      strings = {
        "maxQueuedCalls",
        "registrationDebounce",
        "cancelGrace",
        "defaultShutdownDeadline",
        "progressInterval"
      })
  void limitsWhereZeroMeansNoneAcceptZero(String name) throws Exception {
    Component component = component(name);
    Object zero = component.getType() == int.class ? (Object) 0 : Duration.ZERO;
    Limits.Builder builder = DEFAULTS.toBuilder();
    builderMethod(component).invoke(builder, zero);

    assertThat(component.getAccessor().invoke(builder.build())).isEqualTo(zero);
  }

  private static Component component(String name) {
    return components().filter(c -> c.getName().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void theDefaultAskTimeoutIsAtMostTheLongestAGateMayAskFor() {
    assertThatThrownBy(() -> DEFAULTS.toBuilder().askTimeout(Duration.ofMinutes(6)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("askTimeout must be at most maxAskTimeout");
    assertThat(DEFAULTS.toBuilder().askTimeout(Duration.ofMinutes(5)).build().askTimeout())
        .isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void buildingDoesNotChangeTheDefaults() {
    DEFAULTS.toBuilder().maxToolsPerProvider(1).build();

    assertThat(Limits.defaults().maxToolsPerProvider()).isEqualTo(100);
  }
}
