package io.github.providergateway.transport.stdio;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.base.DaemonThreads;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * A process the gateway started and everything it started, signalled together: the gateway's rule
 * is that a process it ends is ended "with everything it started", and a process that exits leaves
 * nothing running behind it.
 *
 * <p><b>How its members are found.</b> Its live descendants are not enough: a child whose parent
 * exits (a double fork, {@code sh -c 'daemon &'}, a provider that exits while its child holds its
 * stdout) is adopted by init and is nobody's descendant any more. So {@link #start} gives the
 * process a variable of its own, {@link #MARK_VARIABLE}{@code =<random id>}, which every process it
 * starts inherits, and a member is any process of this machine whose initial environment ({@code
 * /proc/<pid>/environ}, Linux) holds that exact entry, with the process itself, its live
 * descendants and every descendant seen before (so that one that cleared its environment is still
 * reached once re-parented, if it was seen). Changing its own environment does not hide a process:
 * {@code environ} is the block it was started with.
 *
 * <p><b>What escapes</b> (docs/security.md): a descendant started with the variable removed ({@code
 * env -i}, {@code env -u}, a daemon that sanitises its environment, {@code sudo}) and re-parented
 * before it was seen; a process running as another user (setuid programs, {@code sudo}), which the
 * gateway may not signal; and anything started for it by another process rather than by it (a
 * service manager, {@code systemd-run --user}, a container engine). Where {@code /proc} is missing
 * (not Linux), members are the process and its descendants. A provider that means to leave a
 * process running after it (a browser it opens for the person) starts it without the variable.
 *
 * <p><b>Cost.</b> Finding the members reads the {@code environ} of every process the gateway may
 * read, a few milliseconds for a few hundred processes: {@link #terminate} and {@link #kill} block
 * for that long and belong off the gateway loop. Thread-safe.
 */
public final class ProcessTree {

  /**
   * The variable that marks a process and everything it starts. Its value is new for each process.
   */
  public static final String MARK_VARIABLE = "PROVIDER_GATEWAY_SPAWN";

  /**
   * How many times {@link #kill} looks again for members it has not killed yet: one forked while it
   * killed is found next time, and a process killed cannot fork again.
   */
  private static final int MAX_KILL_ROUNDS = 10;

  private final Process process;

  /** {@code MARK_VARIABLE=<id>} as it appears in an environment block. */
  private final byte[] mark;

  /** Members seen so far and maybe still alive; guarded by itself. */
  private final Set<ProcessHandle> seen = new LinkedHashSet<>();

  /** Completes once the process has exited and what it left running has been killed. */
  private final CompletableFuture<ProcessTree> exited;

  private ProcessTree(Process process, String mark) {
    this.process = process;
    this.mark = mark.getBytes(StandardCharsets.UTF_8);
    // Off the JDK's threads: killing what is left reads /proc.
    this.exited =
        process
            .onExit()
            .thenApplyAsync(
                gone -> {
                  kill();
                  return this;
                },
                DaemonThreads.threadPerTask("process-" + process.pid() + "-exit"));
  }

  /**
   * Starts {@code builder}'s process with {@link #MARK_VARIABLE} set to a value of its own (any
   * value the builder had for it is replaced). When the process exits, whatever it left running is
   * killed, on a thread of its own.
   *
   * @param builder what to start; its environment gets the variable
   * @return the tree of the started process
   * @throws IOException when the process cannot be started
   */
  public static ProcessTree start(ProcessBuilder builder) throws IOException {
    requireNonNull(builder, "builder");
    String id = UUID.randomUUID().toString();
    builder.environment().put(MARK_VARIABLE, id);
    return new ProcessTree(builder.start(), MARK_VARIABLE + "=" + id);
  }

  /** {@return the process started} */
  public Process process() {
    return process;
  }

  /**
   * Sends SIGTERM to the process and every member still running. Blocks while it looks for them.
   */
  public void terminate() {
    for (ProcessHandle member : members()) {
      if (member.isAlive()) {
        member.destroy();
      }
    }
  }

  /**
   * Kills (SIGKILL) the process and every member, looking again until none is left that it has not
   * killed (at most {@value #MAX_KILL_ROUNDS} times). Blocks while it looks for them.
   */
  public void kill() {
    Set<ProcessHandle> killed = new HashSet<>();
    for (int round = 0; round < MAX_KILL_ROUNDS; round++) {
      List<ProcessHandle> fresh = new ArrayList<>();
      for (ProcessHandle member : members()) {
        // A zombie stays alive to the JDK until it is reaped: killed once is enough.
        if (member.isAlive() && killed.add(member)) {
          fresh.add(member);
        }
      }
      if (fresh.isEmpty()) {
        return;
      }
      fresh.forEach(ProcessHandle::destroyForcibly);
    }
  }

  /**
   * Remembers the process's present descendants, so that a signal still reaches one that clears its
   * environment and is re-parented later: call it before asking the process to exit.
   */
  public void rememberDescendants() {
    members();
  }

  /** {@return completes once the process has exited and what it left running has been killed} */
  CompletableFuture<ProcessTree> exited() {
    return exited;
  }

  /** The process, its descendants, the marked processes and those seen before that still live. */
  private List<ProcessHandle> members() {
    Set<ProcessHandle> found = new LinkedHashSet<>();
    ProcessHandle root = process.toHandle();
    found.add(root);
    root.descendants().forEach(found::add);
    found.addAll(marked());
    synchronized (seen) {
      seen.removeIf(member -> !member.isAlive());
      seen.addAll(found);
      return List.copyOf(seen);
    }
  }

  /** The processes whose environment carries this tree's mark; never the gateway itself. */
  private List<ProcessHandle> marked() {
    long self = ProcessHandle.current().pid();
    return ProcessHandle.allProcesses()
        .filter(handle -> handle.pid() != self && carriesMark(handle.pid()))
        .toList();
  }

  private boolean carriesMark(long pid) {
    byte[] environment;
    try {
      environment = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "environ"));
    } catch (IOException | SecurityException unreadable) {
      return false; // gone, another user's, or no /proc
    }
    // NAME=value entries, each ended by a NUL.
    int start = 0;
    for (int i = 0; i <= environment.length; i++) {
      if (i == environment.length || environment[i] == 0) {
        if (i - start == mark.length
            && Arrays.equals(environment, start, i, mark, 0, mark.length)) {
          return true;
        }
        start = i + 1;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "pid " + process.pid() + " and what it started";
  }
}
