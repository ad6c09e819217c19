package io.github.providergateway.host;

import io.github.providergateway.gateway.Gateway;
import io.github.providergateway.loop.Scheduler;
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
 * re-claim grace, after which its sessions end. It also feeds the {@link IdleExit} countdown. Loop
 * only, like the rest of the host side's state ({@link HostLoop}).
 */
final class HostRegistry {
  private static final System.Logger LOG = System.getLogger(HostRegistry.class.getName());
  private static final HexFormat HEX = HexFormat.of();

  /** Who started some sessions: a connection now, maybe another after a re-claim. Loop only. */
  static final class Owner {
    final String token;

    /** The sessions it started that are still live. */
    private final Set<String> sessions = new LinkedHashSet<>();

    /** Its connection, or null while in the re-claim grace. */
    private HostLink link;

    /** The grace countdown while disconnected. */
    private Scheduler.Cancellable grace;

    /** Set once its grace ran out: it owns nothing any more. */
    private boolean retired;

    Owner(String token) {
      this.token = token;
    }

    /** {@code link} speaks for this owner from now on; its grace, if one ran, is over. */
    private void connected(HostLink link) {
      this.link = link;
      cancelGrace();
    }

    private void cancelGrace() {
      if (grace != null) {
        grace.cancel();
        grace = null;
      }
    }
  }

  /**
   * What {@code host.auth} took over: the owner, the sessions it got back, the link it replaced.
   */
  record Reclaim(Owner owner, List<String> reclaimed, HostLink replaced) {}

  private final HostLoop loop;
  private final Gateway gateway;
  private final Duration reclaimGrace;
  private final RandomGenerator random;

  /** The idle-exit countdown, or null without one. */
  private final IdleExit idleExit;

  /** Owners by their re-claim token. */
  private final Map<String, Owner> ownersByToken = new HashMap<>();

  /** The owner of each live session. */
  private final Map<String, Owner> ownerBySession = new HashMap<>();

  /** Authenticated, open connections, in the order they authenticated. */
  private final Set<HostLink> links = new LinkedHashSet<>();

  /** Sessions the gateway has started and not yet torn down. */
  private final Set<String> liveSessions = new LinkedHashSet<>();

  /** Set by close, or as the idle exit fires: no timer starts any more. */
  private boolean closed;

  /**
   * @param idleExitGrace with {@code onIdle}, the idle exit's grace; null for none
   */
  HostRegistry(
      HostLoop loop,
      Gateway gateway,
      Duration reclaimGrace,
      RandomGenerator random,
      Duration idleExitGrace,
      Runnable onIdle) {
    this.loop = loop;
    this.gateway = gateway;
    this.reclaimGrace = reclaimGrace;
    this.random = random;
    this.idleExit =
        idleExitGrace == null
            ? null
            : new IdleExit(loop, idleExitGrace, onIdle, () -> closed = true);
  }

  /** Lets the idle-exit countdown run from now on, starting it if nothing needs the gateway yet. */
  void startIdleExit() {
    loop.assertInLoop();
    if (idleExit != null && !closed) {
      idleExit.start(isIdle());
    }
  }

  private void checkIdle() {
    if (idleExit != null && !closed) {
      idleExit.update(isIdle());
    }
  }

  /** Nothing needs the gateway: every session it started is torn down and no host is connected. */
  private boolean isIdle() {
    return liveSessions.isEmpty() && links.isEmpty();
  }

  /** How many hosts are connected and authenticated now. */
  int connectedHosts() {
    loop.assertInLoop();
    return links.size();
  }

  /** The live sessions owned by no connection, waiting in their re-claim grace. */
  Set<String> orphanedSessions() {
    loop.assertInLoop();
    Set<String> orphaned = new LinkedHashSet<>();
    for (Owner owner : ownersByToken.values()) {
      if (owner.link == null) {
        orphaned.addAll(owner.sessions);
      }
    }
    return orphaned;
  }

  /** Cancels the timers. Idempotent. */
  void close() {
    loop.assertInLoop();
    closed = true;
    if (idleExit != null) {
      idleExit.cancel();
    }
    ownersByToken.values().forEach(Owner::cancelGrace);
  }

  // ---- connections ----

  /** A trusted connection is authenticated from the start, with an owner of its own. */
  void addTrusted(HostLink link) {
    loop.assertInLoop();
    Owner owner = newOwner();
    owner.connected(link);
    link.authenticatedAs(owner, false);
    links.add(link);
    checkIdle();
  }

