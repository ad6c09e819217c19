package io.github.providergateway.app.detached;

import io.github.providergateway.app.cli.ExitCodes;
import io.github.providergateway.app.home.DurationText;
import io.github.providergateway.app.home.HomeLock;
import io.github.providergateway.app.home.PublishedFiles;
import io.github.providergateway.app.home.StartupException;
import io.github.providergateway.app.run.AppOptions;
import io.github.providergateway.app.run.FrontEnd;
import io.github.providergateway.app.run.RunningGateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import io.github.providergateway.transport.stdio.ProcessLog;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * {@code --detached}: the shared gateway of the spec's process model, started in the background by
 * the first host ({@code GatewayClient.connectOrStart}) and used by every host of the machine
 * through {@code /host}. No console and no standard input: it logs to {@code
 * <home>/logs/gateway.log}, publishes {@code <home>/gateway.pid} and {@code <home>/gateway.port}
 * (owner-only, created with those permissions), and stops when a host sends {@code shutdown}, on a
 * signal, or by itself once no session and no host has been there for {@code --idle-exit-grace} (30
 * s; R-SESS-15). On the way out it removes the pid, port and token files.
 *
 * <p>Two hosts may start one at the same moment. Like every gateway, it takes the home's exclusive
 * lock ({@link HomeLock}, {@code <home>/gateway.lock}) as it starts and holds it until it has
 * stopped (the OS releases it even after kill -9); the loser exits at once (code 1) without
 * touching the winner's token, pid or port file, and the port check before it catches a gateway of
 * another home on the same port.
 */
public final class DetachedHost implements FrontEnd {

  private static final System.Logger LOG = System.getLogger(DetachedHost.class.getName());
  private static final Duration SIGNAL_DEADLINE = Duration.ofSeconds(2);

  private final PrintStream err;

  /** The gateway once started; read by the signal hook. */
  private volatile RunningGateway running;

  /** Set once the gateway starts: from then on a signal waits until everything is cleaned up. */
  private volatile boolean serving;

  /** Set by a signal, which a gateway still starting sees once it has started. */
  private volatile boolean signalled;

  /** How long a signal waits for a start under way and the stop after it. */
  private static final Duration START_AND_STOP_DEADLINE = Duration.ofSeconds(20);

  /** Released once everything this process published is cleaned up. */
  private final CountDownLatch finished = new CountDownLatch(1);

  public DetachedHost(PrintStream err) {
    this.err = err;
  }

  @Override
  public int run(AppOptions options) {
    Path home = options.home();
    PrintStream log;
    try {
      log = openLog(options.logDir());
    } catch (IOException e) {
      err.println("gateway: cannot write logs in " + options.logDir() + ": " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
    // No terminal to write to: everything, the app's logs included, goes to the log file.
    System.setErr(log);
    System.setOut(log);
    try {
      // The home's lock (HomeLock, taken in RunningGateway.start) decides a start race: the
      // loser fails to start and leaves the winner's token, pid and port files alone.
      return serve(options, log);
    } finally {
      finished.countDown();
    }
  }

  private int serve(AppOptions options, PrintStream log) {
    try {
      serving = true;
      running = RunningGateway.start(options, new GatewayListener() {});
    } catch (StartupException e) {
      log.println("gateway: " + e.getMessage());
      return ExitCodes.START_FAILED;
    }
    if (signalled) {
      // A signal while it started found no gateway to stop: it stops now, as it would have then.
      running.stopRequested().complete(SIGNAL_DEADLINE);
    }
    // The pid was published as the gateway took the home, before it listened (publishPid).
    Path pidFile = options.home().resolve(GatewayHome.PID_FILE);
    Path portFile = options.home().resolve(GatewayHome.PORT_FILE);
    try {
      // Only now can a host find this gateway (RunningGateway wrote its port file): a slow start
      // must not use up the idle grace.
      running.hosts().startIdleExit();
      LOG.log(
          System.Logger.Level.INFO,
          "detached gateway {0} on {1} for {2} (idle exit after {3})",
          ProcessHandle.current().pid(),
          running.url(),
          options.home(),
          DurationText.formatIdleExitGrace(options.idleExitGrace()));
      log.println("gateway: listening on " + running.url() + " (hosts: " + running.hostUrl() + ")");
      Duration deadline;
      try {
        deadline = running.stopRequested().get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        deadline = SIGNAL_DEADLINE;
      } catch (ExecutionException e) {
        deadline = SIGNAL_DEADLINE;
      }
      log.println("gateway: stopping");
      // Before the stop releases the home's lock: afterwards these may be a new gateway's files.
      PublishedFiles.remove(pidFile);
      PublishedFiles.remove(portFile);
      running.stop(deadline);
      return ExitCodes.OK;
    } finally {
      log.println("gateway: stopped");
    }
  }

  @Override
  public void stopOnSignal() {
    signalled = true;
    RunningGateway gateway = running;
    if (gateway != null) {
      gateway.stopRequested().complete(SIGNAL_DEADLINE);
    }
    if (serving) {
      try {
        // The shutdown hook must not let the JVM halt before the files are gone: a gateway still
        // starting sees the signal once it has started (serve), and stops the same way.
        finished.await(START_AND_STOP_DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * The detached gateway's log, {@code <logDir>/gateway.log}, as a stream: a log of bounded size
   * ({@link ProcessLog}: it keeps the newest 8 MiB, in {@code gateway.log} and {@code
   * gateway.log.1}, and counts what it drops), since a gateway that runs for weeks, or a peer that
   * makes it log, would otherwise fill the disk. Each line is one append, never through a link
   * planted at the name.
   *
   * @throws IOException when the file cannot be created or opened: a gateway that cannot log does
   *     not start
   */
  static PrintStream openLog(Path logDir) throws IOException {
    Path logFile = createLogFile(logDir);
    // Never through a link planted at the name: the log would land in someone else's file.
    Files.newOutputStream(
            logFile, StandardOpenOption.WRITE, StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS)
        .close();
    // Its clock would stamp notes; the gateway's log has none of those, only its own lines.
    return new PrintStream(
        new ProcessLog(logFile, Clock.systemUTC()).output(), true, StandardCharsets.UTF_8);
  }

  /**
   * {@code <logDir>/gateway.log}, the detached gateway's log, created owner-only with its
   * directories when missing. Its starter ({@link DetachedGatewayStarter}) appends the JVM's own
   * output to it (what the JVM writes before the gateway has its log, or outside Java: a crash
   * report), outside the bound.
   */
  public static Path createLogFile(Path logDir) throws IOException {
    OwnerOnlyFiles.createDirectories(logDir);
    Path logFile = logDir.resolve("gateway.log");
    if (!Files.exists(logFile)) {
      try {
        OwnerOnlyFiles.createFile(logFile);
      } catch (java.nio.file.FileAlreadyExistsException raced) {
        // The other gateway (or host) of a start race made it: append to it.
      }
    }
    return logFile;
  }
}
