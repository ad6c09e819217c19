package io.github.providergateway.gateway.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The providers a host is starting for each session, and who waits for them: a spawn token issued
 * or a spawned connection accepted counts as a provider starting until a provider with that
 * credential binds, its connection closes unbound, or {@link #GRACE} passes. A session is
 * <em>settled</em> when none is starting, no tool registration is waiting out its debounce, and no
 * restart is under way: then its host has been told every tool its providers brought (issue 34: a
 * one-shot MCP client asked {@code tools/list} before the session's config providers had bound, and
 * was told there were none). A host may also leave a session's providers unstarted until someone
 * first waits for them ({@link #whenWanted}): a session that only initializes (an agent's health
 * check) then starts none (issue 46). Loop only.
 */
final class StartingProviders {

  /** How long a provider being started is waited for: a connection's time to bind. */
  static final Duration GRACE = Duration.ofSeconds(30);

  private final Timers timers;
  private final SessionRegistry sessions;

  /** By session: the spawn names (or null) of providers starting, one entry each. */
  private final Map<String, List<Starting>> starting = new HashMap<>();

  /** By session: who waits for it to settle. */
  private final Map<String, List<CompletableFuture<Void>>> waiting = new HashMap<>();

  /**
   * By session: what starts its providers the first time someone waits for them, and returns the
   * spawn names it starts ({@link #whenWanted}).
   */
  private final Map<String, Supplier<List<String>>> unstarted = new HashMap<>();

  /** One provider being started, and the end of its grace. */
  private static final class Starting {
    final String spawnName;

    /** Announced by the host, its process not started yet. */
    boolean announced;

    io.github.providergateway.loop.Scheduler.Cancellable grace;

    Starting(String spawnName, boolean announced) {
      this.spawnName = spawnName;
      this.announced = announced;
    }
  }

  /** Registers a session's tools with its host now, without the debounce ({@link #check}). */
  private final Consumer<SessionState> registerNow;

  StartingProviders(Timers timers, SessionRegistry sessions, Consumer<SessionState> registerNow) {
    this.timers = timers;
    this.sessions = sessions;
    this.registerNow = registerNow;
  }

  /**
   * The host will start a provider for {@code sessionId} as {@code spawnName}: it counts as
   * starting from now, before its process runs (the host announces it as the session starts, so
   * that a client asking at once already waits for it).
   */
  void expected(String sessionId, String spawnName) {
    add(sessionId, new Starting(spawnName, true));
  }

  /**
   * The host starts {@code sessionId}'s providers only once they are wanted: the first {@link
   * #settled} of the session calls {@code start}, and the spawn names it returns count as {@link
   * #expected} before that wait is checked. A session that ends first never calls it.
   */
  void whenWanted(String sessionId, Supplier<List<String>> start) {
    if (sessions.active(sessionId) != null) {
      unstarted.put(sessionId, start);
    }
  }

  /**
   * The host is starting a provider for {@code sessionId}, spawned as {@code spawnName} (or null):
   * a spawn token issued, a spawned connection accepted. One it announced is the same provider.
   */
  void started(String sessionId, String spawnName) {
    List<Starting> entries = starting.get(sessionId);
    if (entries != null && spawnName != null) {
      for (Starting entry : entries) {
        if (entry.announced && spawnName.equals(entry.spawnName)) {
          entry.announced = false; // now under way: its grace starts again
          entry.grace.cancel();
          entry.grace = timers.after(GRACE, () -> forget(sessionId, entry));
          return;
        }
      }
    }
    add(sessionId, new Starting(spawnName, false));
  }

  /** The host could not start what it announced as {@code spawnName} for {@code sessionId}. */
  void failed(String sessionId, String spawnName) {
    ended(sessionId, spawnName);
  }

  private void add(String sessionId, Starting entry) {
    starting.computeIfAbsent(sessionId, id -> new ArrayList<>()).add(entry);
    entry.grace = timers.after(GRACE, () -> forget(sessionId, entry));
  }

  /**
   * A provider with a spawn credential for {@code sessionId} bound, or its connection closed
   * unbound.
   */
  void ended(String sessionId, String spawnName) {
    List<Starting> entries = starting.get(sessionId);
    if (entries == null) {
      return;
    }
    for (Starting entry : entries) {
      if (java.util.Objects.equals(entry.spawnName, spawnName)) {
        entry.grace.cancel();
        forget(sessionId, entry);
        return;
      }
    }
  }

  private void forget(String sessionId, Starting entry) {
    List<Starting> entries = starting.get(sessionId);
    if (entries != null && entries.remove(entry) && entries.isEmpty()) {
      starting.remove(sessionId);
    }
    check(sessionId);
  }

  /**
   * Completes once {@code sessionId} is settled (at once when it is, or when it is no session); the
   * caller bounds how long it waits. The first wait of a session whose providers start when wanted
   * starts them, and waits for them.
   */
  CompletableFuture<Void> settled(String sessionId) {
    Supplier<List<String>> start = unstarted.remove(sessionId);
    if (start != null && sessions.active(sessionId) != null) {
      // Active, not ending: a session on its way out starts nothing.
      start.get().forEach(name -> expected(sessionId, name));
    }
    CompletableFuture<Void> future = new CompletableFuture<>();
    waiting.computeIfAbsent(sessionId, id -> new ArrayList<>()).add(future);
    check(sessionId);
    return future;
  }

  /**
   * Completes who waits for {@code sessionId} if it has settled: after anything that may settle it.
   * A session whose first tool list waits out the debounce with nothing else to wait for has it
   * registered now (issue 46): the debounce batches changes the host was already told of, and a new
   * session always has one (the {@code "all"}-bound guard binds in it), so an agent window's first
   * {@code tools/list} would wait 200 ms for nothing. Later changes are debounced as ever.
   */
  void check(String sessionId) {
    List<CompletableFuture<Void>> waiters = waiting.get(sessionId);
    if (waiters == null) {
      return;
    }
    SessionState session = sessions.active(sessionId);
    if (session != null
        && !starting.containsKey(sessionId)
        && session.restarts.isEmpty()
        && session.registrationPending()
        && !session.everFlushed()) {
      registerNow.accept(session); // its flush checks again, and the waiters settle
      return;
    }
    boolean settled =
        session == null
            || (!starting.containsKey(sessionId)
                && !session.registrationPending()
                && session.restarts.isEmpty());
    if (settled) {
      waiting.remove(sessionId);
      waiters.forEach(waiter -> waiter.complete(null));
    }
  }

  /** The session ended: nothing is starting for it any more, and its waiters are done. */
  void sessionEnded(String sessionId) {
    unstarted.remove(sessionId);
    List<Starting> entries = starting.remove(sessionId);
    if (entries != null) {
      entries.forEach(entry -> entry.grace.cancel());
    }
    List<CompletableFuture<Void>> waiters = waiting.remove(sessionId);
    if (waiters != null) {
      waiters.forEach(waiter -> waiter.complete(null));
    }
  }
}
