package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A program that runs or destroys what it is given, fed by xargs or parallel from a download
 * ({@code fed-from-network}: {@code curl -s URL | xargs rm -rf}): what the network says is what it
 * acts on. Split from {@link SupplyPredicates}.
 */
final class FedFromNetwork {
  /** The programs that print what they fetch from the network. */
  private static final Set<String> DOWNLOADERS =
      NameSet.of("curl", "wget", "http", "https", "xh", "aria2c", "nc", "ncat", "fetch");

  /** The programs that run or destroy what they are given, fed by xargs or parallel. */
  private static final Set<String> FED_DANGEROUS =
      NameSet.of(
          "sh",
          "bash",
          "zsh",
          "dash",
          "ksh",
          "fish",
          "eval",
          "rm",
          "shred",
          "dd",
          "chmod",
          "chown",
          "mv",
          "kill",
          "truncate",
          "ssh",
          "sudo");

  private FedFromNetwork() {}

  /** Adds the predicate under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "fed-from-network", PredicateGate.RUN_BY_ANOTHER.around(FedFromNetwork::fedFromNetwork));
  }

  /**
   * A shell, an interpreter or a destroying program that xargs or parallel runs with what a
   * download prints ({@code curl … | xargs -I{} sh -c {}}, {@code curl … | parallel rm -rf {}}):
   * the network chooses the commands or the files.
   */
  private static boolean fedFromNetwork(Scan scan, Step step, Where.Read read) {
    List<String> via = step.invocation().via();
    if (!via.contains("xargs") && !via.contains("parallel")) {
      return false;
    }
    String program = step.program();
    if (!FED_DANGEROUS.contains(program)
        && !step.interpreter()
        && !program.equals("{}")
        && !program.startsWith("python")) {
      return false;
    }
    for (Step other : scan.steps()) {
      if (other.invocation().via().isEmpty() && DOWNLOADERS.contains(other.program())) {
        return true;
      }
    }
    return false;
  }
}
