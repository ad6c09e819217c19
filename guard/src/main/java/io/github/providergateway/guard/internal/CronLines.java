package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A schedule's file read as the commands it runs (decision 302): a crontab kept in the project
 * ({@code services/scheduler/crontab}, {@code ops/cron/backup.cron}, {@code cron.d/reports}) runs
 * its lines' commands once installed ({@code crontab FILE}) or deployed (a push), as a CI file's
 * steps run. A line is its five time fields (or {@code @daily}, {@code @reboot}…) and a command; a
 * system crontab's sixth field, the user, is taken off; variables set and comments are skipped.
 */
final class CronLines {
  private CronLines() {}

  /** A schedule's line: its time (five fields or an {@code @} word), then the command. */
  private static final Pattern LINE =
      Pattern.compile(
          "^\\s*(?:@(?:reboot|yearly|annually|monthly|weekly|daily|midnight|hourly)"
              + "|(?:[\\d*/,\\-A-Za-z?LW#]+\\s+){4}[\\d*/,\\-A-Za-z?LW#]+)\\s+(.+)$");

  /** A system crontab's user field before the command: {@code root}, {@code www-data}. */
  private static final Pattern USER = Pattern.compile("^(?:root|[a-z_][a-z0-9_-]{0,31})\\s+(/.+)$");

  /**
   * Whether a file is a crontab by its name or its folder.
   *
   * @param path the file's path
   * @param lower its name in lower case
   * @return whether it is
   */
  static boolean cronFile(String path, String lower) {
    return lower.equals("crontab")
        || lower.endsWith(".cron")
        || lower.endsWith(".crontab")
        || path.contains("/cron.d/")
        || path.contains("/crontabs/");
  }

  /**
   * The commands a crontab's text runs, one a line.
   *
   * @param text the file's text
   * @return the commands, as shell text
   */
  static String commands(String text) {
    StringBuilder shell = new StringBuilder();
    for (String line : text.split("\n", 2_000)) {
      String strip = line.strip();
      if (strip.isEmpty() || strip.startsWith("#") || strip.length() > 4096) {
        continue;
      }
      Matcher cron = LINE.matcher(strip);
      if (!cron.matches()) {
        continue; // MAILTO=…, PATH=…: the table's variables
      }
      String command = cron.group(1);
      Matcher user = USER.matcher(command);
      if (user.matches() && !command.toLowerCase(Locale.ROOT).startsWith("cd ")) {
        command = user.group(1);
      }
      shell.append(command.replace("\\%", "%")).append('\n');
    }
    return shell.toString();
  }
}
