package io.github.providergateway.app;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.federation.FederatedMcpServer;
import io.github.providergateway.federation.McpServerConfig;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.GatewayListener;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.transport.stdio.ChildProcess;
import io.github.providergateway.transport.stdio.StdioProvider;
import java.io.File;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Starts and stops a project's providers with the sessions they serve (host RPC: Project
 * providers; architecture, decisions 3 and 28). Attach it to a gateway and it listens for
 * sessions:
 *
 * <ul>
 *   <li>when a session starts, each entry due for it is spawned with {@code TAP_PROVIDER_TOKEN}
 *       set to a fresh token scoped to that session (project trust) and {@code TAP_GATEWAY_URL} to
 *       the gateway's WebSocket URL; its stdout and stderr are appended to {@code
 *       <logs>/<name>.log};
 *   <li>when the session ends, the provider gets {@code shutdown.pending} from the gateway; a
 *       process still running at the deadline is terminated, and killed 5 s later;
 *   <li>a process that exits is reported in its session's timeline; its calls end {@code
 *       DISCONNECTED} because its connection closes.
 * </ul>
 *
 * <p>An entry with {@code "transport": "stdio"} is spawned the same way but gets no token or URL:
 * it speaks the provider interface on its stdin and stdout ({@link StdioProvider}), only its
 * stderr goes to the log, and at the session's deadline its stdin is closed, then it is terminated
 * and killed (decision 32).
 *
 * <p>Starting a process is blocking I/O, so it happens on a thread of this class, never on the
 * gateway loop. Timing (deadline, kill grace) uses the given {@link Scheduler}.
 *
 * <p>It is the app's, not the library's: it uses only the gateway's public API ({@link
 * GatewayListener}, {@link Gateway#issueSpawnToken}, {@link Gateway#log}), which an embedder can
 * use the same way to start providers of its own.
 */
final class ProjectProviders implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger(ProjectProviders.class.getName());
  private static final String SOURCE = "gateway";

  private final Gateway gateway;
  private final ProjectConfig config;
  private final URI gatewayUrl;
  private final Path logDir;
  private final Scheduler scheduler;
  private final Duration killGrace;
  private final ExecutorService spawner;
  /** Processes by the session they serve. Touched from the loop and the spawner thread. */
  private final Map<String, List<Process>> processes = new ConcurrentHashMap<>();
  /** Stdio providers by the session they serve. Touched from the loop and the spawner thread. */
  private final Map<String, List<StdioProvider>> stdioProviders = new ConcurrentHashMap<>();
  /** Federated MCP servers by the session they serve; they stop themselves with it. */
  private final Map<String, List<FederatedMcpServer>> mcpServers = new ConcurrentHashMap<>();
  /** Whether the entries marked "first" have been started. Loop only (session events). */
  private boolean firstStarted;
  /**
   * Held while a process is started and registered, and while {@link #close} marks the end and
   * kills what is registered: a spawn that was under way when the app stopped either registered
   * its process before (and close kills it) or sees {@link #closed} and starts none.
   */
  private final Object lifecycle = new Object();
  /** Set by {@link #close}; guarded by {@link #lifecycle}. */
  private boolean closed;

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
  }

  /**
   * Starts managing {@code config}'s providers for {@code gateway}: every session that starts
   * from now on gets its providers.
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
        Executors.newSingleThreadExecutor(
            task -> {
              Thread thread = new Thread(task, "project-providers");
              thread.setDaemon(true);
              return thread;
            }));
  }

  /** {@link #attach(Gateway, ProjectConfig, URI, Path, Scheduler)} spawning on {@code spawner} (tests: one they drive). */
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
    gateway.addListener(providers.new SessionWatcher());
    return providers;
  }

  /** The config being served. */
  public ProjectConfig config() {
    return config;
  }

  /** Runs on the gateway loop: decides what to start or stop, and hands the work off. */
  private final class SessionWatcher implements GatewayListener {
    @Override
    public void sessionStarted(SessionInfo session) {
      List<ProjectConfig.Entry> due = new ArrayList<>();
      for (ProjectConfig.Entry entry : config.providers()) {
        if (entry.session() == ProjectConfig.SessionMode.EACH || !firstStarted) {
          due.add(entry);
        }
      }
      firstStarted = true;
      if (!due.isEmpty()) {
        spawner.execute(() -> due.forEach(entry -> spawn(entry, session.id())));
      }
    }

    @Override
    public void sessionEnding(String sessionId, Duration deadline) {
      scheduler.schedule(deadline, () -> stop(sessionId));
    }
  }

  private void spawn(ProjectConfig.Entry entry, String sessionId) {
    if (entry.mcp() != ProjectConfig.Mcp.NONE) {
      federate(entry, sessionId);
      return;
    }
    if (entry.transport() == ProjectConfig.Transport.STDIO) {
      spawnOverStdio(entry, sessionId);
      return;
    }
    try {
      String token = gateway.issueSpawnToken(sessionId).get(10, TimeUnit.SECONDS);
      File log = logFile(entry.name()).toFile();
      ProcessBuilder builder =
          new ProcessBuilder(entry.command())
              .directory(entry.cwd().toFile())
              .redirectInput(ProcessBuilder.Redirect.PIPE)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log))
              .redirectError(ProcessBuilder.Redirect.appendTo(log));
      builder.environment().putAll(entry.env());
      builder.environment().put("TAP_PROVIDER_TOKEN", token);
      builder.environment().put("TAP_GATEWAY_URL", gatewayUrl.toString());
      Process process;
      synchronized (lifecycle) {
        if (closed) {
          return; // the app is stopping: a process started now would outlive it
        }
        process = builder.start();
        processes.computeIfAbsent(sessionId, id -> new CopyOnWriteArrayList<>()).add(process);
      }
      process.getOutputStream().close(); // providers read nothing from us
      process
          .onExit()
          .thenAccept(
              exited ->
                  gateway.log(
                      sessionId,
                      SOURCE,
                      "Provider '" + entry.name() + "' exited with code " + exited.exitValue()));
      LOG.log(Level.INFO, "started provider {0} (pid {1}) for session {2}", entry.name(), process.pid(), sessionId);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      if (isClosed()) {
        // Stopping: the token was refused or the wait interrupted because the app stops, which
        // is no provider's fault, and the session's timeline is gone with the gateway.
        LOG.log(Level.DEBUG, "provider {0} not started: the app is stopping ({1})", entry.name(), e.toString());
        return;
      }
      // A provider that cannot start is the user's to fix: say so where they look.
      gateway.log(sessionId, SOURCE, "Cannot start provider '" + entry.name() + "': " + e.getMessage());
      LOG.log(Level.WARNING, "cannot start provider " + entry.name(), e);
    }
  }

  /**
   * Starts the entry as a provider of {@code sessionId} speaking over its stdin and stdout
   * (module transport-stdio): no token, no URL; its stderr and its life go to its log.
   */
  private void spawnOverStdio(ProjectConfig.Entry entry, String sessionId) {
    try {
      ChildProcess.Spec spec =
          new ChildProcess.Spec(entry.name(), entry.command(), entry.cwd(), entry.env(), logFile(entry.name()));
      StdioProvider provider;
      synchronized (lifecycle) {
        if (closed) {
          return; // the app is stopping: a process started now would outlive it
        }
        provider = StdioProvider.spawn(gateway, sessionId, spec);
        List<StdioProvider> ofSession = stdioProviders.computeIfAbsent(sessionId, id -> new CopyOnWriteArrayList<>());
        ofSession.add(provider);
        // Kept until it has exited, so that close() still kills one being stopped.
        StdioProvider started = provider;
        provider.process().onExit().thenRun(() -> ofSession.remove(started));
      }
      LOG.log(Level.INFO, "started provider {0} (pid {1}) over stdio for session {2}",
          entry.name(), provider.process().pid(), sessionId);
    } catch (IOException | RuntimeException e) {
      gateway.log(sessionId, SOURCE, "Cannot start provider '" + entry.name() + "': " + e.getMessage());
      LOG.log(Level.WARNING, "cannot start provider " + entry.name(), e);
    }
  }

  /**
   * Starts the entry's MCP server as a provider of {@code sessionId} (module mcp-federation): it
   * restarts itself when it dies and stops with the session; its stderr and its life go to its log.
   */
  private void federate(ProjectConfig.Entry entry, String sessionId) {
    try {
      McpServerConfig server = entry.mcpServer().withLog(logFile(entry.name()));
      synchronized (lifecycle) {
        if (closed) {
          return;
        }
        mcpServers
            .computeIfAbsent(sessionId, id -> new CopyOnWriteArrayList<>())
            .add(FederatedMcpServer.start(gateway, sessionId, server, scheduler));
      }
      LOG.log(Level.INFO, "starting MCP server {0} for session {1}", entry.name(), sessionId);
    } catch (IOException | RuntimeException e) {
      gateway.log(sessionId, SOURCE, "Cannot start MCP server '" + entry.name() + "': " + e.getMessage());
      LOG.log(Level.WARNING, "cannot start MCP server " + entry.name(), e);
    }
  }

  /** The MCP servers federated into {@code sessionId}, and where each is in its life. */
  public List<FederatedMcpServer.Status> mcpServersOf(String sessionId) {
    return mcpServers.getOrDefault(sessionId, List.of()).stream().map(FederatedMcpServer::status).toList();
  }

  private boolean isClosed() {
    synchronized (lifecycle) {
      return closed;
    }
  }

  private Path logFile(String name) throws IOException {
    if (!Files.isDirectory(logDir)) {
      Files.createDirectories(
          logDir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }
    Path log = logDir.resolve(name + ".log");
    if (!Files.exists(log)) {
      Files.createFile(
          log, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    }
    return log;
  }

  /** The session's deadline passed: terminate what still runs, and kill it after the grace. */
  private void stop(String sessionId) {
    List<FederatedMcpServer> servers = mcpServers.remove(sessionId);
    if (servers != null) {
      // Each stopped itself on shutdown.pending; one still starting or restarting stops here.
      spawner.execute(() -> servers.forEach(server -> server.stop(killGrace)));
    }
    // Those that said goodbye are stopping already; the others get their stdin closed now. They
    // stay listed until they have exited: the app stopping meanwhile kills them (close).
    stdioProviders.getOrDefault(sessionId, List.of()).forEach(provider -> provider.stop(killGrace));
    List<Process> running = processes.remove(sessionId);
    if (running == null) {
      return;
    }
    for (Process process : running) {
      if (process.isAlive()) {
        process.destroy();
        scheduler.schedule(killGrace, () -> {
          if (process.isAlive()) {
            process.destroyForcibly();
          }
        });
      }
    }
  }

  /** The processes started for {@code sessionId} and not yet stopped, stdio providers' included. */
  public List<Process> processesOf(String sessionId) {
    List<Process> all = new ArrayList<>(processes.getOrDefault(sessionId, List.of()));
    stdioProviders.getOrDefault(sessionId, List.of()).forEach(provider -> all.add(provider.process()));
    return List.copyOf(all);
  }

  /**
   * Kills every process at once and stops the spawner thread; a spawn under way starts nothing
   * after this. Called before the gateway closes (RunningGateway), so a spawn interrupted here
   * still finds the gateway to ask.
   */
  @Override
  public void close() {
    synchronized (lifecycle) {
      closed = true;
      for (List<Process> running : processes.values()) {
        running.forEach(Process::destroyForcibly);
      }
      processes.clear();
      stdioProviders.values().forEach(providers -> providers.forEach(StdioProvider::kill));
      stdioProviders.clear();
    }
    // The app is stopping: each server gets its stdin closed, then half a second before SIGTERM.
    mcpServers.values().forEach(servers -> servers.forEach(server -> server.stop(Duration.ofSeconds(1))));
    mcpServers.clear();
    spawner.shutdownNow();
  }
}
