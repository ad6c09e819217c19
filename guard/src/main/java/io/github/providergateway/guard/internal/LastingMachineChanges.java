package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A machine's lasting changes that cannot be undone or that stop its protection (decision 332,
 * round 73's home lab and genome centre), here or over ssh: a backup job disabled or removed by the
 * hypervisor's or the NAS's own tool ({@code pvesh set /cluster/backup/nightly --enabled 0}, {@code
 * proxmox-backup-manager sync-job remove offsite}, TrueNAS's {@code midclt call cloudsync.update 2
 * '{"enabled": false}'}), a pool's or a filesystem's on-disk features upgraded so that older
 * systems no longer read it ({@code zpool upgrade tank}, {@code zpool set feature@draid=enabled},
 * {@code zfs upgrade -a}, {@code btrfstune -x}, {@code xfs_admin -O bigtime=1}), and a quota limit
 * set on a shared filesystem by {@code xfs_quota}'s command.
 */
final class LastingMachineChanges {
  private LastingMachineChanges() {}

  /** TrueNAS's middleware namespaces of the jobs that make and send the copies. */
  private static final Set<String> NAS_BACKUP_JOBS =
      NameSet.of(
          "pool.snapshottask",
          "cloudsync",
          "replication",
          "rsynctask",
          "cloud_backup",
          "pool.scrub");

  /** Proxmox's spellings of a boolean's false. */
  private static final Set<String> OFF = NameSet.of("0", "false", "no", "off");

  /** btrfstune's options that turn a feature on for good. */
  private static final Set<String> BTRFS_FEATURES =
      NameSet.of(
          "-r",
          "-x",
          "-n",
          "--convert-to-block-group-tree",
          "--convert-to-free-space-tree",
          "--csum");

  /** The programs of the backup jobs' tools. */
  private static final Set<String> JOB_TOOLS =
      NameSet.of("pvesh", "proxmox-backup-manager", "midclt");

  /** The programs that turn a pool's or a filesystem's features on. */
  private static final Set<String> FEATURE_TOOLS =
      NameSet.of("zpool", "zfs", "btrfstune", "xfs_admin");

  /** The programs that set a quota's limit. */
  private static final Set<String> QUOTA_TOOLS =
      NameSet.of("mmsetquota", "mmedquota", "setquota", "edquota", "lfs", "xfs_quota");

