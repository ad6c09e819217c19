package io.github.providergateway.provider.spi;

import io.github.providergateway.protocol.ErrorCode;
import io.github.providergateway.protocol.ErrorMessage;
import io.github.providergateway.protocol.Hello;
import io.github.providergateway.protocol.HelloAck;
import io.github.providergateway.protocol.ProtocolExtension;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionReady;
import io.github.providergateway.protocol.SessionSelector;
import io.github.providergateway.provider.JavaProvider;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Binding: which {@code hello} to send and when, what it declares, retries after a refusal, {@code
 * session.ready} for an {@code "all"} binding, and the reconnect token across connections (spec:
 * Provider lifecycle, Reconnect protocol). Loop only.
 */
final class Binder {

  /** How long after a drop the last {@code hello.ack}'s reconnect token is offered (spec: 30 s). */
  static final Duration RECONNECT_WINDOW = Duration.ofSeconds(30);

  private static final System.Logger LOG = System.getLogger(Binder.class.getName());

  private final JavaProvider provider;
  private final Clock clock;
  private final Link link;
  private final StateUpdates updates;

  /** The session wanted when the provider names none ({@code TAP_SESSION}), or null. */
  private final String environmentSession;

  /** Where the provider runs, for choosing the session whose cwd holds it. */
  private final Path workingDirectory;

  /** The user's home directory, which holds only itself as a session's project; null if unknown. */
  private final String userHome;

  /** Where the current connection is in its life. */
  private Phase phase = Phase.CLOSED;

  /** Whether the current connection has been bound once: then the runtime never rebinds it. */
  private boolean boundOnConnection;

  /** What the {@code hello} in flight named (null: the gateway's choice). */
  private SessionSelector helloSelector;

  /** Whether the {@code hello} in flight restores the last binding with its reconnect token. */
  private boolean helloRestores;

  /** Whether a {@code hello} naming no session was refused on this connection. */
  private boolean defaultRefused;

  /** The latest session list on this connection, or null before any. */
  private List<SessionInfo> sessions;

  /** Sessions this connection is bound in ({@code session.lifecycle started} seen). */
  private final Set<String> startedSessions = new LinkedHashSet<>();

  /** Sessions {@code session.ready} was sent for on this connection. */
  private final Set<String> readySent = new HashSet<>();

  /** The latest {@code hello.ack}, kept across connections for its reconnect token. */
  private HelloAck lastAck;

  /** When the last bound connection ended, or null. */
  private Instant droppedAt;

  /** Where a connection is in its life, as the provider sees it. */
  enum Phase {
    /** Authenticating over WebSocket; waiting for {@code sessions}. */
    AWAIT_SESSIONS,
    /** {@code hello} sent; waiting for {@code hello.ack} or {@code error}. */
    HELLO_SENT,
    /** {@code hello.ack} received. */
    BOUND,
    /** {@code hello} refused; waiting for a session list worth another try. */
    UNBOUND,
    /** No connection. */
    CLOSED
  }

  Binder(JavaProvider provider, Clock clock, Link link, StateUpdates updates) {
    this(
        provider,
        clock,
        link,
        updates,
        System.getenv("TAP_SESSION"),
        Path.of(System.getProperty("user.dir", "/")),
        userHome());
  }

  /** {@code ~} as the shell, Node and Python read it: {@code HOME}, else the JVM's user.home. */
  private static String userHome() {
    String home = System.getenv("HOME");
    return home != null && !home.isBlank() ? home : System.getProperty("user.home");
  }

  /**
   * As the other constructor, with the environment's session, the working directory and the user's
   * home given (tests).
   */
  Binder(
      JavaProvider provider,
      Clock clock,
      Link link,
      StateUpdates updates,
      String environmentSession,
      Path workingDirectory,
      String userHome) {
    this.provider = provider;
    this.clock = clock;
    this.link = link;
    this.updates = updates;
    this.environmentSession = environmentSession;
    this.workingDirectory = workingDirectory;
    this.userHome = userHome;
  }

  Phase phase() {
    return phase;
  }

  /**
   * A connection opened: over WebSocket ({@code authenticates}) the runtime waits for {@code
   * sessions}; in-process {@code hello} goes at once.
   */
  void opened(boolean authenticates) {
    boundOnConnection = false;
    defaultRefused = false;
    sessions = null;
    startedSessions.clear();
    readySent.clear();
    if (authenticates) {
      phase = Phase.AWAIT_SESSIONS;
    } else {
      sendHello(firstSelector());
    }
  }

