package io.github.providergateway.app.run;

import io.github.providergateway.app.home.ProjectConfig;
import io.github.providergateway.federation.FederatedMcpServer;
import io.github.providergateway.host.api.HostErrorCode;
import io.github.providergateway.host.api.HostException;
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
import java.util.function.Function;

/**
 * The runs of {@link ProjectProviders}, by session and entry name, with the sessions they serve and
 * whether the app is stopping, all under one lock (this object's). The lock is held while anything
 * here changes, while a process is started and registered, and while {@link #close} marks the end
 * and kills what is registered: a start that was under way when the app stopped either registered
 * its process before (and close kills it) or sees the end and starts none.
 */
final class SessionRuns {

  /** How long a stopped run has before it is killed. */
  private final Duration killGrace;

  /** Set by {@link #close}. */
  private boolean closed;

  /** Active sessions whose providers were started, in the order they started. */
  private final Set<String> activeSessions = new LinkedHashSet<>();

  /** The first session whose providers started: entries marked "first" run there. */
  private String firstSession;

  /**
   * Each active session's project folder (its working directory), or null for one without: what
   * {@code ${project}} means for it and which MCP servers it shares.
   */
  private final Map<String, Path> projects = new HashMap<>();

  /** What runs, by session and entry name. */
  private final Map<String, Map<String, ProviderRun>> runs = new LinkedHashMap<>();

  /** Runs being stopped, until they have exited: closing kills them too. */
  private final Set<ProviderRun> stopping = new HashSet<>();

  SessionRuns(Duration killGrace) {
    this.killGrace = killGrace;
  }

  /** {@code sessionId} opened in {@code project} (or none). */
  synchronized void opened(String sessionId, Path project) {
    projects.put(sessionId, project);
  }

  /** {@return the project of {@code sessionId}, or null} */
  synchronized Path projectOf(String sessionId) {
    return projects.get(sessionId);
  }

  /** {@code sessionId} is ending: a reload from now on leaves it alone. */
  synchronized void ending(String sessionId) {
    activeSessions.remove(sessionId);
  }

  /** {@code sessionId}'s providers start now: the first such session runs the "first" entries. */
  synchronized void startsNow(String sessionId) {
    if (firstSession == null && !closed) {
      firstSession = sessionId;
    }
  }

  /** {@return whether {@code sessionId} became active: not when the app is stopping} */
  synchronized boolean activate(String sessionId) {
    if (closed) {
      return false;
    }
    activeSessions.add(sessionId);
    return true;
  }

  /** {@return whether {@code entry} runs in {@code sessionId}: every session, or the first one} */
  synchronized boolean isDue(ProjectConfig.Entry entry, String sessionId) {
    return entry.forEverySession() || sessionId.equals(firstSession);
  }

  /** {@return whether the app is stopping} */
  synchronized boolean closed() {
    return closed;
  }

  /** {@return the active sessions, in start order} */
  synchronized List<String> active() {
    return List.copyOf(activeSessions);
  }

  /** {@return whether a run of the entry {@code name} runs in some session} */
  synchronized boolean runsOne(String name) {
    return runs.values().stream().anyMatch(ofSession -> ofSession.containsKey(name));
  }

  /**
   * Registers {@code run}, unless the app is stopping (then it is killed). Callers hold no lock.
   */
  void register(String sessionId, ProviderRun run) {
    synchronized (this) {
      if (!closed) {
        ProviderRun replaced =
            runs.computeIfAbsent(sessionId, id -> new LinkedHashMap<>())
                .put(run.entry().name(), run);
        if (replaced != null) {
          stop(replaced); // a second start of one entry: the older run goes
        }
        return;
      }
    }
    run.kill();
  }

  /** {@return how a start joins {@code sessionId}'s runs: under the lock, killed after close} */
  RunStart.Runs of(String sessionId) {
    return new RunStart.Runs() {
      @Override
      public ProviderRun startWhileOpen(RunStart.Start start) throws Exception {
        synchronized (SessionRuns.this) {
          if (closed) {
            return null;
          }
          ProviderRun run = start.start();
          register(sessionId, run);
          return run;
        }
      }

      @Override
      public void keep(ProviderRun run) {
        register(sessionId, run);
      }

      @Override
      public boolean closed() {
        return SessionRuns.this.closed();
      }
    };
  }

