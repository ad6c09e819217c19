package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;

/**
 * A test rig named as what a command acts on (decision 336, issue 80's ordinary work): {@code
 * --group bench-lab}, {@code --gates lab-bench-01}, {@code --cp LAB-BENCH-03}, {@code --target
 * flatsat-lab}. Firmware candidates are flashed, reset commands sent and messages triggered on a
 * lab's bench, a flat-sat or a hardware-in-the-loop rig before any unit in the field; the rig is
 * the test's place. A lab alone names no test ({@code lab.results}, a clinical lab's analyser, a
 * lab's freezer are live), nor a bench alone ({@code Bench 3 North} of a quarry, a bench warrant):
 * only the two in one name, or a rig's own word, do. A host ({@code pi@lab-bench-02.local}) is a
 * machine reached, read by the host readings, not here.
 */
final class TestRigs {
  private TestRigs() {}

  /** The words that alone name a rig made for tests. */
  private static final Set<String> RIGS =
      NameSet.of("flatsat", "hil", "testbench", "testrig", "breadboard", "labbench");

  /** The words of a lab's bench, named together. */
  private static final Set<String> LAB = NameSet.of("lab", "labs");

  private static final Set<String> BENCH = NameSet.of("bench", "benches", "rig", "rigs");

  /** Whether {@code text}, a word no path, host or address, names a test rig. */
  static boolean named(String text) {
    if (text.length() > 48
        || text.startsWith("-")
        || text.indexOf('.') >= 0
        || text.indexOf('@') >= 0
        || text.indexOf('/') >= 0
        || text.indexOf(':') >= 0) {
      return false;
    }
    boolean lab = false;
    boolean bench = false;
    for (String part : text.toLowerCase(Locale.ROOT).split("[-_0-9]+")) {
      if (RIGS.contains(part)) {
        return true;
      }
      lab |= LAB.contains(part);
      bench |= BENCH.contains(part);
    }
    return lab && bench;
  }
}