  /**
   * The connection ended.
   *
   * @return whether it had been bound
   */
  boolean closed() {
    boolean wasBound = boundOnConnection;
    phase = Phase.CLOSED;
    if (wasBound) {
      // The gateway's 30 s start when the bound connection drops; failed attempts after it do not
      // restart them.
      droppedAt = clock.instant();
    }
    return wasBound;
  }

  // ---- hello ----

  /**
   * What the first {@code hello} of a connection names: the binding a live reconnect token
   * restores, else the configured session.
   */
  private SessionSelector firstSelector() {
    if (reconnectToken() != null && lastAck.sessionId() != null) {
      return SessionSelector.fromWire(lastAck.sessionId());
    }
    SessionSelector configured = provider.session();
    if (sessions == null || configured instanceof SessionSelector.All) {
      return configured; // in-process: the home session unless it names one
    }
    SessionSelector chosen = chosenFromList(true);
    return chosen != null ? chosen : configured;
  }

  /**
   * The session {@link SessionChoice} picks from the latest list for a provider that names none or
   * names one by id or label; null when it picks none. Says which and why when {@code say}.
   */
  private SessionSelector chosenFromList(boolean say) {
    SessionSelector configured = provider.session();
    String wanted =
        configured instanceof SessionSelector.Named named ? named.sessionId() : environmentSession;
    SessionChoice choice = SessionChoice.choose(sessions, wanted, workingDirectory, userHome);
    if (say) {
      LOG.log(
          System.Logger.Level.INFO,
          choice.sessionId() != null
              ? "provider "
                  + provider.name()
                  + " binds to session "
                  + choice.sessionId()
                  + ": "
                  + choice.reason()
              : "provider "
                  + provider.name()
                  + " chooses no session: "
                  + choice.reason()
                  + (configured == null
                      ? "; the gateway binds it to its credential's own session, if it has one"
                      : ""));
    }
    return choice.sessionId() == null ? null : SessionSelector.of(choice.sessionId());
  }

  /**
   * The last {@code hello.ack}'s reconnect token while the gateway still honours it (spec:
   * Reconnect protocol).
   */
  private String reconnectToken() {
    if (lastAck == null || lastAck.reconnectToken() == null || droppedAt == null) {
      return null;
    }
    return Duration.between(droppedAt, clock.instant()).compareTo(RECONNECT_WINDOW) < 0
        ? lastAck.reconnectToken()
        : null;
  }

  /**
   * Sends a {@code hello} declaring the provider's whole current state. With a reconnect token the
   * gateway restores what the {@code hello} leaves out, so hooks then go out even when empty, and
   * so does an empty context when the gateway may hold an old one: what the provider has now wins
   * over what was restored. (An empty context is not sent otherwise: it needs a trust level that
   * external providers lack.)
   */
  private void sendHello(SessionSelector selector) {
    helloSelector = selector;
    phase = Phase.HELLO_SENT;
    String token = reconnectToken();
    helloRestores = token != null;
    boolean clearContext = token != null && updates.mayHoldContext();
    Declaration declared = updates.beginHello();
    Hello.Builder hello =
        Hello.builder(provider.name())
            .session(selector)
            .instance(provider.instance())
            .reconnectToken(token)
            .metadata(provider.metadata())
            .concurrency(provider.concurrency())
            .tools(declared.toolDefinitions())
            .startupContext(provider.startupContext());
    if (declared.hasHooks() || token != null) {
      hello.hooks(declared.hooks());
    }
    if (declared.context() != null || clearContext) {
      hello.context(declared.context() == null ? "" : declared.context());
    }
    if (!provider.subscribe().isEmpty()) {
      hello.subscribe(provider.subscribe());
    }
    if (!provider.extensions().isEmpty()) {
      hello.extensions(provider.extensions().toArray(ProtocolExtension[]::new));
    }
    link.send(hello.build());
  }

  /**
   * A session list.
   *
   * @param first whether it is the {@code sessions} answering {@code auth}
   */
  void onSessions(List<SessionInfo> active, boolean first) {
    sessions = active;
    Set<String> ids = new HashSet<>();
    for (SessionInfo info : active) {
      ids.add(info.id());
    }
    startedSessions.retainAll(ids);
    if (first && phase == Phase.AWAIT_SESSIONS) {
      sendHello(firstSelector());
    } else if (phase == Phase.UNBOUND && !boundOnConnection) {
      retryHello();
    } else if (phase == Phase.BOUND && helloSelector instanceof SessionSelector.All) {
      readyForNewSessions();
    }
  }

