package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.Scan.Step;
import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
  static final BuiltinRule KUBE_DELETE_PRODUCTION =
      RuleBook.rule("infra.kubectl-delete-production");
  static final BuiltinRule KUBE_SCALE_ALL = RuleBook.rule("infra.kubectl-scale-all");
  static final BuiltinRule TERRAFORM_REPLACE = RuleBook.rule("infra.terraform-replace");
  static final BuiltinRule KUBE_DELETE_VOLUME = RuleBook.rule("infra.kubectl-delete-volume");
  static final BuiltinRule SYNC_DELETE = RuleBook.rule("cloud.sync-delete");
  static final BuiltinRule CONTAINER_VOLUMES = RuleBook.rule("infra.container-volumes");

  /** What DROP destroys with its data, in SQL and in Cassandra's CQL. */
  private static final Set<String> DROPPED =
      Set.of("TABLE", "DATABASE", "SCHEMA", "KEYSPACE", "COLUMNFAMILY");

  /**
   * What {@code ALTER TABLE … DROP} may name that holds no data: anything else it drops is a column
   * ({@code COLUMN} is optional in PostgreSQL, MySQL and SQLite) or a partition, with its data.
   */
  private static final Set<String> DROPPED_WITHOUT_DATA =
      Set.of(
          "CONSTRAINT",
          "INDEX",
          "KEY",
          "PRIMARY",
          "FOREIGN",
          "DEFAULT",
          "NOT",
          "CHECK",
          "TRIGGER",
          "EXPRESSION",
          "IDENTITY",
          "RULE",
          "POLICY");

  /**
   * Words that make SQL run SQL held in a string: a prepared statement ({@code PREPARE s FROM 'DROP
   * …'}), dynamic SQL ({@code EXECUTE 'DROP …'} in a {@code DO} block, {@code EXECUTE IMMEDIATE},
   * SQL Server's {@code EXEC} and {@code sp_executesql}). Where one is, a string literal is read as
   * SQL too.
   */
  private static final Set<String> RUNS_STRINGS =
      Set.of("EXECUTE", "PREPARE", "IMMEDIATE", "EXEC", "SP_EXECUTESQL");

  /** How deep SQL held in a string is read, a string inside that string counted. */
  private static final int MAX_SQL_DEPTH = 2;

  /**
   * Parts of a Terraform resource type that say it holds data: replacing such a resource destroys
   * the data with it ({@code aws_db_instance}, {@code google_sql_database_instance}, {@code
   * aws_s3_bucket}, {@code aws_ebs_volume}).
   */
  private static final List<String> DATA_TYPES =
      List.of(
          "_db_",
          "database",
          "rds_",
          "_sql",
          "postgres",
          "mysql",
          "mariadb",
          "mongo",
          "redis",
          "elasticache",
          "memcache",
          "dynamodb",
          "cosmosdb",
          "bigtable",
          "spanner",
          "firestore",
          "bigquery",
          "redshift",
          "docdb",
          "neptune",
          "elasticsearch",
          "opensearch",
          "bucket",
          "storage_account",
          "storage_container",
          "storage_share",
          "volume",
          "_disk",
          "file_system",
          "filestore",
          "kms_key",
          "key_vault",
          "secret");

  @Override
  public List<BuiltinRule> rules() {
    return List.of(
        TERRAFORM_DESTROY,
        PULUMI_DESTROY,
        KUBE_DELETE_NAMESPACE,
        KUBE_DELETE,
        KUBE_DELETE_PRODUCTION,
        HELM_UNINSTALL,
        DOCKER_PRUNE,
        DOCKER_VOLUME,
        CONTAINER_VOLUMES,
        DOCKER_PRIVILEGED,
        DOCKER_MOUNTS_HOME,
        DB_DROP,
        DB_TRUNCATE,
        DB_DELETE_ALL,
        DB_FLUSH,
        BUCKET_DELETE,
        CLOUD_DELETE,
        KUBE_SCALE_ALL,
        TERRAFORM_REPLACE,
        KUBE_DELETE_VOLUME,
        SYNC_DELETE);
  }

  @Override
  public void scan(Scan scan) {
    // Plan files saved in this command that destroy (plan -destroy) or replace what holds data
    // (plan -replace=aws_db_instance.x), by their name: applying one does what the plan says.
    Map<String, BuiltinRule> plans = new HashMap<>();
    boolean client = false;
    for (Step step : scan.steps()) {
      client |= step.is(ProgramKind.SQL_CLIENT);
    }
    for (Step step : scan.steps()) {
      switch (step.program()) {
        case "terraform", "tofu", "terragrunt" -> terraform(scan, step, plans);
        case "pulumi" -> {
          List<Word> pos = Argv.of(step.args(), "sC", "stack", "cwd").positionals();
          String sub = text(pos, 0);
          // down and dn are destroy's aliases (pulumi destroy --help).
          if (sub.equals("destroy")
              || sub.equals("down")
              || sub.equals("dn")
              || sub.equals("stack") && text(pos, 1).equals("rm")) {
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
        case "docker-compose", "podman-compose" -> {
          if (composeDown(step.args(), 0) && composeVolumes(step.args())) {
            scan.hit(CONTAINER_VOLUMES, step, null);
          }
        }
        case "firebase" -> firebase(scan, step);
        case "rclone" -> rclone(scan, step);
        case "mc" -> minio(scan, step);
        case "s3cmd" -> s3cmd(scan, step);
        case "dropdb" -> {
          if (!TestDatabases.isLocalTestDatabase(step)) {
            scan.hit(DB_DROP, step, null);
          }
        }
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
        case "az" -> az(scan, step);
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
      if (step.is(ProgramKind.SQL_CLIENT) && !TestDatabases.isLocalTestClient(step)
          || client && step.is(ProgramKind.ECHO)) {
        for (String text : statements(step)) {
          sql(scan, step, text);
        }
      }
    }
    DataStores.scan(scan);
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
   * A name that says production: {@code prod}, {@code production}, {@code prod-eu}, {@code
   * k8s/prod/}.
   */
  private static final java.util.regex.Pattern PRODUCTION =
      java.util.regex.Pattern.compile("(?i)(?:^|[^a-z])prod(?:uction)?(?:[^a-z]|$)");

  /**
   * Whether a kubectl call names production: its namespace, context, cluster, kubeconfig or the
   * manifests it reads ({@code -f k8s/prod/}). A delete there is asked about even where deletes are
   * otherwise the developer's own (standard).
   */
  private static boolean production(Argv argv) {
    for (String option :
        new String[] {"namespace", "context", "cluster", "kubeconfig", "filename"}) {
      String value = argv.value(option);
      if (value != null && PRODUCTION.matcher(value).find()) {
        return true;
      }
    }
    for (char option : new char[] {'n', 'f'}) {
      String value = argv.value(option);
      if (value != null && PRODUCTION.matcher(value).find()) {
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

  private static String text(List<Word> words, int i) {
    return i < words.size() ? words.get(i).text() : "";
  }

  /**
   * terraform, tofu and terragrunt: destroy, {@code apply -destroy}, terragrunt's {@code run-all
   * destroy} and {@code run --all [--] destroy}, and applying a plan saved in the same command with
   * {@code plan -destroy -out=…}; {@code -replace} of a resource that holds data, or applying a
   * plan that does.
   */
  private static void terraform(Scan scan, Step step, Map<String, BuiltinRule> plans) {
    List<Word> pos = new ArrayList<>();
    boolean destroyFlag = false;
    boolean replacesData = false;
    String out = null;
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      if (!t.startsWith("-")) {
        pos.add(args.get(i));
        continue;
      }
      String flag = t.startsWith("--") ? t.substring(1) : t; // Go's flags take - and --
      destroyFlag |= flag.equals("-destroy") || flag.equals("-destroy=true");
      // Go's flags take a value after = or in the next word.
      String value =
          flag.indexOf('=') > 0
              ? flag.substring(flag.indexOf('=') + 1)
              : i + 1 < args.size() ? args.get(i + 1).text() : "";
      String name = flag.indexOf('=') > 0 ? flag.substring(0, flag.indexOf('=')) : flag;
      if (name.equals("-replace")) {
        replacesData |= holdsData(value);
      } else if (name.equals("-out")) {
        out = value;
      } else {
        continue;
      }
      if (flag.indexOf('=') < 0) {
        i++; // the value was the next word
      }
    }
    String sub = text(pos, 0);
    if (sub.equals("run-all") || sub.equals("run")) {
      sub = text(pos, 1); // terragrunt run --all destroy, run -- destroy, run-all destroy
    }
    if (sub.equals("plan") && out != null) {
      BuiltinRule planned =
          destroyFlag ? TERRAFORM_DESTROY : replacesData ? TERRAFORM_REPLACE : null;
      if (planned != null) {
        plans.put(base(out), planned);
      }
      return;
    }
    BuiltinRule applied = sub.equals("apply") ? plans.get(base(text(pos, 1))) : null;
    if (sub.equals("destroy")
        || sub.equals("apply") && destroyFlag
        || applied == TERRAFORM_DESTROY) {
      scan.hit(TERRAFORM_DESTROY, step, null);
    } else if (sub.equals("apply") && (replacesData || applied == TERRAFORM_REPLACE)) {
      scan.hit(TERRAFORM_REPLACE, step, null);
    }
  }

  private static String base(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /**
   * Whether a resource address names a resource whose type holds data ({@code
   * module.db.aws_db_instance.main[0]}): its type is the first part that is no module's name.
   */
  static boolean holdsData(String address) {
    String[] parts = address.split("\\.");
    for (int i = 0; i < parts.length; i++) {
      if (parts[i].equals("module")) {
        i++; // the module's name
        continue;
      }
      if (parts[i].equals("data")) {
        return false; // a data source is read, never replaced
      }
      String type = parts[i].toLowerCase(Locale.ROOT);
      for (String data : DATA_TYPES) {
        if (type.contains(data)) {
          return true;
        }
      }
      return false;
    }
    return false;
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
    if (text(pos, 0).equals("apply") && argv.has("prune") && !argv.has("dry-run")) {
      // apply --prune deletes what the files do not list among the selected resources: with
      // --all, every resource of the namespace the files leave out (all of them, for an empty
      // file).
      scan.hit(argv.has("all") ? KUBE_DELETE_NAMESPACE : KUBE_DELETE, step, null);
      return;
    }
    if (!text(pos, 0).equals("delete") || argv.has("dry-run")) {
      return;
    }
    String kind = text(pos, 1).toLowerCase(Locale.ROOT);
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
    } else if (sub.equals("compose")) {
      if (composeDown(step.args(), step.args().indexOf(pos.get(0)) + 1)
          && composeVolumes(step.args())) {
        scan.hit(CONTAINER_VOLUMES, step, null);
      }
    } else if (sub.equals("rm")
        || sub.equals("container") && (what.equals("rm") || what.equals("remove"))) {
      containerRemove(scan, step);
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

  /** Compose's options before its command that take a value in the next word. */
  private static final Set<String> COMPOSE_VALUES =
      Set.of(
          "-f",
          "--file",
          "-p",
          "--project-name",
          "--profile",
          "--env-file",
          "--project-directory",
          "--ansi",
          "--parallel",
          "--progress");

  /** Whether compose's command, its first word from {@code from} that is no option, is down. */
  private static boolean composeDown(List<Word> args, int from) {
    for (int i = from; i < args.size(); i++) {
      String t = args.get(i).text();
      if (COMPOSE_VALUES.contains(t)) {
        i++;
      } else if (!t.startsWith("-")) {
        return t.equals("down");
      }
    }
    return false;
  }

  /**
   * Whether {@code compose down} is given {@code -v} or {@code --volumes}: named volumes go too.
   */
  /** An endpoint on this machine: {@code http://localhost:4566}, {@code http://127.0.0.1:9000}. */
  private static final java.util.regex.Pattern LOCAL_ENDPOINT =
      java.util.regex.Pattern.compile(
          "https?://(?:localhost|127\\.[0-9.]+|\\[::1])(?::[0-9]+)?(?:/.*)?");

  /**
   * Whether a compose command deletes its volumes ({@code down -v}) of a stack that is not a
   * test's: a compose file named for tests ({@code -f docker-compose.test.yml}) holds the test
   * suite's data, which it makes again.
   */
  private static boolean composeVolumes(List<Word> args) {
    for (int i = 0; i + 1 < args.size(); i++) {
      String t = args.get(i).text();
      if ((t.equals("-f") || t.equals("--file"))
          && TEST_STACK.matcher(args.get(i + 1).text()).find()) {
        return false;
      }
    }
    return removesVolumes(args);
  }

  private static final java.util.regex.Pattern TEST_STACK =
      java.util.regex.Pattern.compile("(?i)(?:^|[/._-])(?:test|tests|e2e|ci)(?:[._-]|$)");

  private static boolean removesVolumes(List<Word> args) {
    for (Word word : args) {
      String t = word.text();
      if (t.equals("--volumes") || t.equals("--volumes=true")) {
        return true;
      }
      if (t.startsWith("-") && !t.startsWith("--") && t.indexOf('v') > 0) {
        return true; // -v, and in a cluster (-vt 0)
      }
    }
    return false;
  }

  /**
   * {@code docker rm}: with {@code -v} it deletes the containers' anonymous volumes and their data
   * (a database image's, among them); given every container ({@code $(docker ps -aq)}, or through
   * xargs after {@code docker ps -q}) it removes them all, running ones too with {@code -f}, and
   * with {@code -v} every container's volumes.
   */
  private static void containerRemove(Scan scan, Step step) {
    boolean volumes = false;
    boolean unknown = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.equals("--volumes")) {
        volumes = true;
      } else if (t.startsWith("-") && !t.startsWith("--")) {
        volumes |= t.indexOf('v') > 0;
      } else if (!t.startsWith("-") && !word.literal()) {
        unknown = true;
      }
    }
    boolean every = (unknown || step.reachedBy("xargs")) && listsContainers(scan);
    if (volumes) {
      scan.hit(every ? DOCKER_VOLUME : CONTAINER_VOLUMES, step, null);
    } else if (every) {
      scan.hit(DOCKER_PRUNE, step, null);
    }
  }

  /** Whether the command lists containers' ids ({@code docker ps -aq}), which a removal is fed. */
  private static boolean listsContainers(Scan scan) {
    for (Step other : scan.steps()) {
      switch (other.program()) {
        case "docker", "podman", "nerdctl" -> {}
        default -> {
          continue;
        }
      }
      List<String> args = other.invocation().args();
      boolean lists =
          args.contains("ps")
              || args.contains("container") && (args.contains("ls") || args.contains("list"));
      boolean quiet = args.contains("--quiet");
      for (String a : args) {
        quiet |= a.startsWith("-") && !a.startsWith("--") && a.indexOf('q') > 0;
      }
      if (lists && quiet) {
        return true;
      }
    }
    return false;
  }

  /**
   * firebase: deleting every Firestore collection, or the Realtime Database from its root: every
   * document or key of the store.
   */
  private static void firebase(Scan scan, Step step) {
    List<String> args = step.invocation().args();
    if (args.contains("firestore:delete") && args.contains("--all-collections")
        || args.contains("database:remove") && (args.contains("/") || args.contains("''"))) {
      scan.hit(DB_FLUSH, step, null);
    }
  }

  /**
   * rclone: {@code purge} deletes a path and all it holds, {@code delete} every file under it; both
   * on a remote ({@code remote:bucket}). {@code sync} to a remote deletes there what the source
   * lacks. A dry run ({@code --dry-run}, {@code -n}) or an interactive one ({@code -i}) deletes
   * nothing unseen.
   */
  private static void rclone(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "", "config", "include", "exclude", "filter", "filter-from");
    if (argv.has("dry-run") || argv.has('n') || argv.has('i') || argv.has("interactive")) {
      return;
    }
    List<Word> pos = argv.positionals();
    String sub = text(pos, 0);
    if ((sub.equals("purge") || sub.equals("delete")) && pos.size() > 1 && remote(text(pos, 1))) {
      boolean filtered = argv.has("include") || argv.has("exclude") || argv.has("filter");
      scan.hit(sub.equals("delete") && filtered ? CLOUD_DELETE : BUCKET_DELETE, step, null);
    } else if (sub.equals("sync") && pos.size() > 2 && remote(text(pos, 2))) {
      scan.hit(SYNC_DELETE, step, null);
    }
  }

  /** Whether an rclone path names a remote ({@code s3:bucket/x}), not a local folder. */
  private static boolean remote(String path) {
    int colon = path.indexOf(':');
    int slash = path.indexOf('/');
    return colon > 1 && (slash < 0 || colon < slash);
  }

  /**
   * MinIO's client: {@code rb --force} deletes a bucket with everything in it, {@code rm
   * --recursive --force} every object under a prefix, {@code mirror --remove} what the source
   * lacks.
   */
  private static void minio(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "");
    String sub = text(argv.positionals(), 0);
    if (argv.has("dry-run") || argv.has("fake")) {
      return;
    }
    boolean force = argv.has("force");
    boolean recursive = argv.has("recursive") || argv.has('r');
    if (sub.equals("rb")) {
      scan.hit(force ? BUCKET_DELETE : CLOUD_DELETE, step, null);
    } else if (sub.equals("rm") && recursive && force) {
      scan.hit(BUCKET_DELETE, step, null);
    } else if (sub.equals("mirror") && argv.has("remove")) {
      scan.hit(SYNC_DELETE, step, null);
    }
  }

  /**
   * s3cmd: {@code rb} with {@code --force} or {@code --recursive} deletes the bucket's objects and
   * the bucket, {@code del --recursive} every object under a prefix, {@code sync --delete-removed}
   * what the source lacks.
   */
  private static void s3cmd(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "c", "config");
    if (argv.has("dry-run") || argv.has('n')) {
      return;
    }
    String sub = text(argv.positionals(), 0);
    boolean recursive = argv.has("recursive") || argv.has('r');
    boolean force = argv.has("force") || argv.has('f');
    if (sub.equals("rb")) {
      scan.hit(recursive || force ? BUCKET_DELETE : CLOUD_DELETE, step, null);
    } else if ((sub.equals("del") || sub.equals("rm")) && recursive) {
      scan.hit(BUCKET_DELETE, step, null);
    } else if (sub.equals("sync") && argv.has("delete-removed")) {
      scan.hit(SYNC_DELETE, step, null);
    }
  }

  /**
   * az: {@code storage blob delete-batch} deletes every blob of a container (those matching its
   * {@code --pattern}, when given); deleting a storage account, container, share or file system
   * deletes all it holds; other deletes are cloud deletes.
   */
  private static void az(Scan scan, Step step) {
    List<String> args = step.invocation().args();
    if (args.contains("--dryrun") || args.contains("--dry-run")) {
      return;
    }
    if (args.contains("delete-batch")) {
      scan.hit(args.contains("--pattern") ? CLOUD_DELETE : BUCKET_DELETE, step, null);
    } else if (args.contains("storage")
        && args.contains("delete")
        && (args.contains("account")
            || args.contains("container")
            || args.contains("share")
            || args.contains("fs"))) {
      scan.hit(BUCKET_DELETE, step, null);
    } else if (args.contains("sync")
        && args.contains("storage")
        && (args.contains("--delete-destination") || args.contains("--delete-destination=true"))) {
      scan.hit(SYNC_DELETE, step, null);
    } else if (args.contains("delete")) {
      scan.hit(CLOUD_DELETE, step, null);
    }
  }

  private static void aws(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "", "profile", "region", "endpoint-url", "output", "query");
    List<Word> pos = argv.positionals();
    String service = text(pos, 0);
    String action = text(pos, 1);
    if (argv.has("dryrun")) {
      return; // the s3 commands' dry run lists what they would do
    }
    String endpoint = argv.value("endpoint-url");
    if (endpoint != null && LOCAL_ENDPOINT.matcher(endpoint).matches()) {
      return; // LocalStack, MinIO on this machine: an emulator's bucket, the test suite's
    }
    if (service.equals("s3")
        && (action.equals("rm") && argv.has("recursive")
            || action.equals("rb") && argv.has("force"))) {
      scan.hit(BUCKET_DELETE, step, null);
    } else if (service.equals("s3") && action.equals("sync") && argv.has("delete")) {
      // A static site's deploy: it deletes only what the folder no longer has, unless the folder
      // is the wrong one or empty (fp-013 of the red team).
      scan.hit(SYNC_DELETE, step, null);
    } else if (service.equals("s3api") && action.startsWith("put-bucket-lifecycle")) {
      BuiltinRule lifecycle = lifecycle(Argv.of(step.args(), "", "lifecycle-configuration"));
      if (lifecycle != null) {
        scan.hit(lifecycle, step, null);
      }
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

  /**
   * A bucket's lifecycle rules: one that expires objects with no filter (or an empty prefix)
   * deletes every object of the bucket a day or so later. A configuration read from a file cannot
   * be seen and is asked about.
   */
  private static BuiltinRule lifecycle(Argv argv) {
    String config = argv.value("lifecycle-configuration");
    if (config == null) {
      return null;
    }
    if (config.startsWith("file://") || config.startsWith("fileb://")) {
      return CLOUD_DELETE;
    }
    StringBuilder compact = new StringBuilder();
    for (int i = 0; i < config.length(); i++) {
      if (!Character.isWhitespace(config.charAt(i))) {
        compact.append(config.charAt(i));
      }
    }
    String c = compact.toString();
    if (!c.contains("\"Expiration\"") && !c.contains("Expiration=")) {
      return null;
    }
    boolean filtered =
        c.contains("\"Prefix\":\"") && !c.contains("\"Prefix\":\"\"")
            || c.contains("\"Tag\"")
            || c.contains("\"ObjectSizeGreaterThan\"")
            || c.contains("\"ObjectSizeLessThan\"");
    return filtered ? null : BUCKET_DELETE;
  }

  private static void gsutil(Scan scan, Step step) {
    Argv argv = Argv.of(step.args(), "ohu");
    List<Word> pos = argv.positionals();
    String sub = text(pos, 0);
    if (sub.equals("rb")) {
      scan.hit(BUCKET_DELETE, step, null);
    } else if (sub.equals("rsync")) {
      // rsync -d deletes from the destination what the source lacks; -n is its dry run.
      Argv rsync = Argv.of(step.args(), "ohuajxy");
      if (rsync.has('d') && !rsync.has('n')) {
        scan.hit(SYNC_DELETE, step, null);
      }
    } else if (sub.equals("rm")) {
      if (everyObject(pos)) {
        scan.hit(BUCKET_DELETE, step, null);
        return;
      }
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
      if (pos.get(1).equals("rm")
              && (argv.has('r') || argv.has("recursive") || everyObject(argv.positionals()))
          || pos.contains("delete") && pos.contains("buckets")) {
        scan.hit(BUCKET_DELETE, step, null);
        return;
      }
      if (pos.get(1).equals("rsync")
          && argv.has("delete-unmatched-destination-objects")
          && !argv.has("dry-run")) {
        scan.hit(SYNC_DELETE, step, null);
        return;
      }
    }
    if (pos.contains("delete")) {
      scan.hit(CLOUD_DELETE, step, null);
    }
  }

  /**
   * Whether an object URL names every object under a prefix by a wildcard: {@code gs://b/**}, or
   * all of a folder's ({@code gs://b/logs/*}).
   */
  private static boolean everyObject(List<Word> urls) {
    for (Word url : urls) {
      String t = url.text();
      if (t.startsWith("gs://") && (t.contains("**") || t.endsWith("/*"))) {
        return true;
      }
    }
    return false;
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
    sql(scan, step, text, 0);
  }

  /**
   * Reads SQL's words, and where the SQL runs SQL held in strings ({@link #RUNS_STRINGS}, psql's
   * {@code \gexec}, which runs each value of the result), the strings' too.
   */
  private static void sql(Scan scan, Step step, String text, int depth) {
    List<String> words = new ArrayList<>();
    List<String> strings = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i <= text.length(); i++) {
      char c = i < text.length() ? text.charAt(i) : ' ';
      if (c == '\'') {
        // A string literal is data: 'DROP TABLE' in a WHERE clause drops nothing.
        int end = text.indexOf('\'', i + 1);
        strings.add(text.substring(i + 1, end < 0 ? text.length() : end));
        i = end < 0 ? text.length() : end;
        c = ' ';
      } else if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
        int end = text.indexOf('\n', i);
        i = end < 0 ? text.length() : end;
        c = ' ';
      }
      if (Character.isLetterOrDigit(c) || c == '_') {
        if (word.length() == 0
            && i > 0
            && (text.charAt(i - 1) == ':' || text.charAt(i - 1) == '@')) {
          word.append(':'); // a parameter (:id, @id) is no column: WHERE id = :id is no tautology
        }
        word.append(Character.toUpperCase(c));
      } else {
        if (word.length() > 0) {
          words.add(word.toString());
          word.setLength(0);
        }
        if (c == ';') {
          words.add(";");
        }
      }
    }
    boolean alterTable = false;
    boolean runsStrings = text.contains("\\gexec");
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      String next = i + 1 < words.size() ? words.get(i + 1) : "";
      runsStrings |= RUNS_STRINGS.contains(w);
      if (w.equals(";")) {
        alterTable = false;
      } else if (w.equals("ALTER") && next.equals("TABLE")) {
        alterTable = true;
      }
      if (w.equals("DROP") && DROPPED.contains(next)) {
        scan.hit(DB_DROP, step, null);
      } else if (w.equals("DROP")
          && alterTable
          && !next.isEmpty()
          && !next.equals(";")
          && !DROPPED_WITHOUT_DATA.contains(next)) {
        scan.hit(DB_DROP, step, null); // ALTER TABLE t DROP [COLUMN] c: the column's data
      } else if (w.equals("TRUNCATE") && !next.isEmpty() && !next.equals(";")) {
        scan.hit(DB_TRUNCATE, step, null);
      } else if (w.equals("DELETE") && next.equals("FROM") && deletesEveryRow(words, i + 2)) {
        scan.hit(DB_DELETE_ALL, step, null);
      }
    }
    if (runsStrings && depth < MAX_SQL_DEPTH) {
      for (String string : strings) {
        sql(scan, step, string, depth + 1);
      }
    }
  }

  /**
   * Whether a DELETE, its words read from {@code from} (the table's name) to the statement's end,
   * deletes every row: no WHERE, or a WHERE that holds for every row ({@code WHERE true}, {@code
   * WHERE 1=1}, {@code WHERE id = 5 OR 1 = 1}). String literals are left out of the words, so
   * {@code WHERE 'a' = 'a'} is a WHERE of nothing, which holds too.
   */
  private static boolean deletesEveryRow(List<String> words, int from) {
    int where = -1;
    int end = from;
    while (end < words.size() && !words.get(end).equals(";")) {
      if (where < 0 && words.get(end).equals("WHERE")) {
        where = end;
      }
      end++;
    }
    if (where < 0) {
      return true;
    }
    List<String> part = new ArrayList<>();
    for (int k = where + 1; k <= end; k++) {
      String w = k < end ? words.get(k) : "OR";
      if (w.equals("ORDER") || w.equals("LIMIT") || w.equals("RETURNING")) {
        w = "OR"; // the condition ends
        end = k;
      }
      if (w.equals("OR")) {
        if (alwaysTrue(part)) {
          return true;
        }
        part.clear();
      } else {
        part.add(w);
      }
    }
    return false;
  }

  /** Whether a condition's words, with no OR among them, hold for every row. */
  private static boolean alwaysTrue(List<String> condition) {
    return switch (condition.size()) {
      case 0 -> true; // only strings compared: WHERE '1' = '1'
      case 1 -> condition.get(0).equals("TRUE") || nonZeroNumber(condition.get(0));
      case 2 ->
          condition.get(0).equals(condition.get(1)) // 1 = 1, id = id
              || condition.get(0).equals("NOT") && condition.get(1).equals("FALSE");
      default -> false;
    };
  }

  private static boolean nonZeroNumber(String word) {
    boolean nonZero = false;
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
      nonZero |= c != '0';
    }
    return nonZero;
  }
}
