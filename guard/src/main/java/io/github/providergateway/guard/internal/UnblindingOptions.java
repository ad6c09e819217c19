package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Set;

/**
 * A trial's blind broken by an option of a trade's tool (round 61: {@code rtsm randomization export
 * --study KGX-301 --include-treatment-arm --out /tmp/r.csv}): the command reads or exports, and the
 * option adds what the blind keeps from the study team, the arm or the allocation, or names the
 * unblinding itself ({@code --unblinded}). {@code lab.reidentifies} reads it as it reads an
 * allocation key's file.
 */
final class UnblindingOptions {
  private UnblindingOptions() {}

  /** The first words of an option that adds a field to what is read. */
  private static final Set<String> ADDING =
      NameSet.of("include", "with", "show", "reveal", "add", "expose", "unmask");

  /** The fields a trial's blind keeps. */
  private static final Set<String> BLINDED =
      NameSet.of("arm", "arms", "allocation", "allocations", "treatment", "assignment");

  /** The words that name the blind broken. */
  private static final Set<String> UNBLINDING =
      NameSet.of("unblind", "unblinded", "unblinding", "unblinds");

  /**
   * Whether {@code step}'s options unblind: {@code --include-treatment-arm}, {@code
   * --with-allocation}, {@code --unblinded}; not {@code --include-headers}, {@code --arm 2}.
   */
  static boolean told(Step step) {
    for (String name : LongOptions.names(step.args())) {
      List<String> parts = ServiceVerbs.split(name);
      if (parts.stream().anyMatch(UNBLINDING::contains)
          || parts.size() > 1
              && ADDING.contains(parts.get(0))
              && parts.stream().skip(1).anyMatch(BLINDED::contains)) {
        return true;
      }
    }
    return false;
  }
}
