package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;

/**
 * The clouds' and object stores' command lines deleting buckets, their objects and other resources:
 * aws, gsutil, gcloud, az, rclone, mc, s3cmd, firebase: the reader of the {@code cloud.*} rules'
 * predicates ({@link CloudPredicates}).
 */
final class StorageDeletes {
  private StorageDeletes() {}

  /** What a call deletes. */
  enum Deletes {
    /** Nothing these rules name. */
    NONE,
    /** A bucket with what it holds, or every object under a prefix: {@code cloud.bucket-delete}. */
    BUCKET,
    /** What a sync's source lacks: {@code cloud.sync-delete}. */
    SYNC,
    /** A cloud resource: {@code cloud.delete}. */
    ONE
  }

  /**
   * What a storage or cloud program's call deletes.
   *
   * @param step the program
   * @return what it deletes
   */
  static Deletes of(Step step) {
    return switch (step.program()) {
      case "rclone" -> rclone(step);
      case "mc" -> minio(step);
      case "s3cmd" -> s3cmd(step);
      case "aws" -> aws(step);
      case "gsutil" -> gsutil(step);
      case "hdfs", "hadoop" -> hdfs(step);
      case "gcloud" -> gcloud(step);
      case "az" -> az(step);
      default -> Deletes.NONE;
    };
  }

  /**
   * firebase: deleting every Firestore collection, or the Realtime Database from its root: every
   * document or key of the store.
   */
  static boolean firebaseEmptied(Step step) {
    List<String> args = step.invocation().args();
    return args.contains("firestore:delete") && args.contains("--all-collections")
        || args.contains("database:remove") && (args.contains("/") || args.contains("''"));
  }