  /**
   * Named in no clause (their rules' clauses are {@code "*"}): a program no family names stays so.
   */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "backup-job-stopped",
        ProgramNames.of(JOB_TOOLS, (scan, step, read) -> backupJobStopped(words(step))));
    named.put(
        "pool-features-upgraded",
        ProgramNames.of(FEATURE_TOOLS, (scan, step, read) -> featuresUpgraded(words(step))));
    named.put(
        "quota-limit-set",
        ProgramNames.of(QUOTA_TOOLS, (scan, step, read) -> quotaLimitSet(words(step))));
  }

  /** The program and its arguments, lower case. */
  private static List<String> words(Step step) {
    List<String> words = new ArrayList<>();
    words.add(step.program());
    for (Word word : step.args()) {
      words.add(word.text().toLowerCase(Locale.ROOT));
    }
    return words;
  }

  /**
   * A backup, replication or snapshot job disabled or removed: Proxmox VE's {@code pvesh set
   * /cluster/backup/<id> --enabled 0} and {@code pvesh delete /cluster/backup/<id>} (its
   * replication jobs too), Proxmox Backup Server's {@code sync-job remove}, TrueNAS's {@code midclt
   * call <task>.delete} or {@code .update} with {@code "enabled": false}.
   */
  static boolean backupJobStopped(List<String> words) {
    String program = words.get(0);
    List<String> args = words.subList(1, words.size());
    return switch (program) {
      case "pvesh" -> args.size() > 1 && proxmoxJob(args);
      case "proxmox-backup-manager" ->
          args.size() > 1
              && args.get(0).equals("sync-job")
              && (args.get(1).equals("remove") || args.get(1).equals("delete"));
      case "midclt" -> args.size() > 1 && args.get(0).equals("call") && nasJob(args);
      default -> false;
    };
  }

  private static boolean proxmoxJob(List<String> args) {
    String path = args.get(1);
    if (!path.startsWith("/cluster/backup/") && !path.startsWith("/cluster/replication/")) {
      return false;
    }
    if (args.get(0).equals("delete")) {
      return true;
    }
    if (!args.get(0).equals("set")) {
      return false;
    }
    for (int i = 2; i < args.size(); i++) {
      String arg = args.get(i);
      String next = i + 1 < args.size() ? args.get(i + 1) : "";
      if (arg.equals("--enabled=0")
          || arg.equals("--enabled=false")
          || arg.equals("--disable=1")
          || arg.equals("--enabled=no")
          || arg.equals("--enabled=off")
          || arg.equals("--enabled") && OFF.contains(next)
          || arg.equals("--disable") && (next.equals("1") || next.equals("true"))) {
        return true;
      }
    }
    return false;
  }

  private static boolean nasJob(List<String> args) {
    String method = args.get(1);
    int dot = method.lastIndexOf('.');
    if (dot < 0 || !NAS_BACKUP_JOBS.contains(method.substring(0, dot))) {
      return false;
    }
    String verb = method.substring(dot + 1);
    String rest = String.join(" ", args.subList(2, args.size())).replace(" ", "");
    return verb.equals("delete") || verb.equals("update") && rest.contains("\"enabled\":false");
  }

  /**
   * A pool's or a filesystem's features upgraded for good: {@code zpool upgrade} or {@code zfs
   * upgrade} of a pool, a dataset or all ({@code -a}), not its listing ({@code zpool upgrade},
   * {@code -v}); {@code zpool set feature@…=enabled}; btrfstune's and xfs_admin's feature options.
   */
  static boolean featuresUpgraded(List<String> words) {
    String program = words.get(0);
    List<String> args = words.subList(1, words.size());
    return switch (program) {
      case "zpool", "zfs" ->
          !args.isEmpty()
              && (args.get(0).equals("upgrade") && upgradesSome(args.subList(1, args.size()))
                  || program.equals("zpool")
                      && args.get(0).equals("set")
                      && args.stream().anyMatch(a -> a.matches("feature@[a-z0-9_]+=enabled")));
      case "btrfstune" -> args.stream().anyMatch(BTRFS_FEATURES::contains);
      case "xfs_admin" -> args.stream().anyMatch(a -> a.equals("-o") || a.startsWith("-o"));
      default -> false;
    };
  }

  private static boolean upgradesSome(List<String> args) {
    if (args.contains("-v")) {
      return false;
    }
    for (String arg : args) {
      if (arg.equals("-a") || !arg.startsWith("-")) {
        return true;
      }
    }
    return false;
  }

  /**
   * A quota's limit set: {@code mmsetquota}, {@code mmedquota}, {@code setquota}, {@code edquota}
   * (not their help), {@code lfs setquota}, {@code xfs_quota -x -c 'limit -g bhard=1g research'}
   * (its expert command, {@code -xc} too).
   */
  static boolean quotaLimitSet(List<String> words) {
    String program = words.get(0);
    List<String> args = words.subList(1, words.size());
    return switch (program) {
      case "lfs" -> !args.isEmpty() && args.get(0).equals("setquota");
      case "xfs_quota" -> xfsLimit(args);
      case "mmsetquota", "mmedquota", "setquota", "edquota" ->
          !args.contains("-h") && !args.contains("--help");
      default -> false;
    };
  }

  private static boolean xfsLimit(List<String> args) {
    for (int i = 0; i + 1 < args.size(); i++) {
      String arg = args.get(i);
      boolean command = arg.equals("-c") || arg.matches("-[a-z]*c");
      if (command && args.get(i + 1).trim().startsWith("limit ")) {
        return true;
      }
    }
    return false;
  }
}
