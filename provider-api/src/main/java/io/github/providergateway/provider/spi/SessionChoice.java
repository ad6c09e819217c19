package io.github.providergateway.provider.spi;

import io.github.providergateway.protocol.ProjectScope;
import io.github.providergateway.protocol.SessionInfo;
import io.github.providergateway.protocol.SessionOpener;
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
 *       label that no front-door client opened;
 *   <li>the session whose project (its cwd) holds the provider's working directory, the deepest
 *       such project, by the one rule of {@link ProjectScope}: a project holds its folder and the
 *       folders below it, but one at {@code /}, at the user's home or above it holds only itself;
 *   <li>the only active session.
 * </ol>
 *
 * <p>Only a session's id takes a session a front-door client opened ({@link SessionOpener#CLIENT},
 * as the gateway says in {@code openedBy}; decision 68): a client chooses its own label and roots,
 * so its session can look exactly like the agent's, and a guardrail bound to it would guard nobody.
 * Steps 2 and 3 choose among the other sessions alone, so while only clients' sessions are active
 * the provider chooses none and waits for the agent's.
 *
 * <p>Otherwise none: the {@code hello} names no session, so the gateway binds a provider whose
 * credential has a session of its own (spawned, paired, in-process) there, and refuses the rest.
 * Pure.
 *
 * @param sessionId the session chosen, or null for none
 * @param reason why, for a log line a person reads
 */
record SessionChoice(String sessionId, String reason) {

  /**
   * Chooses among {@code active} for a provider that wants {@code wanted} (or null) and runs in
   * {@code workingDirectory}, for a user whose home directory is {@code userHome} (null when
   * unknown): a session at the home holds only itself ({@link ProjectScope}).
   */
  static SessionChoice choose(
      List<SessionInfo> active, String wanted, Path workingDirectory, String userHome) {
    if (wanted != null && !wanted.isBlank()) {
      for (SessionInfo session : active) {
        if (session.id().equals(wanted)) {
          return new SessionChoice(session.id(), "it is the session named " + wanted);
        }
      }
      List<SessionInfo> labelled = new ArrayList<>();
      for (SessionInfo session : notClients(active)) {
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
                  + clientsLeftOut(active)
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
    List<SessionInfo> candidates = notClients(active);
    String here = workingDirectory == null ? null : workingDirectory.toString();
    List<SessionInfo> deepest = ProjectScope.deepest(candidates, SessionInfo::cwd, here, userHome);
    if (deepest.size() == 1) {
      SessionInfo best = deepest.get(0);
      return new SessionChoice(best.id(), "its cwd " + best.cwd() + " holds this directory");
    }
    if (!deepest.isEmpty()) {
      return new SessionChoice(
          null,
          deepest.size()
              + " sessions work in "
              + deepest.get(0).cwd()
              + "; name one with JavaProvider.Builder.session or TAP_SESSION ("
              + describe(deepest)
              + ")");
    }
    if (candidates.size() == 1) {
      return new SessionChoice(candidates.get(0).id(), "it is the only active session");
    }
    if (candidates.isEmpty()) {
      return new SessionChoice(
          null,
          active.isEmpty()
              ? "no session is active"
              : "only front-door clients' sessions are active ("
                  + describe(active)
                  + "), and a client's is never taken for the agent's unless named by its id;"
                  + " waiting for the agent's");
    }
    return new SessionChoice(
        null,
        candidates.size()
            + " sessions are active and none works in "
            + here
            + "; name one with JavaProvider.Builder.session or TAP_SESSION ("
            + describe(candidates)
            + ")");
  }

  /** {@code active} without the sessions front-door clients opened, in order. */
  private static List<SessionInfo> notClients(List<SessionInfo> active) {
    List<SessionInfo> kept = new ArrayList<>();
    for (SessionInfo session : active) {
      if (session.opener() != SessionOpener.CLIENT) {
        kept.add(session);
      }
    }
    return kept;
  }

  /** Says that clients' sessions were passed over, when {@code active} has any. */
  private static String clientsLeftOut(List<SessionInfo> active) {
    return notClients(active).size() == active.size()
        ? ""
        : " but front-door clients' sessions, taken by id only";
  }

  private static String describe(List<SessionInfo> sessions) {
    List<String> parts = new ArrayList<>();
    for (SessionInfo session : sessions) {
      parts.add(
          session.id()
              + " ("
              + (session.label() == null ? "no label" : session.label())
              + (session.cwd() == null ? "" : ", " + session.cwd())
              + (session.opener() == SessionOpener.CLIENT ? ", a front-door client's" : "")
              + ")");
    }
    return String.join(", ", parts);
  }
}
