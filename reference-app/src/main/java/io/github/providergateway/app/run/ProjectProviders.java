package io.github.providergateway.app.run;

import static io.github.providergateway.app.run.ReloadPlan.Action.RESTART;
import static io.github.providergateway.app.run.ReloadPlan.Action.START;
import static java.util.Objects.requireNonNull;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.app.home.ProjectPlaceholder;
import io.github.providergateway.federation.FederatedMcpServer;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.policy.PolicyCall;
import io.github.providergateway.host.ProviderReloads;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.protocol.ReloadReport;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionOpener;
import io.github.providergateway.transport.stdio.ProcessLog;
import io.github.providergateway.transport.stdio.ProcessTree;
import io.github.providergateway.transport.stdio.StdioProvider;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Starts and stops a project's providers with the sessions they serve (host RPC: Project providers;
 * design brief, decision 3; decisions 32 and 34). Attach it to a gateway and it listens for
 * sessions:
 *
 * <ul>
 *   <li>when a session starts, each entry due for it is spawned (for a session an MCP front door
 *       opened, an agent's or a client's, only once it is first used: its first {@code tools/list}
 *       or call, or a hook deciding a call in it; a health check that only initializes starts none)
 *       with {@code TAP_PROVIDER_TOKEN} set to a fresh token scoped to that session (project
 *       trust), {@code TAP_GATEWAY_URL} to the gateway's WebSocket URL and {@code TAP_SESSION} to
 *       the session's id; the same entry runs once for each session, each run a provider of its
 *       session's own (architecture, decision 40); its stdout and stderr are kept in {@code
 *       <logs>/<name>.log}, a log of bounded size ({@link ProcessLog});
 *   <li>when the session ends, the provider gets {@code shutdown.pending} from the gateway; a
 *       process still running at the deadline is terminated, and killed 5 s later, each with
 *       everything it started ({@link ProcessTree});
 *   <li>a process that exits is reported in its session's timeline, and what it left running is
 *       killed; its calls end {@code DISCONNECTED} because its connection closes.
 * </ul>
 *
 * <p>An entry with {@code "transport": "stdio"} is spawned the same way but gets no token or URL:
 * it speaks the provider interface on its stdin and stdout ({@link StdioProvider}), only its stderr
 * goes to the log, and at the session's deadline its stdin is closed, then it is terminated and
 * killed (decision 32). An entry with {@code "mcp"} is an MCP server ({@link FederatedMcpServer}).
 *
 * <p><b>Reloading</b> ({@link #reload}, {@code providers.reload}, the console's {@code reload},
 * {@code --watch}): the config file is read again; in each active session, entries added start,
 * entries removed stop, and entries changed (or named, or all for a plain reload) restart. Each is
 * spawned under its entry name, and a restart first tells the gateway ({@link
 * io.github.providergateway.gateway.ProviderSpawning#restarting}), so each session hears of it
 * once, when the providers are back. A file that no longer reads changes nothing and is refused
 * {@code INVALID_CONFIG}; an entry that no longer reads is left running as it was.
 *
 * <p>Starting and stopping processes is blocking I/O, so it happens on a thread of this class,
 * never on the gateway loop; reloads run there too, one at a time, in turn with sessions' starts.
 * Timing (deadline, kill grace) uses the given {@link Scheduler}.
 *
 * <p>It is the app's, not the library's: it uses only the gateway's public API ({@link
 * GatewayListener}, {@link io.github.providergateway.gateway.ProviderSpawning#issueSpawnToken},
 * {@link io.github.providergateway.gateway.ProviderSpawning#restarting}, {@link
 * io.github.providergateway.gateway.ProviderSpawning#log}), which an embedder can use the same way
 * to start providers of its own.
 */
public final class ProjectProviders implements AutoCloseable, ProviderReloads {

  private static final System.Logger LOG = System.getLogger(ProjectProviders.class.getName());

  /** Who the timeline lines of the app's own say they are from. */
  static final String SOURCE = "gateway";

  /**
   * How long a session's tool registration waits for a restarted provider's {@code hello}: the old
   * run's stop (at most the kill grace) and a start, with room for an {@code npx} that resolves its
   * package first.
   */
  static final Duration RESTART_GRACE = Duration.ofSeconds(20);

  private final Gateway gateway;
  private final URI gatewayUrl;
  private final Path logDir;
  private final Scheduler scheduler;
  private final Duration killGrace;
  private final ExecutorService spawner;

  /**
   * The config new sessions get: the last one read that could be used. Written on the spawner
   * thread.
   */
  private volatile ProjectConfig config;

  /** Told of each config a reload has put in force (the watcher watches its files). */
  private final List<Consumer<ProjectConfig>> configListeners =
      new java.util.concurrent.CopyOnWriteArrayList<>();

  /** What runs for each session, under its own lock. */
  private final SessionRuns runs;

  /** The MCP servers the sessions of a project share. */
  private final SharedMcpServers shared;

  /** The providers the sessions of a project share (decision 72). */
  private final SharedProviders sharedProviders;

  private ProjectProviders(
      Gateway gateway,
      ProjectConfig config,
      URI gatewayUrl,
      Path logDir,
      Scheduler scheduler,
      Duration killGrace,
      ExecutorService spawner) {
    this.gateway = gateway;
    this.config = config;
    this.gatewayUrl = gatewayUrl;
    this.logDir = logDir;
    this.scheduler = scheduler;
    this.killGrace = killGrace;
    this.runs = new SessionRuns(killGrace);
    this.spawner = spawner;
    this.shared = new SharedMcpServers(gateway, scheduler);
    this.sharedProviders = new SharedProviders(gateway, gatewayUrl, scheduler);
  }

  /**
   * Starts managing {@code config}'s providers for {@code gateway}: every session that starts from
   * now on gets its providers.
   *
   * @param gatewayUrl the WebSocket URL given to providers as {@code TAP_GATEWAY_URL}
   * @param logDir where each provider's {@code <name>.log} goes (created owner-only)
   * @param scheduler times the terminate-then-kill after a session's deadline
   */
  public static ProjectProviders attach(
      Gateway gateway, ProjectConfig config, URI gatewayUrl, Path logDir, Scheduler scheduler) {
    return attach(
        gateway,
        config,
        gatewayUrl,
        logDir,
        scheduler,
        Executors.newSingleThreadExecutor(DaemonThreads.factory("project-providers")));
  }

  /**
   * {@link #attach(Gateway, ProjectConfig, URI, Path, Scheduler)} spawning on {@code spawner}
   * (tests: one they drive).
   */
  static ProjectProviders attach(
      Gateway gateway,
      ProjectConfig config,
      URI gatewayUrl,
      Path logDir,
      Scheduler scheduler,
      ExecutorService spawner) {
    ProjectProviders providers =
        new ProjectProviders(
            requireNonNull(gateway, "gateway"),
            requireNonNull(config, "config"),
            requireNonNull(gatewayUrl, "gatewayUrl"),
            requireNonNull(logDir, "logDir"),
            requireNonNull(scheduler, "scheduler"),
            Duration.ofSeconds(5),
            requireNonNull(spawner, "spawner"));
    gateway.monitor().addListener(providers.new SessionWatcher());
    return providers;
  }

  /** The config being served: the last one read that could be used. */
  public ProjectConfig config() {
    return config;
  }

  /** Tells {@code listener} of each config a reload puts in force, from now on. */
  void onConfig(Consumer<ProjectConfig> listener) {
    configListeners.add(requireNonNull(listener, "listener"));
  }

  /** Runs on the gateway loop: hands the work to the spawner thread. */
  private final class SessionWatcher implements GatewayListener {
    @Override
    public void sessionStarted(SessionInfo session) {
      runs.opened(session.id(), PolicyCall.projectOf(session)); // the guard's reading
      if (session.opener() == SessionOpener.HOST) {
        // Announced now, on the loop, before the session's host can ask whether its providers are
        // up: a client listing tools at once waits for them (issue 34).
        gateway.spawning().expectProviders(session.id(), dueNow(session.id()));
        onSpawner(() -> started(session.id()));
      } else {
        // An MCP front door's session (an agent's, a client's): its providers start when it is
        // first used, so that a health check (initialize, then close) starts none (issue 46).
        gateway
            .spawning()
            .startProvidersWhenWanted(
                session.id(),
                () -> {
                  List<String> due = dueNow(session.id());
                  // Announced by returning them, before the spawner can issue their tokens: this
                  // runs on the loop, and the spawner's requests queue behind it.
                  onSpawner(() -> started(session.id()));
                  return due;
                });
      }
    }

    @Override
    public void sessionEnding(String sessionId, Duration deadline) {
      runs.ending(sessionId); // a reload from now on leaves it alone
      scheduler.schedule(deadline, () -> runs.stopSession(sessionId));
    }
  }

  /**
   * {@return the names of the entries due for {@code sessionId}, whose providers start now, for the
   * gateway to wait for}. On the gateway loop, in the order the sessions' providers start: the
   * first one runs the entries marked "first".
   */
  private List<String> dueNow(String sessionId) {
    runs.startsNow(sessionId);
    List<String> due = new ArrayList<>();
    for (ProjectConfig.Entry entry : config.providers()) {
      if (runs.isDue(entry, sessionId)) {
        due.add(entry.name());
      }
    }
    return due;
  }

  private void onSpawner(Runnable task) {
    try {
      spawner.execute(task);
    } catch (RejectedExecutionException closedAlready) {
      // The app is stopping: nothing is started any more.
    }
  }

  /** A session started: the entries due for it start. Spawner thread. */
  private void started(String sessionId) {
    if (!runs.activate(sessionId)) {
      return;
    }
    for (ProjectConfig.Entry entry : config.providers()) {
      if (runs.isDue(entry, sessionId)) {
        spawn(entry, sessionId);
      }
    }
  }

  private void spawn(ProjectConfig.Entry configured, String sessionId) {
    Path project = runs.projectOf(sessionId);
    ProjectConfig.Entry entry;
    try {
      entry = ProjectPlaceholder.resolve(configured, project);
    } catch (IllegalArgumentException noProject) {
      gateway
          .spawning()
          .log(
              sessionId,
              SOURCE,
              "Cannot start '" + configured.name() + "': " + noProject.getMessage());
      gateway.spawning().providerNotStarted(sessionId, configured.name());
      return;
    }
    RunStart start =
        new RunStart(
            gateway, scheduler, configured, entry, project, sessionId, logDir, runs.of(sessionId));
    boolean mcp = entry.mcp() != ProjectConfig.Mcp.NONE;
    boolean spawned = false;
    try {
      if (mcp) {
        McpRun.start(start, shared);
      } else if (entry.transport() == ProjectConfig.Transport.STDIO) {
        StdioRun.start(start);
      } else if (entry.session() == ProjectConfig.SessionMode.PROJECT && project != null) {
        SharedRun.start(start, sharedProviders);
      } else {
        spawned = true;
        ProcessRun.start(start, gatewayUrl);
      }
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      if (spawned && runs.closed()) {
        // Stopping: the token was refused or the wait interrupted because the app stops, which
        // is no provider's fault, and the session's timeline is gone with the gateway.
        LOG.log(
            Level.DEBUG,
            "provider {0} not started: the app is stopping ({1})",
            entry.name(),
            e.toString());
        return;
      }
      // A provider that cannot start is the user's to fix: say so where they look.
      String what = mcp ? "MCP server" : "provider";
      gateway
          .spawning()
          .log(
              sessionId,
              SOURCE,
              "Cannot start " + what + " '" + entry.name() + "': " + e.getMessage());
      gateway.spawning().providerNotStarted(sessionId, entry.name());
      LOG.log(Level.WARNING, "cannot start " + what + " " + entry.name(), e);
    }
  }

  /** The MCP servers federated into {@code sessionId}, and where each is in its life. */
  public List<FederatedMcpServer.Status> mcpServersOf(String sessionId) {
    return runs.mcpServersOf(sessionId);
  }

  /** The processes started for {@code sessionId} and not yet stopped, stdio providers' included. */
  public List<Process> processesOf(String sessionId) {
    return runs.processesOf(sessionId);
  }

  // ---- reloading ----

  /**
   * {@code providers.reload}: re-reads the config and restarts the entry {@code name} (or all),
   * starts entries added and stops entries removed. Runs on the spawner thread, after whatever is
   * queued there.
   */
  @Override
  public CompletableFuture<ReloadReport> reload(String name) {
    try {
      return CompletableFuture.supplyAsync(() -> reloadNow(name), spawner);
    } catch (RejectedExecutionException closedAlready) {
      return CompletableFuture.failedFuture(
          new HostException(HostErrorCode.GATEWAY_CLOSED, "the gateway is stopping"));
    }
  }

  private ReloadReport reloadNow(String name) {
    ProjectConfig next = readConfig(false);
    if (name != null && !knows(name, next)) {
      List<String> names = next.providers().stream().map(ProjectConfig.Entry::name).toList();
      throw new HostException(
          HostErrorCode.INVALID_ARGUMENT,
          "no config entry '"
              + name
              + "' in "
              + next.file()
              + (names.isEmpty() ? "" : " (entries: " + String.join(", ", names) + ")"));
    }
    return apply(
        next,
        name == null ? null : Set.of(name),
        entry -> true,
        name == null ? "reload" : "reload " + name);
  }

  /**
   * {@code --watch} saw changes: the config file ({@code configChanged}) and the files of the
   * entries {@code changedEntries}. The config is read again; entries whose files changed restart,
   * and so do entries the config changed; added ones start, removed ones stop. Spawner thread.
   */
  void filesChanged(boolean configChanged, Set<String> changedEntries) {
    onSpawner(
        () -> {
          try {
            String why =
                configChanged
                    ? "the config file changed"
                    : "files of " + String.join(", ", changedEntries) + " changed";
            apply(readConfig(true), null, changedEntries::contains, why);
          } catch (HostException unusable) {
            // Reported where a person looks (readConfig); nothing changed.
          }
        });
  }

  /**
   * The config file as it is now; one that cannot be used is refused, changing nothing. A reload
   * someone asked for is answered with the refusal (and logged at INFO); one {@code --watch}
   * started ({@code unasked}) has nobody to answer, so it is a warning and a line in every
   * session's timeline.
   */
  private ProjectConfig readConfig(boolean unasked) {
    ProjectConfig next = ProjectConfig.load(config.file());
    String problem = next.fileProblem();
    if (problem != null) {
      String message = "config file " + problem + "; nothing was reloaded";
      LOG.log(unasked ? Level.WARNING : Level.INFO, message);
      if (unasked) {
        timeline("Config not reloaded: " + message);
      }
      throw new HostException(HostErrorCode.INVALID_CONFIG, message);
    }
    return next;
  }

  /** Whether {@code name} is an entry of the config in force, of {@code next}, or running. */
  private boolean knows(String name, ProjectConfig next) {
    if (config.entry(name).isPresent()
        || next.entry(name).isPresent()
        || next.brokenNames().contains(name)) {
      return true;
    }
    return runs.runsOne(name);
  }

  /**
   * Puts {@code next} in force, for the entries {@code only} names (all when null): the {@link
   * ReloadPlan} says what starts, stops and restarts in each active session; it is made, and the
   * runs it stops are taken, under the lock, so that no session starts or ends in between. Spawner
   * thread.
   */
  private ReloadReport apply(
      ProjectConfig next, Set<String> only, Predicate<String> restartUnchanged, String why) {
    SessionRuns.Reload reload =
        runs.plan(
            sessions -> ReloadPlan.of(sessions, next, only, restartUnchanged), () -> config = next);
    ReloadPlan plan = reload.plan();
    // The sessions hear of each restart once, when its provider is back (decision 34).
    plan.of(RESTART).forEach(this::holdTools);
    List<CompletableFuture<?>> exited = new ArrayList<>();
    for (SessionRuns.Change change : reload.ending()) {
      exited.add(runs.stop(change));
    }
    awaitExits(exited);
    for (ReloadPlan.Step step : concat(plan.of(RESTART), plan.of(START))) {
      spawn(step.next(), step.sessionId());
    }
    configListeners.forEach(listener -> listener.accept(next));
    ReloadReport report = plan.report(next.problems());
    LOG.log(Level.INFO, "reloaded ({0}): {1}", why, report);
    String done = describe(report);
    if (done != null) {
      timeline("Reloaded (" + why + "): " + done);
    }
    return report;
  }

  /** Tells the gateway that a restart begins, so that its session's host hears of it once. */
  private void holdTools(ReloadPlan.Step restart) {
    try {
      gateway
          .spawning()
          .restarting(restart.sessionId(), restart.name(), RESTART_GRACE)
          .get(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      // The session ended meanwhile, or the gateway stops: the restart goes on without a hold.
      LOG.log(
          Level.DEBUG,
          "no hold for {0} in {1}: {2}",
          restart.name(),
          restart.sessionId(),
          e.toString());
    }
  }

  /** Waits, at most the kill grace and a second, for the stopped runs to have exited. */
  private void awaitExits(List<CompletableFuture<?>> exited) {
    try {
      CompletableFuture.allOf(exited.toArray(CompletableFuture[]::new))
          .get(killGrace.plusSeconds(1).toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      // Killed by now (the stop's own deadline); the new run may take the name over (decision 34).
      LOG.log(Level.DEBUG, "a stopped provider had not exited: {0}", e.toString());
    }
  }

  private static <T> List<T> concat(List<T> first, List<T> second) {
    List<T> all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }

  /** "restarted a, b; started c", or null when the reload changed nothing. */
  public static String describe(ReloadReport report) {
    List<String> parts = new ArrayList<>();
    if (!report.restarted().isEmpty()) {
      parts.add("restarted " + String.join(", ", report.restarted()));
    }
    if (!report.started().isEmpty()) {
      parts.add("started " + String.join(", ", report.started()));
    }
    if (!report.stopped().isEmpty()) {
      parts.add("stopped " + String.join(", ", report.stopped()));
    }
    return parts.isEmpty() ? null : String.join("; ", parts);
  }

  /** A line in every active session's timeline. */
  private void timeline(String message) {
    runs.active().forEach(sessionId -> gateway.spawning().log(sessionId, SOURCE, message));
  }

  /**
   * Kills every process at once and stops the spawner thread; a spawn under way starts nothing
   * after this. Called before the gateway closes (RunningGateway), so a spawn interrupted here
   * still finds the gateway to ask.
   */
  @Override
  public void close() {
    runs.close();
    spawner.shutdownNow();
  }
}
