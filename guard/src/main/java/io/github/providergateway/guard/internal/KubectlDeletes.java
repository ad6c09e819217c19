package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;

/**
 * kubectl, oc and kubecolor: deleting namespaces, everything, volumes or what production names,
 * scaling everything to zero, and pruning what the files leave out: the reader of the {@code
 * infra.kubectl-*} rules' predicates ({@link InfraPredicates}).
 */
final class KubectlDeletes {
  private KubectlDeletes() {}

  /** What kubectl deletes, by the kind it names. */
  enum Kind {
    /** Namespaces (every resource in them), everything, or custom resource definitions. */
    NAMESPACES,
    /** Persistent volumes or their claims. */
    VOLUMES,
    /** Other resources. */
    OTHER
  }

  /**
   * What {@code kubectl delete} names: its first positional after {@code delete}, or where it is
   * fed by the command, what the command lists ({@code kubectl get ns -o name | … | xargs kubectl
   * delete}, {@code kubectl delete $(kubectl get pvc -o name)}).
   *
   * @param scan the call
   * @param step the program
   * @param after the words after {@code delete}, read with kubectl's options that take a value
   * @return the kind
   */
  static Kind deleted(Scan scan, Step step, Argv after) {
    if (options(step).value("context") != null && Environments.localTestData(scan, step)) {
      return null; // a cluster on this machine (kind, minikube, k3d): its test data (decision 92)
    }
    List<Word> pos = after.positionals();
    String kind = Argv.textAt(pos, 0).toLowerCase(Locale.ROOT);
    if (kind.isEmpty() && step.reachedBy("xargs") && listsNamespaces(scan)) {
      kind = "namespace";
    } else if (!pos.isEmpty() && !pos.get(0).literal()) {
      kind = listedKind(scan);
    }
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
    return namespace ? Kind.NAMESPACES : deletesVolumes(kind) ? Kind.VOLUMES : Kind.OTHER;
  }

  /**
   * A kubectl call's options, wherever they stand (kubectl takes them before its subcommand too).
   *
   * @param step the program
   * @return its words read with kubectl's options that take a value
   */
  static Argv options(Step step) {
    return Argv.of(
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
  }

  /** kubectl's commands that only read: a description of a purge job is no purge. */
  private static final java.util.Set<String> READING =
      java.util.Set.of(
          "get",
          "describe",
          "logs",
          "top",
          "explain",
          "api-resources",
          "api-versions",
          "version",
          "cluster-info",
          "events",
          "diff");

  /**
   * Whether a kubectl (oc, kubecolor) program only reads: its command, after its options, is one
   * that shows ({@code kubectl --context prod -n bos describe cronjob evidence-purge}).
   */
  static boolean reads(Step step) {
    String program = step.program();
    if (!program.equals("kubectl") && !program.equals("oc") && !program.equals("kubecolor")) {
      return false;
    }
    List<Word> pos = options(step).positionals();
    return !pos.isEmpty() && pos.get(0).literal() && READING.contains(pos.get(0).text());
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