  /**
   * After a {@code hello} naming no session was refused because the gateway had none to give, tries
   * again when the session list offers one {@link SessionChoice} takes (every other refusal ends
   * the provider: see {@link #onHelloRefused}). A connection that was bound once is never rebound
   * by the runtime.
   */
  private void retryHello() {
    SessionSelector configured = provider.session();
    if (sessions == null || configured instanceof SessionSelector.All) {
      return; // "all" refused is a trust problem, which a new session list does not change
    }
    SessionSelector chosen = chosenFromList(false);
    if (chosen != null) {
      sendHello(chosen);
    }
  }

  /**
   * An {@code "all"}-bound provider is registered in a new session only after {@code
   * session.ready}.
   */
  private void readyForNewSessions() {
    for (SessionInfo info : sessions) {
      if (!startedSessions.contains(info.id()) && readySent.add(info.id())) {
        link.send(new SessionReady(info.id()));
      }
    }
  }

  /**
   * A {@code hello.ack}.
   *
   * @return whether it answered the {@code hello} in flight
   */
  boolean onHelloAck(HelloAck ack) {
    if (phase != Phase.HELLO_SENT) {
      return false;
    }
    phase = Phase.BOUND;
    boundOnConnection = true;
    lastAck = ack;
    return true;
  }

  /**
   * An {@code error} answering the {@code hello} in flight ({@link #phase} is {@link
   * Phase#HELLO_SENT}). Two refusals are expected steps: a reconnect token whose session has ended
   * (a fresh {@code hello} follows), and a {@code hello} naming no session when the gateway has
   * none to give (the {@code error} names no session; the runtime waits for a list it can choose
   * from, X-AGENT-20). Any other refusal is final: the same {@code hello} would be refused again.
   *
   * @return whether the runtime handled it as an expected step, not the user's concern; {@code
   *     false} when the refusal ends the provider
   */
  boolean onHelloRefused(ErrorMessage error) {
    if (phase != Phase.HELLO_SENT) {
      throw new IllegalStateException("no hello in flight");
    }
    phase = Phase.UNBOUND;
    updates.helloRefused();
    if (helloRestores && error.code() == ErrorCode.INVALID_SESSION) {
      // The session the token would restore has ended (the gateway closes a connection left
      // unbound beside a live session, and this one may have been it): the token is worth
      // nothing now, so bind as a fresh connection would.
      lastAck = null;
      sendHello(provider.session());
      return true;
    }
    if (helloSelector == null
        && error.code() == ErrorCode.INVALID_SESSION
        && error.sessionId() == null
        && !defaultRefused) {
      // The gateway has no session to choose for this connection (the gateway token), and the list
      // offered none to choose either: wait for one the choice can take (never the first of
      // several, which may be another agent's). An error naming a session is another matter: the
      // session the gateway chose for it (its credential's, the in-process home) does not exist.
      defaultRefused = true;
      LOG.log(
          System.Logger.Level.WARNING,
          "provider "
              + provider.name()
              + " is not bound: "
              + (sessions == null
                  // In process no list has come yet: "no session is active" could be untrue.
                  ? "it names no session and the gateway has none to give it; waiting for a"
                      + " session list to choose from"
                  : SessionChoice.choose(sessions, environmentSession, workingDirectory, userHome)
                      .reason()));
      retryHello();
      return true;
    }
    return false;
  }

  /** Whether the latest {@code hello.ack} accepted {@code extension}. */
  boolean accepted(ProtocolExtension extension) {
    return lastAck != null && lastAck.accepted(extension);
  }

  /** {@code session.lifecycle started}: the connection is bound in {@code sessionId}. */
  void started(String sessionId) {
    startedSessions.add(sessionId);
  }

  /**
   * The sessions whose {@code ack}s an update awaits, given that one came from {@code
   * ackedSession}: the one bound session, or for an {@code "all"} binding every session the
   * provider knows itself bound in.
   */
  Set<String> ackingSessions(String ackedSession) {
    Set<String> sessions = new HashSet<>();
    sessions.add(ackedSession);
    if (helloSelector instanceof SessionSelector.All) {
      sessions.addAll(startedSessions);
    }
    return sessions;
  }
}
