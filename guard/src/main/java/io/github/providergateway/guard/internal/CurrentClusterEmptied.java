package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A cluster's workloads taken down where the call names no cluster (decision 243, {@code
 * operations.current-cluster-emptied}): {@code kubectl -n trading scale deploy/bet-acceptance
 * --replicas=0}, {@code kubectl delete statefulset ledger}, {@code kubectl drain node-7}. Which
 * cluster the current context is the call does not say, and a work laptop's kubeconfig holds the
 * company's clusters beside the local one: a deployment scaled to nothing, a workload, a volume's
 * claim, a node or a namespace deleted is asked unless the namespace named is a test's, staging's,
 * development's or this machine's. A context named is decision 234's ({@link
 * SharedClusterChanges}); production named is the production family's; a pod, a job, a config map
 * deleted is no workload taken down (their controllers make them again).
 */
final class CurrentClusterEmptied {
  private CurrentClusterEmptied() {}

  /** The kinds whose deletion takes a workload or its data down. */
  private static final Set<String> WORKLOADS =
      NameSet.of(
          "deployment",
          "deployments",
          "deploy",
          "statefulset",
          "statefulsets",
          "sts",
          "daemonset",
          "daemonsets",
          "ds",
          "pvc",
          "persistentvolumeclaim",
          "persistentvolumeclaims",
          "pv",
          "persistentvolume",
          "persistentvolumes",
          "node",
          "nodes",
          "no",
          "namespace",
          "namespaces",
          "ns");

  /** The options that name the cluster: decision 234's. */
  private static final Set<String> CLUSTER_NAMES =
      NameSet.of("--context", "--cluster", "--kubeconfig", "--server", "-s");

  /** Whether {@code step} takes a workload down on the current context. */
  static boolean emptied(Step step) {
    String program = step.program();
    if (!program.equals("kubectl") && !program.equals("oc") && !program.equals("kubecolor")) {
      return false;
    }
    List<Word> args = step.args();
    String namespace = null;
    String verb = null;
    String kind = null;
    boolean zero = false;
    boolean value = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String lower = text.toLowerCase(Locale.ROOT);
      int equals = text.indexOf('=');
      String option = equals > 0 ? text.substring(0, equals) : text;
      String next = i + 1 < args.size() ? args.get(i + 1).text() : "";
      if (lower.startsWith("--dry-run") || CLUSTER_NAMES.contains(option)) {
        return false; // a dry run; a cluster named, decision 234's
      }
      if (option.equals("-n") || option.equals("--namespace")) {
        namespace = equals > 0 ? text.substring(equals + 1) : next;
      }
      zero |= lower.equals("--replicas=0") || lower.equals("--replicas") && next.equals("0");
      boolean isValue = value;
      value = equals < 0 && (option.equals("-n") || option.equals("--namespace"));
      if (isValue || text.startsWith("-") || !args.get(i).literal()) {
        continue;
      }
      if (verb == null) {
        verb = lower;
      } else if (kind == null) {
        int slash = lower.indexOf('/');
        kind = slash > 0 ? lower.substring(0, slash) : lower.split(",")[0];
      }
    }
    boolean down =
        "scale".equals(verb) && zero
            || "delete".equals(verb) && kind != null && WORKLOADS.contains(kind)
            || "drain".equals(verb);
    return down && !placeNamed(namespace);
  }

  /** Whether a namespace says where: a test's, staging's, development's, this machine's. */
  private static boolean placeNamed(String namespace) {
    if (namespace == null) {
      return false;
    }
    return Environments.testName(namespace)
        || Environments.stagingHost(namespace)
        || Environments.localHost(namespace)
        || Environments.namesProduction(namespace); // production's: the production family's
  }
}
