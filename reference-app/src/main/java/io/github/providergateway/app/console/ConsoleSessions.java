package io.github.providergateway.app.console;

import static io.github.providergateway.app.console.CommandFailed.await;

import io.github.providergateway.host.api.HostApi;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.host.api.SessionSpec;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.VisibleText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The console's session commands ({@code sessions}, {@code start}, {@code use}, {@code idle},
 * {@code end}) and the current session the other commands act on. Reader thread only.
 */
final class ConsoleSessions {
  private final ConsoleOut out;
  private final HostApi api;

  /** The port of sessions started here. */
  private final SessionHost sessionHost;

  /** The session commands act on, or {@code null}. Reader thread only. */
  private String current;

  /** The sessions started here; any thread. */
  private final java.util.Set<String> own = java.util.concurrent.ConcurrentHashMap.newKeySet();

  ConsoleSessions(ConsoleOut out, HostApi api, SessionHost sessionHost) {
    this.out = out;
    this.api = api;
    this.sessionHost = sessionHost;
  }

  String current() {
    return current;
  }

  void makeCurrent(String sessionId) {
    current = sessionId;
  }

  /** {@code sessionId} was started by this console. */
  void startedHere(String sessionId) {
    own.add(sessionId);
  }

  /** Whether this console started {@code sessionId} (else another host did: an agent, say). */
  boolean isOwn(String sessionId) {
    return own.contains(sessionId);
  }

  /** The current session; fails the command when there is none. */
  String requireCurrent() {
    if (current == null) {
      throw new CommandFailed("no current session; 'start' makes one");
    }
    return current;
  }

  void list() {
    List<SessionInfo> sessions = await(api.sessions());
    if (sessions.isEmpty()) {
      out.say("No sessions. Start one with 'start [label]'.");
      return;
    }
    for (SessionInfo session : sessions) {
      String mark = session.id().equals(current) ? "* " : "  ";
      // Another host named the session and gave its cwd (an MCP client's clientInfo.name, its
      // roots).
      out.say(
          mark
              + VisibleText.escape(session.id())
              + "  "
              + VisibleText.escape(ConsoleText.orDash(session.label()))
              + "  "
              + VisibleText.escape(ConsoleText.orDash(session.cwd())));
    }
  }

  void start(String label) {
    SessionInfo session =
        await(
            api.startSession(
                SessionSpec.of(label.isEmpty() ? null : label, System.getProperty("user.dir")),
                sessionHost));
    current = session.id();
    own.add(session.id());
    out.say("Session " + session.id() + " started; it is now the current session.");
  }

  void use(String text) {
    current = resolve(text);
    out.say("Current session: " + current);
  }

  void idle() {
    await(api.idle(requireCurrent()));
    out.say("Session " + current + " is idle; its providers were told.");
  }

  void end(String rest, Duration defaultDeadline) {
    String[] args = rest.isEmpty() ? new String[0] : rest.split("\\s+");
    String id = args.length > 0 ? resolve(args[0]) : requireCurrent();
    Duration deadline = defaultDeadline;
    if (args.length > 1) {
      try {
        deadline = Duration.ofMillis(Long.parseLong(args[1]));
      } catch (NumberFormatException e) {
        throw new CommandFailed(
            "deadlineMs must be a number of milliseconds, was '" + args[1] + "'");
      }
    }
    out.say(
        "Ending session "
            + id
            + " (providers have "
            + deadline.toMillis()
            + " ms to say goodbye)...");
    await(api.endSession(id, deadline));
    if (id.equals(current)) {
      List<SessionInfo> left = await(api.sessions());
      current = left.isEmpty() ? null : left.get(0).id();
    }
    out.say(
        "Session "
            + id
            + " ended."
            + (current == null ? " No session is left; 'start' makes one." : ""));
  }

  /** The session named by its id or the first letters of exactly one id. */
  private String resolve(String text) {
    if (text.isEmpty()) {
      throw new CommandFailed("name a session: an id, or its first letters");
    }
    List<String> matches = new ArrayList<>();
    for (SessionInfo session : await(api.sessions())) {
      if (session.id().equals(text)) {
        return session.id();
      }
      if (session.id().startsWith(text)) {
        matches.add(session.id());
      }
    }
    if (matches.size() == 1) {
      return matches.get(0);
    }
    throw new CommandFailed(
        matches.isEmpty()
            ? "no session '" + text + "'; 'sessions' lists them"
            : "'" + text + "' matches several sessions: " + String.join(", ", matches));
  }
}
