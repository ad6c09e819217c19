package io.github.providergateway.transport.testing;

import io.github.providergateway.loop.testing.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Processes a test's child started, followed by pid: a test provider appends the pid of each
 * process it starts to a file (one a line), and the test asserts, with a bounded wait, that each is
 * gone. Linux: it reads {@code /proc}.
 */
public final class Processes {

  private Processes() {}

  /**
   * Waits for {@code count} pids in {@code file} and returns them.
   *
   * @param file one pid a line, appended by the processes under test
   * @param count how many to wait for
   * @return the first {@code count} pids, in the order written
   * @throws AssertionError when fewer were written within 10 s
   */
  public static List<Long> recorded(Path file, int count) {
    List<Long> pids =
        Await.value(
            Duration.ofSeconds(10),
            () -> {
              List<Long> written = read(file);
              return written.size() >= count ? written : null;
            },
            () -> count + " pids in " + file + ", were " + read(file));
    return pids.subList(0, count);
  }

  /**
   * Waits until the process {@code pid} is no longer running.
   *
   * @param pid the process
   * @param wait the longest to wait
   * @throws AssertionError when it still runs after {@code wait}, saying what it is
   */
  public static void awaitGone(long pid, Duration wait) {
    Await.until(
        wait,
        () -> !isRunning(pid),
        () ->
            "pid "
                + pid
                + " gone; it still runs: "
                + ProcessHandle.of(pid)
                    .map(p -> p.info() + ", parent " + p.parent().map(ProcessHandle::pid))
                    .orElse("?"));
  }

  /**
   * Whether {@code pid} runs. A zombie does not: it has exited and holds nothing but its entry,
   * until its parent (init, for an orphan) collects it, which some inits do only every second or
   * so; {@link ProcessHandle#isAlive} counts it alive meanwhile.
   *
   * @param pid the process
   * @return whether it exists and is not a zombie
   */
  public static boolean isRunning(long pid) {
    Optional<ProcessHandle> handle = ProcessHandle.of(pid);
    if (handle.isEmpty() || !handle.get().isAlive()) {
      return false;
    }
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // "pid (comm) S ...": the state follows the last ')', since comm may hold one.
      return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
    } catch (IOException | RuntimeException gone) {
      return false;
    }
  }

  /**
   * Kills, with SIGKILL, every process whose pid is in {@code file}: what a failed test left.
   *
   * @param file one pid a line; may not exist
   */
  public static void killAll(Path file) {
    for (long pid : read(file)) {
      ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  private static List<Long> read(Path file) {
    try {
      return Files.readAllLines(file).stream()
          .map(String::strip)
          .filter(line -> !line.isEmpty())
          .map(Long::valueOf)
          .toList();
    } catch (IOException | NumberFormatException notYet) {
      return List.of(); // not written yet, or a line still being written
    }
  }
}
