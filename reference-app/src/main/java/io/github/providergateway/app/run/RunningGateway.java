package io.github.providergateway.app.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.agent.hook.HookEndpoint;
import io.github.providergateway.agent.hook.HookGateRecorder;
import io.github.providergateway.agent.hook.HookSocket;
import io.github.providergateway.agent.mcp.McpHttpFrontDoor;
import io.github.providergateway.agent.mcp.McpSocket;
import io.github.providergateway.agent.tokens.ClientTokens;
import io.github.providergateway.app.audit.AuditFile;
import io.github.providergateway.app.audit.AwayStatus;
import io.github.providergateway.app.audit.HostId;
import io.github.providergateway.app.export.AuditExports;
import io.github.providergateway.app.guard.FederatedContent;
import io.github.providergateway.app.guard.GuardPolicy;
import io.github.providergateway.app.guard.HomeGuard;
import io.github.providergateway.app.guard.KeptSessionFlows;
import io.github.providergateway.app.guard.OrgPolicy;
import io.github.providergateway.app.home.HomeLock;
import io.github.providergateway.app.home.HookSpool;
import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.app.home.PublishedFiles;
import io.github.providergateway.app.home.StartupException;
import io.github.providergateway.app.home.SystemSettings;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.event.Decision;
import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.host.AuditJson;
import io.github.providergateway.host.DecisionLog;
import io.github.providergateway.host.HeldGates;
import io.github.providergateway.host.HostService;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.client.GatewayHome;
import io.github.providergateway.host.protocol.HeldGate;
import io.github.providergateway.host.protocol.ReloadReport;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.base.SafeFiles;
import io.github.providergateway.otel.GatewayTelemetry;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.status.StatusPage;
import io.github.providergateway.transport.ws.WebSocketServer;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One running gateway as the app wires it: the {@link Gateway} with its home, the WebSocket server
 * providers connect to (which also serves the status page at {@code /status}), the audit trail,
 * and, with {@code --config}, the project providers spawned per session. Every gateway runs the
 * guard (issue 44): the engine's policy ({@link GuardPolicy}, decision 77), asked about every call
 * from the gateway's first, with the home's guard settings ({@link HomeGuard}). Both front ends
 * (console and {@code --rpc}) drive the same object.
 *
 * <p>Stopping has two speeds: {@link #stop(Duration)} ends every session gracefully first (what end
 * of input or {@code shutdown} does); {@link #close()} drops everything at once (a signal). Either
 * way the token file is gone afterwards.
 */
public final class RunningGateway implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger(RunningGateway.class.getName());

  /** How long past a graceful stop's deadline we wait for the gateway before closing it anyway. */
  private static final Duration STOP_SLACK = Duration.ofSeconds(5);

  /** What the running gateway is made of, as its methods reach it. */
  private final Parts parts;

  /** Closes every part, the last started first. */
  private final ReverseCloser closer;

  /** Set by the first stop or close; later ones wait for it instead of stopping twice. */
  private final AtomicBoolean stopping = new AtomicBoolean();

  /** Released once everything is closed. */
  private final CountDownLatch stopped = new CountDownLatch(1);

  /**
   * The parts of a running gateway that its methods use; those it only closes are in its closer.
   *
   * @param gateway the engine
   * @param hosts the host side: every host connection, stdio or {@code /host}, goes through it
   * @param server the WebSocket server providers and hosts connect to, listening
   * @param stopRequested completes with the goodbye deadline when the gateway asks to be stopped: a
   *     host's {@code shutdown} (not under --rpc) or the idle exit (detached gateway only)
   * @param hookGates keeps {@code <home>/hook-gates.json} for hook adapters that find this gateway
   *     gone
   * @param decisions the latest decisions, for audit.query and the console
   * @param audit the audit trail's file, which names each decision's agent
   * @param statusPage the live status page at {@code /status} (docs/audit.md)
   * @param guard the home's guard settings, which the guard provider and the hooks decide by
   * @param heldGates lists and releases the gates held while their provider is away; null when none
   *     is kept
   * @param projectProviders with {@code --config}, the providers spawned per session; else null
   * @param configProblems what was wrong in the {@code --config} file
   * @param home the gateway's home
   * @param homeLock held from start to the end of the stop, released last
   */
  private record Parts(
      Gateway gateway,
      HostService hosts,
      WebSocketServer server,
      CompletableFuture<Duration> stopRequested,
      HookGateRecorder hookGates,
      DecisionLog decisions,
      AuditFile audit,
      StatusPage statusPage,
      HomeGuard guard,
      HeldGates heldGates,
      ProjectProviders projectProviders,
      List<String> configProblems,
      Path home,
      HomeLock homeLock) {}

  private RunningGateway(Parts parts, ReverseCloser closer) {
    this.parts = parts;
    this.closer = closer;
  }

  /**
   * Starts a gateway for {@code options}; {@code listener} hears providers come and go from the
   * first connection on.
   *
   * @throws StartupException with a one-line reason: port in use, home not writable, config file
   *     missing
   */
  public static RunningGateway start(AppOptions options, GatewayListener listener)
      throws StartupException {
    return start(options, listener, Backend.system(), null);
  }

  /**
   * As {@link #start(AppOptions, GatewayListener)}, with the app's time and threads from {@code
   * backend}, which every part is built with ({@link AppBackend}): the engine's timers (gates,
   * transforms, tool calls, session deadlines), the host side's (the re-claim grace, the idle
   * exit), the server's heartbeat, the status page's, the MCP front door's, the command hooks' and
   * the project providers'. Tests pass a manual clock's backend.
   */
  public static RunningGateway start(AppOptions options, GatewayListener listener, Backend backend)
      throws StartupException {
    return start(options, listener, backend, null);
  }

  /**
   * As {@link #start(AppOptions, GatewayListener, Backend)}, with {@code heldGates} serving {@code
   * gates.held} and {@code gates.release} (over {@code /host} and {@code --rpc}) and the console's
   * {@code gates}; null for the home's own record of gates ({@link HookGateRecorder}), which every
   * gateway of the app keeps (tests give one of their own).
   */
  public static RunningGateway start(
      AppOptions options, GatewayListener listener, Backend backend, HeldGates heldGates)
      throws StartupException {
    ProjectConfig config = null;
    if (options.config() != null) {
      if (!Files.isRegularFile(options.config())) {
        throw new StartupException("config file " + options.config() + " does not exist");
      }
      config = ProjectConfig.load(options.config());
      if (config.fileProblem() != null) {
        // Running without the providers the person configured would look like success.
        throw new StartupException("config file " + config.fileProblem());
      }
    }
    // A taken port is the usual way to fail: say so before building anything. (The token file is
    // written only once the server listens, so a failed start never touches another gateway's.)
    ensurePortFree(options.port());
    // One gateway per home, in every mode: a second would replace the first's token file.
    HomeLock lock = HomeLock.acquire(options.home());
    ReverseCloser closer = new ReverseCloser();
    try {
      if (options.detached()) {
        publishPid(options.home());
      }
      return start(options, listener, config, lock, backend, heldGates, closer);
    } catch (StartupException | RuntimeException e) {
      closer.closeAfter(e); // what had started, the last first
      if (options.detached()) {
        PublishedFiles.withdrawPid(options.home()); // while the lock still makes the file ours
      }
      lock.close();
      throw e;
    }
  }

  /**
   * Starts each part and adds it to {@code closer} once it runs, so that a failed start closes what
   * it started, and the stop closes each part before those it was started on: the listeners of the
   * engine (the audit trail, the record of gates) after it, the server after the routes it serves,
   * which say goodbye through it.
   */
  private static RunningGateway start(
      AppOptions options,
      GatewayListener listener,
      ProjectConfig config,
      HomeLock lock,
      Backend given,
      HeldGates heldGates,
      ReverseCloser closer)
      throws StartupException {
    // Traces and metrics only when OTEL_* asks for them: otherwise no SDK, no thread, no span.
    // Closed last of all, so that it flushes what the gateway's last calls recorded.
    OpenTelemetrySdk telemetry = Telemetry.fromEnvironment(System.getenv());
    if (telemetry != null) {
      closer.add(telemetry::close);
    }
    // One backend for every part, one timer for the whole app: a test's manual clock fires all.
    AppBackend backend = new AppBackend(given);
    closer.add(backend::close);
    AppParts parts = new AppParts(options, backend);
    // The audit trail: the latest decisions for audit.query, and all of them in audit.jsonl.
    DecisionLog decisions = new DecisionLog(DecisionLog.DEFAULT_CAPACITY);
    // Each record names the organisation's policy in force (issue 66), once it is known below.
    AtomicReference<OrgPolicy> policyInForce = new AtomicReference<>();
    Supplier<String> policyLabel =
        () -> {
          OrgPolicy policy = policyInForce.get();
          return policy == null ? "none" : policy.label().get();
        };
    // The organisation's settings, read once: the trail's host id, the exports and the policy.
    SystemSettings organisation = SystemSettings.read();
    AuditFile audit =
        new AuditFile(
            options.logDir(),
            AuditFile.DEFAULT_MAX_BYTES,
            AuditFile.DEFAULT_FILES,
            () -> HostId.of(organisation),
            policyLabel);
    closer.add(audit::close);
    // The trail beyond the machine (issue 66), closed after the gateway: its last decisions go out.
    AuditExports exports =
        AuditExports.start(
            organisation,
            options.config(),
            System.getenv(),
            Version.text(),
            backend.scheduler(),
            policyLabel);
    exports.problems().forEach(problem -> LOG.log(System.Logger.Level.WARNING, problem));
    closer.add(exports::close);
    // providers.reload, once the project's providers are attached (below, when the server listens).
    AtomicReference<ProjectProviders> reloads = new AtomicReference<>();
    // Before anyone can connect: holds what the last gateway of this home had in force, and keeps
    // the home's record of gates from now on (decision 62).
    HookGateRecorder hookGates =
        new HookGateRecorder(
            options.home(), backend.clock(), () -> startingForEverySession(reloads.get(), config));
    hookGates.start();
    closer.add(hookGates::close);
    // The guard (issue 44), the policy from the first call on (decision 77), providers' included.
    HomeGuard guard =
        new HomeGuard(
            config != null ? config.guard() : GuardSettings.defaults(),
            HomeGuard.environment(options.home(), System.getenv(), options.config()),
            problem -> LOG.log(System.Logger.Level.WARNING, "guard: " + problem));
    // Where the guard decides, off the loop (released after the gateway that asks there closes);
    // its rules load there at once, not in the first call's time (decision 151).
    Executor guardDecisions = backend.ioExecutor(GuardPolicy.NAME);
    closer.add(() -> Backend.release(guardDecisions));
    guard.warmUpOn(
        guardDecisions, backend.clock(), line -> LOG.log(System.Logger.Level.INFO, line));
    // The organisation's signed policy (issue 66): the kept one, or withoutPolicy's layer, is in
    // the guard before the first call; fetches run on their own executor, never a decision's.
    Executor policyFetches = backend.ioExecutor("policy");
    closer.add(() -> Backend.release(policyFetches));
    OrgPolicy orgPolicy =
        OrgPolicy.create(
            organisation,
            options.home(),
            System.getenv(),
            backend.clock(),
            backend.scheduler(),
            policyFetches,
            record -> {
              decisions.decided(record);
              audit.decided(record);
            },
            guard::organisation,
            line -> LOG.log(System.Logger.Level.WARNING, line));
    closer.add(orgPolicy::close);
    policyInForce.set(orgPolicy);
    orgPolicy.start();
    // What each session has seen, for the guard's flow rules: shared by the policy (calls with a
    // session) and the hooks (calls with none, and the agents' after-tool reports), kept in the
    // home so that a session renewed after a restart goes on with its past.
    KeptSessionFlows sessionFlows =
        KeptSessionFlows.open(
            options.home(),
            backend.clock(),
            guardDecisions,
            problem -> LOG.log(System.Logger.Level.WARNING, "guard: " + problem));
    closer.add(sessionFlows::close);
    Gateway gateway =
        newGateway(options, parts, new GuardPolicy(guard, sessionFlows.flows()), guardDecisions);
    closer.add(gateway::close);
    gateway.mcpOffers().onContent(new FederatedContent(sessionFlows.flows()));
    gateway.monitor().addListener(listener);
    gateway.monitor().addListener(hookGates);
    gateway.monitor().addListener(decisions);
    gateway.monitor().addListener(audit);
    if (exports.any()) {
      gateway.monitor().addListener(exports);
    }
    // What hooks decided while no gateway ran (issue 78): into the trail, the exports and the page,
    // as this gateway's own decisions go.
    try {
      int kept =
          HookSpool.takeInto(
              options.logDir(),
              decision -> {
                listener.decided(decision);
                decisions.decided(decision);
                audit.decided(decision);
                if (exports.any()) {
                  exports.decided(decision);
                }
              });
      if (kept > 0) {
        LOG.log(
            System.Logger.Level.INFO,
            kept + " decisions the hook took while no gateway ran are in the audit trail now");
      }
    } catch (IOException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "the hook's decisions taken with no gateway could not be read: " + e.getMessage());
    }
    if (telemetry != null) {
      GatewayTelemetry.attach(gateway, telemetry);
    }
    // The server closes after the routes it serves, once it listens.
    AtomicReference<WebSocketServer> listening = new AtomicReference<>();
    closer.add(
        () -> {
          WebSocketServer server = listening.get();
          if (server != null) {
            server.close();
          }
        });
    // The app's own timers, on the one scheduler every part shares.
    Scheduler timers = parts.timers();
    // The status page, on the server's port; its links name the server, known once it listens.
    AwayStatus away = parts.awayStatus(closer);
    gateway.monitor().addListener(away);
    StatusPage statusPage =
        parts.statusPage(gateway, decisions, sessionFlows.flows(), exports, orgPolicy, away);
    closer.add(statusPage::close);
    AtomicReference<URI> httpBase = new AtomicReference<>();
    McpHttpFrontDoor mcpHttp = parts.mcpHttp(gateway);
    closer.add(mcpHttp::close);
    // A window's first initialize finds the SDK's and the front door's classes loaded and run: a
    // made-up one served here, beside the guard's warm-up, before the server listens; a window's
    // request stops it (a fresh gateway's first took 15-17 s at load 10-16 on 2 cores).
    Executor mcpWarmUp = backend.ioExecutor("mcp-warm-up");
    closer.add(() -> Backend.release(mcpWarmUp));
    mcpHttp.warmUpOn(mcpWarmUp, line -> LOG.log(System.Logger.Level.INFO, line));
    // Agents' hooks answered in this process: Claude Code's HTTP hook on the port, for the clients
    // of `gateway hook --print-config claude`, and the command hook's Unix socket (decision 39).
    HookEndpoint hookEndpoint =
        new HookEndpoint(gateway, hookGates, timers, guard::personal, sessionFlows.flows());
    CompletableFuture<Duration> stopRequested = new CompletableFuture<>();
    if (heldGates == null) {
      heldGates = new RecordedHeldGates(hookGates);
    }
    // Every mode serves hosts at /host, so other processes can attach; all but --rpc let the
    // person stop them, and only the detached one exits by itself when idle (decision 29).
    HostService hosts =
        parts
            .hostService(gateway, stopRequested, config != null ? reloads::get : null)
            .decisionLog(decisions)
            .statusLinks(() -> statusPage.openLink(httpBase.get()))
            .heldGates(heldGates)
            .build();
    closer.add(hosts::close);
    WebSocketServer server =
        listen(options, parts.server(gateway, hosts, statusPage, mcpHttp, hookEndpoint));
    listening.set(server);
    httpBase.set(server.httpUrl());
    hookGates.listening(server.port());
    // The stdio windows' door (decision 79): the same front door as the port's /mcp, in the home,
    // there before the port file says a gateway runs, so that a window that finds one finds it.
    Path home = options.home();
    McpSocket mcpSocket =
        openSocket(
            home.resolve(McpSocket.FILE_NAME),
            "stdio windows will run the JVM",
            () -> McpSocket.open(home, mcpHttp.route(), mcpHttp.maxBodyBytes(), timers));
    if (mcpSocket != null) {
      closer.add(mcpSocket::close);
    }
    publishHome(options, server);
    warnIfOthersCouldWrite(options.home().resolve(GatewayHome.TOKEN_FILE));
    HookSocket hookSocket =
        openSocket(
            home.resolve(HookSocket.FILE_NAME),
            "command hooks will start a JVM",
            () -> HookSocket.open(home, hookEndpoint, timers));
    if (hookSocket != null) {
      closer.add(hookSocket::close);
    }
    ConfiguredProviders configured =
        config == null
            ? ConfiguredProviders.NONE
            : attachProviders(
                options, config, gateway, server, timers, hookGates, guard, reloads::set, closer);
    return new RunningGateway(
        new Parts(
            gateway,
            hosts,
            server,
            stopRequested,
            hookGates,
            decisions,
            audit,
            statusPage,
            guard,
            heldGates,
            configured.providers(),
            configured.problems(),
            options.home(),
            lock),
        closer);
  }

  /** The engine ({@link AppParts#gateway()}), or why the home cannot have one. */
  private static Gateway newGateway(
      AppOptions options, AppParts parts, GuardPolicy guard, Executor guardDecisions)
      throws StartupException {
    try {
      return parts.gateway(guard, guardDecisions);
    } catch (UncheckedIOException | IllegalStateException e) {
      throw new StartupException(
          "cannot use home directory " + options.home() + ": " + rootMessage(e), e);
    }
  }

  /** Starts {@code server} ({@link AppParts#server}) on the options' port. */
  private static WebSocketServer listen(AppOptions options, WebSocketServer server)
      throws StartupException {
    try {
      return server.start();
    } catch (IOException e) {
      if (causedByBind(e)) {
        throw new StartupException(portInUse(options.port()), e);
      }
      throw new StartupException(
          "cannot listen on port " + options.port() + ": " + rootMessage(e), e);
    }
  }

  /**
   * Writes where the gateway listens, and the settings {@code options} records, into the home; on
   * failure the port file is deleted again.
   */
  private static void publishHome(AppOptions options, WebSocketServer server)
      throws StartupException {
    try {
      // The stdio bridge's token first, so that a bridge that finds the port finds it too.
      McpBridgeToken.ensure(options.home(), ClientTokens.mcpHttp(options.home()));
    } catch (IOException | RuntimeException e) {
      // Its agents' windows then run the JVM's gateway mcp, as before the bridge (issue 46).
      LOG.log(
          System.Logger.Level.WARNING,
          "no agent token for the stdio bridge in {0}: agent windows start a JVM ({1})",
          options.home(),
          e.toString());
    }
    try {
      // Every gateway says where it listens, so that every client of the home finds it by the home
      // (a console on --port 9477 too); removed at the stop, while the lock still makes it ours.
      PublishedFiles.writeOwnerOnly(
          options.home().resolve(GatewayHome.PORT_FILE), Integer.toString(server.port()));
      if (options.record() != null) {
        options.record().write(options.home());
        LOG.log(
            System.Logger.Level.INFO,
            "the home {0} now has {1}: every start of its gateway uses them",
            options.home(),
            describe(options.record()));
      }
    } catch (IOException e) {
      deletePortFile(options.home());
      throw new StartupException(
          "cannot write the home's port or settings in " + options.home() + ": " + e.getMessage(),
          e);
    }
  }

  /** The project's providers with {@code --config}, and what was wrong in their config. */
  private record ConfiguredProviders(ProjectProviders providers, List<String> problems) {
    static final ConfiguredProviders NONE = new ConfiguredProviders(null, List.of());
  }

  /**
   * Attaches {@code config}'s providers to the gateway (told to {@code attached} at once), their
   * changes to the record of gates and the guard, their problems to each new session's timeline,
   * and with {@code --watch} their files to a watcher; both closed by {@code closer}.
   */
  private static ConfiguredProviders attachProviders(
      AppOptions options,
      ProjectConfig config,
      Gateway gateway,
      WebSocketServer server,
      Scheduler timers,
      HookGateRecorder hookGates,
      HomeGuard guard,
      Consumer<ProjectProviders> attached,
      ReverseCloser closer)
      throws StartupException {
    ProjectProviders providers =
        ProjectProviders.attach(gateway, config, server.url(), options.logDir(), timers);
    // Before the gateway: a spawn under way then still finds the gateway to ask, and starts nothing
    // once this is closed (a RejectedExecutionException from the spawner before).
    closer.add(providers::close);
    attached.accept(providers); // providers.reload from now on
    // An entry that leaves the config takes its provider's kept and held gates along.
    providers.onConfig(next -> hookGates.configurationChanged());
    // A reload (or --watch) re-reads the guard's object too: from the next call on.
    providers.onConfig(next -> guard.personal(next.guard()));
    // The good entries still start; each new session's timeline says what was left out, since
    // that is where a script or a person watching a session looks (the config in force: a
    // reload may have changed it).
    gateway.monitor().addListener(new ProblemReporter(gateway, providers::config));
    if (options.watch()) {
      closer.add(watch(providers, timers)::close);
    }
    return new ConfiguredProviders(providers, config.problems());
  }

  /** Makes one of the home's sockets ({@code hook.sock}, {@code mcp.sock}). */
  @FunctionalInterface
  private interface HomeSocket<T> {
    Optional<T> open() throws IOException;
  }

  /**
   * One of the home's sockets, or null where it cannot be: the command hook then starts its JVM,
   * and the stdio bridge runs the JVM's {@code gateway mcp}, which reach this gateway over the port
   * as before. Never a reason not to start.
   */
  private static <T> T openSocket(Path socket, String without, HomeSocket<T> opener) {
    try {
      return opener.open().orElse(null);
    } catch (IOException | RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          without + ": cannot serve " + socket + ": " + e.getMessage());
      return null;
    }
  }

  /**
   * The gateway makes its home its own, but a directory above it may be writable by others: then
   * hosts ({@code GatewayClient}, {@code gateway mcp}, {@code attach}) and hook adapters refuse its
   * token file ({@link SafeFiles}), and hooks deny. Say so at start, with the fix, rather than
   * leave it to the first hook that denies.
   */
  private static void warnIfOthersCouldWrite(Path tokenFile) {
    try {
      SafeFiles.checkSecretFile(tokenFile);
    } catch (IOException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "hosts and hook adapters will refuse this gateway's token file (" + e.getMessage() + ")");
    }
  }

  /**
   * A detached gateway's pid, published before it listens: whoever reaches it finds the pid ({@link
   * PublishedFiles#publishPid}).
   */
  private static void publishPid(Path home) throws StartupException {
    try {
      PublishedFiles.publishPid(home);
    } catch (IOException e) {
      throw new StartupException(
          "cannot publish " + home.resolve(GatewayHome.PID_FILE) + ": " + e.getMessage(), e);
    }
  }

  /** {@code --watch}: changes of the config or a provider's files reload what they concern. */
  private static ConfigWatcher watch(ProjectProviders providers, Scheduler scheduler)
      throws StartupException {
    ChangeBatch batch = new ChangeBatch(scheduler, providers::filesChanged);
    try {
      ConfigWatcher watcher =
          ConfigWatcher.start(
              providers.config(), batch, message -> LOG.log(System.Logger.Level.WARNING, message));
      providers.onConfig(watcher::watch);
      return watcher;
    } catch (IOException e) {
      throw new StartupException("--watch: cannot watch files here: " + e.getMessage(), e);
    }
  }

  private static void ensurePortFree(int port) throws StartupException {
    if (port == 0) {
      return;
    }
    try (ServerSocket probe = new ServerSocket()) {
      // Grizzly binds with SO_REUSEADDR too, so a port in TIME_WAIT counts as free for both.
      probe.setReuseAddress(true);
      probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    } catch (BindException e) {
      throw new StartupException(portInUse(port), e);
    } catch (IOException e) {
      throw new StartupException("cannot listen on port " + port + ": " + e.getMessage(), e);
    }
  }

  private static String portInUse(int port) {
    return "port "
        + port
        + " is already in use (is another gateway running?); use --port 0 for a free port";
  }

  private static boolean causedByBind(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof BindException) {
        return true;
      }
    }
    return false;
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return root == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + root + ")";
  }

  /**
   * The config entries that start a provider for every session: their providers' gates are the
   * home's, kept across restarts (decision 62). The config in force: {@code attached} once the
   * project's providers run (a reload may change it), {@code initial} before.
   */
  private static java.util.Set<String> startingForEverySession(
      ProjectProviders attached, ProjectConfig initial) {
    ProjectConfig config = attached != null ? attached.config() : initial;
    if (config == null) {
      return java.util.Set.of();
    }
    return config.startedForEverySession();
  }

  /** {@code port 9477, config /p/providers.json (watched)}: settings as a person reads them. */
  public static String describe(io.github.providergateway.host.client.HomeSettings settings) {
    List<String> parts = new ArrayList<>();
    parts.add("port " + settings.portOrDefault());
    parts.add(
        settings.config() == null
            ? "no providers' config"
            : "config " + settings.config() + (settings.watch() ? " (watched)" : ""));
    return String.join(", ", parts);
  }

  private static void deletePortFile(Path home) {
    try {
      Files.deleteIfExists(home.resolve(GatewayHome.PORT_FILE));
    } catch (IOException e) {
      LOG.log(System.Logger.Level.WARNING, "cannot delete the port file in " + home, e);
    }
  }

  /** The home's guard, as the guard provider and the hooks decide by it. */
  public HomeGuard guard() {
    return parts.guard();
  }

  /** The gateway's latest decisions (the console's {@code audit} and {@code why}). */
  public DecisionLog decisions() {
    return parts.decisions();
  }

  /**
   * {@return {@code decision} as the console's {@code audit} and {@code why} read it: as {@code
   * audit.query} answers, with the agent its line in the trail names}
   */
  public ObjectNode decisionJson(Decision decision) {
    ObjectNode json = AuditJson.decision(decision);
    String agent = parts.audit().agentOf(decision);
    if (agent != null) {
      json.put("agent", agent);
    }
    return json;
  }

  /** A new one-time link to the status page: it works once, for 5 minutes. */
  public URI statusLink() {
    return parts.statusPage().openLink(parts.server().httpUrl());
  }

  /** The gateway, for the host API. */
  public Gateway gateway() {
    return parts.gateway();
  }

  /** The host side: every host connection, stdio or {@code /host}, goes through it. */
  public HostService hosts() {
    return parts.hosts();
  }

  /** Completes with a goodbye deadline when a host or the idle exit asks the gateway to stop. */
  public CompletableFuture<Duration> stopRequested() {
    return parts.stopRequested();
  }

  /** The URL agent hosts connect to: {@code ws://127.0.0.1:<port>/host}. */
  public URI hostUrl() {
    return parts.server().hostUrl();
  }

  /** The URL providers connect to: {@code ws://127.0.0.1:<port>}. */
  public URI url() {
    return parts.server().url();
  }

  /** The bound port. */
  public int port() {
    return parts.server().port();
  }

  /** {@return the gateway's home} */
  public Path home() {
    return parts.home();
  }

  /** The token file's absolute path. */
  public Path tokenFile() {
    return parts.gateway().credentials().tokenFile().orElseThrow();
  }

  /**
   * Re-reads the {@code --config} file and restarts the entry {@code name}, or all of them (the
   * console's {@code reload}, as {@code providers.reload}).
   *
   * @return what was restarted, started and stopped; fails with {@link HostException}
   */
  public CompletableFuture<ReloadReport> reload(String name) {
    if (parts.projectProviders() == null) {
      return CompletableFuture.failedFuture(
          new HostException(
              HostErrorCode.INVALID_ARGUMENT,
              "this gateway has no project config to reload (start it with --config)"));
    }
    return parts.projectProviders().reload(name);
  }

  /**
   * The gates held while their provider is away, as the console lists and releases them: the record
   * given at the start, asked on the gateway loop as {@code gates.held} asks it. Without one, each
   * request fails saying this gateway keeps no record of gates.
   */
  public HeldGates heldGates() {
    HeldGates record = parts.heldGates();
    return new HeldGates() {
      @Override
      public CompletableFuture<List<HeldGate>> held() {
        return onLoop(record, () -> record.held());
      }

      @Override
      public CompletableFuture<List<HeldGate>> release(
          String provider, String gateId, String project) {
        return onLoop(record, () -> record.release(provider, gateId, project));
      }
    };
  }

  private <T> CompletableFuture<T> onLoop(
      HeldGates record, java.util.function.Supplier<CompletableFuture<T>> request) {
    if (record == null) {
      return CompletableFuture.failedFuture(
          new HostException(
              HostErrorCode.INVALID_ARGUMENT, "this gateway keeps no record of gates"));
    }
    return CompletableFuture.supplyAsync(request, parts.gateway().loop())
        .thenCompose(answer -> answer);
  }

  /** The entries of the config in force, by name; none without {@code --config}. */
  public List<String> configEntries() {
    return parts.projectProviders() == null
        ? List.of()
        : parts.projectProviders().config().providers().stream()
            .map(ProjectConfig.Entry::name)
            .toList();
  }

  /** What was wrong in the {@code --config} file (those entries were left out); usually empty. */
  public List<String> configProblems() {
    return parts.configProblems();
  }

  /**
   * Ends every session (providers get {@code shutdown.pending} with {@code deadline} and the
   * gateway waits for their goodbyes or the deadline), then closes everything. Blocks until done;
   * safe to call from several threads (end of input racing a signal): the first one stops, the
   * others wait for it.
   */
  public void stop(Duration deadline) {
    if (!stopping.compareAndSet(false, true)) {
      awaitStopped(deadline.plus(STOP_SLACK));
      return;
    }
    // First, so that a client that loses its connection next finds a clean stop, not a crash.
    deletePortFile(parts.home());
    // Before the sessions end: their gates stay in force, held, until their providers are back.
    parts.hookGates().stopping();
    try {
      parts
          .gateway()
          .shutdown(deadline)
          .get(deadline.plus(STOP_SLACK).toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      // A session that would not end must not keep the app alive: close what is left.
      LOG.log(System.Logger.Level.WARNING, "graceful shutdown did not finish; closing now", e);
    }
    closeAll();
  }

  /** Closes everything at once: connections, spawned processes, the token file. Idempotent. */
  @Override
  public void close() {
    if (!stopping.compareAndSet(false, true)) {
      awaitStopped(STOP_SLACK);
      return;
    }
    deletePortFile(parts.home()); // a clean stop, for the clients that lose their connection next
    parts.hookGates().stopping();
    closeAll();
  }

  private void awaitStopped(Duration limit) {
    try {
      stopped.await(limit.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void closeAll() {
    try {
      closeResources();
    } finally {
      stopped.countDown();
    }
  }

  /**
   * Closes each part, the last started first ({@link ReverseCloser}), each even when one before it
   * failed: a failed server close must not leave the token file behind or the home locked. Then,
   * while the lock still makes it ours, the port file goes (a stop removed it first: a client that
   * lost its connection and finds no port file knows the gateway stopped cleanly, where a crash
   * leaves it); last, the lock: another gateway may take the home. The first failure is thrown once
   * all are closed.
   */
  private void closeResources() {
    ReverseCloser last = new ReverseCloser();
    last.add(parts.homeLock()::close);
    last.add(() -> deletePortFile(parts.home()));
    last.add(closer::close);
    last.close();
  }

  /** Writes the config's problems into each new session's timeline. Runs on the gateway loop. */
  private static final class ProblemReporter implements GatewayListener {
    private final Gateway gateway;
    private final java.util.function.Supplier<ProjectConfig> config;

    ProblemReporter(Gateway gateway, java.util.function.Supplier<ProjectConfig> config) {
      this.gateway = gateway;
      this.config = config;
    }

    @Override
    public void sessionStarted(SessionInfo session) {
      for (String problem : config.get().problems()) {
        gateway
            .spawning()
            .log(
                session.id(),
                "gateway",
                problem.contains(ProjectConfig.GUARD_PROBLEM)
                    ? "Config problem, left out of the guard: " + problem
                    : "Config problem, entry not started: " + problem);
      }
    }
  }
}
