package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Invocation;
import java.lang.ref.WeakReference;
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
 * quadratic in its length. Kept per thread for the last call read (weakly: a call decided is not
 * kept alive by it).
 */
final class OwnAccesses {
  private static final ThreadLocal<OwnAccesses> LAST = ThreadLocal.withInitial(OwnAccesses::new);

  private WeakReference<Scan> scan = new WeakReference<>(null);
  private int size = -1;
  private Map<Invocation, List<Access>> byProgram = Map.of();
  private WeakReference<Scan> devicesOf = new WeakReference<>(null);
  private boolean devices;

  private OwnAccesses() {}

  /**
   * The accesses of one program of a call.
   *
   * @param scan the call
   * @param step the program
   * @return its accesses, in the call's order
   */
  static List<Access> of(Scan scan, Step step) {
    OwnAccesses last = LAST.get();
    List<Access> all = scan.accesses();
    if (last.scan.get() != scan || last.size != all.size()) {
      Map<Invocation, List<Access>> grouped = new IdentityHashMap<>();
      for (int i = 0; i < all.size(); i++) { // indexed: a long command writes hundreds
        Access access = all.get(i);
        if (access.invocation() != null) {
          grouped.computeIfAbsent(access.invocation(), k -> new ArrayList<>(2)).add(access);
        }
      }
      last.scan = new WeakReference<>(scan);
      last.size = all.size();
      last.byProgram = grouped;
    }
    // Most programs access no file: the empty list's iterator is shared, List.of()'s made anew.
    return last.byProgram.getOrDefault(step.invocation(), Collections.emptyList());
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
    OwnAccesses last = LAST.get();
    if (last.devicesOf.get() != scan) {
      last.devices = reading.getAsBoolean();
      last.devicesOf = new WeakReference<>(scan);
    }
    return last.devices;
  }
}
