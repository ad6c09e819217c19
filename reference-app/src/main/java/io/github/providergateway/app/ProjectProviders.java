package io.github.providergateway.app;

import static io.github.providergateway.app.ReloadPlan.Action.RESTART;
import static io.github.providergateway.app.ReloadPlan.Action.START;
import static io.github.providergateway.app.ReloadPlan.Action.STOP;
import static java.util.Objects.requireNonNull;

import io.github.providergateway.federation.FederatedMcpServer;
import io.github.providergateway.federation.McpServerConfig;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.GatewayListener;
import io.github.providergateway.gateway.policy.PolicyCall;
import io.github.providergateway.host.ProviderReloads;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.protocol.ReloadReport;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionOpener;
import io.github.providergateway.transport.stdio.ChildProcess;
import io.github.providergateway.transport.stdio.ProcessLog;
import io.github.providergateway.transport.stdio.ProcessTree;
import io.github.providergateway.transport.stdio.StdioProvider;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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
  private static final String SOURCE = "gateway";

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

  /**
   * Held while anything below changes, while a process is started and registered, and while {@link
   * #close} marks the end and kills what is registered: a spawn that was under way when the app
   * stopped either registered its process before (and close kills it) or sees {@link #closed} and
   * starts none.
   */
  private final Object lifecycle = new Object();

  /** Set by {@link #close}; guarded by {@link #lifecycle}. */
  private boolean closed;

  /**
   * Active sessions whose providers were started, in the order they started. Guarded by lifecycle.
   */
  private final Set<String> activeSessions = new LinkedHashSet<>();

  /**
   * The first session whose providers started: entries marked "first" run there. Guarded by
   * lifecycle.
   */
  private String firstSession;

  /**
   * Each active session's project folder (its working directory), or null for one without: what
   * {@code ${project}} means for it and which MCP servers it shares. Guarded by lifecycle.
   */
  private final Map<String, Path> projects = new HashMap<>();

  /** The MCP servers the sessions of a project share. */
  private final SharedMcpServers shared;

  /** The providers the sessions of a project share (decision 72). */
  private final SharedProviders sharedProviders;

  /** What runs, by session and entry name. Guarded by lifecycle. */
  private final Map<String, Map<String, ProviderRun>> runs = new LinkedHashMap<>();

  /** Runs being stopped, until they have exited: closing kills them too. Guarded by lifecycle. */
  private final Set<ProviderRun> stopping = new HashSet<>();

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
      synchronized (lifecycle) {
        projects.put(session.id(), PolicyCall.projectOf(session)); // the guard's reading
      }
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
      synchronized (lifecycle) {
        activeSessions.remove(sessionId); // a reload from now on leaves it alone
      }
      scheduler.schedule(deadline, () -> stop(sessionId));
    }
  }

  /**
   * {@return the names of the entries due for {@code sessionId}, whose providers start now, for the
   * gateway to wait for}. On the gateway loop, in the order the sessions' providers start: the
   * first one runs the entries marked "first".
   */
  private List<String> dueNow(String sessionId) {
    synchronized (lifecycle) {
      if (firstSession == null && !closed) {
        firstSession = sessionId;
      }
    }
    List<String> due = new ArrayList<>();
    for (ProjectConfig.Entry entry : config.providers()) {
      if (isDue(entry, sessionId)) {
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
    synchronized (lifecycle) {
      if (closed) {
        return;
      }
      activeSessions.add(sessionId);
    }
    for (ProjectConfig.Entry entry : config.providers()) {
      if (isDue(entry, sessionId)) {
        spawn(entry, sessionId);
      }
    }
  }

  /** Whether {@code entry} runs in {@code sessionId}: every session, or the first one. */
  private boolean isDue(ProjectConfig.Entry entry, String sessionId) {
    synchronized (lifecycle) {
      return entry.forEverySession() || sessionId.equals(firstSession);
    }
  }

  /**
   * Registers {@code run}, unless the app is stopping (then it is killed). Callers hold no lock.
   */
  private void register(String sessionId, ProviderRun run) {
    synchronized (lifecycle) {
      if (!closed) {
        ProviderRun replaced =
            runs.computeIfAbsent(sessionId, id -> new LinkedHashMap<>())
                .put(run.entry().name(), run);
        if (replaced != null) {
          stopRun(replaced); // a second start of one entry: the older run goes
        }
        return;
      }
    }
    run.kill();
  }

  /**
   * Stops {@code run} within the kill grace; it stays known until it has exited, so that closing
   * the app meanwhile still kills it.
   *
   * @return completes once it has exited
   */
  private CompletableFuture<?> stopRun(ProviderRun run) {
    synchronized (lifecycle) {
      stopping.add(run);
    }
    CompletableFuture<?> exited = run.stop(killGrace);
    exited.whenComplete(
        (done, error) -> {
          synchronized (lifecycle) {
            stopping.remove(run);
          }
        });
    return exited;
  }

  private void spawn(ProjectConfig.Entry configured, String sessionId) {
    Path project;
    synchronized (lifecycle) {
      project = projects.get(sessionId);
    }
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
    if (entry.mcp() != ProjectConfig.Mcp.NONE) {
      federate(configured, entry, project, sessionId);
      return;
    }
    if (entry.transport() == ProjectConfig.Transport.STDIO) {
      spawnOverStdio(configured, entry, sessionId);
      return;
    }
    if (entry.session() == ProjectConfig.SessionMode.PROJECT && project != null) {
      share(configured, entry, project, sessionId);
      return;
    }
    try {
      String token =
          gateway.spawning().issueSpawnToken(sessionId, entry.name()).get(10, TimeUnit.SECONDS);
      Process process;
      synchronized (lifecycle) {
        if (closed) {
          return; // the app is stopping: a process started now would outlive it
        }
        ProcessTree tree =
            SpawnedProvider.start(
                entry, token, gatewayUrl, sessionId, logFile(entry.name()), gateway);
        process = tree.process();
        register(sessionId, new ProviderRun.ProcessRun(configured, tree, scheduler));
      }
      process
          .onExit()
          .thenAccept(
              exited ->
                  gateway
                      .spawning()
                      .log(
                          sessionId,
                          SOURCE,
                          "Provider '"
                              + entry.name()
                              + "' exited with code "
                              + exited.exitValue()));
      LOG.log(
          Level.INFO,
          "started provider {0} (pid {1}) for session {2}",
          entry.name(),
          process.pid(),
          sessionId);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      if (isClosed()) {
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
      gateway
          .spawning()
          .log(
              sessionId, SOURCE, "Cannot start provider '" + entry.name() + "': " + e.getMessage());
      gateway.spawning().providerNotStarted(sessionId, entry.name());
      LOG.log(Level.WARNING, "cannot start provider " + entry.name(), e);
    }
  }

  /**
   * Serves {@code sessionId} with the run of the entry its project shares (decision 72): the one
   * that runs for {@code project}, or a new one.
   */
  private void share(
      ProjectConfig.Entry configured, ProjectConfig.Entry entry, Path project, String sessionId) {
    try {
      if (isClosed()) {
        return;
      }
      // Not under the lifecycle lock: a new run waits for its token from the loop, and the loop
      // takes that lock when a session starts. A run registered after close is killed (register).
      SharedProviders.SharedProvider run =
          sharedProviders.serve(entry, project, sessionId, logFile(entry.name()));
      register(sessionId, new ProviderRun.SharedRun(configured, run, sessionId));
      LOG.log(
          Level.INFO, "provider {0} serves session {1} of {2}", entry.name(), sessionId, project);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      gateway
          .spawning()
          .log(
              sessionId, SOURCE, "Cannot start provider '" + entry.name() + "': " + e.getMessage());
      gateway.spawning().providerNotStarted(sessionId, entry.name());
      LOG.log(Level.WARNING, "cannot start provider " + entry.name(), e);
    }
  }

  /**
   * Starts the entry as a provider of {@code sessionId} speaking over its stdin and stdout (module
   * transport-stdio): no token, no URL, {@code TAP_SESSION}; its stderr and its life go to its log.
   */
  private void spawnOverStdio(
      ProjectConfig.Entry configured, ProjectConfig.Entry entry, String sessionId) {
    try {
      // TAP_SESSION as a WebSocket entry gets it: its session is implied, but a script may say it.
      Map<String, String> env = new LinkedHashMap<>(entry.env());
      env.put("TAP_SESSION", sessionId);
      ChildProcess.Spec spec =
          new ChildProcess.Spec(
              entry.name(), entry.command(), entry.cwd(), env, logFile(entry.name()));
      StdioProvider provider;
      synchronized (lifecycle) {
        if (closed) {
          return; // the app is stopping: a process started now would outlive it
        }
        provider = StdioProvider.spawn(gateway, sessionId, spec);
        register(sessionId, new ProviderRun.StdioRun(configured, provider));
      }
      LOG.log(
          Level.INFO,
          "started provider {0} (pid {1}) over stdio for session {2}",
          entry.name(),
          provider.process().pid(),
          sessionId);
    } catch (IOException | RuntimeException e) {
      gateway
          .spawning()
          .log(
              sessionId, SOURCE, "Cannot start provider '" + entry.name() + "': " + e.getMessage());
      gateway.spawning().providerNotStarted(sessionId, entry.name());
      LOG.log(Level.WARNING, "cannot start provider " + entry.name(), e);
    }
  }

  /**
   * Starts the entry's MCP server as a provider of {@code sessionId} (module mcp-federation): it
   * restarts itself when it dies and stops with the session; its stderr and its life go to its log.
   */
  private void federate(
      ProjectConfig.Entry configured, ProjectConfig.Entry entry, Path project, String sessionId) {
    try {
      McpServerConfig server = entry.mcpServer().withLog(logFile(entry.name()));
      boolean sharing = entry.session() == ProjectConfig.SessionMode.PROJECT && project != null;
      synchronized (lifecycle) {
        if (closed) {
          return;
        }
        FederatedMcpServer running =
            sharing
                ? shared.serve(entry, server, project, sessionId)
                : FederatedMcpServer.start(gateway, sessionId, server, scheduler);
        register(sessionId, new ProviderRun.McpRun(configured, running, sessionId));
      }
      LOG.log(
          Level.INFO,
          sharing ? "MCP server {0} serves session {1} of {2}" : "starting MCP server {0} for {1}",
          entry.name(),
          sessionId,
          project);
    } catch (IOException | RuntimeException e) {
      gateway
          .spawning()
          .log(
              sessionId,
              SOURCE,
              "Cannot start MCP server '" + entry.name() + "': " + e.getMessage());
      gateway.spawning().providerNotStarted(sessionId, entry.name());
      LOG.log(Level.WARNING, "cannot start MCP server " + entry.name(), e);
    }
  }

  /** The MCP servers federated into {@code sessionId}, and where each is in its life. */
  public List<FederatedMcpServer.Status> mcpServersOf(String sessionId) {
    synchronized (lifecycle) {
      return runs.getOrDefault(sessionId, Map.of()).values().stream()
          .filter(ProviderRun.McpRun.class::isInstance)
          .map(run -> ((ProviderRun.McpRun) run).server().status())
          .toList();
    }
  }

  private boolean isClosed() {
    synchronized (lifecycle) {
      return closed;
    }
  }

  private Path logFile(String name) throws IOException {
    OwnerOnlyFiles.createDirectories(logDir);
    Path log = logDir.resolve(name + ".log");
    if (!Files.exists(log)) {
      OwnerOnlyFiles.createFile(log);
    }
    return log;
  }

  /**
   * The session's deadline passed: terminate what still runs, and kill it after the grace. Those
   * that said goodbye are stopping already; the others get their stdin closed (stdio) or SIGTERM
   * now. They stay known until they have exited: the app stopping meanwhile kills them (close).
   */
  private void stop(String sessionId) {
    List<ProviderRun> ending;
    synchronized (lifecycle) {
      projects.remove(sessionId);
      Map<String, ProviderRun> ofSession = runs.remove(sessionId);
      ending = ofSession == null ? List.of() : List.copyOf(ofSession.values());
    }
    ending.forEach(this::stopRun);
  }

  /** The processes started for {@code sessionId} and not yet stopped, stdio providers' included. */
  public List<Process> processesOf(String sessionId) {
    List<Process> all = new ArrayList<>();
    synchronized (lifecycle) {
      for (ProviderRun run : runs.getOrDefault(sessionId, Map.of()).values()) {
        if (run.process() != null) {
          all.add(run.process());
        }
      }
    }
    return List.copyOf(all);
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
    synchronized (lifecycle) {
      return runs.values().stream().anyMatch(ofSession -> ofSession.containsKey(name));
    }
  }

  /** A step of a reload's plan that stops a run, and the run it stops. */
  private record Change(ReloadPlan.Step step, ProviderRun running) {}

  /**
   * Puts {@code next} in force, for the entries {@code only} names (all when null): the {@link
   * ReloadPlan} says what starts, stops and restarts in each active session; it is made, and the
   * runs it stops are taken, under the lock, so that no session starts or ends in between. Spawner
   * thread.
   */
  private ReloadReport apply(
      ProjectConfig next, Set<String> only, Predicate<String> restartUnchanged, String why) {
    ReloadPlan plan;
    List<Change> ending = new ArrayList<>();
    synchronized (lifecycle) {
      if (closed) {
        throw new HostException(HostErrorCode.GATEWAY_CLOSED, "the gateway is stopping");
      }
      plan = ReloadPlan.of(sessionsNow(), next, only, restartUnchanged);
      for (ReloadPlan.Step step : concat(plan.of(RESTART), plan.of(STOP))) {
        ending.add(new Change(step, runs.get(step.sessionId()).get(step.name())));
      }
      config = next;
    }
    // The sessions hear of each restart once, when its provider is back (decision 34).
    plan.of(RESTART).forEach(this::holdTools);
    List<CompletableFuture<?>> exited = new ArrayList<>();
    for (Change change : ending) {
      synchronized (lifecycle) {
        Map<String, ProviderRun> ofSession = runs.get(change.step().sessionId());
        if (ofSession != null) {
          ofSession.remove(change.step().name(), change.running());
        }
      }
      exited.add(stopRun(change.running()));
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

  /** The active sessions, in start order, and the entries each runs. Under the lifecycle lock. */
  private List<ReloadPlan.Session> sessionsNow() {
    List<ReloadPlan.Session> sessions = new ArrayList<>();
    for (String sessionId : activeSessions) {
      Map<String, ProjectConfig.Entry> running = new LinkedHashMap<>();
      runs.getOrDefault(sessionId, Map.of()).forEach((name, run) -> running.put(name, run.entry()));
      sessions.add(new ReloadPlan.Session(sessionId, sessionId.equals(firstSession), running));
    }
    return sessions;
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
  static String describe(ReloadReport report) {
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
    List<String> sessions;
    synchronized (lifecycle) {
      sessions = List.copyOf(activeSessions);
    }
    sessions.forEach(sessionId -> gateway.spawning().log(sessionId, SOURCE, message));
  }

  /**
   * Kills every process at once and stops the spawner thread; a spawn under way starts nothing
   * after this. Called before the gateway closes (RunningGateway), so a spawn interrupted here
   * still finds the gateway to ask.
   */
  @Override
  public void close() {
    List<ProviderRun> all = new ArrayList<>();
    synchronized (lifecycle) {
      closed = true;
      runs.values().forEach(ofSession -> all.addAll(ofSession.values()));
      all.addAll(stopping);
      runs.clear();
      stopping.clear();
      for (ProviderRun run : all) {
        if (!(run instanceof ProviderRun.McpRun)) {
          run.kill();
        }
      }
    }
    // The app is stopping: each server gets its stdin closed, then half a second before SIGTERM.
    for (ProviderRun run : all) {
      if (run instanceof ProviderRun.McpRun) {
        run.kill();
      }
    }
    spawner.shutdownNow();
  }
}
