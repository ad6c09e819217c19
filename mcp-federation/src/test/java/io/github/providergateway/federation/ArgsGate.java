package io.github.providergateway.federation;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.spi.CloseReason;
import io.github.providergateway.gateway.spi.ProviderConnection;
import io.github.providergateway.gateway.spi.ProviderLink;
import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.GatewayMessage;
import java.util.function.Predicate;

/** A gate provider that denies the calls whose arguments {@code denies} picks, with one reason. */
final class ArgsGate implements ProviderConnection {
  private final Predicate<JsonNode> denies;
  private final String reason;
  volatile ProviderLink link;

  ArgsGate(Predicate<JsonNode> denies, String reason) {
    this.denies = denies;
    this.reason = reason;
  }

  @Override
  public boolean send(GatewayMessage message) {
    if (message instanceof GateCheck check) {
      link.receive(
          denies.test(check.args())
              ? GateResult.deny(check.gateId(), check.callId(), reason)
              : GateResult.allow(check.gateId(), check.callId()));
    }
    return true;
  }

  @Override
  public void close(CloseReason reason) {}

  @Override
  public String describe() {
    return "args-gate";
  }
}
