package io.github.providergateway.agent.guard;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardVerdict;
import io.github.providergateway.guard.SessionPast;
import io.github.providergateway.guard.SessionVerdict;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A call the guard judged in its session's past (the flow rules), and what that session keeps of it
 * ({@link #keep}): the engine's policy for a call with a session, and the hook for a call with
 * none, judge and keep a call the same way. Both come through {@link GuardJudge#judge}, so a past
 * that cannot be read or a judge that throws is a deny of {@value GuardJudge#UNREADABLE}.
 *
 * <pre>{@code
 * JudgedCall judged = JudgedCall.judge(guard, call, flows, SessionFlows.sessionKey(id), project);
 * if (!judged.verdict().allowed()) {
 *   judged.keep(flows);
 * }
 * }</pre>
 *
 * @param key the session's key in {@link SessionFlows}, or null (nothing is kept)
 * @param project the session's project (its repository, for the flow rules), or null
 * @param call the call as the guard read it
 * @param past the past it was judged in; null when it could not be read (the verdict is a deny)
 * @param judged the verdict and what the call adds to the past if it runs
 */
public record JudgedCall(
    String key, Path project, GuardCall call, SessionPast past, SessionVerdict judged) {

  /**
   * Checks the call and the verdict.
   *
   * @param key the session's key in {@link SessionFlows}, or null (nothing is kept)
   * @param project the session's project (its repository, for the flow rules), or null
   * @param call the call as the guard read it
   * @param past the past it was judged in; null when it could not be read (the verdict is a deny)
   * @param judged the verdict and what the call adds to the past if it runs
   */
  public JudgedCall {
    requireNonNull(call, "call");
    requireNonNull(judged, "judged");
  }

  /**
   * Judges {@code call} by {@code judge} in the past {@code flows} holds for {@code key}; never
   * throws.
   *
   * @param judge what decides
   * @param call the call as the guard reads it
   * @param flows what each session has seen
   * @param key the session's key, or null
   * @param project the session's project, or null
   * @return the judged call, not kept yet
   */
  public static JudgedCall judge(
      Judge judge, GuardCall call, SessionFlows flows, String key, Path project) {
    AtomicReference<SessionPast> past = new AtomicReference<>();
    SessionVerdict judged =
        GuardJudge.judge(
            judge,
            call,
            () -> {
              past.set(flows.past(key, project));
              return past.get();
            });
    return new JudgedCall(key, project, call, past.get(), judged);
  }

  /**
   * As {@link #judge}, and keeps the call in {@code flows} at once ({@link #keep}), inside the
   * fail-closed path: a past that cannot be kept is a deny too.
   *
   * @param judge what decides
   * @param call the call as the guard reads it
   * @param flows what each session has seen
   * @param key the session's key, or null
   * @param project the session's project, or null
   * @return the verdict
   */
  public static GuardVerdict judgeAndKeep(
      Judge judge, GuardCall call, SessionFlows flows, String key, Path project) {
    return GuardJudge.judge(
            (read, past) -> {
              SessionVerdict judged = judge.judge(read, past);
              new JudgedCall(key, project, read, past, judged).keep(flows);
              return judged;
            },
            call,
            () -> flows.past(key, project))
        .verdict();
  }

  /** {@return the guard's verdict} */
  public GuardVerdict verdict() {
    return judged.verdict();
  }

  /**
   * Keeps what the call does in its session's past, by the verdict: a call let through at once; one
   * the person is asked about, with the places a yes grants ({@link SessionFlows#asked}); of a
   * denied one, only the secret it tried to read ({@link SessionFlows#denied}).
   *
   * @param flows what each session has seen
   */
  public void keep(SessionFlows flows) {
    String tool = call.tool();
    JsonNode args = call.args();
    switch (verdict().outcome()) {
      case ALLOW -> flows.allowed(key, project, tool, args, judged.flow());
      case ASK ->
          flows.asked(
              key,
              project,
              tool,
              args,
              judged.flow(),
              verdict().ruleId(),
              SessionFlows.grantable(past, judged.flow(), verdict().ruleId()));
      case DENY -> flows.denied(key, project, tool, args, judged.flow());
    }
  }
}
