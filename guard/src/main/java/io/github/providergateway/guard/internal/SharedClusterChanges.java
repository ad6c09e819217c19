package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A cluster named by its context, neither local nor named for staging or tests, changed from this
 * machine (decision 234, {@code operations.shared-cluster-changed}): {@code kubectl --context
 * train-east drain -l pool=a3 --force}, {@code kubectl --context serve-usc1 -n gateway scale
 * deployment/llama-guard-classifier --replicas=0}, {@code helm upgrade pcf charts/pcf
 * --kube-context core-man1}. The infra and production families ask when the call names production;
 * a company names its clusters for their region, their team or their purpose ({@code train-east},
 * {@code core-ldn2}, {@code county-psap}), and a context the person keeps beside the local ones is
 * a cluster others run on.
 *
 * <p>Read here: kubectl's, oc's and kubecolor's verbs that change objects (delete, drain, cordon,
 * taint, scale, patch, apply, replace, set, expose, edit, label, annotate, create, run, autoscale,
 * {@code rollout restart|undo|pause|resume}, a plugin's {@code promote} or {@code abort}) and
 * helm's (install, upgrade, rollback, uninstall), where a context, cluster or kubeconfig is named
 * and none of the cluster's names is local or a test's or staging's ({@link
 * PodCommandActs#remote}); not a dry run, a diff or a read. A cluster left to the current context
 * is not read here: which one it is the call does not say; nor one named production, whose changes
 * the production family weighs (a scale up is let through there, a scale down asked).
 */
final class SharedClusterChanges {
  private SharedClusterChanges() {}

  /** kubectl's verbs that change a cluster's objects. */
  private static final Set<String> KUBECTL_CHANGES =
      NameSet.of(
          "delete",
          "drain",
          "cordon",
          "uncordon",
          "taint",
          "scale",
          "patch",
          "apply",
          "replace",
          "set",
          "expose",
          "edit",
          "label",
          "annotate",
          "create",
          "run",
          "autoscale",
          "restart",
          "undo",
          "pause",
          "resume",
          "promote",
          "abort");

  /** helm's verbs that change a cluster's releases. */
  private static final Set<String> HELM_CHANGES =
      NameSet.of("install", "upgrade", "rollback", "uninstall", "delete", "del", "un");

  /** The options that name the cluster. */
  private static final Set<String> CLUSTER_NAMES =
      NameSet.of("--context", "--cluster", "--kubeconfig", "--kube-context");

  /** The options before the verb that take the next word as their value. */
  private static final Set<String> VALUED =
      NameSet.of(
          "--context",
          "--cluster",
          "--kubeconfig",
          "--kube-context",
          "-n",
          "--namespace",
          "--user",
          "--as",
          "-s",
          "--server",
          "--token",
          "--request-timeout");

  /** Whether {@code step} changes a cluster named by a context that is no local or test one. */
  static boolean changed(Step step) {
    String program = step.program();
    boolean helm = program.equals("helm");
    if (!helm
        && !program.equals("kubectl")
        && !program.equals("oc")
        && !program.equals("kubecolor")) {
      return false;
    }
    List<Word> args = step.args();
    boolean named = false;
    String verb = null;
    int words = 0;
    boolean value = false;
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String text = word.text();
      String lower = text.toLowerCase(Locale.ROOT);
      if (lower.startsWith("--dry-run") || lower.equals("--help") || lower.equals("-h")) {
        return false;
      }
      int equals = text.indexOf('=');
      String option = equals > 0 ? text.substring(0, equals) : text;
      if (CLUSTER_NAMES.contains(option)) {
        String cluster =
            equals > 0
                ? text.substring(equals + 1)
                : i + 1 < args.size() ? args.get(i + 1).text() : "";
        if (Environments.namesProduction(cluster)) {
          return false; // the production family's: it weighs a scale up against a scale down
        }
        named = true;
      }
      boolean isValue = value;
      value = equals < 0 && VALUED.contains(text);
      if (isValue || text.startsWith("-") || verb != null || words >= 3 || !word.literal()) {
        continue;
      }
      words++;
      if ((helm ? HELM_CHANGES : KUBECTL_CHANGES).contains(lower)) {
        verb = lower;
      } else if (ShapeWords.READS.contains(lower)
          || lower.equals("exec")
          || lower.equals("debug")) {
        return false; // get, describe, diff, logs; exec and debug are the pod command's rule
      }
    }
    // helm's context: --kube-context; kubectl's: --context, --cluster, --kubeconfig
    return verb != null && named && PodCommandActs.remote(helm ? helmArgs(args) : args);
  }

  /** helm's --kube-context read as kubectl's --context. */
  private static List<Word> helmArgs(List<Word> args) {
    List<Word> read = new java.util.ArrayList<>(args.size());
    for (Word word : args) {
      String text = word.text();
      read.add(
          text.startsWith("--kube-context")
              ? Word.literal("--context" + text.substring("--kube-context".length()))
              : word);
    }
    return read;
  }
}
