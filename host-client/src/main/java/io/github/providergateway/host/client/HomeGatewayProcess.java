package io.github.providergateway.host.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

/**
 * Whether a process is the gateway of a home, not only alive. A gateway that crashed leaves its
 * {@link GatewayHome#PID_FILE} behind, and the kernel gives its pid to the next process it starts:
 * a {@code sleep} of the same user, say, is alive under the recorded pid, and a window that only
 * asked whether the pid lived would wait for a gateway that never comes (and {@code gateway stop}
 * would signal the sleep). The home's gateway, whatever its mode, holds the lock on {@link
 * GatewayHome#LOCK_FILE} from before it writes its pid until it ends, and the OS drops the lock
 * with the process. On Linux the kernel's table of locks ({@code /proc/locks}) names the pid
 * holding each lock and the file's inode, without this process taking the lock (which would refuse
 * a gateway starting at that moment). Where there is no such table, being alive is all that can be
 * told.
 */
public final class HomeGatewayProcess {

  private static final Path LOCKS = Path.of("/proc/locks");

  private HomeGatewayProcess() {}

  /**
   * Whether {@code pid} is the running gateway of {@code home}: alive and, where the kernel's table
   * of locks can be read, holding the lock on the home's {@link GatewayHome#LOCK_FILE}.
   *
   * @param home the gateway's home
   * @param pid the process id, as the home's pid file names it
   * @return whether that process is the home's gateway
   */
  public static boolean isGatewayOf(Path home, long pid) {
    return isGatewayOf(home, pid, LOCKS);
  }

  /**
   * {@link #isGatewayOf(Path, long)} with the kernel's table of locks read from {@code locks}.
   *
   * @param home the gateway's home
   * @param pid the process id
   * @param locks the table of locks, in the format of {@code /proc/locks}
   * @return whether that process is the home's gateway
   */
  static boolean isGatewayOf(Path home, long pid, Path locks) {
    if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
      return false;
    }
    List<String> table;
    try {
      table = Files.readAllLines(locks);
    } catch (IOException | SecurityException noTable) {
      return true;
    }
    Object inode;
    try {
      inode =
          Files.getAttribute(
              home.resolve(GatewayHome.LOCK_FILE), "unix:ino", LinkOption.NOFOLLOW_LINKS);
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException noFile) {
      // A live gateway keeps its lock file: with none, no process holds the home.
      return false;
    }
    return holds(table, pid, inode.toString());
  }

  /**
   * Whether a line of {@code table} says {@code pid} holds a lock on the file of inode {@code
   * inode}. A line reads {@code 1: POSIX ADVISORY WRITE 4242 fe:00:2171155 0 EOF}; one with {@code
   * ->} after its number is a process waiting for a lock, which does not hold it.
   */
  static boolean holds(List<String> table, long pid, String inode) {
    String holder = Long.toString(pid);
    for (String line : table) {
      String[] fields = line.strip().split("\\s+");
      if (fields.length < 6 || fields[1].equals("->")) {
        continue;
      }
      String file = fields[5];
      if (fields[4].equals(holder) && file.substring(file.lastIndexOf(':') + 1).equals(inode)) {
        return true;
      }
    }
    return false;
  }
}
