package io.github.providergateway.gateway.internal;

import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SerialExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Providers the host is restarting (architecture, decision 34): the host names what it spawned
 * ({@code Gateway.spawning().restarting(sessionId, spawnName, grace)}); until a provider spawned
 * under that name says {@code hello} in that session again, or the grace runs out, the session's
 * tool registration waits and the provider's tools stay listed, so the host (and an agent behind
 * it) hears of the restart once, with the list as it is afterwards. A call to a held tool fails
 * {@code DISCONNECTED} at once. The provider's hook rules stay in force meanwhile ({@link
 * HookEngine}): a guardrail being reloaded must not open a window in which what it blocks goes
 * through, so its deny rules deny and its gates, which cannot be asked, deny too. Providers see
 * nothing of it: nothing on the wire changes. Loop only.
 */
final class Restarts {

  /**
   * One restart under way in a session.
   *
   * @param tools the host tools it holds, as the host last had them listed
   * @param bindings the old run's bindings in the session, whose hook rules stay in force
   * @param grace ends it when the provider has not come back in time
   */
  record Held(List<HostTool> tools, List<Binding> bindings, Scheduler.Cancellable grace) {}

  private final SerialExecutor loop;
  private final Timers timers;
  private final SessionRegistry sessions;
  private final ToolCatalog catalog;

  Restarts(SerialExecutor loop, Timers timers, SessionRegistry sessions, ToolCatalog catalog) {
    this.loop = loop;
    this.timers = timers;
    this.sessions = sessions;
    this.catalog = catalog;
  }

  /** What {@code conn}'s credential says the host spawned it as, or null. */
  static String spawnNameOf(Conn conn) {
    return conn.credential() == null ? null : conn.credential().spawnName();
  }

  /**
   * The host is about to restart what it spawned as {@code spawnName} for {@code sessionId}: its
   * tools are held for {@code grace}. Restarting one that is restarting already keeps what it held
   * and starts the grace again.
   */
  void begin(String sessionId, String spawnName, Duration grace) {
    loop.assertInLoop();
    SessionState session = sessions.requireActive(sessionId);
    Held before = session.restarts.remove(spawnName);
    List<HostTool> tools;
    List<Binding> bindings;
    if (before != null) {
      before.grace().cancel();
      tools = before.tools();
      bindings = before.bindings();
    } else {
      bindings = spawnedAs(session, spawnName);
      tools = heldTools(session, bindings);
    }
    Scheduler.Cancellable timer = timers.after(grace, () -> gracePassed(session, spawnName, grace));
    session.restarts.put(spawnName, new Held(tools, bindings, timer));
  }

  /** The bindings in {@code session} of the providers spawned as {@code spawnName}. */
  private static List<Binding> spawnedAs(SessionState session, String spawnName) {
    List<Binding> bindings = new ArrayList<>();
    for (Binding binding : session.bindings().values()) {
      if (spawnName.equals(spawnNameOf(binding.provider.conn))) {
        bindings.add(binding);
      }
    }
    return List.copyOf(bindings);
  }

  /** The host tools of {@code bindings}. */
  private List<HostTool> heldTools(SessionState session, List<Binding> bindings) {
    Set<String> names = new HashSet<>();
    for (Binding binding : bindings) {
      names.addAll(binding.declared.tools.keySet());
    }
    List<HostTool> held = new ArrayList<>();
    for (HostTool tool : catalog.hostTools(session)) {
      if (names.contains(tool.name())) {
        held.add(tool);
      }
    }
    return List.copyOf(held);
  }

  /**
   * {@code provider} said {@code hello}: if the host is restarting what it was spawned as, in the
   * session its credential is for, that restart is over.
   */
  void bound(ProviderState provider) {
    String spawnName = spawnNameOf(provider.conn);
    if (spawnName == null) {
      return;
    }
    for (Binding binding : provider.bindings().values()) {
      Held held = binding.session.restarts.remove(spawnName);
      if (held != null) {
        held.grace().cancel();
        ended(binding.session);
      }
    }
  }

  /**
   * Whether {@code newcomer}'s {@code hello} may take the identity of {@code holder}, whose
   * connection is still open: both were spawned by the host under one name for one session, and the
   * host is restarting it there. The old process is on its way out; its exit must not be what the
   * new one waits for (else {@code DUPLICATE_INSTANCE}).
   */
  boolean replaces(Conn newcomer, ProviderState holder) {
    String spawnName = spawnNameOf(newcomer);
    if (spawnName == null
        || !spawnName.equals(spawnNameOf(holder.conn))
        || !(newcomer.credential() instanceof Credential.SpawnToken spawned)
        || !(holder.conn.credential() instanceof Credential.SpawnToken held)
        || !spawned.sessionId().equals(held.sessionId())) {
      return false;
    }
    SessionState session = sessions.active(spawned.sessionId());
    return session != null && session.restarts.containsKey(spawnName);
  }

  /** The provider did not come back in time: its tools go, and the host hears of it once. */
  private void gracePassed(SessionState session, String spawnName, Duration grace) {
    if (session.restarts.remove(spawnName) == null || !session.isActive()) {
      return;
    }
    session.host.log(
        session.id,
        "gateway",
        "Provider '"
            + spawnName
            + "' did not come back within "
            + Timers.seconds(grace)
            + " of its restart; its tools are gone");
    ended(session);
  }

  /** A restart ended: once none is left, the host is told the session's tools, once. */
  private void ended(SessionState session) {
    if (session.restarts.isEmpty()) {
      catalog.flush(session, true);
    }
  }

  /**
   * Whether {@code binding}'s hook rules are held by a restart in its session: the provider left on
   * the host's restart and has not come back, nor has the grace run out.
   */
  static boolean holds(Binding binding) {
    for (Held held : binding.session.restarts.values()) {
      if (held.bindings().contains(binding)) {
        return true;
      }
    }
    return false;
  }

  /** The session ends: its restarts' graces no longer run. */
  static void cancel(SessionState session) {
    session.restarts.values().forEach(held -> held.grace().cancel());
    session.restarts.clear();
  }
}
