package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The person's terminals as files (issue 75): a pseudo-terminal ({@code /dev/pts/3}), a virtual
 * console ({@code /dev/tty2}) and its screen ({@code /dev/vcs2}, {@code /dev/vcsa}), and another
 * process's open files ({@code /proc/4242/fd/0}, the console's input). Read, they give what the
 * person sees and types, the status page's link among it; written, what the person's console reads
 * as typed. The command's own terminal ({@code /dev/tty}, {@code /dev/stdout}, {@code
 * /proc/self/fd/1}) is its own.
 */
final class TerminalDevices {
  private TerminalDevices() {}

  /** Another terminal, or a console's screen. */
  private static final Pattern TERMINAL =
      Pattern.compile("/dev/(?:pts/\\d+|tty\\d+|vcsa?u?\\d*|console)");

  /** Another process's open file: {@code /proc/PID/fd/N}, not the command's own. */
  private static final Pattern OTHERS_FILE = Pattern.compile("/proc/\\d+/(?:task/\\d+/)?fd/\\d+");

  /**
   * Whether a path is another terminal than the command's own, or a console's screen.
   *
   * @param path a target's path, or {@code null}
   * @return whether it is one
   */
  static boolean isTerminal(Path path) {
    String text = path == null ? null : path.toString(); // a look at its start before the regex
    return text != null && text.startsWith("/dev/") && PatternLiterals.matches(TERMINAL, text);
  }

  /** A glob of terminals ({@code /dev/pts/[0-9]*}, {@code /dev/pts/*}, {@code /dev/tty*}). */
  private static final Pattern TERMINALS_GLOB = Pattern.compile("/dev/(?:pts/|tty)[^/]*");

  /** Another process's open file by a pid the guard cannot read: {@code /proc/$(pgrep …)/fd/0}. */
  private static final Pattern UNKNOWN_PROCESS_FILE =
      Pattern.compile("/proc/([^/]*[$`][^/]*|\\$\\([^)]*\\)[^/]*)/(?:task/[^/]+/)?fd/.*");

  /** The command's own process, as a shell names it. */
  private static final Set<String> OWN = NameSet.of("$$", "${$}", "$BASHPID", "${BASHPID}");

  /**
   * Whether a target may be another terminal or another process's open file though its path is no
   * one path: a glob of terminals, a pid the guard cannot read (issue 75: {@code for p in
   * /dev/pts/[0-9]*; do printf y > $p; done}, {@code echo y > /proc/$(pgrep -f 'gateway
   * attach')/fd/0}).
   *
   * @param target a target of the call
   * @return whether it may be one
   */
  static boolean reachesTerminal(Target target) {
    if (target.glob() != null && PatternLiterals.matches(TERMINALS_GLOB, target.glob())) {
      return true;
    }
    String raw = target.raw();
    if (!raw.startsWith("/proc/") || target.path() != null) {
      return false; // the pattern begins so: no matcher for every file of a call
    }
    Matcher m = UNKNOWN_PROCESS_FILE.matcher(raw);
    return m.matches() && !OWN.contains(m.group(1));
  }

  /**
   * Whether a path is a file another process holds open, its input among them.
   *
   * @param path a target's path, or {@code null}
   * @return whether it is one
   */
  static boolean isOthersFile(Path path) {
    String text = path == null ? null : path.toString(); // a look at its start before the regex
    return text != null && text.startsWith("/proc/") && PatternLiterals.matches(OTHERS_FILE, text);
  }
}
