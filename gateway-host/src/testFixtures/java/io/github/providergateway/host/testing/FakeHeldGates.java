package io.github.providergateway.host.testing;

import io.github.providergateway.host.HeldGates;
import io.github.providergateway.host.protocol.HeldGate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A record of held gates in memory, simplified: it holds the gates it was given, in that order, and
 * a release drops those of the provider whose gate id and project equal the ones given (any, for
 * null), exactly. What the real record adds (projects that hold folders, the home's file, holding
 * until the provider binds) is not here. Keeps every release it was asked for. Thread-safe.
 */
public final class FakeHeldGates implements HeldGates {

  /** A gate held since a crash: {@code ci-guard}'s {@code ci-green}, for {@code /code/alpha}. */
  public static final HeldGate CI_GREEN =
      new HeldGate(
          "ci-guard",
          "ci-green",
          "/code/alpha",
          Instant.parse("2026-11-26T07:30:16Z"),
          "the gateway crashed");

  /** A static deny held since a stop: {@code ci-guard}'s, for {@code /code/beta}. */
  public static final HeldGate CI_DENY =
      new HeldGate("ci-guard", null, "/code/beta", Instant.EPOCH, "the gateway was stopped");

  /**
   * A release as it was asked for.
   *
   * @param provider whose gates
   * @param gateId which gate, or null for all of the provider's
   * @param project which project, or null for all
   */
  public record Release(String provider, String gateId, String project) {}

  /** The gates held now, in the order they began to be held. Guarded by this. */
  private final List<HeldGate> held;

  /** Every release asked for, in order. Guarded by this. */
  private final List<Release> releases = new ArrayList<>();

  /**
   * A record holding {@code gates}.
   *
   * @param gates the gates held, in the order they began to be held
   */
  public FakeHeldGates(HeldGate... gates) {
    this.held = new ArrayList<>(List.of(gates));
  }

  @Override
  public synchronized CompletableFuture<List<HeldGate>> held() {
    return CompletableFuture.completedFuture(List.copyOf(held));
  }

  @Override
  public synchronized CompletableFuture<List<HeldGate>> release(
      String provider, String gateId, String project) {
    releases.add(new Release(provider, gateId, project));
    List<HeldGate> released =
        held.stream()
            .filter(gate -> gate.provider().equals(provider))
            .filter(gate -> gateId == null || gateId.equals(gate.gateId()))
            .filter(gate -> project == null || Objects.equals(project, gate.project()))
            .toList();
    held.removeAll(released);
    return CompletableFuture.completedFuture(released);
  }

  /** {@return every release asked for so far, in order} */
  public synchronized List<Release> releases() {
    return List.copyOf(releases);
  }
}