  /**
   * {@code link} passed {@code host.auth}: it takes over the owner of {@code reclaimToken} (and its
   * sessions) if that owner is still in its grace, else a new one.
   */
  Reclaim authenticated(HostLink link, String reclaimToken, boolean observer) {
    loop.assertInLoop();
    Owner owner = reclaimToken == null ? null : ownersByToken.get(reclaimToken);
    HostLink replaced = null;
    List<String> reclaimed = List.of();
    if (owner == null || owner.retired) {
      owner = newOwner();
    } else {
      // The old connection may not have noticed its drop yet: this one replaces it.
      replaced = owner.link;
      reclaimed = List.copyOf(owner.sessions);
    }
    owner.connected(link);
    link.authenticatedAs(owner, observer);
    links.add(link);
    if (replaced != null) {
      links.remove(replaced);
      replaced.disowned();
    }
    checkIdle();
    return new Reclaim(owner, reclaimed, replaced);
  }

  /** The link closed: its owner's sessions wait out the re-claim grace. */
  void linkClosed(HostLink link) {
    loop.assertInLoop();
    links.remove(link);
    Owner owner = link.owner();
    if (owner != null && owner.link == link) {
      owner.link = null;
      if (!closed) {
        owner.grace = loop.after(reclaimGrace, () -> graceOver(owner));
      }
      LOG.log(
          Level.INFO,
          "{0} left; its sessions {1} end in {2} unless it comes back",
          link.connection.describe(),
          owner.sessions,
          reclaimGrace);
    }
    checkIdle();
  }

  private void graceOver(Owner owner) {
    if (owner.link != null || owner.retired) {
      return; // re-claimed in time
    }
    owner.retired = true;
    owner.grace = null;
    ownersByToken.remove(owner.token);
    for (String sessionId : new ArrayList<>(owner.sessions)) {
      LOG.log(Level.INFO, "session {0}: its host did not come back; ending it", sessionId);
      gateway.endSession(sessionId, null).exceptionally(e -> null);
    }
  }

  private Owner newOwner() {
    byte[] bytes = new byte[16];
    random.nextBytes(bytes);
    Owner owner = new Owner("hrt-" + HEX.formatHex(bytes));
    ownersByToken.put(owner.token, owner);
    return owner;
  }

  // ---- sessions ----

  /** {@code owner} started {@code sessionId}; ends it at once if the owner is gone meanwhile. */
  void adopt(Owner owner, String sessionId) {
    loop.assertInLoop();
    if (!closed && (owner.retired || !liveSessions.contains(sessionId))) {
      // Its owner's grace ran out while the start was on its way: nobody will ever end it.
      gateway.endSession(sessionId, null).exceptionally(e -> null);
      return;
    }
    owner.sessions.add(sessionId);
    ownerBySession.put(sessionId, owner);
  }

  void sessionStarted(String sessionId) {
    loop.assertInLoop();
    liveSessions.add(sessionId);
    checkIdle();
  }

  /** Forgets an ended session; returns its owner, or null. */
  Owner sessionEnded(String sessionId) {
    loop.assertInLoop();
    liveSessions.remove(sessionId);
    Owner owner = ownerBySession.remove(sessionId);
    if (owner != null) {
      owner.sessions.remove(sessionId);
    }
    checkIdle();
    return owner;
  }

  // ---- who hears what ----

  /** The connection of {@code owner} (if connected) and every observer. */
  List<HostLink> audience(Owner owner) {
    loop.assertInLoop();
    List<HostLink> targets = new ArrayList<>();
    if (owner != null && owner.link != null) {
      targets.add(owner.link);
    }
    for (HostLink link : links) {
      if (link.isObserver() && !targets.contains(link)) {
        targets.add(link);
      }
    }
    return targets;
  }

  /** The connection that speaks for {@code owner} now, or null (none, or in its re-claim grace). */
  /** {@return whether {@code owner} started {@code sessionId} and it is still live} */
  boolean owns(Owner owner, String sessionId) {
    return owner != null && !owner.retired && owner.sessions.contains(sessionId);
  }

  HostLink linkOf(Owner owner) {
    loop.assertInLoop();
    return owner == null ? null : owner.link;
  }

  /** Every authenticated connection. */
  List<HostLink> everyone() {
    loop.assertInLoop();
    return new ArrayList<>(links);
  }
}
