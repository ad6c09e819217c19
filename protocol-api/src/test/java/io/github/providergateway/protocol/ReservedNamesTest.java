package io.github.providergateway.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The names a provider may not take: those the gateway signs its own lines and answers with (issue
 * 32).
 */
class ReservedNamesTest {

  @Test
  void theGatewaysOwnNamesAreReserved() {
    assertThat(Hello.RESERVED_NAMES)
        .containsExactly("gateway", "provider-gateway", "console", "host", "status-page");
    assertThat(Hello.RESERVED_NAMES).allMatch(Hello::isReservedName);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Gateway", "GATEWAY", " gateway ", "gateway\u200B", "\u200Bgateway", "gate\u200Dway",
            "\u202Egateway",
        "Provider_Gateway", "provider.gateway", "provider gateway", "CONSOLE", "Host",
            "status page", "Status_Page"
      })
  void aReservedNameIsReservedHoweverAPersonWouldReadItTheSame(String name) {
    assertThat(Hello.isReservedName(name)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gateway-ci",
        "my-gateway",
        "gateways",
        "gatevvay",
        "hosts",
        "console2",
        "status",
        "provider",
        "ci"
      })
  void namesThatMerelyResembleOrContainOneAreFree(String name) {
    assertThat(Hello.isReservedName(name)).isFalse();
  }

  @Test
  void theGuardsNameIsForInProcessProvidersAndReadAsAPersonReadsIt() {
    assertThat(Hello.IN_PROCESS_NAMES).containsExactly("guard");
    assertThat(Hello.isInProcessName("Guard")).isTrue();
    assertThat(Hello.isInProcessName(" guard\u200B")).isTrue();
    assertThat(Hello.isInProcessName("guardrail")).isFalse();
    assertThat(Hello.isReservedName("guard")).isFalse();
  }
}