  /**
   * Stops {@code run} within the kill grace; it stays known until it has exited, so that closing
   * the app meanwhile still kills it.
   *
   * @return completes once it has exited
   */
  CompletableFuture<?> stop(ProviderRun run) {
    synchronized (this) {
      stopping.add(run);
    }
    CompletableFuture<?> exited = run.stop(killGrace);
    exited.whenComplete(
        (done, error) -> {
          synchronized (this) {
            stopping.remove(run);
          }
        });
    return exited;
  }

  /**
   * The session's deadline passed: terminate what still runs, and kill it after the grace. Those
   * that said goodbye are stopping already; the others get their stdin closed (stdio) or SIGTERM
   * now. They stay known until they have exited: the app stopping meanwhile kills them (close).
   */
  void stopSession(String sessionId) {
    List<ProviderRun> ending;
    synchronized (this) {
      projects.remove(sessionId);
      Map<String, ProviderRun> ofSession = runs.remove(sessionId);
      ending = ofSession == null ? List.of() : List.copyOf(ofSession.values());
    }
    ending.forEach(this::stop);
  }

  /** {@return the processes started for {@code sessionId} and not yet stopped} */
  synchronized List<Process> processesOf(String sessionId) {
    List<Process> all = new ArrayList<>();
    for (ProviderRun run : runs.getOrDefault(sessionId, Map.of()).values()) {
      if (run.process() != null) {
        all.add(run.process());
      }
    }
    return List.copyOf(all);
  }

  /** {@return the MCP servers federated into {@code sessionId}, and where each is in its life} */
  synchronized List<FederatedMcpServer.Status> mcpServersOf(String sessionId) {
    return runs.getOrDefault(sessionId, Map.of()).values().stream()
        .filter(McpRun.class::isInstance)
        .map(run -> ((McpRun) run).server().status())
        .toList();
  }

  /** A step of a reload's plan that stops a run, and the run it stops. */
  record Change(ReloadPlan.Step step, ProviderRun running) {}

  /** A reload's plan and the runs it stops. */
  record Reload(ReloadPlan plan, List<Change> ending) {}

  /**
   * Makes a reload's plan over the active sessions and takes the runs it stops (restarts first),
   * then runs {@code inForce}, all under the lock, so that no session starts or ends in between.
   *
   * @throws HostException {@code GATEWAY_CLOSED} when the app is stopping
   */
  synchronized Reload plan(
      Function<List<ReloadPlan.Session>, ReloadPlan> planner, Runnable inForce) {
    if (closed) {
      throw new HostException(HostErrorCode.GATEWAY_CLOSED, "the gateway is stopping");
    }
    List<ReloadPlan.Session> sessions = new ArrayList<>();
    for (String sessionId : activeSessions) {
      Map<String, ProjectConfig.Entry> running = new LinkedHashMap<>();
      runs.getOrDefault(sessionId, Map.of()).forEach((name, run) -> running.put(name, run.entry()));
      sessions.add(new ReloadPlan.Session(sessionId, sessionId.equals(firstSession), running));
    }
    ReloadPlan plan = planner.apply(sessions);
    List<Change> ending = new ArrayList<>();
    List<ReloadPlan.Step> stops = new ArrayList<>(plan.of(ReloadPlan.Action.RESTART));
    stops.addAll(plan.of(ReloadPlan.Action.STOP));
    for (ReloadPlan.Step step : stops) {
      ending.add(new Change(step, runs.get(step.sessionId()).get(step.name())));
    }
    inForce.run();
    return new Reload(plan, ending);
  }

  /** Stops the run a reload took, once no longer known as its session's. */
  CompletableFuture<?> stop(Change change) {
    synchronized (this) {
      Map<String, ProviderRun> ofSession = runs.get(change.step().sessionId());
      if (ofSession != null) {
        ofSession.remove(change.step().name(), change.running());
      }
    }
    return stop(change.running());
  }

  /**
   * Marks the end and kills every run, those being stopped too: those whose kill waits (MCP
   * servers) last, outside the lock.
   */
  void close() {
    List<ProviderRun> all = new ArrayList<>();
    synchronized (this) {
      closed = true;
      runs.values().forEach(ofSession -> all.addAll(ofSession.values()));
      all.addAll(stopping);
      runs.clear();
      stopping.clear();
      for (ProviderRun run : all) {
        if (!run.killWaits()) {
          run.kill();
        }
      }
    }
    // The app is stopping: each server gets its stdin closed, then half a second before SIGTERM.
    for (ProviderRun run : all) {
      if (run.killWaits()) {
        run.kill();
      }
    }
  }
}
