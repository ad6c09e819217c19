package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.HostTool;
import io.github.providergateway.loop.Scheduler;
import io.github.providergateway.loop.SerialExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Providers the host is restarting (architecture, decision 34): the host names what it spawned
 * ({@code Gateway.restarting(sessionId, spawnName, grace)}); until a provider spawned under that
 * name says {@code hello} in that session again, or the grace runs out, the session's tool
 * registration waits and the provider's tools stay listed, so the host (and an agent behind it)
 * hears of the restart once, with the list as it is afterwards. A call to a held tool fails {@code
 * DISCONNECTED} at once. Providers see nothing of it: nothing on the wire changes. Loop only.
 */
final class Restarts {

  /**
   * One restart under way in a session.
   *
   * @param tools the host tools it holds, as the host last had them listed
   * @param grace ends it when the provider has not come back in time
   */
  record Held(List<HostTool> tools, Scheduler.Cancellable grace) {}

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
    return conn.credential() instanceof Credential.SpawnToken spawned ? spawned.spawnName() : null;
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
    List<HostTool> held;
    if (before != null) {
      before.grace().cancel();
      held = before.tools();
    } else {
      held = heldTools(session, spawnName);
    }
    session.restarts.put(
        spawnName, new Held(held, timers.after(grace, () -> gracePassed(session, spawnName, grace))));
  }

  /** The host tools of the providers in {@code session} spawned as {@code spawnName}. */
  private List<HostTool> heldTools(SessionState session, String spawnName) {
    Set<String> names = new HashSet<>();
    for (Binding binding : session.bindings().values()) {
      if (spawnName.equals(spawnNameOf(binding.provider.conn))) {
        names.addAll(binding.declared.tools.keySet());
      }
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
   * connection is still open: both were spawned by the host under one name for one session, and
   * the host is restarting it there. The old process is on its way out; its exit must not be
   * what the new one waits for (else {@code DUPLICATE_INSTANCE}).
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
        "Provider '" + spawnName + "' did not come back within " + Timers.seconds(grace)
            + " of its restart; its tools are gone");
    ended(session);
  }

  /** A restart ended: once none is left, the host is told the session's tools, once. */
  private void ended(SessionState session) {
    if (session.restarts.isEmpty()) {
      catalog.flush(session, true);
    }
  }

  /** The session ends: its restarts' graces no longer run. */
  static void cancel(SessionState session) {
    session.restarts.values().forEach(held -> held.grace().cancel());
    session.restarts.clear();
  }
}
