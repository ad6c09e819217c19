package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Set;

/**
 * A "dry run" whose output is applied in the same call (round 74, {@code production.deploy}):
 * {@code kubectl -n prod create configmap … --dry-run=client -o yaml | kubectl apply -f -}, {@code
 * kustomize build overlays/prod | kubectl apply -f -}. The program before the pipe only prints the
 * objects; the apply fed them on its input makes them, where the printer's words aimed them (its
 * namespace, its context, its overlay). Read as the apply, the printer's aim is the apply's.
 */
final class PipedApplies {
  private PipedApplies() {}

  /** The programs that print the objects an apply is fed. */
  private static final Set<String> PRINTERS =
      Set.of("kubectl", "oc", "kubecolor", "helm", "kustomize", "kpt", "jsonnet", "ytt", "kapp");

  /** Whether {@code step} applies, from its input, objects a printer aimed at production. */
  static boolean appliesProduction(Scan scan, Step step) {
    String source = scan.source();
    if (source == null
        || source.indexOf('|') < 0
        || !fromInput(step.invocation().args())
        || SharedActs.dryRun(step.args())) {
      return false;
    }
    List<Step> steps = scan.steps();
    int at = steps.indexOf(step);
    if (at < 1) {
      return false;
    }
    Step printer = steps.get(at - 1);
    return PRINTERS.contains(printer.program())
        && ProductionTiers.wordsName(printer.args())
        && !Environments.testName(String.join(" ", printer.invocation().args()));
  }

  private static boolean fromInput(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if ((arg.equals("-f") || arg.equals("--filename")) && i + 1 < args.size()) {
        if (PipedStatements.STDIN.contains(args.get(i + 1))) {
          return true;
        }
      } else if (arg.equals("-f-") || arg.equals("--filename=-") || arg.equals("-f=-")) {
        return true;
      }
    }
    return false;
  }
}
