package io.github.providergateway.federation;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
import io.github.providergateway.host.api.McpFeature;
import io.github.providergateway.loop.Backoff;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.transport.stdio.ProcessLog;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * An MCP server federated into one or more sessions as a provider of project trust, kept running:
 * started when {@link #start} is called (the host does it when the session starts), restarted with
 * exponential backoff when it dies, stopped with its last session or by {@link #stop}. Sessions of
 * one project may share it ({@link #join}): one process serves them all, each session's calls its
 * own, and a session that ends leaves it to the others ({@link McpBridge}).
 *
 * <p>Lifecycle: {@link State#STARTING} → {@link State#RUNNING} (its tools are in the session); on a
 * crash → {@link State#RESTARTING} (its tools have left the session, calls in flight ended {@code
 * DISCONNECTED}) → {@code STARTING} after 1 s, 2 s, 4 s … up to 30 s; after {@value #MAX_FAILURES}
 * failures in a row without a run of at least a minute → {@link State#FAILED}, and it is left
 * alone. A server that answers and refuses both eras of MCP (decision 115) → {@link State#FAILED}
 * at once, with why in {@link Status#lastProblem}. Its last session ending, the gateway closing its
 * last connection or {@link #stop} → {@link State#STOPPED}, for good. Each change is written to the
 * server's log.
 *
 * <pre>{@code
 * McpServerConfig fs = McpServerConfig.stdio("fs", List.of("npx", "-y", "@modelcontextprotocol/server-filesystem", "."))
 *     .withLog(home.resolve("logs/fs.log"));
 * FederatedMcpServer server = FederatedMcpServer.start(gateway, sessionId, fs, SystemScheduler.create());
 * }</pre>
 */
public final class FederatedMcpServer {

  /** Failures in a row after which the server is not started again. */
  public static final int MAX_FAILURES = 5;

  /** A run at least this long resets the failure count: the server worked, then died. */
  static final Duration HEALTHY_RUN = Duration.ofMinutes(1);

  private static final Backoff BACKOFF =
      Backoff.exponential(Duration.ofSeconds(1), Duration.ofSeconds(30));

  /** Where a federated server is in its life. */
  public enum State {
    /** Being started and initialized; its tools are not in the session yet. */
    STARTING,
    /** Initialized; its tools are in the session. */
    RUNNING,
    /** It died; it will be started again after a backoff. */
    RESTARTING,
    /** It failed too often in a row; it is not started again. */
    FAILED,
    /** It was stopped (session end, shutdown); for good. */
    STOPPED
  }

  /**
   * What {@link #status} says.
   *
   * @param name the server's provider name
   * @param state where it is
   * @param restarts how many times it was started again after dying
   * @param lastProblem what ended its last run or start, or null
   * @param nextStart when it will be started again, in {@code RESTARTING}; null otherwise
   */
  public record Status(
      String name, State state, int restarts, String lastProblem, Instant nextStart) {}

  private final Gateway gateway;

  /** The sessions it serves, in the order they joined; guarded by this. */
  private final Set<String> sessions = new LinkedHashSet<>();

  private final McpServerConfig config;
  private final Scheduler scheduler;
  private final ProcessLog log;
  private State state = State.STARTING;
  private int failuresInARow;
  private int restarts;
  private String lastProblem;
  private Instant nextStart;
  private Instant runStarted;
  private McpBridge current;
  private Scheduler.Cancellable pendingRestart;

  /**
   * What takes its resources, prompts and completions out of each session it offers them to
   * (decision 123), by session; guarded by this.
   */
  private final Map<String, Runnable> offered = new LinkedHashMap<>();

  private FederatedMcpServer(
      Gateway gateway, String sessionId, McpServerConfig config, Scheduler scheduler) {
    this.gateway = gateway;
    this.sessions.add(sessionId);
    this.config = config;
    this.scheduler = scheduler;
    this.log = new ProcessLog(config.log(), gateway.transports().clock());
  }

  /**
   * Starts {@code config}'s server for {@code sessionId}; returns at once.
   *
   * @param gateway the gateway whose session gets the server's tools
   * @param sessionId the session; the server is scoped to it, as a spawned provider is
   * @param config how to start or reach the server
   * @param scheduler runs the restarts' backoff (the gateway's, or a manual clock in tests)
   * @return the running server
   */
  public static FederatedMcpServer start(
      Gateway gateway, String sessionId, McpServerConfig config, Scheduler scheduler) {
    FederatedMcpServer server =
        new FederatedMcpServer(
            requireNonNull(gateway, "gateway"),
            requireNonNull(sessionId, "sessionId"),
            requireNonNull(config, "config"),
            requireNonNull(scheduler, "scheduler"));
    server.offerTo(sessionId);
    server.run();
    return server;
  }

  /**
   * Serves {@code sessionId} as well: its tools are registered there now if the server runs, else
   * when it next does.
   *
   * @param sessionId a session of the same project
   * @return completes once its tools are registered in that session; fails when the server has
   *     stopped or failed for good (start another), or the gateway refused the session
   */
  public CompletableFuture<Void> join(String sessionId) {
    requireNonNull(sessionId, "sessionId");
    McpBridge running;
    CompletableFuture<Void> next;
    synchronized (this) {
      if (state == State.STOPPED || state == State.FAILED) {
        return CompletableFuture.failedFuture(
            new IllegalStateException(
                "the MCP server '" + config.name() + "' is " + state.name().toLowerCase()));
      }
      sessions.add(sessionId);
      offerTo(sessionId);
      running = current;
      next = startedFuture;
    }
    if (running != null) {
      log.note("serving session " + sessionId + " as well");
      return running.join(sessionId); // bound now, or once the run being started is initialized
    }
    return next; // restarting: the next run binds every session it then serves
  }

  /**
   * Stops serving {@code sessionId}, as its ending does; stops the server when it served no other.
   *
   * @param sessionId the session
   * @param grace how long the server may take to exit when it is stopped
   */
  public void leave(String sessionId, Duration grace) {
    boolean last;
    McpBridge running;
    synchronized (this) {
      if (!sessions.remove(sessionId)) {
        return;
      }
      withdrawFrom(sessionId);
      last = sessions.isEmpty();
      running = current;
    }
    if (last) {
      stop(grace);
    } else if (running != null) {
      running.leave(sessionId);
    }
  }

  /** {@return the sessions it serves now, in the order they joined} */
  public synchronized List<String> sessions() {
    return List.copyOf(sessions);
  }

  /** {@return where the server is, how often it restarted and why it last stopped} */
  public synchronized Status status() {
    return new Status(config.name(), state, restarts, lastProblem, nextStart);
  }

  /**
   * Completes when the server is {@link State#RUNNING} with its tools registered; fails if this
   * start fails (a later restart may still succeed).
   *
   * @return the current run's start
   */
  public synchronized CompletableFuture<Void> started() {
    return startedFuture;
  }

  private CompletableFuture<Void> startedFuture = new CompletableFuture<>();

  /**
   * Stops the server for good: its tools leave the session, calls in flight end {@code
   * DISCONNECTED}. Blocks at most {@code grace}: stdin closed, then SIGTERM halfway, then SIGKILL.
   *
   * @param grace how long the server may take to exit
   */
  public void stop(Duration grace) {
    McpBridge run;
    synchronized (this) {
      if (state == State.STOPPED) {
        return;
      }
      state = State.STOPPED;
      nextStart = null;
      if (pendingRestart != null) {
        pendingRestart.cancel();
      }
      withdrawAll();
      run = current;
    }
    log.note("stopping");
    if (run != null) {
      run.stop(grace);
    }
  }

  /** The era the running server is served in, or null. For tests and diagnostics. */
  synchronized McpBridge.Era era() {
    return current == null ? null : current.era();
  }

  /** The process of a running stdio server, or null. For tests and diagnostics. */
  synchronized Process process() {
    return current == null ? null : current.process();
  }

  private void run() {
    McpBridge bridge;
    CompletableFuture<Void> started;
    List<String> serving;
    synchronized (this) {
      if (state == State.STOPPED) {
        return;
      }
      if (sessions.isEmpty()) {
        state = State.STOPPED; // every session left while it waited to start again
        return;
      }
      state = State.STARTING;
      nextStart = null;
      runStarted = gateway.transports().clock().instant();
      bridge =
          new McpBridge(
              config,
              gateway,
              log,
              scheduler,
              new McpBridge.Ended() {
                @Override
                public void ended(String why, boolean restart) {
                  FederatedMcpServer.this.ended(why, restart);
                }

                @Override
                public void refused(String why) {
                  FederatedMcpServer.this.refused(why);
                }

                @Override
                public void offersChanged(McpFeature listing) {
                  List<String> served;
                  synchronized (FederatedMcpServer.this) {
                    served = List.copyOf(offered.keySet());
                  }
                  served.forEach(id -> gateway.mcpOffers().listChanged(id, config.name(), listing));
                }

                @Override
                public void left(String sessionId) {
                  synchronized (FederatedMcpServer.this) {
                    sessions.remove(sessionId);
                    withdrawFrom(sessionId);
                  }
                }
              });
      current = bridge;
      started = startedFuture;
      serving = List.copyOf(sessions);
    }
    log.note("starting " + (config.isStdio() ? String.join(" ", config.command()) : config.url()));
    bridge
        .start(serving)
        .whenComplete(
            (ok, failure) -> {
              if (failure == null) {
                synchronized (this) {
                  if (state == State.STARTING && current == bridge) {
                    state = State.RUNNING;
                  }
                }
                log.note("running; its tools are in session(s) " + String.join(", ", serving));
                started.complete(null);
              } else {
                started.completeExceptionally(failure);
              }
            });
  }

  /** A run ended: restart it after a backoff if it died, else stop. */
  private void ended(String why, boolean restart) {
    synchronized (this) {
      lastProblem = why;
      if (!restart || state == State.STOPPED) {
        state = State.STOPPED;
        sessions.clear();
        withdrawAll();
        current = null;
        log.note("stopped: " + why);
        return;
      }
      Duration ran = Duration.between(runStarted, gateway.transports().clock().instant());
      failuresInARow = ran.compareTo(HEALTHY_RUN) >= 0 ? 1 : failuresInARow + 1;
      current = null;
      if (failuresInARow >= MAX_FAILURES) {
        state = State.FAILED;
        log.note(why + "; " + failuresInARow + " failures in a row: not started again");
        tellSessions(
            "MCP server failed "
                + failuresInARow
                + " times in a row and is not started again: "
                + why);
        return;
      }
      Duration delay = BACKOFF.delay(failuresInARow - 1);
      state = State.RESTARTING;
      restarts++;
      nextStart = gateway.transports().clock().instant().plus(delay);
      startedFuture = new CompletableFuture<>();
      pendingRestart = scheduler.schedule(delay, this::run);
      log.note(why + "; restarting in " + delay.toMillis() + " ms");
      tellSessions("MCP server: " + why + "; restarting in " + delay.toMillis() + " ms");
    }
  }

  /**
   * The server refused every era the gateway speaks: failed by name at once, never restarted — a
   * restart would be refused the same way (decision 115; issue 81's restart loop every 2 s).
   */
  private void refused(String why) {
    synchronized (this) {
      lastProblem = why;
      current = null;
      nextStart = null;
      if (state == State.STOPPED) {
        return;
      }
      state = State.FAILED;
      log.note(why + ": failed, not started again");
      tellSessions("MCP server failed, not started again: " + why);
    }
  }

  /**
   * Offers the server's resources, prompts and completions to {@code sessionId} (decision 123),
   * asked of its run of the moment. Holds this.
   */
  private void offerTo(String sessionId) {
    if (!offered.containsKey(sessionId)) {
      offered.put(
          sessionId,
          gateway
              .mcpOffers()
              .offer(sessionId, config.name(), (method, params) -> ask(sessionId, method, params)));
    }
  }

  /** Takes the server's offer out of {@code sessionId}. Holds this. */
  private void withdrawFrom(String sessionId) {
    Runnable withdraw = offered.remove(sessionId);
    if (withdraw != null) {
      withdraw.run();
    }
  }

  /** Takes the server's offer out of every session. Holds this. */
  private void withdrawAll() {
    offered.values().forEach(Runnable::run);
    offered.clear();
  }

  /**
   * Asks the running server {@code method}. One still starting for the first time is waited for
   * (the session's first request may come before it is up; the gateway bounds the wait); one
   * restarting, failed or stopped answers at once with where it is and why, never a wait.
   */
  private CompletableFuture<JsonNode> ask(String sessionId, McpFeature method, JsonNode params) {
    McpBridge run;
    State now;
    String problem;
    CompletableFuture<Void> starting;
    boolean firstStart;
    synchronized (this) {
      run = current;
      now = state;
      problem = lastProblem;
      starting = startedFuture;
      firstStart = restarts == 0;
    }
    if (now == State.STARTING && firstStart && !starting.isDone()) {
      return starting.thenCompose(up -> ask(sessionId, method, params));
    }
    EraClient client = run == null || now != State.RUNNING ? null : run.served();
    if (client == null) {
      return CompletableFuture.failedFuture(
          new HostException(
              HostErrorCode.INTERNAL,
              "the MCP server '"
                  + config.name()
                  + "' is "
                  + now.name().toLowerCase(java.util.Locale.ROOT)
                  + (problem == null ? "" : " (" + problem + ")")));
    }
    PromptPrefix prefix = new PromptPrefix(config.toolPrefix());
    JsonNode asked;
    try {
      asked = prefix.asked(method, params);
    } catch (HostException refused) {
      return CompletableFuture.failedFuture(refused);
    }
    return client
        .feature(sessionId, method, asked)
        .thenApply(result -> prefix.listed(method, result));
  }

  /** Writes {@code text} in the timeline of every session it serves. Holds this. */
  private void tellSessions(String text) {
    for (String sessionId : sessions) {
      gateway.spawning().log(sessionId, "mcp:" + config.name(), text);
    }
  }
}
