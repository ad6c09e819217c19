package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the machine predicates read once a call: the files each program reads, writes or deletes,
 * grouped by program, and whether the call names the machine's disks. The book's predicates that
 * ask what one program writes ({@code writes-sysrq}, {@code persists-tls-off}, …) are asked of
 * every program, and a pass over every access of a long command for each would make the decision
 * quadratic in its length. Kept in the call's scan ({@link Scan#once}), so that nothing of a call
 * decided outlives it: kept per thread, the last call's programs and files stayed reachable into
 * the next decision, and a young collection then copied them with the new call's.
 */
final class OwnAccesses {
  /** How many accesses the call had when they were grouped; -1 before. Its scan's only. */
  private int size = -1;

  /** The accesses by program, grouped when {@link #size} was their number. */
  private Map<Invocation, List<Access>> byProgram = Map.of();

  /** Whether the call names the machine's disks, once read; {@code null} before. */
  private Boolean devices;

  private OwnAccesses() {}

  private static OwnAccesses of(Scan scan) {
    return scan.once("OwnAccesses", call -> new OwnAccesses());
  }

  /**
   * The accesses of one program of a call.
   *
   * @param scan the call
   * @param step the program
   * @return its accesses, in the call's order
   */
  static List<Access> of(Scan scan, Step step) {
    OwnAccesses kept = of(scan);
    List<Access> all = scan.accesses();
    if (kept.size != all.size()) {
      Map<Invocation, List<Access>> grouped = new IdentityHashMap<>();
      for (int i = 0; i < all.size(); i++) { // indexed: a long command writes hundreds
        Access access = all.get(i);
        if (access.invocation() != null) {
          grouped.computeIfAbsent(access.invocation(), k -> new ArrayList<>(2)).add(access);
        }
      }
      kept.size = all.size();
      kept.byProgram = grouped;
    }
    // Most programs access no file: the empty list's iterator is shared, List.of()'s made anew.
    return kept.byProgram.getOrDefault(step.invocation(), Collections.emptyList());
  }

  /**
   * Whether the call names the machine's disks, read once a call however many of its programs ask
   * ({@code device-computed}: every {@code dd of=$OUT} of a long script would read its text again).
   *
   * @param scan the call
   * @param reading the reading of the call's text
   * @return what the reading found
   */
  static boolean once(Scan scan, java.util.function.BooleanSupplier reading) {
    OwnAccesses kept = of(scan);
    if (kept.devices == null) {
      kept.devices = reading.getAsBoolean();
    }
    return kept.devices;
  }
}
