package io.github.providergateway.app.guard;

import io.github.providergateway.agent.guard.SessionFlows;
import io.github.providergateway.guard.SessionPast;
import io.github.providergateway.guard.SessionPast.PastCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the guard remembers of a gateway session (the flow rules), in lines the status page shows
 * under it: the untrusted content it took in, the secrets it read, what it sent out, the remotes
 * added, the places granted, each with the call that set it; and whether its agent reports the
 * calls that ran.
 */
public final class FlowNotes {

  /** The latest calls of each kind shown. */
  static final int SHOWN = 3;

  private FlowNotes() {}

  /**
   * The lines of the gateway session {@code sessionId}.
   *
   * @param flows the sessions' pasts
   * @param sessionId the gateway session's id
   * @return its lines; none when nothing is kept for it
   */
  public static List<String> of(SessionFlows flows, String sessionId) {
    return flows
        .view(SessionFlows.sessionKey(sessionId))
        .map(view -> lines(view.past(), view.reportsAfterTool()))
        .orElse(List.of());
  }

  static List<String> lines(SessionPast past, boolean reportsAfterTool) {
    List<String> lines = new ArrayList<>();
    if (past.unknown() != null) {
      lines.add("counts as having taken in untrusted content: " + past.unknown());
    }
    calls(lines, "took in untrusted content", past.untrustedCount(), past.untrusted());
    calls(lines, "read a secret", past.secretCount(), past.secrets());
    calls(lines, "sent data out", past.sent().size(), past.sent());
    for (Map.Entry<String, String> remote : past.remotesAdded().entrySet()) {
      lines.add(
          "remote added or pointed elsewhere: " + remote.getKey() + " → " + remote.getValue());
    }
    for (String grant : past.granted()) {
      lines.add("granted for the session (the person said yes): " + grant);
    }
    if (!lines.isEmpty()) {
      lines.add(
          reportsAfterTool
              ? "its agent reports the calls that ran (after-tool hook)"
              : "no after-tool report from its agent yet: a call the guard asked about counts as run");
    }
    return lines;
  }

  private static void calls(List<String> lines, String what, int count, List<PastCall> calls) {
    if (count == 0) {
      return;
    }
    List<PastCall> shown = calls.subList(Math.max(0, calls.size() - SHOWN), calls.size());
    for (PastCall call : shown) {
      lines.add(what + " (" + count + "×): " + call.what() + " — " + call.named());
    }
  }
}
