package io.github.providergateway.host;

import static io.github.providergateway.loop.base.Durations.requirePositive;
import static java.util.Objects.requireNonNull;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.host.api.PersonCheck;
import io.github.providergateway.loop.Backend;
import io.github.providergateway.loop.Scheduler;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * The gateway's host side, independent of the carrier: runs the host operations of spec/host-rpc.md
 * for every connected agent host, and keeps track of which host owns which session (spec:
 * Multi-session model).
 *
 * <p><b>Connections.</b> A carrier opens one {@link HostChannel} per host connection: {@link
 * #openTrusted} for a host that is trusted by how it reached the gateway (the {@code --rpc} app's
 * own stdin), {@link #open} for one that must first send {@code host.auth} with the gateway token
 * (the WebSocket {@code /host} endpoint; the token is compared in constant time). A first command
 * other than {@code host.auth} gets {@code UNAUTHORIZED}, a wrong token {@code AUTH_FAILED}, and
 * either closes the connection; so does silence past {@link Builder#authTimeout}. Hosts have
 * internal trust: any host may drive any session.
 *
 * <p><b>Ownership.</b> A session belongs to the connection that started it. Its timeline ({@code
 * session.log}, {@code session.send}, {@code tools.changed}) and its end ({@code session.ended}) go
 * to that connection, and to every observer connection ({@code host.auth} with {@code observer:
 * true}, an attached console). Gateway-wide {@code provider.connected} / {@code
 * provider.disconnected} go to every authenticated connection.
 *
 * <p><b>Re-claim.</b> {@code host.auth}'s reply carries a {@code reclaimToken}. When a connection
 * drops, its sessions keep running for {@link Builder#reclaimGrace} (default 30 s, the reconnect
 * token TTL); a new connection whose {@code host.auth} presents the token takes them back (its
 * reply lists them in {@code reclaimed}, and each gets a fresh {@code tools.changed}). The reply's
 * {@code gatewayId} names this gateway run, so a host can tell a restarted gateway from a dropped
 * connection. At the end of the grace they are ended as any session ends: providers get {@code
 * shutdown.pending} with the default deadline.
 *
 * <p><b>Idle exit.</b> With {@link Builder#idleExit}, once {@link #startIdleExit} is called, the
 * service runs an action when no session has existed and no host has been connected for the grace
 * (the detached gateway's exit, R-SESS-15); a session starting or a host connecting within it
 * cancels the countdown.
 *
 * <p>Thread-safe. Its state lives on the gateway loop ({@link Gateway#loop()}) like the gateway's
 * own: carriers deliver on their own threads, and what they deliver is handled there, in order.
 * Text a carrier delivers waits for the loop as text, counted against the gateway's {@link
 * Gateway#inboundBacklog()} with the providers' (past it the carrier is told to stop reading, and
 * one that goes on is closed), and is decoded there, one command at a time. Time comes from the
 * builder's {@link Builder#backend}, or else the gateway's {@link Scheduler}.
 */
public final class HostService implements AutoCloseable {

  /** Connections, owners, sessions, commands and timers, on the gateway loop. */
  private final HostSide side;

  /** The scheduler the builder's backend made for this service, released by close; or null. */
  private final Scheduler ownScheduler;

  private HostService(Builder b) {
    Gateway gateway = b.gateway;
    Duration reclaimGrace =
        b.reclaimGrace == null ? gateway.limits().connections().reconnectWindow() : b.reclaimGrace;
    RandomGenerator random = b.backend != null ? b.backend.random() : new SecureRandom();
    this.ownScheduler = b.backend != null ? b.backend.scheduler() : null;
    Scheduler scheduler = ownScheduler != null ? ownScheduler : gateway.scheduler();
    // This run's id takes the first random bytes, re-claim tokens the ones after (tests pin them).
    byte[] run = new byte[8];
    random.nextBytes(run);
    String gatewayId = "gw-" + HexFormat.of().formatHex(run);
    this.side =
        new HostSide(
            gateway,
            new HostSide.Settings(
                scheduler,
                reclaimGrace,
                b.authTimeout,
                b.idleExitGrace,
                b.onIdle,
                b.onShutdown,
                b.promptSections,
                random,
                gatewayId,
                b.decisionLog,
                b.statusLinks,
                b.providerReloads,
                b.heldGates,
                b.personCheck));
  }

  /**
   * Starts the idle exit set with {@link Builder#idleExit}: from now on the action runs once no
   * session has existed and no host has been connected for the grace. Call it once hosts can find
   * the gateway (its server listens and its port is published), so that a slow start does not use
   * up the grace before any host could arrive. Without {@code idleExit}, or called again, it does
   * nothing.
   */
  public void startIdleExit() {
    side.startIdleExit();
  }

  /**
   * Starts configuring the host side of {@code gateway}.
   *
   * @param gateway the gateway the hosts use
   * @return a new builder
   */
  public static Builder builder(Gateway gateway) {
    return new Builder(gateway);
  }

  /**
   * Opens a connection that must authenticate with {@code host.auth} first.
   *
   * @param connection the carrier's side, which replies and events go to
   * @return the service's side, which the carrier delivers commands to
   */
  public HostChannel open(HostConnection connection) {
    return side.open(requireNonNull(connection, "connection"));
  }

  /**
   * Opens a connection that is authenticated by how it reached the gateway (the {@code --rpc} app's
   * own standard input): it owns the sessions it starts and hears every provider event.
   *
   * @param connection the carrier's side, which replies and events go to
   * @return the service's side, which the carrier delivers commands to
   */
  public HostChannel openTrusted(HostConnection connection) {
    return side.openTrusted(requireNonNull(connection, "connection"));
  }

  /** {@return how many hosts are connected and authenticated now; completes on the gateway loop} */
  public CompletableFuture<Integer> connectedHosts() {
    return side.connectedHosts();
  }

  /**
   * {@return the live sessions owned by no connection, waiting in their re-claim grace}; completes
   * on the gateway loop.
   */
  public CompletableFuture<Set<String>> orphanedSessions() {
    return side.orphanedSessions();
  }

  /**
   * Cancels the service's timers, and stops the scheduler its {@link Builder#backend} made for it;
   * connections are the carriers' to close. Idempotent.
   */
  @Override
  public void close() {
    side.close();
    if (ownScheduler != null) {
      Backend.release(ownScheduler);
    }
  }

  /**
   * Configures a {@link HostService}. Defaults: a re-claim grace of the gateway's reconnect window
   * (30 s), 10 s to authenticate, no idle exit, {@code shutdown} refused, no default prompt
   * sections, a {@link SecureRandom} for re-claim tokens, and the gateway's own scheduler ({@link
   * Gateway#scheduler()}), so that a gateway on a manual clock has its host side on it too.
   */
  public static final class Builder {
    private final Gateway gateway;
    private Backend backend;
    private Duration reclaimGrace;
    private Duration authTimeout = Duration.ofSeconds(10);
    private Duration idleExitGrace;
    private Runnable onIdle;
    private Consumer<Duration> onShutdown;
    private Map<String, String> promptSections = Map.of();
    private DecisionLog decisionLog;
    private java.util.function.Supplier<java.net.URI> statusLinks;
    private ProviderReloads providerReloads;
    private HeldGates heldGates;
    private PersonCheck personCheck = PersonCheck.ANYONE;

    private Builder(Gateway gateway) {
      this.gateway = requireNonNull(gateway, "gateway");
    }

    /**
     * Where the service's time and secrets come from: its scheduler (the grace periods, the time to
     * authenticate) and the generator of its run id and re-claim tokens. Tests pass {@code
     * ManualClock.backend()}. A scheduler the backend makes is the service's: {@link
     * HostService#close()} releases it ({@link Backend#release}). Default: none, so the gateway's
     * scheduler ({@link Gateway#scheduler()}: a gateway on a manual clock has its host side on it
     * too) and a {@link SecureRandom}.
     *
     * @param backend the source of time and secrets
     * @return this builder
     */
    public Builder backend(Backend backend) {
      this.backend = requireNonNull(backend, "backend");
      return this;
    }

    /**
     * How long a dropped host's sessions wait for it to come back.
     *
     * @param grace a positive duration
     * @return this builder
     */
    public Builder reclaimGrace(Duration grace) {
      this.reclaimGrace = requirePositive(grace, "reclaimGrace");
      return this;
    }

    /**
     * How long a new connection has to send {@code host.auth}.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public Builder authTimeout(Duration timeout) {
      this.authTimeout = requirePositive(timeout, "authTimeout");
      return this;
    }

    /**
     * Runs {@code action} (once) after {@code grace} with no session and no connected host; a
     * session or a host arriving within it restarts the wait (the detached gateway, R-SESS-15). The
     * countdown runs only after {@link HostService#startIdleExit}.
     *
     * @param grace how long the gateway stays up with nothing to serve; positive
     * @param action what stops it
     * @return this builder
     */
    public Builder idleExit(Duration grace, Runnable action) {
      this.idleExitGrace = requirePositive(grace, "grace");
      this.onIdle = requireNonNull(action, "action");
      return this;
    }

    /**
     * Lets hosts stop the gateway: {@code shutdown} is replied to, then {@code action} runs with
     * the command's deadline (default 10 s). Without it, {@code shutdown} is refused.
     *
     * @param action stops the gateway, given the sessions' deadline
     * @return this builder
     */
    public Builder onShutdown(Consumer<Duration> action) {
      this.onShutdown = requireNonNull(action, "action");
      return this;
    }

    /**
     * The system-prompt sections a {@code prompt} command runs on when it gives none (R-RPC-20), in
     * order. Default: none, so providers' transforms only see what a command sends.
     *
     * @param sections section name → text, in order; copied
     * @return this builder
     */
    public Builder defaultPromptSections(Map<String, String> sections) {
      requireNonNull(sections, "sections")
          .forEach(
              (name, text) -> {
                requireNonNull(name, "a section name");
                requireNonNull(text, "the text of section " + name);
              });
      this.promptSections = Collections.unmodifiableMap(new LinkedHashMap<>(sections));
      return this;
    }

    /**
     * The audit trail {@code audit.query} answers from; the caller adds it to the gateway as a
     * listener. Without one, {@code audit.query} is refused {@code UNAUTHORIZED}.
     *
     * @param log the gateway's latest decisions
     * @return this builder
     */
    public Builder decisionLog(DecisionLog log) {
      this.decisionLog = requireNonNull(log, "log");
      return this;
    }

    /**
     * Where {@code status.link} gets its links: each call must issue a new one-time link to the
     * gateway's status page (the status-page module's {@code StatusPage.openLink}). Without one,
     * {@code status.link} is refused {@code UNAUTHORIZED}.
     *
     * @param links issues a link per call, on the gateway loop; must not block
     * @return this builder
     */
    public Builder statusLinks(java.util.function.Supplier<java.net.URI> links) {
      this.statusLinks = requireNonNull(links, "links");
      return this;
    }

    /**
     * What serves {@code providers.reload}: the host that spawns the project's providers (the
     * reference app with {@code --config}). Without one, {@code providers.reload} is refused {@code
     * UNAUTHORIZED}.
     *
     * @param reloads re-reads the config and restarts providers; called on the gateway loop
     * @return this builder
     */
    public Builder providerReloads(ProviderReloads reloads) {
      this.providerReloads = requireNonNull(reloads, "reloads");
      return this;
    }

    /**
     * What serves {@code gates.held} and {@code gates.release}: the host that keeps the home's
     * record of gates held in force while their provider is not bound (the reference app). Without
     * one, both are refused {@code UNAUTHORIZED}: this gateway keeps no record of gates.
     *
     * @param gates lists and releases held gates; called on the gateway loop
     * @return this builder
     */
    public Builder heldGates(HeldGates gates) {
      this.heldGates = requireNonNull(gates, "gates");
      return this;
    }

    /**
     * Who may send the commands that are the person's (issue 75): {@code gate.answer} (for a
     * question of a session the host does not own), {@code status.link}, {@code gates.release} and
     * {@code shutdown}. Each is refused {@code UNAUTHORIZED}, saying why, when the check refuses
     * the host's process: the far end of its socket, or for a connection opened on this process's
     * own input ({@code --rpc}) this process. Default {@link PersonCheck#ANYONE}: whoever holds the
     * token; the reference app refuses a process on a coding agent's side.
     *
     * @param check the check
     * @return this builder
     */
    public Builder personCheck(PersonCheck check) {
      this.personCheck = requireNonNull(check, "check");
      return this;
    }

    /**
     * The host side, ready for {@link HostService#open} and {@link HostService#openTrusted}.
     *
     * @return a new host service
     */
    public HostService build() {
      return new HostService(this);
    }
  }
}
