package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;

/**
 * A command run in a cluster's pod that acts there (decision 189, {@code shapes.pod-command-acts}):
 * {@code kubectl -n cms exec deploy/cms-worker -- warrant-ctl recall --warrant W-2025-004902},
 * {@code kubectl --context prod-use1 exec deploy/geo-api -- curl -X PUT localhost:8081/admin/…}.
 *
 * <p>{@code kubectl exec} with no {@code --context} runs in the current context, and the person's
 * kubectl holds production's: the guard cannot tell which, as it cannot tell what an unnamed host
 * of {@code ssh host '…'} is ({@code shapes.remote-shell-acts} asks there). So a pod's command is
 * read as {@link ProductionActs} reads production's (a program that is no local tool and no
 * family's, whose command words hold no read, acts), unless the call names the cluster as this
 * machine's ({@code kind-}, {@code minikube}: localClusters of environments.json) or the context or
 * namespace for staging or tests. A pod whose context names production is production's already
 * ({@code shapes.production-acts} reads it so); this rule adds, for both, what that reading leaves
 * to the local families: an HTTP client's write ({@code PUT}, {@code DELETE}, a {@code POST} to a
 * path that acts) reaches the pod's own service through {@code localhost}, not this machine's; and
 * a service manager's acting verb ({@code systemctl stop kubelet} in {@code kubectl debug node/…})
 * stops it there.
 */
final class PodCommandActs {
  private PodCommandActs() {}

  /** Whether {@code step} runs in a pod of a cluster not known as this machine's, and acts. */
  static boolean acts(Scan scan, Step step) {
    if (PodShellFed.fed(scan, step)) {
      return true;
    }
    List<String> via = step.invocation().via();
    if (via.isEmpty() || !inPod(via.get(0))) {
      return false;
    }
    Step cluster = null; // the kubectl or oc that runs it: oc exec is read as kubectl exec
    for (Step other : scan.steps()) {
      if (other != step
          && (other.program().equals("kubectl") || other.program().equals("oc"))
          && other.invocation().via().isEmpty()) {
        cluster = other;
      }
    }
    if (cluster == null || !remote(cluster.args())) {
      return false;
    }
    String program = step.program();
    List<Word> args = step.args();
    if (ShapeWords.HTTP_CLIENTS.contains(program)) {
      return SharedActs.httpWrite(program, args, true) && !SharedActs.dryRun(args);
    }
    if (SERVICE_MANAGERS.contains(program)) {
      return SharedActs.acts(args); // debug node/… -- chroot /host systemctl stop kubelet
    }
    String words = String.join(" ", step.invocation().args());
    if (ProductionPredicates.codeDestroys(words)) {
      return true; // rails runner 'Loan.where(…).update_all(…)': every row (decision 205)
    }
    if (CodeCalls.act(appCode(step, words))) {
      return true; // rails runner '… r.cancel!(notify: false)': the app's own act (decision 275)
    }
    if (PodTasks.acting(step)) {
      return true; // rake 'patients:purge_inactive[…]': the application's task (decision 287)
    }
    if (named(cluster.args())) {
      return false; // production's: shapes.production-acts reads its command as production's
    }
    return ProductionActs.unreadActWhere(scan, step, (s, st) -> true, false);
  }

  /**
   * The code a pod's command runs in the application: an interpreter's inline code, or the words of
   * an application's runner ({@code rails runner '…'}, {@code manage.py shell -c "…"}, {@code
   * artisan tinker --execute "…"}: {@code words}, the command's words joined); none for another
   * command.
   */
  private static String appCode(Step step, String words) {
    String code = InterpreterCode.of(step);
    if (code != null) {
      return code;
    }
    for (Word word : step.args()) {
      if (APP_RUNNERS.contains(word.text())) {
        return words;
      }
    }
    String program = step.program();
    if (APP_RUNNERS.contains(program.substring(program.lastIndexOf('/') + 1))) {
      return words; // ./bin/console 'Meter.config.update!(…)': the console run by its path (d. 299)
    }
    return "";
  }

  /** An application's command that runs the code given it in the application. */
  private static final java.util.Set<String> APP_RUNNERS =
      java.util.Set.of("runner", "shell", "tinker", "console", "eval", "rpc");

  /** Whether the cluster's words name production (--context prod-eu, -n payments-prod). */
  private static boolean named(List<Word> args) {
    for (Word word : args) {
      if (Environments.namesProduction(word.text())) {
        return true;
      }
    }
    return false;
  }

  /** The service managers of a node or a container, local tools that act there. */
  private static final java.util.Set<String> SERVICE_MANAGERS =
      java.util.Set.of("systemctl", "service", "supervisorctl");

  /** kubectl's options that name where it runs, the namespace among them. */
  private static final java.util.Set<String> CLUSTER_OPTIONS =
      java.util.Set.of("--context", "--cluster", "--kubeconfig", "-n", "--namespace");

  /** {@code kubectl exec}, {@code kubectl debug}, {@code oc exec}: a command run in a pod. */
  private static boolean inPod(String via) {
    return via.equals("kubectl exec")
        || via.equals("kubectl debug")
        || via.equals("oc exec")
        || via.equals("oc debug");
  }

  /**
   * Whether kubectl's words leave its cluster another machine's: no context named, or one that is
   * no local cluster, with neither the context, the kubeconfig nor the namespace named for staging
   * or tests.
   */
  static boolean remote(List<Word> args) {
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String value = null;
      int equals = text.indexOf('=');
      boolean inline = equals > 0 && text.startsWith("--");
      String option = inline ? text.substring(0, equals) : text;
      if (CLUSTER_OPTIONS.contains(option)) {
        value =
            inline
                ? text.substring(equals + 1)
                : i + 1 < args.size() ? args.get(i + 1).text() : null;
      } else if (text.startsWith("-n") && text.length() > 2 && !text.startsWith("--")) {
        value = text.substring(2);
        option = "-n";
      }
      if (value != null && local(value, !option.equals("-n") && !option.equals("--namespace"))) {
        return false;
      }
    }
    return true;
  }

  private static boolean local(String value, boolean cluster) {
    String name = value.substring(value.lastIndexOf('/') + 1);
    if (Environments.namesProduction(name)) {
      return false;
    }
    return cluster && Environments.localCluster(name)
        || Environments.stagingHost(name)
        || Environments.testName(name);
  }
}
