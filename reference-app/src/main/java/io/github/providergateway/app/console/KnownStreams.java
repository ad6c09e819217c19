package io.github.providergateway.app.console;

import io.github.providergateway.host.api.HostTool;
import io.github.providergateway.host.api.SessionHost;
import io.github.providergateway.protocol.VisibleText;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code stream@provider} names the console has seen per session, for tab completion. The
 * gateway has no call that lists a session's streams; a host hears of each event kept through
 * {@link SessionHost#streamUpdated}, so the sessions this console starts record their names as
 * providers push, and a name the person read successfully ({@code stream}, {@code watch}) counts
 * too. At most {@link #MAX_PER_SESSION} names a session (a provider may invent any number); later
 * ones are not offered.
 *
 * <p>Thread-safe: recorded on the gateway loop, read on the reader thread.
 */
final class KnownStreams {
  static final int MAX_PER_SESSION = 256;

  /** Names by session, in the order first seen. Each set is guarded by itself. */
  private final Map<String, Set<String>> bySession = new ConcurrentHashMap<>();

  /**
   * Records {@code stream} as a name of {@code sessionId}. Never blocks for long. A name with a
   * character that could hide or reorder text ({@link VisibleText#isHidden}) is left out: the
   * completion list would show it as it is, and its escape, typed back, names another stream.
   */
  void add(String sessionId, String stream) {
    if (stream.codePoints().anyMatch(VisibleText::isHidden)) {
      return;
    }
    Set<String> names = bySession.computeIfAbsent(sessionId, id -> new LinkedHashSet<>());
    synchronized (names) {
      if (names.size() < MAX_PER_SESSION) {
        names.add(stream);
      }
    }
  }

  /** The names seen in {@code sessionId}, oldest first. */
  List<String> of(String sessionId) {
    if (sessionId == null) {
      return List.of();
    }
    Set<String> names = bySession.get(sessionId);
    if (names == null) {
      return List.of();
    }
    synchronized (names) {
      return Collections.unmodifiableList(new ArrayList<>(names));
    }
  }

  /**
   * {@code host} for a session of this console, recording the names of the streams providers push
   * to. Everything else goes to {@code host} as it is.
   */
  SessionHost recording(SessionHost host) {
    return new SessionHost() {
      @Override
      public void registerTools(String sessionId, List<HostTool> tools) {
        host.registerTools(sessionId, tools);
      }

      @Override
      public void log(String sessionId, String source, String message) {
        host.log(sessionId, source, message);
      }

      @Override
      public void send(String sessionId, String source, String prompt) {
        host.send(sessionId, source, prompt);
      }

      @Override
      public void streamUpdated(String sessionId, String stream) {
        add(sessionId, stream);
        host.streamUpdated(sessionId, stream);
      }
    };
  }
}
