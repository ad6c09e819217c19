package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Infrastructure and data: destroying stacks and clusters' namespaces (or scaling all of one to
 * zero), uninstalling releases, dropping or emptying databases (SQL in a client's arguments, its
 * here-documents, or echoed into it; the other data stores in {@link DataStores}), pruning Docker's
 * volumes, deleting buckets, and cloud deletes.
 */
final class InfraRules implements Family {
  static final BuiltinRule TERRAFORM_DESTROY = RuleBook.rule("infra.terraform-destroy");
  static final BuiltinRule PULUMI_DESTROY = RuleBook.rule("infra.pulumi-destroy");
  static final BuiltinRule KUBE_DELETE_NAMESPACE = RuleBook.rule("infra.kubectl-delete-namespace");
  static final BuiltinRule KUBE_DELETE = RuleBook.rule("infra.kubectl-delete");
  static final BuiltinRule HELM_UNINSTALL = RuleBook.rule("infra.helm-uninstall");
  static final BuiltinRule DOCKER_PRUNE = RuleBook.rule("infra.docker-prune");
  static final BuiltinRule DOCKER_VOLUME = RuleBook.rule("infra.docker-volume");
  static final BuiltinRule DOCKER_PRIVILEGED = RuleBook.rule("infra.docker-privileged");
  static final BuiltinRule DOCKER_MOUNTS_HOME = RuleBook.rule("infra.docker-mounts-home");
  static final BuiltinRule DB_DROP = RuleBook.rule("db.drop");
  static final BuiltinRule DB_TRUNCATE = RuleBook.rule("db.truncate");
  static final BuiltinRule DB_DELETE_ALL = RuleBook.rule("db.delete-all");
  static final BuiltinRule DB_FLUSH = RuleBook.rule("db.flush");
  static final BuiltinRule BUCKET_DELETE = RuleBook.rule("cloud.bucket-delete");
  static final BuiltinRule CLOUD_DELETE = RuleBook.rule("cloud.delete");
  static final BuiltinRule KUBE_SCALE_ALL = RuleBook.rule("infra.kubectl-scale-all");

  /** What DROP destroys with its data, in SQL and in Cassandra's CQL. */
  private static final Set<String> DROPPED =
      Set.of("TABLE", "DATABASE", "SCHEMA", "KEYSPACE", "COLUMNFAMILY");

  @Override
  public List<BuiltinRule> rules() {
    return List.of(
        TERRAFORM_DESTROY,
        PULUMI_DESTROY,
        KUBE_DELETE_NAMESPACE,
        KUBE_DELETE,
        HELM_UNINSTALL,
        DOCKER_PRUNE,
        DOCKER_VOLUME,
        DOCKER_PRIVILEGED,
        DOCKER_MOUNTS_HOME,
        DB_DROP,
        DB_TRUNCATE,
        DB_DELETE_ALL,
        DB_FLUSH,
        BUCKET_DELETE,
        CLOUD_DELETE,
        KUBE_SCALE_ALL);
  }

