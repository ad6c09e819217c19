package io.github.providergateway.app.run;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.loop.Backoff;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.transport.stdio.ProcessTree;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The configured providers (the provider interface, over WebSocket) that the sessions of one
 * project share ({@code "session": "project"}, decision 72): one process of an entry per project
 * folder, bound to every session of that project as the spec's {@code "all"} binding is bound to
 * every session, narrowed to the project by a shared spawn token ({@link
 * io.github.providergateway.gateway.ProviderSpawning#issueSharedSpawnToken}). The first session of
 * a project starts it; each later one joins it (the provider hears {@code sessions.updated} and
 * sends {@code session.ready}); a session that ends leaves it; the last one stops it. A process
 * that exits while sessions still use it is started again after 1 s, 2 s, 4 s … up to 30 s, and
 * comes back in every session of the project; after five failures in a row without a minute's run
 * it is left stopped, and the sessions' timelines say so.
 *
 * <p>Thread-safe.
 */
final class SharedProviders {

  private static final System.Logger LOG = System.getLogger(SharedProviders.class.getName());

  /** Who writes the shared providers' lines in a session's timeline. */
  private static final String SOURCE = "gateway";

  /** One entry, as it starts for one project. */
  private record Key(ProjectConfig.Entry entry, Path project) {}

  private final Gateway gateway;
  private final URI gatewayUrl;
  private final Scheduler scheduler;

  /** Numbers the groups, so that a new run of an entry for a project is a group of its own. */
  private final AtomicLong groups = new AtomicLong();

  /** Guarded by this. */
  private final Map<Key, SharedProvider> running = new HashMap<>();

  SharedProviders(Gateway gateway, URI gatewayUrl, Scheduler scheduler) {
    this.gateway = requireNonNull(gateway, "gateway");
    this.gatewayUrl = requireNonNull(gatewayUrl, "gatewayUrl");
    this.scheduler = requireNonNull(scheduler, "scheduler");
  }

  /**
   * The run of {@code entry} for {@code project}, now serving {@code sessionId} too: the one that
   * runs for that project, or a new one, started now. Blocks while a new one's token is issued.
   *
   * @param entry the configured entry, its placeholders replaced for {@code project}
   * @param project the session's project folder; not null
   * @param sessionId the session
   * @param log the entry's log file
   * @return the shared run
   * @throws Exception when a new run cannot be started
   */
  synchronized SharedProvider serve(
      ProjectConfig.Entry entry, Path project, String sessionId, Path log) throws Exception {
    Key key = new Key(entry, requireNonNull(project, "project"));
    running.values().removeIf(SharedProvider::isOver);
    SharedProvider shared = running.get(key);
    if (shared != null && shared.join(sessionId)) {
      return shared;
    }
    String group = entry.name() + "@" + project + "#" + groups.incrementAndGet();
    SharedProvider started = new SharedProvider(entry, group, log, sessionId);
    started.run();
    running.put(key, started);
    return started;
  }

  /** One process serving the sessions of one project, and its restarts. */
  final class SharedProvider {
    private static final Backoff BACKOFF =
        Backoff.exponential(Duration.ofSeconds(1), Duration.ofSeconds(30));

    /** A run at least this long ends a series of failures. */
    private static final Duration HEALTHY_RUN = Duration.ofMinutes(1);

    /** This many failures in a row, and it is not started again. */
    private static final int MAX_FAILURES = 5;

    private final ProjectConfig.Entry entry;
    private final String group;
    private final Path log;

    /** The sessions it serves, in the order they came. Guarded by this. */
    private final Set<String> sessions = new LinkedHashSet<>();

    /** The process now, or null between runs. Guarded by this. */
    private ProcessTree current;

    /** Its last session left, or the app stops: it is not started again. Guarded by this. */
    private boolean over;

    private int failuresInARow;
    private Instant runStarted;

    private SharedProvider(ProjectConfig.Entry entry, String group, Path log, String first) {
      this.entry = entry;
      this.group = group;
      this.log = log;
      this.sessions.add(first);
    }

    /** {@return its process now, or null while it restarts or after it stopped} */
    synchronized Process process() {
      return current == null ? null : current.process();
    }

    private synchronized boolean isOver() {
      return over;
    }

    /** {@code sessionId} uses it too; false when it has stopped (a new run must start). */
    synchronized boolean join(String sessionId) {
      if (over) {
        return false;
      }
      if (sessions.add(sessionId)) {
        // Not waited for: the session is in the group once the loop runs it, before the spawner
        // can start anything else for it.
        gateway.spawning().shareSpawned(group, sessionId, entry.name());
      }
      return true;
    }

    /**
     * Starts a process with a fresh token for the group: the first run, or one after a crash.
     * Blocks while the token is issued.
     */
    private void run() throws Exception {
      List<String> serving;
      synchronized (this) {
        if (over || sessions.isEmpty()) {
          return;
        }
        serving = List.copyOf(sessions);
      }
      String token = null;
      for (int i = 0; token == null; i++) {
        try {
          token =
              gateway
                  .spawning()
                  .issueSharedSpawnToken(group, serving.get(i), entry.name())
                  .get(10, TimeUnit.SECONDS);
        } catch (ExecutionException ended) {
          // That session is ending (it leaves at its deadline): the token goes through another.
          if (i == serving.size() - 1) {
            throw ended;
          }
        }
      }
      synchronized (this) {
        if (over) {
          return; // its last session left meanwhile
        }
        // TAP_SESSION "all": a provider that binds where TAP_SESSION says binds its project's.
        ProcessTree tree = SpawnedProvider.start(entry, token, gatewayUrl, "all", log, gateway);
        current = tree;
        runStarted = gateway.transports().clock().instant();
        tree.process().onExit().thenAccept(exited -> exited(tree, exited.exitValue()));
        LOG.log(
            Level.INFO,
            "started shared provider {0} (pid {1}) for {2}",
            entry.name(),
            tree.process().pid(),
            group);
      }
    }

    /** A process ended: started again after a backoff while sessions use it. */
    private synchronized void exited(ProcessTree tree, int code) {
      if (tree != current) {
        return;
      }
      current = null;
      if (over) {
        return;
      }
      tree.kill(); // what it left running
      Duration ran = Duration.between(runStarted, gateway.transports().clock().instant());
      failuresInARow = ran.compareTo(HEALTHY_RUN) >= 0 ? 1 : failuresInARow + 1;
      String why = "Provider '" + entry.name() + "' exited with code " + code;
      if (failuresInARow >= MAX_FAILURES) {
        over = true;
        tellSessions(why + "; " + failuresInARow + " failures in a row: not started again");
        return;
      }
      Duration delay = BACKOFF.delay(failuresInARow - 1);
      // Scheduled before it is said: whoever reads "restarting in" (a test on a manual clock) may
      // move time on at once, and the restart must already be due by then.
      scheduler.schedule(
          delay, () -> DaemonThreads.start("restart-" + entry.name(), this::restart));
      tellSessions(why + "; restarting in " + delay.toMillis() + " ms");
    }

    private void restart() {
      try {
        run();
      } catch (Exception e) {
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
        synchronized (this) {
          tellSessions("Cannot restart provider '" + entry.name() + "': " + e.getMessage());
        }
        LOG.log(Level.WARNING, "cannot restart shared provider " + entry.name(), e);
      }
    }

    /** Holds this. */
    private void tellSessions(String text) {
      for (String sessionId : sessions) {
        gateway.spawning().log(sessionId, SOURCE, text);
      }
    }

    /**
     * {@code sessionId} ended: the others keep it; the last one stops it, terminated now and killed
     * after {@code grace}.
     *
     * @return completes once it has exited (at once while others use it)
     */
    CompletableFuture<?> leave(String sessionId, Duration grace) {
      ProcessTree tree;
      synchronized (this) {
        sessions.remove(sessionId);
        if (!sessions.isEmpty() || over) {
          return CompletableFuture.completedFuture(null);
        }
        over = true;
        tree = current;
      }
      if (tree == null || !tree.process().isAlive()) {
        return CompletableFuture.completedFuture(null);
      }
      // Finding what it started reads /proc: never on the scheduler's thread (or the loop).
      DaemonThreads.start("provider-stop-" + entry.name(), tree::terminate);
      scheduler.schedule(
          grace, () -> DaemonThreads.start("provider-kill-" + entry.name(), tree::kill));
      return tree.process().onExit();
    }

    /** Kills it now: the app stops. */
    void kill() {
      ProcessTree tree;
      synchronized (this) {
        over = true;
        tree = current;
      }
      if (tree != null) {
        tree.kill();
      }
    }

    @Override
    public String toString() {
      return "shared provider " + entry.name() + " (" + group + ")";
    }
  }
}
