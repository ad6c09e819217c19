package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A person's own folders backed up onto their backup drive (decision 334, round 75's {@code rsync
 * -a ~/HerdPro/ /media/user/FARMBACKUP/HerdPro/}): not records carried away, which {@code
 * out.records-to-removable-drive} asks ({@link CopiedOffTheMachine}). A farm's, a shop's or a
 * practice's desktop program keeps its data in a folder of the home, and its owner copies that
 * folder to a drive kept for it; that copy is what keeps the records safe.
 *
 * <p>It is a backup when: {@code cp} or {@code rsync} copies (not {@code mv}, and nothing is
 * deleted: no {@code --delete…} or {@code --remove-source-files}); the drive's label names a backup
 * ({@code BACKUP}, {@code FARM_BACKUP}, {@code Backup Plus}, {@code BKUP}); and every source is a
 * folder or file of this person's home that is no export, dump or download of records ({@code
 * ~/work/payroll_exports/} is records carried). A share ({@code /mnt/clinic-share}), another
 * machine's folder, a project's exports, and any drive not named for a backup ({@code KINGSTON})
 * are still asked.
 */
final class DriveBackups {
  private DriveBackups() {}

  /** A drive whose label names a backup, at its mount. */
  private static final Pattern BACKUP_DRIVE =
      Pattern.compile(
          "^(?:/media/[^/]+|/run/media/[^/]+|/Volumes)/[^/]*(?i:back[ _-]?up|bkup)[^/]*(?:/|$)");

  /** A folder of the person's home, by any of its spellings. */
  private static final Pattern HOME =
      Pattern.compile("^(?:~|\\$HOME|\\$\\{HOME\\}|/home/[^/]+|/Users/[^/]+)/[^/]");

  /** A folder or file named as records taken out: an export, a dump, an extract, a download. */
  private static final Pattern TAKEN_OUT =
      Pattern.compile("(?i)export|dump|extract|outbound|download|\\.(?:csv|sql|xlsx?|json)$");

  /**
   * Whether a copy's sources go to a backup drive as the person's own backup, as above.
   *
   * @param step the copy ({@code cp}, {@code rsync})
   * @param operands its sources, then its destination last
   */
  static boolean own(Step step, List<String> operands) {
    if (!(step.program().equals("cp") || step.program().equals("rsync"))
        || deletes(step.args())
        || !BACKUP_DRIVE.matcher(operands.get(operands.size() - 1)).find()
        || operands.get(operands.size() - 1).contains("..")) {
      return false;
    }
    for (String source : operands.subList(0, operands.size() - 1)) {
      if (!HOME.matcher(source).find() || TAKEN_OUT.matcher(source).find()) {
        return false;
      }
    }
    return true;
  }

  /** Whether an option deletes: {@code --delete}, {@code --delete-after}, a source removed. */
  private static boolean deletes(List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      if (text.startsWith("--delete") || text.startsWith("--remove")) {
        return true;
      }
    }
    return false;
  }
}
