package io.github.providergateway.guard.internal;

import java.nio.file.Path;
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
    return path != null && TERMINAL.matcher(path.toString()).matches();
  }

  /**
   * Whether a path is a file another process holds open, its input among them.
   *
   * @param path a target's path, or {@code null}
   * @return whether it is one
   */
  static boolean isOthersFile(Path path) {
    return path != null && OTHERS_FILE.matcher(path.toString()).matches();
  }
}
