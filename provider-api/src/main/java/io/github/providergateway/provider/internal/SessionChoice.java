package io.github.providergateway.provider.internal;

import io.github.providergateway.protocol.SessionInfo;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which session a provider that names none binds to, chosen as the examples choose it
 * (examples/node/session.mjs; docs/providers.md, "Which session"): several agents may share one
 * gateway, so "the first active session" is a guess that guards the wrong agent. In order:
 *
 * <ol>
 *   <li>a wanted session ({@code JavaProvider.Builder.session}, else {@code TAP_SESSION}, which the
 *       gateway sets for providers it starts): the session with that id, else the one with that
 *       label;
 *   <li>the session whose cwd holds the provider's working directory (the longest such cwd);
 *   <li>the only active session.
 * </ol>
 *
 * Otherwise none: the {@code hello} names no session, so the gateway binds a provider whose
 * credential has a session of its own (spawned, paired, in-process) there, and refuses the rest.
 * Pure.
 *
 * @param sessionId the session chosen, or null for none
 * @param reason why, for a log line a person reads
 */
record SessionChoice(String sessionId, String reason) {

  /**
   * Chooses among {@code active} for a provider that wants {@code wanted} (or null) and runs in
   * {@code workingDirectory}.
   */
  static SessionChoice choose(List<SessionInfo> active, String wanted, Path workingDirectory) {
    if (wanted != null && !wanted.isBlank()) {
      for (SessionInfo session : active) {
        if (session.id().equals(wanted)) {
          return new SessionChoice(session.id(), "it is the session named " + wanted);
        }
      }
      List<SessionInfo> labelled = new ArrayList<>();
      for (SessionInfo session : active) {
        if (wanted.equals(session.label())) {
          labelled.add(session);
        }
      }
      if (labelled.size() == 1) {
        return new SessionChoice(labelled.get(0).id(), "its label is " + wanted);
      }
      return new SessionChoice(
          null,
          labelled.isEmpty()
              ? "no active session has the id or label "
                  + wanted
                  + " (active: "
                  + describe(active)
                  + ")"
              : labelled.size()
                  + " sessions have the label "
                  + wanted
                  + "; name one by its id ("
                  + describe(labelled)
                  + ")");
    }
    Path here = normalized(workingDirectory == null ? null : workingDirectory.toString());
    SessionInfo best = null;
    int bestLength = -1;
    int ties = 0;
    for (SessionInfo session : active) {
      Path cwd = normalized(session.cwd());
      if (cwd == null || here == null || !here.startsWith(cwd)) {
        continue;
      }
      int length = cwd.getNameCount();
      if (length > bestLength) {
        best = session;
        bestLength = length;
        ties = 1;
      } else if (length == bestLength) {
        ties++;
      }
    }
    if (best != null && ties == 1) {
      return new SessionChoice(best.id(), "its cwd " + best.cwd() + " holds this directory");
    }
    if (best != null) {
      return new SessionChoice(
          null,
          ties
              + " sessions work in "
              + best.cwd()
              + "; name one with JavaProvider.Builder.session or TAP_SESSION");
    }
    if (active.size() == 1) {
      return new SessionChoice(active.get(0).id(), "it is the only active session");
    }
    return new SessionChoice(
        null,
        active.isEmpty()
            ? "no session is active"
            : active.size()
                + " sessions are active and none works in "
                + here
                + "; name one with JavaProvider.Builder.session or TAP_SESSION ("
                + describe(active)
                + ")");
  }

  private static String describe(List<SessionInfo> sessions) {
    List<String> parts = new ArrayList<>();
    for (SessionInfo session : sessions) {
      parts.add(
          session.id()
              + " ("
              + (session.label() == null ? "no label" : session.label())
              + (session.cwd() == null ? "" : ", " + session.cwd())
              + ")");
    }
    return String.join(", ", parts);
  }

  private static Path normalized(String path) {
    if (path == null) {
      return null;
    }
    try {
      return Path.of(path).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      return null;
    }
  }
}
