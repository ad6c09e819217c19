package io.github.providergateway.gateway.internal;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.gateway.HostService;
import io.github.providergateway.gateway.Scheduler;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * The host side's bookkeeping (spec: Multi-session model): which connections are authenticated,
 * which owner each session belongs to, the owners' re-claim tokens, and each dropped owner's
 * re-claim grace, after which its sessions end. It also feeds the {@link IdleExit} countdown. One
 * lock guards all of it, the owners' fields and the links' ({@link HostLink}). Internal: public only
 * for {@link HostService}.
 */
public final class HostRegistry {
  private static final System.Logger LOG = System.getLogger(HostService.class.getName());
  private static final HexFormat HEX = HexFormat.of();

  /** Who started some sessions: a connection now, maybe another after a re-claim. */
  static final class Owner {
    final String token;
    /** The sessions it started that are still live. Guarded by the registry's lock. */
    final Set<String> sessions = new LinkedHashSet<>();
    /** Its connection, or null while in the re-claim grace. Guarded by the registry's lock. */
    HostLink link;
    /** The grace countdown while disconnected. Guarded by the registry's lock. */
    Scheduler.Cancellable grace;
    /** Set once its grace ran out: it owns nothing any more. Guarded by the registry's lock. */
    boolean retired;

    Owner(String token) {
      this.token = token;
    }
  }

  /** What {@code host.auth} took over: the owner, the sessions it got back, the link it replaced. */
  record Reclaim(Owner owner, List<String> reclaimed, HostLink replaced) {}

  final Object lock = new Object();
  private final Gateway gateway;
  private final Scheduler scheduler;
  private final Duration reclaimGrace;
  private final RandomGenerator random;
  /** The idle-exit countdown, or null without one. */
  private final IdleExit idleExit;

  /** Owners by their re-claim token. Guarded by lock. */
  private final Map<String, Owner> ownersByToken = new HashMap<>();
  /** The owner of each live session. Guarded by lock. */
  private final Map<String, Owner> ownerBySession = new HashMap<>();
  /** Authenticated, open connections, in the order they authenticated. Guarded by lock. */
  private final Set<HostLink> links = new LinkedHashSet<>();
  /** Sessions the gateway has started and not yet torn down. Guarded by lock. */
  private final Set<String> liveSessions = new LinkedHashSet<>();
  /** Set by close, or as the idle exit fires. Guarded by lock. */
  private boolean closed;

  /**
   * @param idleExitGrace with {@code onIdle}, the idle exit's grace; null for none
   */
  public HostRegistry(
      Gateway gateway,
      Scheduler scheduler,
      Duration reclaimGrace,
      RandomGenerator random,
      Duration idleExitGrace,
      Runnable onIdle) {
    this.gateway = gateway;
    this.scheduler = scheduler;
    this.reclaimGrace = reclaimGrace;
    this.random = random;
    this.idleExit =
        idleExitGrace == null ? null : new IdleExit(lock, scheduler, idleExitGrace, onIdle, () -> closed = true);
  }

  /** Lets the idle-exit countdown run from now on, starting it if nothing needs the gateway yet. */
  public void startIdleExit() {
    synchronized (lock) {
      if (idleExit != null && !closed) {
        idleExit.startLocked(isIdleLocked());
      }
    }
  }

  private void checkIdleLocked() {
    if (idleExit == null || closed) {
      return;
    }
    idleExit.updateLocked(isIdleLocked());
  }

  /** Nothing needs the gateway: every session it started is torn down and no host is connected. */
  private boolean isIdleLocked() {
    return liveSessions.isEmpty() && links.isEmpty();
  }

  /** How many hosts are connected and authenticated now. */
  public int connectedHosts() {
    synchronized (lock) {
      return links.size();
    }
  }

  /** The live sessions owned by no connection, waiting in their re-claim grace. */
  public Set<String> orphanedSessions() {
    synchronized (lock) {
      Set<String> orphaned = new LinkedHashSet<>();
      for (Owner owner : ownersByToken.values()) {
        if (owner.link == null) {
          orphaned.addAll(owner.sessions);
        }
      }
      return orphaned;
    }
  }

  /** Cancels the timers. Idempotent. */
  public void close() {
    synchronized (lock) {
      closed = true;
      if (idleExit != null) {
        idleExit.cancelLocked();
      }
      for (Owner owner : ownersByToken.values()) {
        if (owner.grace != null) {
          owner.grace.cancel();
          owner.grace = null;
        }
      }
    }
  }

  // ---- connections ----

  /** A trusted connection is authenticated from the start, with an owner of its own. */
  void addTrusted(HostLink link) {
    synchronized (lock) {
      link.owner = newOwnerLocked();
      link.owner.link = link;
      link.authenticated = true;
      links.add(link);
      checkIdleLocked();
    }
  }