  @Override
  public void scan(Scan scan) {
    boolean client = false;
    for (Step step : scan.steps()) {
      client |= step.is(ProgramKind.SQL_CLIENT);
    }
    for (Step step : scan.steps()) {
      switch (step.program()) {
        case "terraform", "tofu", "terragrunt" -> terraform(scan, step);
        case "pulumi" -> {
          List<Word> pos = Argv.of(step.args(), "sC", "stack", "cwd").positionals();
          String sub = text(pos, 0);
          if (sub.equals("destroy") || sub.equals("stack") && text(pos, 1).equals("rm")) {
            scan.hit(PULUMI_DESTROY, step, null);
          }
        }
        case "kubectl", "oc", "kubecolor" -> kubectl(scan, step);
        case "helm" -> {
          String sub =
              text(Argv.of(step.args(), "n", "namespace", "kube-context").positionals(), 0);
          if (Set.of("uninstall", "delete", "del", "un").contains(sub)) {
            scan.hit(HELM_UNINSTALL, step, null);
          }
        }
        case "docker", "podman", "nerdctl" -> docker(scan, step);
        case "dropdb" -> scan.hit(DB_DROP, step, null);
        case "mysqladmin" -> {
          if (step.invocation().args().contains("drop")) {
            scan.hit(DB_DROP, step, null);
          }
        }
        case "rails", "rake", "bundle" -> {
          for (Word w : step.args()) {
            if (w.text().equals("db:drop") || w.text().equals("db:reset")) {
              scan.hit(DB_DROP, step, null);
            }
          }
        }
        case "prisma" -> {
          List<String> a = step.invocation().args();
          if (a.size() >= 2 && a.get(0).equals("migrate") && a.get(1).equals("reset")
              || a.contains("--force-reset")) {
            scan.hit(DB_DROP, step, null);
          }
        }
        case "aws" -> aws(scan, step);
        case "gsutil" -> gsutil(scan, step);
        case "gcloud" -> gcloud(scan, step);
        case "az" -> {
          if (step.invocation().args().contains("delete")) {
            scan.hit(CLOUD_DELETE, step, null);
          }
        }
        case "doctl" -> {
          // doctl's delete and its aliases; with --force it is cloud.terminate's (declared).
          List<String> args = step.invocation().args();
          if (args.contains("delete")
              || args.contains("rm")
              || args.contains("del")
              || args.contains("d")) {
            scan.hit(CLOUD_DELETE, step, null);
          }
        }
        default -> {}
      }
      if (step.is(ProgramKind.SQL_CLIENT) || client && step.is(ProgramKind.ECHO)) {
        for (String text : statements(step)) {
          sql(scan, step, text);
        }
      }
    }
    DataStores.scan(scan);
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

  private static String text(List<Word> words, int i) {
    return i < words.size() ? words.get(i).text() : "";
  }

  private static void terraform(Scan scan, Step step) {
    List<Word> pos = new ArrayList<>();
    boolean destroyFlag = false;
    for (Word w : step.args()) {
      String t = w.text();
      if (t.startsWith("-")) {
        destroyFlag |= t.equals("-destroy") || t.equals("--destroy");
      } else {
        pos.add(w);
      }
    }
    String sub = text(pos, 0);
    if (sub.equals("destroy")
        || sub.equals("apply") && destroyFlag
        || sub.equals("run-all") && text(pos, 1).equals("destroy")) {
      scan.hit(TERRAFORM_DESTROY, step, null);
    }
  }

  private static void kubectl(Scan scan, Step step) {
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
    if (text(pos, 0).equals("scale") && argv.has("all") && !argv.has("dry-run")) {
      String replicas = argv.value("replicas");
      if ("0".equals(replicas)) {
        scan.hit(KUBE_SCALE_ALL, step, null);
      }
      return;
    }
    if (!text(pos, 0).equals("delete") || argv.has("dry-run")) {
      return;
    }
    String kind = text(pos, 1).toLowerCase(Locale.ROOT);
    if (kind.isEmpty() && FileRules.reachedBy(step, "xargs") && listsNamespaces(scan)) {
      // kubectl get ns -o name | … | xargs kubectl delete: what it deletes is every namespace
      // listed.
      kind = "namespace";
    }
    boolean everything = argv.has("all") || argv.has('A') || argv.has("all-namespaces");
    boolean namespace =
        kind.equals("ns")
            || kind.equals("namespace")
            || kind.equals("namespaces")
            || kind.startsWith("namespace/")
            || kind.startsWith("ns/")
            || kind.equals("all");
    scan.hit(everything || namespace ? KUBE_DELETE_NAMESPACE : KUBE_DELETE, step, null);
  }

  private static void docker(Scan scan, Step step) {
    Argv argv =
        Argv.of(
            step.args(),
            "Hcvep",
            "host",
            "context",
            "config",
            "log-level",
            "volume",
            "env",
            "publish",
            "name",
            "network",
            "mount",
            "user",
            "workdir",
            "entrypoint",
            "pid");
    List<Word> pos = argv.positionals();
    String sub = text(pos, 0);
    String what = text(pos, 1);
    if (sub.equals("system") && what.equals("prune")) {
      scan.hit(DOCKER_PRUNE, step, null);
    } else if (sub.equals("volume")
        && (what.equals("prune") || what.equals("rm") || what.equals("remove"))) {
      scan.hit(DOCKER_VOLUME, step, null);
    } else if (sub.equals("run") || sub.equals("create") || sub.equals("exec")) {
      boolean rootMounted = false;
      boolean homeMounted = false;
      List<Word> args = step.args();
      for (int i = 0; i < args.size(); i++) {
        String t = args.get(i).text();
        String mount =
            (t.equals("-v") || t.equals("--volume")) && i + 1 < args.size()
                ? args.get(i + 1).text()
                : t.startsWith("--volume=")
                    ? t.substring(9)
                    : t.startsWith("-v") ? t.substring(2) : "";
        rootMounted |= mount.startsWith("/:") || mount.equals("/");
        homeMounted |= mountsHome(scan, step, mount);
      }
      if (homeMounted && !rootMounted) {
        scan.hit(DOCKER_MOUNTS_HOME, step, null);
      }
      String pid = argv.value("pid");
      if (argv.has("privileged") || rootMounted || "host".equals(pid)) {
        scan.hit(DOCKER_PRIVILEGED, step, null);
      }
    }
  }

  private static void aws(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "", "profile", "region", "endpoint-url", "output", "query");
    List<Word> pos = argv.positionals();
    String service = text(pos, 0);
    String action = text(pos, 1);
    if (service.equals("s3")
        && (action.equals("rm") && argv.has("recursive")
            || action.equals("rb") && argv.has("force")
            || action.equals("sync") && argv.has("delete"))) {
      scan.hit(BUCKET_DELETE, step, null);
    } else if (service.equals("s3") && action.equals("rb")) {
      scan.hit(CLOUD_DELETE, step, null); // an empty bucket: its name is free for anyone after
    } else if (service.equals("s3api") && action.startsWith("delete-bucket")) {
      scan.hit(BUCKET_DELETE, step, null);
    } else if (action.startsWith("delete-")
        || action.startsWith("terminate-")
        || action.startsWith("remove-")
        || action.startsWith("deregister-")) {
      scan.hit(CLOUD_DELETE, step, null);
    }
  }

