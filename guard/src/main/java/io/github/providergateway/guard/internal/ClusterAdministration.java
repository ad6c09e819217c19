package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A shared cluster's scheduler, file system, archive or licence server administered (session 18,
 * round 75's HPC centre: {@code scontrol create reservation … flags=ignore_jobs}, {@code lctl
 * conf_param scratch.quota.ost=none}, {@code mmapplypolicy … -I yes}, {@code dsmadmc 'update
 * copygroup … retver=30'}, {@code sacctmgr -i load … clean}, {@code lmutil lmremove}): every user
 * of the cluster meets the change on their next job, file or licence. Read here: Slurm's {@code
 * scontrol} creating, updating or deleting a node, partition or reservation (a job's own update
 * aside) or fed its commands on its input, {@code sacctmgr}'s writes, Lustre's {@code lctl}
 * settings and checks and {@code lfs} layouts set on a whole file system, Storage Scale's policy
 * run for real and its {@code mmch…}/{@code mmdel…} commands, Spectrum Protect's and PBS's
 * administrative writes, and FlexLM's seat removals and rereads. Their reads ({@code scontrol
 * show}, {@code sacctmgr show|dump}, {@code lctl get_param}, {@code mmapplypolicy -I test|defer},
 * {@code dsmadmc query}, {@code lmutil lmstat}) are not.
 */
final class ClusterAdministration {
  private ClusterAdministration() {}

  /** scontrol's commands that change the cluster. */
  private static final Set<String> SCONTROL_WRITES =
      Set.of("create", "update", "delete", "reconfigure", "takeover", "setdebug", "shutdown");

  /** scontrol's objects that belong to one job (its owner may change them). */
  private static final Pattern OWN_JOB = Pattern.compile("(?i)^(?:job(?:id)?|stepid)=.*");

  /** sacctmgr's commands that change accounts, users, QOS or clusters. */
  private static final Set<String> SACCTMGR_WRITES =
      Set.of("add", "create", "modify", "update", "delete", "remove", "load", "archive");

  /** lctl's commands that set a file system's parameters or start work on it. */
  private static final Pattern LCTL_WRITES =
      Pattern.compile(
          "^(?:conf_param|set_param|lfsck_start|deactivate|activate|pool_(?:new|add|remove|destroy)"
              + "|replace_nids|erase_lcfg|del_ost|nodemap_\\w+|llog_cancel|abort_recovery)$");

  /** Storage Scale's commands that change a file system, a fileset or the cluster. */
  private static final Pattern MM_WRITES =
      Pattern.compile("^mm(?:ch|del|unlink|restripe|shutdown|umount|crfileset|crsnapshot)\\w*$");

  /** Spectrum Protect's and PBS's administrative words that change a server. */
  private static final Set<String> ADMIN_WRITES =
      Set.of(
          "update",
          "define",
          "activate",
          "assign",
          "copy",
          "remove",
          "cancel",
          "halt",
          "lock",
          "move",
          "set",
          "unset",
          "grant",
          "revoke",
          "create",
          "delete",
          "rename",
          "import");

  /** FlexLM's commands that take a seat or reread the options. */
  private static final Set<String> LICENCE_WRITES = Set.of("lmremove", "lmreread", "lmdown");

  /** A mount point's whole tree: at most two folders deep ({@code /lustre/scratch}). */
  private static final Pattern WHOLE_FS = Pattern.compile("^/[^/]+(?:/[^/$]+)?/?$");

  /**
   * Whether the program administers a shared cluster's scheduler, storage, archive or licences.
   *
   * @param step the program
   * @return whether it does
   */
  static boolean administers(Step step) {
    String program = step.program();
    List<String> words = positionals(step, VALUED);
    String first = words.isEmpty() ? "" : words.get(0).toLowerCase(Locale.ROOT);
    return switch (program) {
      case "scontrol" -> scontrolWrites(step, words, first);
      case "sacctmgr" -> SACCTMGR_WRITES.contains(first);
      case "lctl" -> LCTL_WRITES.matcher(first).matches();
      case "lfs" -> lfsLayoutOfWholeFs(words, first);
      case "mmapplypolicy" -> policyRunForReal(step);
      case "dsmadmc", "qmgr" -> adminWrites(step);
      case "lmutil" -> LICENCE_WRITES.contains(first);
      case "lmremove", "lmreread", "lmdown" -> true;
      default -> MM_WRITES.matcher(program).matches();
    };
  }

  private static boolean scontrolWrites(Step step, List<String> words, String first) {
    // scontrol with no command reads its commands from its input: a here-string's or a
    // here-document's lines are read as its commands (`scontrol <<< 'show node x'` reads); a file
    // or a pipe fed to it is not seen, and may hold updates.
    if (words.isEmpty()) {
      boolean seen = false;
      for (Redirect redirect : step.invocation().redirects()) {
        if (redirect.body() == null) {
          continue;
        }
        seen = true;
        for (String line : redirect.body().split("[\\n;]")) {
          List<String> command = List.of(line.trim().split("\\s+"));
          if (scontrolWrites(step, command, command.get(0).toLowerCase(Locale.ROOT))) {
            return true;
          }
        }
      }
      return !seen;
    }
    if (!SCONTROL_WRITES.contains(first)) {
      return false;
    }
    return words.size() < 2 || !OWN_JOB.matcher(words.get(1)).matches();
  }

  private static boolean lfsLayoutOfWholeFs(List<String> words, String first) {
    if (!first.equals("setstripe") && !first.equals("setdirstripe")) {
      return false;
    }
    String last = words.get(words.size() - 1);
    return words.size() > 1 && WHOLE_FS.matcher(last).matches();
  }

  private static boolean policyRunForReal(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i + 1 < args.size(); i++) {
      if (args.get(i).text().equals("-I")) {
        String mode = args.get(i + 1).text().toLowerCase(Locale.ROOT);
        // test and prepare only read; defer writes the file lists and leaves the acts undone
        return !mode.equals("test") && !mode.equals("prepare") && !mode.equals("defer");
      }
    }
    // Without -I the policy's rules run for real (-I yes is the default).
    return true;
  }

  private static boolean adminWrites(Step step) {
    for (Word word : step.args()) {
      String text = word.text().trim();
      if (text.startsWith("-")) {
        continue;
      }
      String verb = text.split("\\s+", 2)[0].toLowerCase(Locale.ROOT);
      return ADMIN_WRITES.contains(verb);
    }
    return false;
  }

  /** The options of these programs that take the next word as their value. */
  private static final Set<String> VALUED =
      Set.of("-M", "--clusters", "--cluster", "--device", "-c", "--config");

  /** The program's words that are neither options nor the values of {@code valued}. */
  private static List<String> positionals(Step step, Set<String> valued) {
    List<String> words = new ArrayList<>();
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (valued.contains(text)) {
        i++;
      } else if (!text.startsWith("-")) {
        words.add(text);
      }
    }
    return words;
  }
}
