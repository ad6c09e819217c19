package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a program's arguments say of the copies a company keeps (the {@code copies} rules, decision
 * 117): a pool's replicas set to one, an immutable copy unlocked, an option that turns a way back
 * off, a snapshot shared with everyone. The words alone decide, whatever the tool.
 */
final class CopiesArguments {
  private CopiesArguments() {}

  /**
   * Fewer copies kept: {@code ceph osd pool set P size 1} ({@code min_size 1}, the default pool
   * size), {@code lvconvert -m0} and {@code --splitmirrors}, {@code btrfs balance
   * -dconvert=single}, {@code mdadm --grow --raid-devices=1} or {@code --level=0}, Kafka's {@code
   * min.insync.replicas=1}, {@code unclean.leader.election.enable=true} and a replication factor of
   * one.
   */
  static boolean fewerCopies(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String key = args.get(i);
      String next = i + 1 < args.size() ? args.get(i + 1) : "";
      if ((key.equals("size")
              || key.equals("min_size")
              || key.equals("osd_pool_default_size")
              || key.equals("osd_pool_default_min_size"))
          && (next.equals("1") || next.equals("0"))) {
        return true;
      }
      if (key.equals("-m0")
          || key.equals("--mirrors=0")
          || (key.equals("-m") || key.equals("--mirrors")) && next.equals("0")
          || key.startsWith("--splitmirrors")
          || key.startsWith("-dconvert=single")
          || key.startsWith("-mconvert=single")
          || key.startsWith("-dconvert=raid0")
          || key.equals("--raid-devices=1")
          || key.equals("-n1")
          || (key.equals("--raid-devices") || key.equals("-n")) && next.equals("1")
          || key.equals("--level=0")
          || key.equals("--level=raid0")
          || key.equals("-l0")
          || key.contains("min.insync.replicas=1")
          || key.contains("unclean.leader.election.enable=true")
          || key.equals("--replication-factor") && next.equals("1")
          || key.equals("--replication-factor=1")) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code chattr -i} or {@code -a} (the immutable or append-only attribute taken off) on a path
   * that is neither the project's (relative) nor a temporary one.
   */
  static boolean unlocksImmutable(List<String> args) {
    boolean unlocks = false;
    boolean elsewhere = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.equals("-v") || a.equals("-p")) {
        i++; // a version or project number
      } else if (a.startsWith("-") && a.length() > 1 && a.substring(1).matches("[A-Za-z]{1,12}")) {
        unlocks |= a.indexOf('i') > 0 || a.indexOf('a') > 0;
      } else if ((a.startsWith("/") || a.startsWith("~"))
          && !a.startsWith("/tmp/")
          && !a.startsWith("/work/project")) {
        elsewhere = true;
      }
    }
    return unlocks && elsewhere;
  }

  /** The options whose value turns a way back off, and the values that do. */
  private static final Map<String, Set<String>> OFF =
      Map.ofEntries(
          Map.entry("--enable-delete-retention", Set.of("false")),
          Map.entry("--enable-container-delete-retention", Set.of("false")),
          Map.entry("--enable-versioning", Set.of("false")),
          Map.entry("--enable-change-feed", Set.of("false")),
          Map.entry("--enable-restore-policy", Set.of("false")),
          Map.entry("--enable-soft-delete", Set.of("false")),
          Map.entry("--enable-purge-protection", Set.of("false")),
          Map.entry("--soft-delete-feature-state", Set.of("disable", "disabled", "alwayson-off")),
          Map.entry("--enhanced-security-state", Set.of("disable", "disabled")),
          Map.entry("--immutability-state", Set.of("disabled")),
          Map.entry("--legal-hold", Set.of("false", "off")),
          // 0 is cloud.database-delete's (the automated backups deleted with it)
          Map.entry("--backup-retention-period", Set.of("1")),
          Map.entry("--backup-retention", Set.of("0", "1")),
          Map.entry("--retained-backups-count", Set.of("0", "1")),
          Map.entry("--retained-transaction-log-days", Set.of("0", "1")),
          Map.entry("--snapshot-policy", Set.of("none")),
          Map.entry("-snapshot-policy", Set.of("none")),
          Map.entry("--repo1-retention-full", Set.of("0", "1")),
          Map.entry("--snapshot-retention-limit", Set.of("0")),
          Map.entry("--soft-delete-state", Set.of("off", "disabled")),
          Map.entry("--backtrack-window", Set.of("0")),
          Map.entry("--automated-snapshot-retention-period", Set.of("0")),
          Map.entry("--delete-retention-days", Set.of("0", "1")),
          Map.entry("--container-delete-retention-days", Set.of("0", "1")),
          Map.entry("--weekly-retention", Set.of("p0w", "pt0s", "p0d")),
          Map.entry("--monthly-retention", Set.of("p0m", "pt0s", "p0d")),
          Map.entry("--yearly-retention", Set.of("p0y", "pt0s", "p0d")),
          Map.entry("--expire-days", Set.of("0", "1")),
          Map.entry("--noncurrent-expire-days", Set.of("0", "1")),
          Map.entry("--noncurrentversion-expiration-days", Set.of("0", "1")),
          Map.entry("--state", Set.of("disabled")),
          Map.entry("--soft-delete-duration", Set.of("0", "0s", "0d")),
          Map.entry("--retention-period", Set.of("0", "0s", "0d")),
          Map.entry("--deletion-protection", Set.of("false")),
          Map.entry("--point-in-time-recovery-specification", Set.of("false")),
          Map.entry("--continuous-backup", Set.of("false", "disabled")));

  /** Words that turn a way back off whatever option they follow. */
  private static final Set<String> OFF_WORDS =
      NameSet.of(
          "pointintimerecoveryenabled=false",
          "status=off",
          "status=suspended",
          "status=disabled",
          "--no-backup",
          "--no-enable-point-in-time-recovery",
          "--no-enable-bin-log",
          "--no-versioning",
          "--clear-retention-period",
          "--clear-soft-delete",
          "--no-temporary-hold",
          "--no-event-based-hold",
          "--no-deletion-protection",
          "--no-enable-pitr",
          "--disable-pitr",
          "--bypass-governance-retention",
          "--bypass",
          "sync=disabled",
          "checksum=off",
          "redundant_metadata=none",
          "wrcache=awb",
          "wrcache=wb",
          "--forcedwb",
          "-forcedwb",
          "cachedbadbbu");

  /**
   * A lock, hold or version history lifted by a subcommand's words: an immutability policy deleted,
   * a legal hold or a retention cleared or released, versioning suspended or set off.
   */
  private static final Pattern OFF_PHRASES =
      Pattern.compile(
          "(?i)immutability-policy (?:delete|unlock)|legal-?hold (?:clear|remove|delete)"
              + "|retention (?:clear|temp release|event release)|version (?:suspend|disable)"
              + "|versioning set off|abort-vault-lock|reclaimpolicy\\W{1,6}delete"
              + "|replicate (?:rm|remove)|bucket remote rm"
              + "|deletionpolicy\\W{1,6}delete|com\\.sun:auto-snapshot=false");

  /** Whether an option or word of the program turns a way back off. */
  static boolean optionOff(List<String> args) {
    if (PatternLiterals.finds(OFF_PHRASES, CopiesSettings.joined(args))) {
      return true;
    }
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i).toLowerCase(Locale.ROOT);
      if (OFF_WORDS.contains(a)) {
        return true;
      }
      int eq = a.indexOf('=');
      String name = eq > 0 ? a.substring(0, eq) : a;
      Set<String> values = OFF.get(name);
      if (values == null) {
        String flat = a.replace(" ", "").replace("\"", "").replace("'", "");
        if (flat.contains("pointintimerecoveryenabled=false")
            || flat.contains("pointintimerecoveryenabled:false")
            || flat.contains("automaticbackupretentiondays=0")
            || flat.contains("automaticbackupretentiondays:0")) {
          return true; // inside a shorthand or JSON value
        }
        continue;
      }
      String value = eq > 0 ? a.substring(eq + 1) : i + 1 < args.size() ? args.get(i + 1) : "";
      if (values.contains(value.toLowerCase(Locale.ROOT).replace("\"", "").replace("'", ""))) {
        return true;
      }
    }
    return false;
  }

  /** A snapshot's or image's permission granted to everyone. */
  static boolean everyone(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String flat = a.replace(" ", "").replace("\"", "");
      if (flat.contains("Group=all")
          || flat.contains("Group:all")
          || a.equals("allUsers")
          || a.equals("allAuthenticatedUsers")
          || flat.contains("member=allUsers")
          || flat.contains("member=allAuthenticatedUsers")
          || a.equals("all")
              && i > 0
              && (args.get(i - 1).equals("--group-names")
                  || args.get(i - 1).equals("--values-to-add"))) {
        return true;
      }
    }
    return false;
  }
}