  private static void gsutil(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "ohu");
    List<Word> pos = argv.positionals();
    String sub = text(pos, 0);
    if (sub.equals("rb")) {
      scan.hit(BUCKET_DELETE, step, null);
    } else if (sub.equals("rm")) {
      for (Word w : step.args()) {
        String t = w.text();
        if (t.startsWith("-")
                && !t.startsWith("--")
                && (t.indexOf('r') > 0 || t.indexOf('R') > 0 || t.indexOf('a') > 0)
            || t.equals("--recursive")) {
          scan.hit(BUCKET_DELETE, step, null);
          return;
        }
      }
    }
  }

  private static void gcloud(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "", "project", "account", "configuration");
    List<String> pos = argv.positionals().stream().map(Word::text).toList();
    if (pos.size() >= 2 && pos.get(0).equals("storage")) {
      if (pos.get(1).equals("rm") && (argv.has('r') || argv.has("recursive"))
          || pos.contains("delete") && pos.contains("buckets")) {
        scan.hit(BUCKET_DELETE, step, null);
        return;
      }
    }
    if (pos.contains("delete")) {
      scan.hit(CLOUD_DELETE, step, null);
    }
  }

  /**
   * Whether a volume's source ({@code SRC:DST}) is the home, a folder above it, or a secret: the
   * container's command then reaches them as if run here.
   */
  private static boolean mountsHome(Scan scan, Step step, String mount) {
    int colon = mount.indexOf(':');
    if (colon <= 0) {
      return false;
    }
    Path home = scan.places().home();
    for (Target target : scan.targets(step, new Word(mount.substring(0, colon), false))) {
      Path source = target.path();
      if (source != null && (home.startsWith(source) || SecretRules.secret(home, source) != null)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The statements a program carries, SQL or a data store's commands: its arguments, here-documents
   * and here-strings.
   */
  static List<String> statements(Step step) {
    // The arguments as one text: a statement split over words (`-c DROP TABLE t`) is read whole.
    List<String> texts = new ArrayList<>();
    texts.add(String.join(" ", step.invocation().args()));
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null) {
        texts.add(redirect.body());
      } else if (redirect.operator().equals("<<<")) {
        texts.add(redirect.target().text());
      }
    }
    return texts;
  }

  /** Reads SQL's words once, left to right: no pattern over the text. */
  private static void sql(Scan scan, Step step, String text) {
    List<String> words = new ArrayList<>();
    List<Integer> ends = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i <= text.length(); i++) {
      char c = i < text.length() ? text.charAt(i) : ' ';
      if (c == '\'') {
        // A string literal is data: 'DROP TABLE' in a WHERE clause drops nothing.
        int end = text.indexOf('\'', i + 1);
        i = end < 0 ? text.length() : end;
        c = ' ';
      } else if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
        int end = text.indexOf('\n', i);
        i = end < 0 ? text.length() : end;
        c = ' ';
      }
      if (Character.isLetterOrDigit(c) || c == '_') {
        word.append(Character.toUpperCase(c));
      } else {
        if (word.length() > 0) {
          words.add(word.toString());
          ends.add(i);
          word.setLength(0);
        }
        if (c == ';') {
          words.add(";");
          ends.add(i);
        }
      }
    }
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      String next = i + 1 < words.size() ? words.get(i + 1) : "";
      if (w.equals("DROP") && DROPPED.contains(next)) {
        scan.hit(DB_DROP, step, null);
      } else if (w.equals("TRUNCATE") && !next.isEmpty() && !next.equals(";")) {
        scan.hit(DB_TRUNCATE, step, null);
      } else if (w.equals("DELETE") && next.equals("FROM")) {
        boolean where = false;
        for (int k = i + 2; k < words.size() && !words.get(k).equals(";"); k++) {
          where |= words.get(k).equals("WHERE");
        }
        if (!where) {
          scan.hit(DB_DELETE_ALL, step, null);
        }
      }
    }
  }
}
