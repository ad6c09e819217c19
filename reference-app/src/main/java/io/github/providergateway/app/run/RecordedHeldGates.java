package io.github.providergateway.app.run;

import io.github.providergateway.agent.hook.HookGateRecord;
import io.github.providergateway.agent.hook.HookGateRecorder;
import io.github.providergateway.gateway.event.SessionHookRule;
import io.github.providergateway.host.HeldGates;
import io.github.providergateway.host.protocol.HeldGate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The home's record of gates ({@link HookGateRecorder}) as {@code gates.held} and {@code
 * gates.release} serve it: one {@link HeldGate} per held rule (a gate, or a static deny), in the
 * order they began to be held.
 */
final class RecordedHeldGates implements HeldGates {

  private final HookGateRecorder record;

  RecordedHeldGates(HookGateRecorder record) {
    this.record = record;
  }

  @Override
  public CompletableFuture<List<HeldGate>> held() {
    return CompletableFuture.completedFuture(gatesOf(record.held()));
  }

  @Override
  public CompletableFuture<List<HeldGate>> release(String provider, String gateId, String project) {
    return CompletableFuture.completedFuture(gatesOf(record.release(provider, gateId, project)));
  }

  private static List<HeldGate> gatesOf(List<HookGateRecord.Held> held) {
    List<HeldGate> gates = new ArrayList<>();
    for (HookGateRecord.Held one : held) {
      for (SessionHookRule rule : one.rules()) {
        if (rule.rule().failsOpen()) {
          continue; // never held in force: nothing to list or release
        }
        gates.add(
            new HeldGate(
                one.provider(), rule.rule().gateId(), one.project(), one.since(), one.why()));
      }
    }
    return gates;
  }
}
