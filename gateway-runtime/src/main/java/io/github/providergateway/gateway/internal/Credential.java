package io.github.providergateway.gateway.internal;

import io.github.providergateway.protocol.TrustLevel;

/**
 * What a connection proved at authentication, and so which sessions it may bind to (design brief,
 * decisions 3 and 4).
 */
sealed interface Credential {

  /** The trust level this credential grants. */
  TrustLevel trust();

  /**
   * Whether a provider holding this credential may bind to, and see the cwd of, {@code sessionId}.
   */
  boolean mayAccess(String sessionId);

  /**
   * The session a {@code hello} without {@code session} binds to, or {@code null} if it must name
   * one.
   */
  String defaultSession();

  /**
   * The session a provider's identity belongs to, or {@code null} when its identity ({@code name} +
   * {@code instance}) is the gateway's: a provider the host spawned for one session is that
   * session's, so the same config entry spawned for two sessions is two providers, not a {@code
   * DUPLICATE_INSTANCE} (architecture, decision 40).
   */
  default String identityScope() {
    return null;
  }

  /**
   * Whether {@code "all"}, and a {@code hello} without {@code session}, mean every session this
   * credential may access: a provider shared by a group of sessions (decision 72).
   */
  default boolean allMeansItsOwn() {
    return false;
  }

  /** What the host spawned the provider as (a config entry's name), or null. */
  default String spawnName() {
    return null;
  }

  /** The gateway token: project trust, free to bind to any one active session it names. */
  record GatewayToken() implements Credential {
    @Override
    public TrustLevel trust() {
      return TrustLevel.PROJECT;
    }

    @Override
    public boolean mayAccess(String sessionId) {
      return true;
    }

    @Override
    public String defaultSession() {
      return null;
    }
  }

  /**
   * A per-provider spawn token: project trust scoped to the session that spawned it.
   *
   * @param sessionId the session it is scoped to
   * @param spawnName what the host spawned it as (a config entry's name), which a restart holds the
   *     tools of (decision 34); null when the host gave none
   */
  record SpawnToken(String sessionId, String spawnName) implements Credential {
    @Override
    public TrustLevel trust() {
      return TrustLevel.PROJECT;
    }

    @Override
    public boolean mayAccess(String id) {
      return sessionId.equals(id);
    }

    @Override
    public String defaultSession() {
      return sessionId;
    }

    @Override
    public String identityScope() {
      return sessionId;
    }
  }

  /**
   * A shared spawn token (this gateway's extension, decision 72): project trust over the sessions
   * of one {@link SpawnGroup}, which the host grows as its sessions start and which shrinks as they
   * end. {@code "all"} binds the group's sessions, and new members await {@code session.ready} as
   * the spec says for {@code "all"}; a session outside the group is never accessible.
   *
   * @param group the sessions it serves
   * @param spawnName what the host spawned it as; not null
   */
  record SharedSpawnToken(SpawnGroup group, String spawnName) implements Credential {
    @Override
    public TrustLevel trust() {
      return TrustLevel.PROJECT;
    }

    @Override
    public boolean mayAccess(String id) {
      return group.contains(id);
    }

    @Override
    public String defaultSession() {
      return null;
    }

    @Override
    public String identityScope() {
      return "group:" + group.id();
    }

    @Override
    public boolean allMeansItsOwn() {
      return true;
    }
  }

  /** An external (paired) provider: external trust on its paired session only. */
  record External(String sessionId) implements Credential {
    @Override
    public TrustLevel trust() {
      return TrustLevel.EXTERNAL;
    }

    @Override
    public boolean mayAccess(String id) {
      return sessionId.equals(id);
    }

    @Override
    public String defaultSession() {
      return sessionId;
    }
  }

  /** An in-process provider: internal trust, bound to its home session unless it names one. */
  record Local(String homeSessionId) implements Credential {
    @Override
    public TrustLevel trust() {
      return TrustLevel.INTERNAL;
    }

    @Override
    public boolean mayAccess(String sessionId) {
      return true;
    }

    @Override
    public String defaultSession() {
      return homeSessionId;
    }
  }
}
