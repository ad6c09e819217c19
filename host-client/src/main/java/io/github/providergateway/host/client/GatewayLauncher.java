package io.github.providergateway.host.client;

import io.github.providergateway.loop.base.DaemonThreads;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.System.Logger.Level;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Starts a gateway for a home when nobody answers ({@link GatewayClient#connectOrStart}), at most
 * once per {@link GatewayLaunch#startTimeout()} and one start at a time, so a gateway still
 * starting up is not started twice; and tells whether a started gateway that exited before
 * answering is worth waiting on. A client made by {@code connect} has no launch and starts nothing.
 * Called on the client thread only; the starter runs on a thread of its own.
 */
final class GatewayLauncher {
  private static final System.Logger LOG = System.getLogger(GatewayClient.class.getName());
  private static final long LONG_AGO = Long.MIN_VALUE / 2;

  /**
   * Where a detached gateway, and the reference app's starter, write what it prints, in its home.
   */
  static final String LOG_FILE = "logs/gateway.log";

  /** How many lines of that log the failure of a start repeats. */
  private static final int LOG_LINES_SHOWN = 10;

  /** How much of the log's end is read for them. */
  private static final int LOG_TAIL_BYTES = 8 * 1024;

  /** How to start one, or null to never start one. */
  private final GatewayLaunch launch;

  private final Path home;
  private final Clock clock;

  /**
   * When this client last started a gateway (clock millis), or a very old time. Client thread only.
   */
  private long lastStartMillis = LONG_AGO;

  /**
   * The log's length when the last start began: what the started gateway wrote comes after. Client
   * thread only.
   */
  private long logLengthAtStart;

  /**
   * Whether a starter is still running: a start that outlasts the start timeout (a busy machine) is
   * not joined by a second.
   */
  private final AtomicBoolean starting = new AtomicBoolean();

  /**
   * Whether the home's port file was there when a gateway last answered: one gone since then says
   * that gateway stopped cleanly ({@link GatewayLaunch#restartsAfterCleanStop}). Client thread
   * only.
   */
  private boolean portFileWhenAnswered;

  /**
   * Whether a clean stop was seen since a gateway last answered: until one answers again, a port
   * file that appears is a gateway the person is starting, not one that crashed. Client thread
   * only.
   */
  private boolean cleanStopSeen;

  /** The process the last start started, once its starter has returned it; else null. */
  private volatile Process startedProcess;

  /** Runs each start: a thread of its own, never the client's. */
  private final Executor starters;

  GatewayLauncher(GatewayLaunch launch, Path home, Clock clock) {
    this(launch, home, clock, DaemonThreads.threadPerTask("gateway-starter"));
  }

  /** A launcher whose starts {@code starters} runs (tests hold them). */
  GatewayLauncher(GatewayLaunch launch, Path home, Clock clock, Executor starters) {
    this.launch = launch;
    this.home = home;
    this.clock = clock;
    this.starters = starters;
  }

  /**
   * A connection attempt failed with {@code cause}: starts a gateway if nobody listens and it is
   * time. The start runs on a thread of its own, never the client's: a starter may take seconds
   * (the reference app's copies a jar its home has not run yet, on a busy machine), and meanwhile
   * the client's loop goes on as it does whenever it is disconnected, failing requests at once and
   * trying to connect again.
   *
   * @param started hears, on the starting thread, the process the starter started, to watch (not
   *     called when it started none, or failed)
   */
  void attemptFailed(Throwable cause, Consumer<Process> started) {
    if (launch == null || !isUnreachable(cause) || stoppedCleanly()) {
      return;
    }
    long now = clock.millis();
    if (now - lastStartMillis < launch.startTimeout().toMillis()
        || !starting.compareAndSet(false, true)) {
      return;
    }
    lastStartMillis = now;
    logLengthAtStart = length(home.resolve(LOG_FILE));
    LOG.log(Level.INFO, "no gateway for {0}; starting one", home);
    starters.execute(
        () -> {
          try {
            Process process = launch.starter().start(home, launch.port());
            if (process != null) {
              startedProcess = process;
              started.accept(process);
            }
          } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "could not start a gateway: {0}", e.toString());
          } finally {
            starting.set(false);
          }
        });
  }

  /** A gateway answered: the next loss may start one at once. */
  void answered() {
    lastStartMillis = LONG_AGO;
    // A client made by connect has neither a launch nor, from a URL, a home.
    portFileWhenAnswered = launch != null && Files.exists(home.resolve(GatewayHome.PORT_FILE));
    cleanStopSeen = false;
  }

  /**
   * Whether the gateway last answered stopped cleanly (its port file gone) and is not to be started
   * again: a person stopped it ({@link GatewayLaunch#restartsAfterCleanStop}), and no gateway has
   * answered since.
   */
  private boolean stoppedCleanly() {
    if (launch.restartsAfterCleanStop()) {
      return false;
    }
    // Once seen, it holds until a gateway answers: the person's own start writes its port file
    // before it can answer, and an attempt then is no crash (JvmWindowContractTest, 2026-11-30).
    cleanStopSeen |= portFileWhenAnswered && !Files.exists(home.resolve(GatewayHome.PORT_FILE));
    return cleanStopSeen;
  }

  /**
   * {@code exited}, a gateway started here, ended before any gateway answered: why waiting on is
   * pointless, or nothing when it may still be worth it. It is when the process exited 0 (a starter
   * that returns once the gateway runs) or another gateway holds the home's lock: the loser of two
   * hosts' start race exits at once, and the winner is on its way.
   */
  Optional<IOException> exitedEarly(Process exited) {
    int code = exited.exitValue();
    if (code == 0 || heldByAnotherGateway(home.resolve(GatewayHome.LOCK_FILE))) {
      return Optional.empty();
    }
    String said = whatTheLogGot();
    return Optional.of(
        new IOException(
            "the gateway started for "
                + home
                + " exited with code "
                + code
                + " before it answered"
                + said));
  }

  /**
   * What became of this client's last start, for a wait that ran out: nothing when it started none;
   * else how long ago, whether the process it started still runs, and the last lines its log got
   * since (a start that hangs says where). Client thread only.
   */
  String startReport() {
    if (lastStartMillis == LONG_AGO) {
      return "";
    }
    long seconds = Math.max(0, (clock.millis() - lastStartMillis) / 1000);
    Process process = startedProcess;
    String state;
    if (process == null) {
      state = starting.get() ? "its starter has not returned" : "its starter returned no process";
    } else if (process.isAlive()) {
      state = "its process " + process.pid() + " still runs";
    } else {
      state = "its process " + process.pid() + " exited with code " + process.exitValue();
    }
    return "; a gateway was started " + seconds + " s ago and " + state + whatTheLogGot();
  }

  /** The last lines the home's log got since the start, or that it got none. */
  private String whatTheLogGot() {
    Path log = home.resolve(LOG_FILE);
    List<String> lines = linesWrittenSinceStart(log);
    return lines.isEmpty()
        ? "; it wrote nothing to " + log
        : "; the end of " + log + ":\n    " + String.join("\n    ", lines);
  }

  /**
   * Whether {@code <home>/gateway.lock} is held (by a gateway of another process, or of this JVM).
   */
  private static boolean heldByAnotherGateway(Path lockFile) {
    if (!Files.exists(lockFile)) {
      return false;
    }
    try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
      // Taken and let go at once; a gateway starting in that instant would lose its start.
      FileLock probe = channel.tryLock();
      if (probe == null) {
        return true;
      }
      probe.release();
      return false;
    } catch (OverlappingFileLockException heldHere) {
      return true;
    } catch (IOException unreadable) {
      return false;
    }
  }

  /** The last lines the log got since the start began, at most {@value #LOG_LINES_SHOWN}. */
  private List<String> linesWrittenSinceStart(Path log) {
    try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
      long end = file.length();
      long from = Math.max(Math.min(logLengthAtStart, end), end - LOG_TAIL_BYTES);
      byte[] tail = new byte[(int) (end - from)];
      file.seek(from);
      file.readFully(tail);
      List<String> lines =
          new String(tail, StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
      return lines.subList(Math.max(0, lines.size() - LOG_LINES_SHOWN), lines.size());
    } catch (IOException noLog) {
      return List.of();
    }
  }

  private static long length(Path file) {
    try {
      return Files.size(file);
    } catch (IOException none) {
      return 0;
    }
  }

  /** Whether {@code cause} means nobody listens (rather than a refusal from a live gateway). */
  private static boolean isUnreachable(Throwable cause) {
    return !(cause instanceof PendingReplies.AuthRefused);
  }
}
