package io.github.providergateway.transport.stdio;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.loop.base.DaemonThreads;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A child process the gateway owns, speaking newline-delimited text on its stdin and stdout: the
 * gateway chooses its working directory and environment, appends its stderr to its log, knows its
 * pid, bounds what it reads and queues, and ends it, with everything it started.
 *
 * <p><b>Lifecycle.</b> {@link #start} starts the process; nothing is read until {@link #read} names
 * who takes its lines. Lines written with {@link #write} go to its stdin in order, from a thread of
 * this object's. Its output ends, and the {@link LineHandler} hears {@link LineHandler#ended} once,
 * when the process exits (whatever it started is then killed; the lines it wrote before still come,
 * unless something that escaped the kill holds its stdout, when its output ends {@link #EXIT_DRAIN}
 * after the exit), when it closes stdout (it is then killed), or when a line passes {@link
 * Bounds#maxLineBytes} (the owner then stops it, having told it why if it wants to). {@link #stop}
 * ends it as spawned providers are ended: stdin closed after what is queued, SIGTERM, then SIGKILL,
 * each to the process and everything it started ({@link ProcessTree}: descendants, and processes
 * init adopted). A child that closes its stdin or dies while a line is written to it is killed.
 *
 * <p><b>Bounds.</b> One line is at most {@link Bounds#maxLineBytes} (past it the child's output is
 * not read any further); while reading is {@linkplain #suspendReading() suspended}, nothing more is
 * read and the child blocks on its full pipe. Stdin's queue holds at most {@link
 * Bounds#maxQueuedLines} lines and {@link Bounds#maxQueuedBytes} bytes in more than one line: a
 * child that does not read its stdin makes {@link #write} answer {@link Write#QUEUE_FULL}. Its
 * stderr is read as it is written and kept in a log of bounded size ({@link ProcessLog}).
 *
 * <p><b>Threads.</b> A reader, a writer and a stderr thread of its own, all daemons, and one more
 * once it has exited; {@link #write}, {@link #suspendReading} and {@link #resumeReading} never
 * block and may be called from any thread, the gateway loop included. {@link #stop} blocks (at most
 * its grace).
 */
public final class ChildProcess {

  private static final System.Logger LOG = System.getLogger(ChildProcess.class.getName());

  /**
   * How to start a child.
   *
   * @param name its name, for thread names and logs
   * @param command the program and its arguments
   * @param cwd where it runs, or null for the gateway's own directory
   * @param env variables added to the gateway's environment for it
   * @param log where its stderr is appended ({@link ProcessLog}, bounded), or null to discard it
   */
  public record Spec(
      String name, List<String> command, Path cwd, Map<String, String> env, Path log) {

    /**
     * Checks and copies the fields.
     *
     * @param name its name, for thread names and logs; not null
     * @param command the program and its arguments; not empty
     * @param cwd where it runs, or null for the gateway's own directory
     * @param env variables added to the gateway's environment for it
     * @param log where its stderr is appended, or null to discard it
     */
    public Spec {
      requireNonNull(name, "name");
      command = List.copyOf(command);
      if (command.isEmpty()) {
        throw new IllegalArgumentException("command must name a program");
      }
      env = Collections.unmodifiableMap(new LinkedHashMap<>(env));
    }

    /**
     * A child run in the gateway's directory with the gateway's environment, its stderr discarded.
     *
     * @param name its name
     * @param command the program and its arguments
     * @return the spec
     */
    public static Spec of(String name, List<String> command) {
      return new Spec(name, command, null, Map.of(), null);
    }

    /**
     * This spec run in {@code cwd}.
     *
     * @param cwd the working directory
     * @return a new spec
     */
    public Spec withCwd(Path cwd) {
      return new Spec(name, command, cwd, env, log);
    }

    /**
     * This spec with {@code env} added to its environment.
     *
     * @param env the variables
     * @return a new spec
     */
    public Spec withEnv(Map<String, String> env) {
      return new Spec(name, command, cwd, env, log);
    }

    /**
     * This spec with stderr appended to {@code log}.
     *
     * @param log the log file
     * @return a new spec
     */
    public Spec withLog(Path log) {
      return new Spec(name, command, cwd, env, log);
    }
  }

  /**
   * What a child may make the gateway hold.
   *
   * @param maxLineBytes the longest line read from its stdout, in bytes before the {@code \n}
   * @param maxQueuedLines the most lines waiting for its stdin
   * @param maxQueuedBytes the most bytes waiting for its stdin in more than one line
   */
  public record Bounds(int maxLineBytes, int maxQueuedLines, long maxQueuedBytes) {

    /**
     * Checks that every bound is positive.
     *
     * @param maxLineBytes the longest line read from its stdout, in bytes before the {@code \n}
     * @param maxQueuedLines the most lines waiting for its stdin
     * @param maxQueuedBytes the most bytes waiting for its stdin in more than one line
     */
    public Bounds {
      if (maxLineBytes < 1 || maxQueuedLines < 1 || maxQueuedBytes < 1) {
        throw new IllegalArgumentException(
            "bounds must be at least 1, were "
                + maxLineBytes
                + ", "
                + maxQueuedLines
                + ", "
                + maxQueuedBytes);
      }
    }

    /**
     * The bounds of a WebSocket provider's connection: lines up to {@code maxLineBytes}, 1,024
     * lines and 8 MiB queued.
     *
     * @param maxLineBytes the longest line read
     * @return the bounds
     */
    public static Bounds of(int maxLineBytes) {
      return new Bounds(maxLineBytes, 1024, 8L << 20);
    }
  }

  /** What {@link #write} did with a line. */
  public enum Write {
    /** Queued; it will be written after the lines before it. */
    QUEUED,
    /** Refused: the queue is at its bound, the child is not reading its stdin. */
    QUEUE_FULL,
    /** Refused: stdin is closed or closing, or the child is gone. */
    INPUT_CLOSED
  }

  /** Why a child's output ended. */
  public enum Ending {
    /** Its stdout ended: it exited, or closed stdout. */
    STDOUT_ENDED,
    /** A line passed {@link Bounds#maxLineBytes}; nothing more is read. The child still runs. */
    LINE_TOO_LONG
  }

  /** Takes what a child writes to stdout. Called on the child's reader thread, in order. */
  public interface LineHandler {

    /**
     * One line, without its terminator, never blank.
     *
     * @param line the line, read as UTF-8 (malformed bytes as U+FFFD)
     */
    void line(String line);

    /**
     * No more lines will come. Called once, last.
     *
     * @param ending why
     */
    void ended(Ending ending);
  }

  /**
   * How long the lines a child wrote before it exited may take to be read once it has exited and
   * what it started has been killed. Past it its output ends anyway: something that escaped the
   * kill holds its stdout (docs/security.md).
   */
  public static final Duration EXIT_DRAIN = Duration.ofSeconds(1);

  private final Spec spec;
  private final Bounds bounds;
  private final ProcessTree tree;
  private final Process process;
  private final LineWriter stdin;

  /** Set by {@link #read}: the reader runs once. */
  private final AtomicBoolean reading = new AtomicBoolean();

  private final Object readGate = new Object();

  /** Whether the reader waits before its next line. Guarded by readGate. */
  private boolean readingSuspended;

  /** Held while a line or the end is handed over, so that nothing follows the end. */
  private final Object delivery = new Object();

  /** Whether the handler has heard the end. Guarded by delivery. */
  private boolean over;

  /** Released once the reader has seen the end of the output. */
  private final CountDownLatch readerDone = new CountDownLatch(1);

  private ChildProcess(Spec spec, Bounds bounds, ProcessTree tree) {
    this.spec = spec;
    this.bounds = bounds;
    this.tree = tree;
    this.process = tree.process();
    this.stdin =
        new LineWriter(
            "stdio-" + spec.name() + "-stdin",
            process.getOutputStream(),
            bounds.maxQueuedLines(),
            bounds.maxQueuedBytes(),
            stoppedReading -> kill());
  }

  /**
   * Starts {@code spec}'s process; its output is not read until {@link #read}.
   *
   * @param spec what to run, where, and where its stderr goes
   * @param bounds what it may make the gateway hold
   * @return the running child
   * @throws IOException when the process cannot be started (no such program, no such directory)
   */
  public static ChildProcess start(Spec spec, Bounds bounds) throws IOException {
    requireNonNull(bounds, "bounds");
    ProcessBuilder builder = new ProcessBuilder(spec.command());
    if (spec.cwd() != null) {
      builder.directory(spec.cwd().toFile());
    }
    builder.environment().putAll(spec.env());
    // Read by a thread of ours rather than appended by the OS, so that the log stays bounded.
    builder.redirectError(spec.log() == null ? Redirect.DISCARD : Redirect.PIPE);
    ChildProcess child = new ChildProcess(spec, bounds, ProcessTree.start(builder));
    if (spec.log() != null) {
      LogFile.of(spec.log())
          .copy(child.process.getErrorStream(), "stdio-" + spec.name() + "-stderr");
    }
    return child;
  }

  /**
   * Starts reading the child's stdout on a thread of its own: each line goes to {@code handler},
   * then its end. Once only.
   *
   * @param handler takes the lines
   */
  public void read(LineHandler handler) {
    requireNonNull(handler, "handler");
    if (!reading.compareAndSet(false, true)) {
      throw new IllegalStateException("the output of " + spec.name() + " is read already");
    }
    DaemonThreads.start("stdio-" + spec.name() + "-stdout", () -> readAll(handler));
    // Its exit ends its output, not only the end of its stdout, which whatever it started may hold;
    // even if killing what it left failed, so that its owner still hears the end.
    tree.exited()
        .whenCompleteAsync(
            (exited, killFailed) -> endAfterExit(handler),
            DaemonThreads.threadPerTask("stdio-" + spec.name() + "-exit"));
  }

  private void readAll(LineHandler handler) {
    Ending ending = Ending.STDOUT_ENDED;
    try {
      LineReader lines = new LineReader(process.getInputStream(), bounds.maxLineBytes());
      String line;
      while (awaitReading() && (line = lines.next()) != null) {
        if (!deliver(handler, line)) {
          break; // its output was ended at its exit: what comes after is nobody's
        }
      }
    } catch (LineReader.TooLong tooLong) {
      ending = Ending.LINE_TOO_LONG;
    } catch (IOException gone) {
      // the pipe broke: the process is gone, which is the end of its output
    } catch (RuntimeException | StackOverflowError handlerFailed) {
      // A bug in what handles its lines: nobody would read its output any more, so it ends here
      // rather than leave the process listed and answering nothing.
      LOG.log(
          System.Logger.Level.ERROR,
          spec.name() + ": handling a line of its output failed; ending it",
          handlerFailed);
    }
    if (ending == Ending.STDOUT_ENDED) {
      kill(); // what it left running, or itself if it only closed stdout
    }
    end(handler, ending);
    readerDone.countDown();
  }

  /**
   * The process has exited and what it left running was killed, which normally closes its stdout:
   * the reader reads what is left and ends. If it has not within {@link #EXIT_DRAIN} (something
   * that escaped the kill holds stdout), the output ends here and the reader's later lines are
   * dropped.
   */
  private void endAfterExit(LineHandler handler) {
    stdin.abort(); // nobody reads it any more
    resumeReading(); // a suspended reader would never see the end of its output
    try {
      if (readerDone.await(EXIT_DRAIN.toMillis(), TimeUnit.MILLISECONDS)) {
        return;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    end(handler, Ending.STDOUT_ENDED);
  }

  /** Hands {@code line} over unless the output has ended; {@return whether it was handed over} */
  private boolean deliver(LineHandler handler, String line) {
    synchronized (delivery) {
      if (over) {
        return false;
      }
      handler.line(line);
      return true;
    }
  }

  /** Tells the handler the output ended, once. */
  private void end(LineHandler handler, Ending ending) {
    synchronized (delivery) {
      if (over) {
        return;
      }
      over = true;
    }
    handler.ended(ending);
  }

  /** Waits while reading is suspended. {@return true} */
  private boolean awaitReading() {
    synchronized (readGate) {
      while (readingSuspended) {
        try {
          readGate.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return true;
        }
      }
    }
    return true;
  }

  /**
   * Queues one line for the child's stdin; a newline is added. Never blocks.
   *
   * @param line the text, without a line break
   * @return whether it was queued, or why not
   * @throws IllegalArgumentException when {@code line} holds a line break
   */
  public Write write(String line) {
    if (line.indexOf('\n') >= 0) {
      throw new IllegalArgumentException("a line must not hold '\\n'");
    }
    return stdin.offer(line);
  }

  /** {@return how much waits for the child's stdin, for a log line} */
  public String queued() {
    return stdin.backlog();
  }

  /**
   * Reads no further line until {@link #resumeReading}; the line being read, if any, still comes.
   */
  public void suspendReading() {
    synchronized (readGate) {
      readingSuspended = true;
    }
  }

  /** Reads again after {@link #suspendReading}. */
  public void resumeReading() {
    synchronized (readGate) {
      readingSuspended = false;
      readGate.notifyAll();
    }
  }

  /** {@return the child's process} */
  public Process process() {
    return process;
  }

  /** {@return how it was started} */
  public Spec spec() {
    return spec;
  }

  /** {@return what it may make the gateway hold} */
  public Bounds bounds() {
    return bounds;
  }

  /**
   * Ends the child as spawned providers are ended: its stdin closed after the lines queued (its
   * signal to exit), then after half of {@code grace} SIGTERM, then after the other half SIGKILL,
   * each to the process and everything it started; children it leaves behind when it exits are
   * killed. Blocks at most {@code grace}. Any thread but the gateway loop.
   *
   * @param grace how long it may take to exit
   */
  public void stop(Duration grace) {
    tree.rememberDescendants(); // before its exit re-parents them
    stdin.closeAfterQueued();
    resumeReading(); // a suspended reader would never see the end of its output
    long half = Math.max(1, grace.toMillis() / 2);
    if (waitFor(half)) {
      tree.kill(); // what it left behind
      return;
    }
    tree.terminate();
    if (!waitFor(half)) {
      tree.kill();
    }
    stdin.abort();
  }

  /**
   * Kills the child and everything it started, now (SIGKILL); what waits for its stdin is dropped.
   */
  public void kill() {
    stdin.abort();
    tree.kill();
    resumeReading(); // so that the reader sees the end of its output
  }

  private boolean waitFor(long millis) {
    try {
      return process.waitFor(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public String toString() {
    return spec.name() + " (pid " + process.pid() + ")";
  }
}
