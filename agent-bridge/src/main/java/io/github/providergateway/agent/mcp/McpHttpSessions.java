package io.github.providergateway.agent.mcp;

import io.github.providergateway.agent.tokens.ClientTokens;
import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * The MCP front door's open sessions by {@code Mcp-Session-Id}, and the bounds on them: at most
 * {@code maxSessions} in all (503 past it) and {@code maxSessionsPerClient} per client's token
 * (past it the client's least recently used session without a request in progress ends; 429 when
 * none). A client finds only the sessions its own token opened.
 *
 * <p>Thread-safe; nothing done under the lock blocks, and sessions are ended outside it.
 *
 * @param <S> what a session is (the front door's {@link McpHttpSession}; a fake in tests)
 */
final class McpHttpSessions<S extends McpHttpSessions.Entry> {

  private static final System.Logger LOG = System.getLogger(McpHttpSessions.class.getName());

  /** What the table needs of a session. */
  interface Entry {
    /** {@return its {@code Mcp-Session-Id}} */
    String id();

    /** {@return the client whose token opened it} */
    ClientTokens.Client client();

    /** {@return whether a request of it waits for its answer} */
    boolean hasRequestsInProgress();

    /** {@return when it was last used} */
    Instant lastActive();

    /** Ends it; it then tells the table with {@link #ended}. */
    void close();
  }

  /** A new session, or the error that refused it; exactly one is not null. */
  record Opening<S>(S session, McpHttpError refusal) {}

  private final int maxSessions;
  private final int maxSessionsPerClient;

  /** Where session ids come from. Guarded by this. */
  private final RandomGenerator random;

  /** The live sessions by id. Guarded by this. */
  private final Map<String, S> sessions = new HashMap<>();

  /** Set by {@link #closeAll}: no session opens after it. Guarded by this. */
  private boolean closed;

  McpHttpSessions(int maxSessions, int maxSessionsPerClient, RandomGenerator random) {
    this.maxSessions = maxSessions;
    this.maxSessionsPerClient = maxSessionsPerClient;
    this.random = random;
  }

  /**
   * A new session for {@code client} made by {@code create} from a fresh random id, or the refusal
   * (503 or 429) when the bounds say no. A client at its most sessions loses the one it used
   * longest ago among those with no request in progress, instead of being refused: clients leave
   * sessions without {@code DELETE} (the TypeScript SDK's {@code close()} does), and a stream they
   * dropped is noticed only at the next write (the keep-alive, 15 s), so an open {@code GET} stream
   * does not protect a session here.
   *
   * @param create makes the session for an id; called under the lock, so it must not block
   */
  Opening<S> open(ClientTokens.Client client, Function<String, S> create) {
    S victim = null;
    S session;
    synchronized (this) {
      if (closed) {
        return refused(503, "Service Unavailable: the gateway is stopping");
      }
      List<S> own = sessions.values().stream().filter(s -> s.client().equals(client)).toList();
      if (own.size() >= maxSessionsPerClient) {
        victim =
            own.stream()
                .filter(s -> !s.hasRequestsInProgress())
                .min(Comparator.comparing(Entry::lastActive))
                .orElse(null);
        if (victim == null) {
          LOG.log(
              Level.WARNING,
              "MCP over HTTP: session refused to client {0}: its {1} sessions all have requests in progress",
              client.name(),
              maxSessionsPerClient);
          return refused(
              429,
              "Too Many Requests: this client's "
                  + maxSessionsPerClient
                  + " MCP sessions all have requests in progress; end one (DELETE) first");
        }
        sessions.remove(victim.id()); // its slot is this initialize's
      } else if (sessions.size() >= maxSessions) {
        LOG.log(
            Level.WARNING,
            "MCP over HTTP: session refused to client {0}: {1} sessions are open, the most",
            client.name(),
            maxSessions);
        return refused(
            503,
            "Service Unavailable: the gateway has "
                + maxSessions
                + " MCP sessions open, its most; end one (DELETE) or wait for one to expire");
      }
      byte[] bits = new byte[32];
      random.nextBytes(bits);
      // Built under the lock, so that two initializes at once cannot both take the last slot.
      session = create.apply(Base64.getUrlEncoder().withoutPadding().encodeToString(bits));
      sessions.put(session.id(), session);
    }
    if (victim != null) {
      LOG.log(
          Level.INFO,
          "MCP over HTTP: client {0} is at its {1} sessions: its session {2}, used longest ago, ended for a new one",
          client.name(),
          maxSessionsPerClient,
          victim.id());
      victim.close();
    }
    LOG.log(
        Level.INFO,
        "MCP over HTTP: session {0} opened for client {1}",
        session.id(),
        client.name());
    return new Opening<>(session, null);
  }

  private Opening<S> refused(int status, String message) {
    return new Opening<>(null, McpHttpError.of(status, message));
  }

  /**
   * {@return the session {@code id} names, if it is {@code client}'s} Another client's session is
   * as unknown to this one as a session that never was.
   */
  synchronized Optional<S> find(String id, ClientTokens.Client client) {
    S session = sessions.get(id);
    return session == null || !session.client().equals(client)
        ? Optional.empty()
        : Optional.of(session);
  }

  /** Forgets {@code session}, which ended (deleted, expired, or its initialize failed). */
  synchronized void ended(S session) {
    sessions.remove(session.id(), session);
  }

  /** Ends the sessions of the clients {@code revoked} names. */
  void endRevoked(Predicate<ClientTokens.Client> revoked) {
    List<S> ending;
    synchronized (this) {
      ending = sessions.values().stream().filter(s -> revoked.test(s.client())).toList();
    }
    for (S session : ending) {
      LOG.log(
          Level.INFO,
          "MCP over HTTP: client {0}''s token was revoked: session {1} ended",
          session.client().name(),
          session.id());
      session.close();
    }
  }

  /** {@return how many sessions are open now} */
  synchronized int count() {
    return sessions.size();
  }

  /** Ends every session and opens no more. Idempotent. */
  void closeAll() {
    List<S> open;
    synchronized (this) {
      closed = true;
      open = new ArrayList<>(sessions.values());
    }
    open.forEach(Entry::close);
  }
}
