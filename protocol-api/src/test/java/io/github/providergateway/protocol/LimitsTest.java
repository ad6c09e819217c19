package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
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
    assertThat(DEFAULTS.messages().maxToolResultBytes())
        .isEqualTo(5 * 1024 * 1024)
        .isEqualTo(5_242_880);
    assertThat(DEFAULTS.messages().maxMessageBytes())
        .isEqualTo(2 * 1024 * 1024)
        .isEqualTo(2_097_152);
  }

  @Test
  void countDefaultsAreTheSpecs() {
    assertThat(DEFAULTS.registration().maxToolsPerProvider()).isEqualTo(100);
    assertThat(DEFAULTS.registration().maxHookRulesPerProvider()).isEqualTo(50);
    assertThat(DEFAULTS.registration().maxStreamsPerProvider()).isEqualTo(20);
    assertThat(DEFAULTS.streams().streamRetention()).isEqualTo(200);
    assertThat(DEFAULTS.streams().maxQueryLast()).isEqualTo(100);
    assertThat(DEFAULTS.connections().maxConnections()).isEqualTo(50);
    assertThat(DEFAULTS.connections().maxPairingAttemptsPerMinute()).isEqualTo(5);
    assertThat(DEFAULTS.connections().maxRebindsPerMinute()).isEqualTo(10);
    assertThat(DEFAULTS.streams().maxPushesPerSecond()).isEqualTo(10);
    assertThat(DEFAULTS.calls().maxQueuedCalls()).isEqualTo(10);
  }

  @Test
  void timeDefaultsAreTheSpecs() {
    assertThat(DEFAULTS.calls().gateTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(DEFAULTS.calls().transformTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(DEFAULTS.connections().reconnectWindow()).isEqualTo(Duration.ofSeconds(30));
    assertThat(DEFAULTS.registration().registrationDebounce()).isEqualTo(Duration.ofMillis(200));
    assertThat(DEFAULTS.calls().defaultToolTimeout()).isEqualTo(Duration.ofSeconds(60));
  }

  @Test
  void architectureDefaultsAreTheDecisionsValues() {
    assertThat(DEFAULTS.calls().cancelGrace()).isEqualTo(Duration.ofSeconds(5)); // arch 23
    assertThat(DEFAULTS.connections().pairingCodeLifetime())
        .isEqualTo(Duration.ofSeconds(120)); // arch 4
    // arch 8: the 1 ms deadline as the steps a warm JIT reads in about 1 ms (docs/performance.md)
    assertThat(DEFAULTS.regex().regexStepsPerMatch()).isEqualTo(262_144);
    assertThat(DEFAULTS.regex().maxMatchedChars()).isEqualTo(64 * 1024); // arch 8
    assertThat(DEFAULTS.streams().injectCyclesBeforePause()).isEqualTo(3); // arch 6
    assertThat(DEFAULTS.calls().defaultShutdownDeadline()).isEqualTo(Duration.ofSeconds(10));
    assertThat(DEFAULTS.connections().authTimeout()).isEqualTo(Duration.ofSeconds(10)); // arch 15
  }

  @Test
  void hostilePeerBoundsHaveTheirDocumentedDefaults() {
    // docs/security.md adds these up; a change here must change the arithmetic there.
    int mib = 1024 * 1024;
    assertThat(DEFAULTS.messages().maxUnauthenticatedMessageBytes()).isEqualTo(64 * 1024);
    assertThat(DEFAULTS.connections().bindTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(DEFAULTS.regex().regexStepsPerMessage()).isEqualTo(5 * 262_144);
    assertThat(DEFAULTS.regex().regexStepsPerProviderSecond()).isEqualTo(10 * 262_144);
    assertThat(DEFAULTS.registration().maxFilterRules()).isEqualTo(50);
    assertThat(DEFAULTS.calls().progressInterval()).isEqualTo(Duration.ofMillis(250));
    assertThat(DEFAULTS.streams().maxStreamBytes()).isEqualTo(mib);
    assertThat(DEFAULTS.streams().maxRetainedStreamBytes()).isEqualTo(32 * mib);
    assertThat(DEFAULTS.streams().maxSnapshotBytes()).isEqualTo(16 * mib);
    assertThat(DEFAULTS.registration().maxDeclaredBytesPerProvider()).isEqualTo(4 * mib);
    assertThat(DEFAULTS.registration().maxDeclaredBytes()).isEqualTo(64 * mib);
    assertThat(DEFAULTS.messages().maxMessageTreeBytes()).isEqualTo(48 * mib);
    assertThat(DEFAULTS.messages().maxJsonDepth()).isEqualTo(128);
    assertThat(DEFAULTS.messages().maxQueuedInboundBytes()).isEqualTo(16 * mib);
    assertThat(DEFAULTS.messages().maxQueuedInboundBytesPerConnection()).isEqualTo(4 * mib);
    // Gates that ask the person (decision 35): docs/security.md, "Questions to the person".
    assertThat(DEFAULTS.asks().askTimeout()).isEqualTo(Duration.ofSeconds(60));
    assertThat(DEFAULTS.asks().maxAskTimeout()).isEqualTo(Duration.ofMinutes(5));
    assertThat(DEFAULTS.asks().maxPendingAsksPerSession()).isEqualTo(8);
    assertThat(DEFAULTS.asks().maxPendingAsks()).isEqualTo(64);
    assertThat(DEFAULTS.asks().maxAskQuestionChars()).isEqualTo(1000);
  }

  @org.junit.jupiter.api.Test
  void maxJsonDepthIsAtMostWhatCanBeWrittenBack() {
    assertThat(
            DEFAULTS.toBuilder()
                .maxJsonDepth(Limits.MAX_JSON_DEPTH)
                .build()
                .messages()
                .maxJsonDepth())
        .isEqualTo(Limits.MAX_JSON_DEPTH);
    assertThatThrownBy(() -> DEFAULTS.toBuilder().maxJsonDepth(Limits.MAX_JSON_DEPTH + 1).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxJsonDepth must be at most 984");
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(ProviderMessageType.class)
  void onlyToolResultGetsTheLargerLimit(ProviderMessageType type) {
    int expected = type == ProviderMessageType.TOOL_RESULT ? 5 * 1024 * 1024 : 2 * 1024 * 1024;

    assertThat(DEFAULTS.messages().maxBytesFor(type)).isEqualTo(expected);
  }

  @Test
  void largestMessageIsTheLargerOfTheTwoLimits() {
    assertThat(DEFAULTS.messages().maxAnyMessageBytes()).isEqualTo(5 * 1024 * 1024);
    assertThat(
            DEFAULTS.toBuilder()
                .maxToolResultBytes(10)
                .maxMessageBytes(20)
                .build()
                .messages()
                .maxAnyMessageBytes())
        .isEqualTo(20);
  }

  @Test
  void unchangedBuilderBuildsEqualLimits() {
    assertThat(DEFAULTS.toBuilder().build()).isEqualTo(DEFAULTS).hasSameHashCodeAs(DEFAULTS);
    assertThat(Limits.builder().build()).isEqualTo(DEFAULTS).hasSameHashCodeAs(DEFAULTS);
  }

  /**
   * One limit: its setter on the builder and its accessor on the group of {@link Limits} that holds
   * it share its name.
   */
  record Component(String getName, Class<?> getType) {
    /** The accessor on {@link Limits} of the one group that holds this limit. */
    Method getGroup() {
      List<Method> holders =
          groups().stream().filter(g -> hasAccessor(g.getReturnType(), getName)).toList();
      assertThat(holders).as("the groups holding " + getName).hasSize(1);
      return holders.get(0);
    }

    Method getAccessor() throws NoSuchMethodException {
      return getGroup().getReturnType().getMethod(getName);
    }

    Object valueIn(Limits limits) throws Exception {
      return getAccessor().invoke(getGroup().invoke(limits));
    }

    @Override
    public String toString() {
      return getName;
    }
  }

  private static boolean hasAccessor(Class<?> group, String name) {
    return limitsOf(group).anyMatch(name::equals);
  }

  /** The limits a group holds: its instance fields, each read by an accessor of its name. */
  private static Stream<String> limitsOf(Class<?> group) {
    return Arrays.stream(group.getDeclaredFields())
        .filter(f -> !Modifier.isStatic(f.getModifiers()))
        .map(Field::getName);
  }

  /** The groups of limits: each public no-argument instance method of {@link Limits}. */
  static List<Method> groups() {
    return Arrays.stream(Limits.class.getDeclaredMethods())
        .filter(
            m ->
                Modifier.isPublic(m.getModifiers())
                    && !Modifier.isStatic(m.getModifiers())
                    && m.getParameterCount() == 0
                    && m.getReturnType().getSimpleName().endsWith("Limits"))
        .sorted(Comparator.comparing(Method::getName))
        .toList();
  }

  @Test
  void limitsComposeSevenGroupsAndEveryComponentOfThemIsSettable() {
    assertThat(groups())
        .extracting(Method::getName)
        .containsExactly(
            "asks", "calls", "connections", "messages", "regex", "registration", "streams");
    List<String> settable = components().map(Component::getName).toList();
    List<String> held = groups().stream().flatMap(g -> limitsOf(g.getReturnType())).toList();
    assertThat(held).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(settable);
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
            ? (Object) ((int) component.valueIn(DEFAULTS) + 7)
            : ((Duration) component.valueIn(DEFAULTS)).plusMillis(7);
    Limits.Builder builder = DEFAULTS.toBuilder();
    assertThat(builderMethod(component).invoke(builder, changed))
        .as("the builder, for chaining")
        .isSameAs(builder);

    Limits limits = builder.build();

    assertThat(limits).as("limits differing in one limit").isNotEqualTo(DEFAULTS);
    assertThat(limits.hashCode())
        .as("a hash that tells them apart")
        .isNotEqualTo(DEFAULTS.hashCode());
    assertThat(limits.toString()).contains(component.getName() + "=" + changed);
    for (Component other : components().toList()) {
      Object value = other.valueIn(limits);
      if (other.getName().equals(component.getName())) {
        assertThat(value).isEqualTo(changed);
      } else {
        assertThat(value).as(other.getName()).isEqualTo(other.valueIn(DEFAULTS));
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

    assertThat(component.valueIn(builder.build())).isEqualTo(zero);
  }

  private static Component component(String name) {
    return components().filter(c -> c.getName().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void theDefaultAskTimeoutIsAtMostTheLongestAGateMayAskFor() {
    assertThatThrownBy(() -> DEFAULTS.toBuilder().askTimeout(Duration.ofMinutes(6)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("askTimeout must be at most maxAskTimeout");
    assertThat(DEFAULTS.toBuilder().askTimeout(Duration.ofMinutes(5)).build().asks().askTimeout())
        .isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void buildingDoesNotChangeTheDefaults() {
    DEFAULTS.toBuilder().maxToolsPerProvider(1).build();

    assertThat(Limits.defaults().registration().maxToolsPerProvider()).isEqualTo(100);
  }
}