  /**
   * rclone: {@code purge} deletes a path and all it holds, {@code delete} every file under it; both
   * on a remote ({@code remote:bucket}). {@code sync} to a remote deletes there what the source
   * lacks. A dry run ({@code --dry-run}, {@code -n}) or an interactive one ({@code -i}) deletes
   * nothing unseen.
   */
  private static Deletes rclone(Step step) {
    Argv argv = Argv.of(step.args(), "", "config", "include", "exclude", "filter", "filter-from");
    if (argv.has("dry-run") || argv.has('n') || argv.has('i') || argv.has("interactive")) {
      return Deletes.NONE;
    }
    List<Word> pos = argv.positionals();
    String sub = Argv.textAt(pos, 0);
    if ((sub.equals("purge") || sub.equals("delete"))
        && pos.size() > 1
        && remote(Argv.textAt(pos, 1))) {
      boolean filtered = argv.has("include") || argv.has("exclude") || argv.has("filter");
      return sub.equals("delete") && filtered ? Deletes.ONE : Deletes.BUCKET;
    } else if (sub.equals("sync") && pos.size() > 2 && remote(Argv.textAt(pos, 2))) {
      return Deletes.SYNC;
    }
    return Deletes.NONE;
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
  private static Deletes minio(Step step) {
    Argv argv = Argv.of(step.args(), "");
    String sub = Argv.textAt(argv.positionals(), 0);
    if (argv.has("dry-run") || argv.has("fake")) {
      return Deletes.NONE;
    }
    if (onlyLocalAlias(argv.positionals())) {
      return Deletes.NONE; // mc's own alias for this machine's MinIO (decision 230)
    }
    boolean force = argv.has("force");
    boolean recursive = argv.has("recursive") || argv.has('r');
    if (sub.equals("rb")) {
      return force ? Deletes.BUCKET : Deletes.ONE;
    } else if (sub.equals("rm") && recursive && force) {
      return Deletes.BUCKET;
    } else if (sub.equals("mirror") && argv.has("remove")) {
      return Deletes.SYNC;
    }
    return Deletes.NONE;
  }

  /**
   * Whether every target of an mc command is under its {@code local} alias, which mc configures for
   * {@code http://localhost:9000}, this machine's MinIO: {@code mc rm --recursive --force
   * local/warehouse/plays.db/} empties a developer's own container.
   */
  private static boolean onlyLocalAlias(List<Word> positionals) {
    if (positionals.size() < 2) {
      return false;
    }
    for (Word target : positionals.subList(1, positionals.size())) {
      if (!target.literal()
          || !(target.text().equals("local") || target.text().startsWith("local/"))) {
        return false;
      }
    }
    return true;
  }

  /**
   * s3cmd: {@code rb} with {@code --force} or {@code --recursive} deletes the bucket's objects and
   * the bucket, {@code del --recursive} every object under a prefix, {@code sync --delete-removed}
   * what the source lacks.
   */
  private static Deletes s3cmd(Step step) {
    Argv argv = Argv.of(step.args(), "c", "config");
    if (argv.has("dry-run") || argv.has('n')) {
      return Deletes.NONE;
    }
    String sub = Argv.textAt(argv.positionals(), 0);
    boolean recursive = argv.has("recursive") || argv.has('r');
    boolean force = argv.has("force") || argv.has('f');
    if (sub.equals("rb")) {
      return recursive || force ? Deletes.BUCKET : Deletes.ONE;
    } else if ((sub.equals("del") || sub.equals("rm")) && recursive) {
      return Deletes.BUCKET;
    } else if (sub.equals("sync") && argv.has("delete-removed")) {
      return Deletes.SYNC;
    }
    return Deletes.NONE;
  }

  /**
   * az: {@code storage blob delete-batch} deletes every blob of a container (those matching its
   * {@code --pattern}, when given); deleting a storage account, container, share or file system
   * deletes all it holds; other deletes are cloud deletes.
   */
  private static Deletes az(Step step) {
    List<String> args = step.invocation().args();
    if (args.contains("--dryrun") || args.contains("--dry-run")) {
      return Deletes.NONE;
    }
    if (args.contains("delete-batch")) {
      return args.contains("--pattern") ? Deletes.ONE : Deletes.BUCKET;
    } else if (args.contains("storage")
        && args.contains("delete")
        && (args.contains("account")
            || args.contains("container")
            || args.contains("share")
            || args.contains("fs"))) {
      return Deletes.BUCKET;
    } else if (args.contains("sync")
        && args.contains("storage")
        && (args.contains("--delete-destination") || args.contains("--delete-destination=true"))) {
      return Deletes.SYNC;
    } else if (args.contains("delete")) {
      return Deletes.ONE;
    }
    return Deletes.NONE;
  }

  private static Deletes aws(Step step) {
    Argv argv = Argv.of(step.args(), "", "profile", "region", "endpoint-url", "output", "query");
    List<Word> pos = argv.positionals();
    String service = Argv.textAt(pos, 0);
    String action = Argv.textAt(pos, 1);
    if (argv.has("dryrun")) {
      return Deletes.NONE; // the s3 commands' dry run lists what they would do
    }
    String endpoint = argv.value("endpoint-url");
    if (endpoint != null && DockerCommands.LOCAL_ENDPOINT.matcher(endpoint).matches()) {
      return Deletes
          .NONE; // LocalStack, MinIO on this machine: an emulator's bucket, the test suite's
    }
    if (service.equals("s3")
        && (action.equals("rm") && argv.has("recursive")
            || action.equals("rb") && argv.has("force"))) {
      return Deletes.BUCKET;
    } else if (service.equals("s3") && action.equals("sync") && argv.has("delete")) {
      // A static site's deploy: it deletes only what the folder no longer has, unless the folder
      // is the wrong one or empty (fp-013 of the red team).
      return Deletes.SYNC;
    } else if (service.equals("s3api") && action.startsWith("put-bucket-lifecycle")) {
      return lifecycle(Argv.of(step.args(), "", "lifecycle-configuration"));
    } else if (service.equals("s3") && action.equals("rb")) {
      return Deletes.ONE; // an empty bucket: its name is free for anyone after
    } else if (service.equals("s3api") && action.startsWith("delete-bucket")) {
      return Deletes.BUCKET;
    } else if (action.startsWith("delete-")
        || action.startsWith("terminate-")
        || action.startsWith("remove-")
        || action.startsWith("deregister-")) {
      return Deletes.ONE;
    }
    return Deletes.NONE;
  }

  /**
   * A bucket's lifecycle rules: one that expires objects with no filter (or an empty prefix)
   * deletes every object of the bucket a day or so later. A configuration read from a file cannot
   * be seen and is asked about.
   */
  private static Deletes lifecycle(Argv argv) {
    String config = argv.value("lifecycle-configuration");
    if (config == null) {
      return Deletes.NONE;
    }
    if (config.startsWith("file://") || config.startsWith("fileb://")) {
      return Deletes.ONE;
    }
    StringBuilder compact = new StringBuilder();
    for (int i = 0; i < config.length(); i++) {
      if (!Character.isWhitespace(config.charAt(i))) {
        compact.append(config.charAt(i));
      }
    }
    String c = compact.toString();
    if (!c.contains("\"Expiration\"") && !c.contains("Expiration=")) {
      return Deletes.NONE;
    }
    boolean filtered =
        c.contains("\"Prefix\":\"") && !c.contains("\"Prefix\":\"\"")
            || c.contains("\"Tag\"")
            || c.contains("\"ObjectSizeGreaterThan\"")
            || c.contains("\"ObjectSizeLessThan\"");
    return filtered ? Deletes.NONE : Deletes.BUCKET;
  }

  /**
   * HDFS (decision 305): {@code hdfs dfs -rm -r} (and {@code hadoop fs}) deletes a folder and all
   * it holds on the cluster; {@code -skipTrash} leaves no copy in the trash; {@code -rm} of one
   * file, with no {@code -r}, deletes that file. A path on this machine's cluster ({@code
   * hdfs://localhost}) is the developer's.
   */
  private static Deletes hdfs(Step step) {
    List<Word> args = step.args();
    if (args.size() < 2) {
      return Deletes.NONE;
    }
    String sub = args.get(0).text();
    if (!sub.equals("dfs") && !sub.equals("fs")) {
      return Deletes.NONE;
    }
    String command = args.get(1).text();
    boolean recursive = command.equals("-rmr");
    boolean remove = recursive || command.equals("-rm") || command.equals("-rmdir");
    for (int i = 2; i < args.size(); i++) {
      String t = args.get(i).text();
      recursive |= t.equals("-r") || t.equals("-R") || t.equals("-skipTrash");
      if (t.contains("://localhost") || t.contains("://127.0.0.1")) {
        return Deletes.NONE;
      }
    }
    if (!remove) {
      return Deletes.NONE;
    }
    return recursive ? Deletes.BUCKET : Deletes.ONE;
  }

  private static Deletes gsutil(Step step) {
    Argv argv = Argv.of(step.args(), "ohu");
    List<Word> pos = argv.positionals();
    String sub = Argv.textAt(pos, 0);
    if (sub.equals("rb")) {
      return Deletes.BUCKET;
    } else if (sub.equals("rsync")) {
      // rsync -d deletes from the destination what the source lacks; -n is its dry run.
      Argv rsync = Argv.of(step.args(), "ohuajxy");
      if (rsync.has('d') && !rsync.has('n')) {
        return Deletes.SYNC;
      }
    } else if (sub.equals("rm")) {
      if (everyObject(pos)) {
        return Deletes.BUCKET;
      }
      for (Word w : step.args()) {
        String t = w.text();
        if (t.startsWith("-")
                && !t.startsWith("--")
                && (t.indexOf('r') > 0 || t.indexOf('R') > 0 || t.indexOf('a') > 0)
            || t.equals("--recursive")) {
          return Deletes.BUCKET;
        }
      }
    }
    return Deletes.NONE;
  }

  private static Deletes gcloud(Step step) {
    Argv argv = Argv.of(step.args(), "", "project", "account", "configuration");
    List<String> pos = argv.positionals().stream().map(Word::text).toList();
    if (pos.size() >= 2 && pos.get(0).equals("storage")) {
      if (pos.get(1).equals("rm")
              && (argv.has('r') || argv.has("recursive") || everyObject(argv.positionals()))
          || pos.contains("delete") && pos.contains("buckets")) {
        return Deletes.BUCKET;
      }
      if (pos.get(1).equals("rsync")
          && argv.has("delete-unmatched-destination-objects")
          && !argv.has("dry-run")) {
        return Deletes.SYNC;
      }
    }
    if (pos.contains("delete")) {
      return Deletes.ONE;
    }
    return Deletes.NONE;
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
}
