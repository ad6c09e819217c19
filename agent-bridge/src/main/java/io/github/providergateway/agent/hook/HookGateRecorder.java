package io.github.providergateway.agent.hook;

import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.event.GatewayListener;
import io.github.providergateway.gateway.event.SessionHookRule;
import io.github.providergateway.host.api.ProviderInfo;
import io.github.providergateway.loop.base.DaemonThreads;
import io.github.providergateway.loop.base.OwnerOnlyFiles;
import io.github.providergateway.protocol.SessionInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Keeps the home's record of gates ({@link HookGateRecord}, {@code <home>/hook-gates.json}) for the
 * gateway it listens to, and the gates the home holds beyond the live sessions ({@link HomeGates}):
 * what a gateway that stopped or crashed had in force, held until the providers are back; the
 * configured providers' rules, which apply to every session of the home.
 *
 * <p>Lifecycle: {@link #start} as the gateway takes the home (it reads what the last gateway left
 * and holds its gates; before anyone can connect), {@link #listening} once it listens, {@link
 * #stopping} as a normal stop begins (every live gate becomes held, and the record says the gateway
 * stopped), {@link #close} at the end. A gateway killed leaves its last record, with its sessions'
 * gates: the next one holds them.
 *
 * <p>Only sessions that holders of the gateway token opened are kept (a client of the HTTP front
 * door could otherwise name a session of its own after the agent, and be followed). Events arrive
 * on the gateway loop, which must not do I/O: the record is written on a thread of its own, in
 * event order, owner-only, and replaced atomically so that a reader never sees it half-written. The
 * app's own calls ({@link #listening}, {@link #stopping}) come from other threads, so every change
 * is made under this object's lock; {@link #view()} is for any thread.
 */
public final class HookGateRecorder implements GatewayListener, AutoCloseable {

  private static final System.Logger LOG = System.getLogger(HookGateRecorder.class.getName());

  private final Path home;
  private final Path file;
  private final Clock clock;
  private final Supplier<Set<String>> configured;

  /** Guarded by this, once started. */
  private HomeGates gates;

  /** What the record says of this gateway. Guarded by this, once started. */
  private HookGateRecord.GatewayState state;

  /** What hook decisions consult; replaced on every change. */
  private volatile HomeGates.View view = HomeGates.View.NONE;

  /** Writes the record, one snapshot after another. */
  private final ExecutorService writer;

  /**
   * A recorder for the gateway serving {@code home}.
   *
   * @param home the gateway's home; the record is written there as {@value
   *     HookGateRecord#FILE_NAME}
   * @param clock the gateway's clock, for the times the record gives
   * @param configured which entries of the home's configuration start a provider for every session
   *     (by entry name; a provider the host spawned for one says so, {@code
   *     ProviderInfo.spawnedAs}); asked anew at each change, so a reload is followed
   */
  public HookGateRecorder(Path home, Clock clock, Supplier<Set<String>> configured) {
    this(
        home,
        clock,
        configured,
        Executors.newSingleThreadExecutor(DaemonThreads.factory("hook-gate-record")));
  }

  /** Tests: writes on {@code writer} (one that runs each write before returning, say). */
  HookGateRecorder(
      Path home, Clock clock, Supplier<Set<String>> configured, ExecutorService writer) {
    this.writer = requireNonNull(writer, "writer");
    this.home = requireNonNull(home, "home");
    this.file = home.resolve(HookGateRecord.FILE_NAME);
    this.clock = requireNonNull(clock, "clock");
    this.configured = requireNonNull(configured, "configured");
  }

  /** {@return the gateway's home, where the record is kept} */
  Path home() {
    return home;
  }

  /**
   * Reads what the last gateway of the home left and holds its gates, then records this gateway as
   * starting. Call it once, as the gateway takes the home and before it serves anyone.
   */
  public synchronized void start() {
    HookGateRecord.Contents previous;
    try {
      previous = HookGateRecord.read(home);
    } catch (IOException e) {
      // Nothing in it can be believed: the hooks denied while it stood; this gateway starts anew.
      LOG.log(
          System.Logger.Level.WARNING,
          "the home's record of gates is not used (" + e.getMessage() + "); it is replaced");
      previous = HookGateRecord.Contents.NONE;
    }
    gates = HomeGates.resume(previous, configured, clock.instant());
    for (HookGateRecord.Held held : gates.held()) {
      LOG.log(
          System.Logger.Level.WARNING,
          "holding {0}''s gates for {1} until it binds there again ({2}; release: gateway gates"
              + " release {0})",
          held.provider(),
          held.project(),
          held.why());
    }
    state =
        new HookGateRecord.GatewayState(
            HookGateRecord.Phase.STARTING, ProcessHandle.current().pid(), null, clock.instant());
    changed();
  }

  /**
   * The gateway listens.
   *
   * @param port where
   */
  public synchronized void listening(int port) {
    state =
        new HookGateRecord.GatewayState(
            HookGateRecord.Phase.RUNNING, state.pid(), port, clock.instant());
    changed();
  }

  /**
   * A normal stop begins: every live session's gates become held for its project (their providers
   * are about to be told to leave), and the record says the gateway stopped. Gateway loop.
   */
  public synchronized void stopping() {
    gates.holdAll(
        clock.instant(), "the gateway was stopped at " + GatewayDown.seconds(clock.instant()));
    state =
        new HookGateRecord.GatewayState(
            HookGateRecord.Phase.STOPPED, state.pid(), state.port(), clock.instant());
    changed();
  }

  /** The home's configuration changed: providers that left it take their gates along. */
  public synchronized void configurationChanged() {
    gates.configurationChanged();
    changed();
  }

  /** {@return what hook decisions consult besides the live sessions; any thread} */
  HomeGates.View view() {
    return view;
  }

  /** {@return the gates held now; gateway loop} */
  public synchronized List<HookGateRecord.Held> held() {
    return gates.held();
  }

  /**
   * Releases held gates (a person's command); gateway loop.
   *
   * @param provider whose
   * @param gateId one gate, or null for all of the provider's
   * @param project one project, or null for all
   * @return what was released
   */
  public synchronized List<HookGateRecord.Held> release(
      String provider, String gateId, String project) {
    List<HookGateRecord.Held> released = gates.release(provider, gateId, project);
    if (!released.isEmpty()) {
      changed();
    }
    return released;
  }

  @Override
  public synchronized void sessionStarted(SessionInfo session) {
    gates.sessionStarted(session);
    changed();
  }

  @Override
  public synchronized void hookRulesChanged(String sessionId, List<SessionHookRule> rules) {
    // The guard's own gate (issue 44) is not kept: a hook with no gateway evaluates the guard
    // itself, and holding its gate past a restart would deny every call of the session's project
    // until a session there bound it again.
    gates.rulesChanged(
        sessionId,
        rules.stream()
            .filter(rule -> !rule.provider().equals(HookDecisions.GUARD_PROVIDER))
            .toList());
    changed();
  }

  @Override
  public synchronized void providerConnected(ProviderInfo provider) {
    gates.providerBound(provider.name(), provider.spawnedAs(), provider.sessions());
    changed();
  }

  @Override
  public synchronized void providerDisconnected(ProviderInfo provider) {
    gates.providerLeft(provider.name(), provider.sessions());
    changed();
  }

  @Override
  public synchronized void sessionEnded(String sessionId) {
    gates.sessionEnded(sessionId);
    changed();
  }

  private void changed() {
    view = gates.view();
    String text = HookGateRecord.toJson(gates.contents(state));
    try {
      writer.execute(() -> replace(text));
    } catch (java.util.concurrent.RejectedExecutionException closed) {
      // Closed: the gateway is going away and its last record stands.
    }
  }

  private void replace(String text) {
    try {
      OwnerOnlyFiles.replace(file, text.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      // Readers then read the previous record: stale rules, never a half-written file.
      LOG.log(System.Logger.Level.WARNING, "cannot write " + file + ": " + e.getMessage());
    }
  }

  /** Finishes the writes already asked for (up to 2 s) and stops the writer. Idempotent. */
  @Override
  public void close() {
    writer.shutdown();
    try {
      writer.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
