package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;

/**
 * kubectl, oc and kubecolor: deleting namespaces, everything, volumes or what production names,
 * scaling everything to zero, and pruning what the files leave out. Part of {@link InfraRules}.
 */
final class KubectlDeletes {
  private static final BuiltinRule KUBE_DELETE_NAMESPACE =
      RuleBook.rule("infra.kubectl-delete-namespace");
  private static final BuiltinRule KUBE_DELETE = RuleBook.rule("infra.kubectl-delete");
  private static final BuiltinRule KUBE_DELETE_PRODUCTION =
      RuleBook.rule("infra.kubectl-delete-production");
  private static final BuiltinRule KUBE_SCALE_ALL = RuleBook.rule("infra.kubectl-scale-all");
  private static final BuiltinRule KUBE_DELETE_VOLUME =
      RuleBook.rule("infra.kubectl-delete-volume");

  private KubectlDeletes() {}

  static void kubectl(Scan scan, Step step) {
    Argv argv =
        Argv.of(
            step.args(),
            "nlofcsLp",
            "namespace",
            "context",
            "kubeconfig",
            "selector",
            "output",
            "filename",
            "cluster",
            "user",
            "server",
            "field-selector",
            "token",
            "grace-period",
            "timeout",
            "replicas",
            "current-replicas",
            "resource-version");
    List<Word> pos = argv.positionals();
    if (Argv.textAt(pos, 0).equals("scale") && argv.has("all") && !argv.has("dry-run")) {
      String replicas = argv.value("replicas");
      if ("0".equals(replicas)) {
        scan.hit(KUBE_SCALE_ALL, step, null);
      }
      return;
    }
    if (Argv.textAt(pos, 0).equals("apply") && argv.has("prune") && !argv.has("dry-run")) {
      // apply --prune deletes what the files do not list among the selected resources: with
      // --all, every resource of the namespace the files leave out (all of them, for an empty
      // file).
      scan.hit(argv.has("all") ? KUBE_DELETE_NAMESPACE : KUBE_DELETE, step, null);
      return;
    }
    if (!Argv.textAt(pos, 0).equals("delete") || argv.has("dry-run")) {
      return;
    }
    String kind = Argv.textAt(pos, 1).toLowerCase(Locale.ROOT);
    if (kind.isEmpty() && step.reachedBy("xargs") && listsNamespaces(scan)) {
      // kubectl get ns -o name | … | xargs kubectl delete: what it deletes is every namespace
      // listed.
      kind = "namespace";
    } else if (pos.size() > 1 && !pos.get(1).literal()) {
      // kubectl delete $(kubectl get pvc -o name): what it deletes is what the command lists.
      kind = listedKind(scan);
    }
    if (production(argv)) {
      scan.hit(KUBE_DELETE_PRODUCTION, step, null);
    }
    if (argv.value("context") != null && Environments.localTestData(scan, step)) {
      return; // a cluster on this machine (kind, minikube, k3d): its test data (decision 90)
    }
    boolean everything = argv.has("all") || argv.has('A') || argv.has("all-namespaces");
    boolean namespace =
        kind.equals("ns")
            || kind.equals("namespace")
            || kind.equals("namespaces")
            || kind.startsWith("namespace/")
            || kind.startsWith("ns/")
            || kind.equals("all")
            // A custom resource definition takes every resource of its kind, in every namespace.
            || kind.startsWith("crd")
            || kind.startsWith("customresourcedefinition");
    scan.hit(
        everything || namespace
            ? KUBE_DELETE_NAMESPACE
            : deletesVolumes(kind) ? KUBE_DELETE_VOLUME : KUBE_DELETE,
        step,
        null);
  }

  /** The kind a {@code kubectl get KIND} of the command lists, or empty. */
  private static String listedKind(Scan scan) {
    for (Step other : scan.steps()) {
      List<String> args = other.invocation().args();
      int get = args.indexOf("get");
      if ((other.program().equals("kubectl") || other.program().equals("oc"))
          && get >= 0
          && get + 1 < args.size()) {
        return args.get(get + 1).toLowerCase(Locale.ROOT);
      }
    }
    return "";
  }

  /**
   * Whether a kubectl call names production: its namespace, context, cluster, kubeconfig or the
   * manifests it reads ({@code -f k8s/prod/}). A delete there is asked about even where deletes are
   * otherwise the developer's own (standard).
   */
  static boolean production(Argv argv) {
    for (String option :
        new String[] {"namespace", "context", "cluster", "kubeconfig", "filename"}) {
      String value = argv.value(option);
      if (value != null && Environments.namesProduction(value)) {
        return true;
      }
    }
    for (char option : new char[] {'n', 'f'}) {
      String value = argv.value(option);
      if (value != null && Environments.namesProduction(value)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the command lists namespaces ({@code kubectl get ns}), which a later delete is fed. */
  private static boolean listsNamespaces(Scan scan) {
    for (Step other : scan.steps()) {
      List<String> args = other.invocation().args();
      if ((other.program().equals("kubectl") || other.program().equals("oc"))
          && args.contains("get")
          && (args.contains("ns") || args.contains("namespace") || args.contains("namespaces"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a kind (or a list of them, {@code pvc,pv}, or one by name, {@code pvc/data-0}) is a
   * persistent volume or its claim: with the usual {@code Delete} reclaim policy the disk and its
   * data go with it.
   */
  private static boolean deletesVolumes(String kinds) {
    for (String kind : kinds.split(",")) {
      int slash = kind.indexOf('/');
      String k = slash < 0 ? kind : kind.substring(0, slash);
      int dot = k.indexOf('.');
      k = dot < 0 ? k : k.substring(0, dot); // persistentvolumeclaims.v1
      switch (k) {
        case "pvc",
            "pv",
            "persistentvolumeclaim",
            "persistentvolumeclaims",
            "persistentvolume",
            "persistentvolumes" -> {
          return true;
        }
        default -> {}
      }
    }
    return false;
  }
}
