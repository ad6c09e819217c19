package io.github.providergateway.transport.ws;

import static io.github.providergateway.transport.ws.HostileTransportTest.assertAnotherProviderIsServed;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.providergateway.protocol.Ack;
import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.FilterOutcome;
import io.github.providergateway.protocol.FilterRule;
import io.github.providergateway.protocol.FilterSet;
import io.github.providergateway.protocol.Push;
import io.github.providergateway.protocol.PushLevel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The gateway attacked by a provider that did authenticate (issue 13): real sockets against a real
 * server, each attack followed by a well-behaved provider that is still served. Part of the
 * adversarial suite ({@code Hostile*Test}).
 */
class HostileProviderTest {

  private static final String CATASTROPHIC = "(a+)+$";

  @Test
  void catastrophicFilterRulesCannotFreezeTheLoop() throws Exception {
    try (ServerFixture f = ServerFixture.start();
        RawProvider bomb = f.boundRaw(RawWebSocket.connect(f.port()), "regex-bomb")) {
      // 20,000 rules of 1 ms each held the loop 20 s for every push.
      bomb.send(new FilterSet("huge", null, "bomb", rules(20_000)));
      assertThat(bomb.next(ErrorMessage.class).code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);

      bomb.send(new FilterSet("max", null, "bomb", rules(50)));
      assertThat(bomb.next(Ack.class).requestId()).isEqualTo("max");
      String evil = "a".repeat(10_000) + "b";
      for (int i = 0; i < 100; i++) {
        bomb.send(Push.event("bomb", PushLevel.KEEP, evil));
      }

      // 100 pushes through 50 rules: at most 5 ms each and 10 ms a second for this provider.
      assertAnotherProviderIsServed(f);
    }
  }

  private static List<FilterRule> rules(int count) {
    List<FilterRule> rules = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      rules.add(new FilterRule(CATASTROPHIC, FilterOutcome.DROP));
    }
    return rules;
  }
}
