package io.github.providergateway.provider.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InboundTextTest {

  @Test
  void framesMakeOneMessageAndTheNextStartsEmpty() {
    InboundText inbound = new InboundText(10);

    assertThat(inbound.append("{\"a\":")).isTrue();
    assertThat(inbound.append("1}")).isTrue();
    assertThat(inbound.take()).isEqualTo("{\"a\":1}");
    assertThat(inbound.append("{}")).isTrue();
    assertThat(inbound.take()).isEqualTo("{}");
  }

  @Test
  void aMessageAtTheLimitPassesAndOneCharMoreIsRefusedAndDropped() {
    InboundText inbound = new InboundText(4);

    assertThat(inbound.append("abcd")).isTrue();
    assertThat(inbound.take()).isEqualTo("abcd");
    assertThat(inbound.append("abc")).isTrue();
    assertThat(inbound.append("de")).isFalse();
    assertThat(inbound.take()).isEmpty();
  }
}