  /**
   * {@code link} passed {@code host.auth}: it takes over the owner of {@code reclaimToken} (and
   * its sessions) if that owner is still in its grace, else a new one.
   *
   * @return what it took over, or null if the link closed meanwhile
   */
  Reclaim authenticated(HostLink link, String reclaimToken, boolean observer) {
    synchronized (lock) {
      if (link.gone) {
        return null;
      }
      HostLink replaced = null;
      List<String> reclaimed;
      Owner owner = reclaimToken == null ? null : ownersByToken.get(reclaimToken);
      if (owner == null || owner.retired) {
        owner = newOwnerLocked();
        reclaimed = List.of();
      } else {
        if (owner.grace != null) {
          owner.grace.cancel();
          owner.grace = null;
        }
        // The old connection may not have noticed its drop yet: this one replaces it.
        replaced = owner.link;
        reclaimed = List.copyOf(owner.sessions);
      }
      owner.link = link;
      link.owner = owner;
      link.observer = observer;
      link.authenticated = true;
      links.add(link);
      if (replaced != null) {
        links.remove(replaced);
        replaced.owner = null;
      }
      checkIdleLocked();
      return new Reclaim(owner, reclaimed, replaced);
    }
  }

  /** The link closed: its owner's sessions wait out the re-claim grace. */
  void linkClosed(HostLink link) {
    synchronized (lock) {
      link.cancelAuthTimer();
      links.remove(link);
      Owner owner = link.owner;
      if (owner != null && owner.link == link) {
        owner.link = null;
        if (!closed) {
          owner.grace = scheduler.schedule(reclaimGrace, () -> graceOver(owner));
        }
        LOG.log(
            Level.INFO,
            "{0} left; its sessions {1} end in {2} unless it comes back",
            link.connection.describe(),
            owner.sessions,
            reclaimGrace);
      }
      checkIdleLocked();
    }
  }

  private void graceOver(Owner owner) {
    List<String> ending;
    synchronized (lock) {
      if (owner.link != null || owner.retired) {
        return; // re-claimed in time
      }
      owner.retired = true;
      owner.grace = null;
      ownersByToken.remove(owner.token);
      ending = new ArrayList<>(owner.sessions);
    }
    for (String sessionId : ending) {
      LOG.log(Level.INFO, "session {0}: its host did not come back; ending it", sessionId);
      gateway.endSession(sessionId, null).exceptionally(e -> null);
    }
  }

  private Owner newOwnerLocked() {
    byte[] bytes = new byte[16];
    random.nextBytes(bytes);
    Owner owner = new Owner("hrt-" + HEX.formatHex(bytes));
    ownersByToken.put(owner.token, owner);
    return owner;
  }

  // ---- sessions ----

  /** The owner of the sessions {@code link} starts. */
  Owner ownerOf(HostLink link) {
    synchronized (lock) {
      return link.owner;
    }
  }

  /** {@code owner} started {@code sessionId}; ends it at once if the owner is gone meanwhile. */
  void adopt(Owner owner, String sessionId) {
    boolean endNow;
    synchronized (lock) {
      endNow = !closed && (owner.retired || !liveSessions.contains(sessionId));
      if (!endNow) {
        owner.sessions.add(sessionId);
        ownerBySession.put(sessionId, owner);
      }
    }
    if (endNow) {
      // Its owner's grace ran out while the start was on its way: nobody will ever end it.
      gateway.endSession(sessionId, null).exceptionally(e -> null);
    }
  }

  void sessionStarted(String sessionId) {
    synchronized (lock) {
      liveSessions.add(sessionId);
      checkIdleLocked();
    }
  }

  /** Forgets an ended session; returns its owner, or null. */
  Owner sessionEnded(String sessionId) {
    synchronized (lock) {
      liveSessions.remove(sessionId);
      Owner owner = ownerBySession.remove(sessionId);
      if (owner != null) {
        owner.sessions.remove(sessionId);
      }
      checkIdleLocked();
      return owner;
    }
  }

  // ---- who hears what ----

  /** The connection of {@code owner} (if connected) and every other observer. */
  List<HostLink> audience(Owner owner) {
    synchronized (lock) {
      List<HostLink> targets = new ArrayList<>();
      if (owner != null && owner.link != null) {
        targets.add(owner.link);
      }
      for (HostLink link : links) {
        if (link.observer && !targets.contains(link)) {
          targets.add(link);
        }
      }
      return targets;
    }
  }

  /** Every authenticated connection. */
  List<HostLink> everyone() {
    synchronized (lock) {
      return new ArrayList<>(links);
    }
  }
}
