package io.github.providergateway.host.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.protocol.SessionInfo;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One call an agent's hook asks about, with the steps of its decision that are the host's own
 * ({@link HostApi#preToolUse(HookCall)}): which session it belongs to, how long it may wait for
 * that session's providers, and what the host answers itself before the gateway evaluates it.
 *
 * <p>The gateway runs these steps on its loop, between its own: they must not block, and they see
 * the sessions and the rules as the evaluation that follows them does.
 */
public interface HookCall {

  /** {@return the tool's name, as the agent calls it} */
  String tool();

  /** {@return the arguments the agent gave, a JSON object} */
  JsonNode args();

  /**
   * Chooses the call's session among the active ones.
   *
   * @param sessions the active sessions, as {@link HostApi#sessions()} lists them
   * @return the call's session, or none: the gateway then evaluates nothing
   */
  Optional<SessionInfo> choose(List<SessionInfo> sessions);

  /**
   * How long the call may still wait for its session's providers to settle, asked once its session
   * is chosen.
   *
   * @return the wait; zero or less evaluates at once
   */
  Duration readyWait();

  /**
   * The host's own check of the call in {@code session} before the gateway evaluates it, which may
   * answer the call itself (the host then records and gives its own answer).
   *
   * @param session the call's session, as {@link #choose} chose it
   * @return whether the host answered the call: the gateway then evaluates nothing
   */
  boolean answeredBefore(SessionInfo session);
}
