package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What makes the backups or snapshots stopped or disabled, by whatever manages it (issue 80, round
 * 77: {@code ssh admin@nas.local 'sudo synopkg stop HyperBackup'}): a word of the call stops,
 * disables, masks, unloads or pauses, and another names a backup, a snapshot or a replication's
 * tool ({@link CopiesPredicates#namesCopy}). Read by that shape, not by the manager: a NAS's
 * package manager, SysV's {@code service NAME stop}, runit's {@code sv down}, supervisord, pm2, a
 * container's {@code stop}, Windows' {@code schtasks /Change … /Disable} and PowerShell's {@code
 * Stop-Service}, {@code Disable-ScheduledTask}. A program that only reads, searches or prints its
 * words ({@code grep stop backup.log}), a version control's message, and a test's or scratch copy's
 * name are not this.
 */
final class BackupJobsStopped {
  private BackupJobsStopped() {}

  /** The words that stop or disable what runs, as service and job managers spell them. */
  private static final Set<String> STOPS =
      Set.of("stop", "disable", "mask", "unload", "bootout", "down", "pause", "suspend");

  /** PowerShell's verbs that stop or disable, as its commands' names begin. */
  private static final List<String> STOPPING_COMMANDS = List.of("stop-", "disable-", "suspend-");

  /** Programs whose words are text, not a manager's verb and object. */
  private static final Set<String> TEXT_PROGRAMS =
      Set.of("git", "hg", "journalctl", "man", "echo", "printf", "logger", "notify-send", "gh");

  /**
   * Whether the step stops or disables a backup's or snapshot's job or service.
   *
   * @param step the program
   * @return whether a stopping word and a copy's name are both among its words
   */
  static boolean stopped(Step step) {
    String program = step.program().toLowerCase(Locale.ROOT);
    if (TEXT_PROGRAMS.contains(program)
        || step.is(ProgramKind.READER)
        || step.is(ProgramKind.FINDER)
        || step.interpreter()) {
      return false;
    }
    List<String> args = step.invocation().args();
    if (!stopping(program, args)) {
      return false;
    }
    return CopiesPredicates.namesCopy(args) && !CopiesPredicates.namesScratch(args);
  }

  private static boolean stopping(String program, List<String> args) {
    for (String verb : STOPPING_COMMANDS) {
      if (program.startsWith(verb)) {
        return true;
      }
    }
    for (String arg : args) {
      String lower = arg.toLowerCase(Locale.ROOT);
      // schtasks' and Windows tools' options: /Disable
      String word = lower.startsWith("/") && lower.indexOf('/', 1) < 0 ? lower.substring(1) : lower;
      if (STOPS.contains(word)) {
        return true;
      }
    }
    return false;
  }
}
