package io.github.providergateway.websocket.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EndpointSettingsTest {

  private final EndpointSettings settings = new EndpointSettings();

  @Test
  void theDefaultsAreNoOriginsAThousandAndTwentyFourMessagesEightMebibytesAndFiveMinutes() {
    assertThat(settings.allowedOrigins()).isEmpty();
    assertThat(settings.maxQueuedMessages()).isEqualTo(1024);
    assertThat(settings.maxQueuedBytes()).isEqualTo(8L << 20);
    assertThat(settings.idleTimeout()).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void theAllowedOriginsAreCopiedAndMakeTheHandshakePolicy() {
    Set<String> origins = new HashSet<>(Set.of("http://localhost:3000"));
    settings.allowedOrigins(origins);
    origins.add("http://evil.example");

    assertThat(settings.allowedOrigins()).containsExactly("http://localhost:3000");
    assertThat(settings.handshakePolicy().originAllowed("http://localhost:3000")).isTrue();
    assertThat(settings.handshakePolicy().originAllowed("http://evil.example")).isFalse();
  }

  @Test
  void boundsBelowOneAreRefusedNamingTheSetting() {
    assertThatThrownBy(() -> settings.maxQueuedMessages(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxQueuedMessages must be at least 1, was 0");
    assertThatThrownBy(() -> settings.maxQueuedBytes(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxQueuedBytes must be at least 1, was 0");
    settings.maxQueuedMessages(1);
    settings.maxQueuedBytes(1);
    assertThat(settings.maxQueuedMessages()).isEqualTo(1);
    assertThat(settings.maxQueuedBytes()).isEqualTo(1);
  }

  @Test
  void anIdleTimeoutMustBePositive() {
    assertThatThrownBy(() -> settings.idleTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("idleTimeout must be positive, was PT0S");
    assertThatThrownBy(() -> settings.idleTimeout(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    settings.idleTimeout(Duration.ofMillis(1));
    assertThat(settings.idleTimeout()).isEqualTo(Duration.ofMillis(1));
  }
}
