package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link TrustLevel#allows}: one row per cell of the spec's "Provider capabilities" table, plus the
 * rows the design brief adds (its decision 17 and {@link Capability}'s Javadoc).
 */
class CapabilityMatrixTest {

  private static final boolean Y = true;
  private static final boolean N = false;

  /** Spec row, capability, and its internal / project / external cells. */
  static Stream<Arguments> matrix() {
    return Stream.of(
        row("Register tools", Capability.REGISTER_TOOLS, Y, Y, Y),
        row("Push events (inject/surface/keep)", Capability.PUSH_EVENTS, Y, Y, Y),
        row("Register hook gate rules", Capability.REGISTER_HOOK_RULES, Y, Y, N),
        row("Register transform callbacks", Capability.REGISTER_TRANSFORM_CALLBACKS, Y, Y, N),
        row("Register static transforms (append)", Capability.REGISTER_STATIC_APPEND, Y, Y, Y),
        row("Query own streams", Capability.QUERY_OWN_STREAMS, Y, Y, Y),
        row("Query cross-provider streams", Capability.QUERY_CROSS_PROVIDER_STREAMS, Y, N, N),
        row("Subscribe to session events", Capability.SUBSCRIBE_SESSION_EVENTS, Y, Y, N),
        row("Subscribe to session events: tools only", Capability.SUBSCRIBE_TOOL_EVENTS, Y, Y, Y),
        row("Bind to any session / \"all\"", Capability.BIND_ANY_SESSION, Y, N, N),
        row("Set context / startup_context", Capability.SET_CONTEXT, Y, Y, N),
        // Design brief, decision 17: static prepend/replace, internal and project only.
        row(
            "(arch 17) Register static prepend/replace",
            Capability.REGISTER_STATIC_REWRITE,
            Y,
            Y,
            N),
        // Capability Javadoc: deny and context rules count as hook rules, like gates.
        row("(arch) Register deny/context hook rules", Capability.REGISTER_HOOK_RULES, Y, Y, N));
  }

  private static Arguments row(
      String specRow, Capability capability, boolean internal, boolean project, boolean external) {
    return Arguments.of(specRow, capability, internal, project, external);
  }

  /** The same table, one row per cell. */
  static Stream<Arguments> cells() {
    return matrix()
        .flatMap(
            row -> {
              Object[] r = row.get();
              return Stream.of(
                  Arguments.of(r[0], r[1], TrustLevel.INTERNAL, r[2]),
                  Arguments.of(r[0], r[1], TrustLevel.PROJECT, r[3]),
                  Arguments.of(r[0], r[1], TrustLevel.EXTERNAL, r[4]));
            });
  }

  @ParameterizedTest(name = "[{index}] {0}: {2} -> {3}")
  @MethodSource("cells")
  void trustLevelAllowsExactlyTheCapabilitiesOfItsColumn(
      String specRow, Capability capability, TrustLevel level, boolean allowed) {
    assertThat(level.allows(capability)).isEqualTo(allowed);
  }

  @Test
  void everyCapabilityHasARowInTheTable() {
    Set<Capability> inTable =
        matrix().map(row -> (Capability) row.get()[1]).collect(Collectors.toSet());

    assertThat(inTable).containsExactlyInAnyOrder(Capability.values());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @EnumSource(TrustLevel.class)
  void capabilitiesListsExactlyWhatAllowsAllows(TrustLevel level) {
    Set<Capability> allowed = EnumSet.noneOf(Capability.class);
    for (Capability capability : Capability.values()) {
      if (level.allows(capability)) {
        allowed.add(capability);
      }
    }

    assertThat(level.capabilities()).isEqualTo(allowed);
    assertThat(level.allowsAll(allowed)).isTrue();
  }

  @Test
  void internalHoldsEveryCapability() {
    assertThat(TrustLevel.INTERNAL.allowsAll(EnumSet.allOf(Capability.class))).isTrue();
  }

  @Test
  void allowsAllFailsWhenOneCapabilityIsMissing() {
    assertThat(
            TrustLevel.EXTERNAL.allowsAll(
                Set.of(Capability.REGISTER_TOOLS, Capability.SET_CONTEXT)))
        .isFalse();
    assertThat(TrustLevel.EXTERNAL.allowsAll(Set.of())).isTrue();
  }

  @Test
  void capabilitiesCannotBeChanged() {
    assertThatThrownBy(() -> TrustLevel.EXTERNAL.capabilities().add(Capability.BIND_ANY_SESSION))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void allowsRefusesNull() {
    assertThatThrownBy(() -> TrustLevel.PROJECT.allows(null))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void trustLevelsHaveTheSpecsNames() {
    assertThat(TrustLevel.INTERNAL.wireName()).isEqualTo("internal");
    assertThat(TrustLevel.PROJECT.wireName()).isEqualTo("project");
    assertThat(TrustLevel.EXTERNAL.wireName()).isEqualTo("external");
    assertThat(TrustLevel.fromWire("external")).isEqualTo(TrustLevel.EXTERNAL);
    assertThat(TrustLevel.fromWire("admin")).isNull();
  }
}
