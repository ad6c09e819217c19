package io.github.providergateway.provider.spi;

import io.github.providergateway.protocol.GateCheck;
import io.github.providergateway.protocol.GateDecision;
import io.github.providergateway.protocol.GateResult;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.provider.GateHandler;
import io.github.providergateway.provider.GateVerdict;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Predicate;

/**
 * Gate checks: each {@code gate.check} goes to the {@link GateHandler} of its gate id, and its
 * verdict goes back as exactly one {@code gate.result}, on the connection the check came on. When
 * there is no verdict (the handler failed, or never answers) nothing is sent and the gateway's
 * timeout decides: fail closed (spec: Gate timeout behavior). A verdict with replacement arguments
 * goes out only when the gateway accepted the {@code gate.args} extension; else it becomes a deny,
 * since that gateway would run the call as it was. Loop only.
 */
final class Gates {

  private final Map<String, GateHandler> handlers;
  private final Link link;
  private final UserCode user;

  /** Whether the latest {@code hello.ack} accepted an extension. */
  private final Predicate<ProtocolExtension> accepted;

  /** Checks not answered yet, by call id, with the connection each came on. Loop only. */
  private final Map<String, ProviderChannel> open = new HashMap<>();

  Gates(
      Map<String, GateHandler> handlers,
      Link link,
      UserCode user,
      Predicate<ProtocolExtension> accepted) {
    this.handlers = handlers;
    this.link = link;
    this.user = user;
    this.accepted = accepted;
  }

  void check(GateCheck check) {
    if (open.containsKey(check.callId())) {
      user.debug(() -> "duplicate gate.check " + check.callId() + " dropped");
      return;
    }
    GateHandler handler = handlers.get(check.gateId());
    if (handler == null) {
      // The provider declared no such gate (a rule it no longer has): deny, the safe answer.
      link.send(
          GateResult.deny(
              check.gateId(), check.callId(), "No handler for gate '" + check.gateId() + "'"));
      return;
    }
    ProviderChannel connection = link.current();
    open.put(check.callId(), connection);
    CompletionStage<GateVerdict> verdict =
        user.invoke(() -> handler.check(check), "the gate handler returned no verdict");
    user.whenDone(verdict, (value, error) -> answer(check, connection, value, error));
  }

  private void answer(
      GateCheck check, ProviderChannel connection, GateVerdict verdict, Throwable error) {
    if (!open.remove(check.callId(), connection)) {
      return; // its connection ended: the gateway has denied it already
    }
    if (error != null || verdict == null) {
      // Never answer allow on a failure: silence lets the gateway deny at its timeout.
      user.warn(
          "gate '"
              + check.gateId()
              + "' gave no verdict for "
              + check.callId()
              + "; the gateway decides at its timeout",
          error != null ? error : new IllegalStateException("null verdict"));
      return;
    }
    if (verdict.args() != null && !accepted.test(ProtocolExtension.GATE_ARGS)) {
      // Fail closed: the rewrite may be what makes the call safe, and this gateway would ignore it.
      refuse(
          check,
          connection,
          "rewrites the arguments",
          ProtocolExtension.GATE_ARGS,
          "run unchanged");
      return;
    }
    if (verdict.decision() == GateDecision.ASK && !accepted.test(ProtocolExtension.GATE_ASK)) {
      // Fail closed: that gateway would not know the decision; the person must say yes first.
      refuse(check, connection, "asks the person", ProtocolExtension.GATE_ASK, "run unasked");
      return;
    }
    link.sendOn(
        connection,
        new GateResult(
            check.gateId(),
            check.callId(),
            verdict.decision(),
            verdict.reason(),
            verdict.args(),
            verdict.askTimeout()));
  }

  /**
   * Denies {@code check}: its verdict needs {@code extension}, which the gateway did not accept.
   */
  private void refuse(
      GateCheck check,
      ProviderChannel connection,
      String what,
      ProtocolExtension extension,
      String instead) {
    String reason =
        "Gate '"
            + check.gateId()
            + "' "
            + what
            + ", but the gateway did not accept extension "
            + extension.wireName()
            + "; denied rather than "
            + instead;
    user.warn(reason + " (" + check.callId() + ")", null);
    link.sendOn(connection, GateResult.deny(check.gateId(), check.callId(), reason));
  }

  /** The connection ended: the gateway denied its open checks; late verdicts are dropped. */
  void connectionClosed() {
    open.clear();
  }
}
